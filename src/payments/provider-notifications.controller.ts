import { Body, Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { Public } from '../auth/decorators/public.decorator';
import { PaymentErrors } from './payments.errors';
import { PaymentProviders } from './providers/payment-providers';
import { ProviderInbox, RawNotificationBody } from './providers/provider-inbox';

/**
 * Every provider's inbound notifications (signed webhooks), at PROVIDER_NOTIFICATIONS_ROUTE: the pipeline
 * hands the body on as sent (RawNotificationBody), the enabled provider of that name checks its signature
 * and settles what it reports through the inbox. Public: the provider's signature is the only key. Not in
 * the OpenAPI document: providers call it, API clients never do.
 */
@ApiExcludeController()
@Public()
@Controller('v1/providers')
export class ProviderNotificationsController {
  constructor(
    private readonly providers: PaymentProviders,
    private readonly inbox: ProviderInbox,
  ) {}

  @Post(':provider/notifications')
  @HttpCode(200)
  async receive(@Param('provider') name: string, @Body() body: unknown, @Req() request: FastifyRequest): Promise<{ received: true }> {
    const provider = this.providers.find(name);
    if (provider === null || !provider.receivesNotifications) throw PaymentErrors.notificationRouteNotFound();
    if (!(body instanceof RawNotificationBody)) throw PaymentErrors.invalidSignature(name, 'the body is missing or not of a type providers send (JSON, a form)');
    await provider.receiveNotification({ body: body.text, headers: request.headers }, this.inbox);
    return { received: true };
  }
}
