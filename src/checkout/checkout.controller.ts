import { Body, Controller, Get, Param, Post, Req, Res, UseFilters } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../auth/decorators/public.decorator';
import { AppConfig } from '../config/app-config';
import { AntiForgery } from './anti-forgery';
import { CheckoutErrorPageFilter } from './checkout-error-page.filter';
import { CheckoutThrottle } from './checkout-throttle';
import { CheckoutErrors } from './checkout.errors';
import { CheckoutService } from './checkout.service';
import { sendPage, setPageHeaders } from './page-headers';
import { paymentPage } from './views/checkout-pages';

/** The one route that takes a form body (the pipeline's parser accepts forms only here). */
export const CARD_FORM_ROUTE = '/pay/:checkout_token';

/** The card form's fields, as the browser sends them (application/x-www-form-urlencoded). */
interface CardForm {
  anti_forgery?: unknown;
  card_number?: unknown;
}

/**
 * The hosted checkout page of a payment request, at its payment_url. Public:
 * the unguessable token is the only key. Server-rendered, no script; a
 * submit answers 303 to the page (post/redirect/get), which then shows the
 * outcome, so a reload never submits twice.
 */
@ApiExcludeController()
@Public()
@UseFilters(CheckoutErrorPageFilter)
@Controller('pay')
export class CheckoutController {
  constructor(
    private readonly checkout: CheckoutService,
    private readonly antiForgery: AntiForgery,
    private readonly throttle: CheckoutThrottle,
    private readonly config: AppConfig,
  ) {}

  @Get(':checkout_token')
  async show(@Param('checkout_token') checkoutToken: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.throttle.admitRequest(request.ip);
    const page = await this.checkout.open(checkoutToken);
    if (page.kind === 'redirect') return this.redirect(reply, page.url);
    const form = page.view.status === 'pending' && page.view.instructions?.kind === 'card_form' ? { antiForgery: this.antiForgery.issue(request, reply, checkoutToken) } : null;
    sendPage(reply, 200, paymentPage(page.view, form).toString());
  }

  @Post(':checkout_token')
  async submit(@Param('checkout_token') checkoutToken: string, @Body() body: CardForm | undefined, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.throttle.admitRequest(request.ip);
    if (!this.antiForgery.verify(request, checkoutToken, body?.anti_forgery)) throw CheckoutErrors.forged();
    await this.throttle.admitCardAttempt(checkoutToken);
    const result = await this.checkout.submitCard(checkoutToken, body?.card_number);
    if (result.kind === 'settled') return this.redirect(reply, `${this.config.publicBaseUrl}/pay/${checkoutToken}`);
    const form = {
      antiForgery: this.antiForgery.issue(request, reply, checkoutToken),
      error: result.message,
      cardNumber: typeof body?.card_number === 'string' ? body.card_number : '',
    };
    sendPage(reply, 422, paymentPage(result.view, form).toString());
  }

  private redirect(reply: FastifyReply, url: string): void {
    setPageHeaders(reply).status(303).header('location', url).send();
  }
}
