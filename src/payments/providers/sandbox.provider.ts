import { Injectable } from '@nestjs/common';
import { Checkout, CheckoutRequest, PaymentProvider } from './payment-provider';

export const SANDBOX_PROVIDER = 'sandbox';

/** Moves no money: outcomes are driven with POST /v1/payments/{payment_id}/simulate. */
@Injectable()
export class SandboxPaymentProvider extends PaymentProvider {
  readonly name = SANDBOX_PROVIDER;

  async openCheckout(request: CheckoutRequest): Promise<Checkout> {
    return { paymentUrl: `https://sandbox.checkout.example/pay/${request.paymentId}` };
  }
}
