import { Injectable } from '@nestjs/common';
import { PaymentAttempt } from '../payment-status';
import { CardDetails, Checkout, CheckoutRequest, PaymentProvider } from './payment-provider';
import { sandboxAttempt } from './sandbox-cards';

export const SANDBOX_PROVIDER = 'sandbox';

/**
 * Moves no money. Its checkout is the service's hosted page, where the test
 * cards decide the outcome; POST /v1/payments/{payment_id}/simulate drives a
 * request without the page.
 */
@Injectable()
export class SandboxPaymentProvider extends PaymentProvider {
  readonly name = SANDBOX_PROVIDER;

  async openCheckout(request: CheckoutRequest): Promise<Checkout> {
    return { paymentUrl: request.hostedPageUrl };
  }

  async attempt(_payment: unknown, card: CardDetails): Promise<PaymentAttempt> {
    return sandboxAttempt(card.number);
  }
}
