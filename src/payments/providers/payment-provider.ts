import { PaymentRequest } from '../entities/payment-request.entity';
import { PaymentAttempt } from '../payment-status';

/** What a provider needs to open the customer-facing checkout of a new payment request. */
export interface CheckoutRequest {
  paymentId: string;
  amount: number;
  currency: string;
  customerEmail: string;
  expiresAt: Date;
  /** The service's own hosted page for the request (/pay/{checkout_token}). */
  hostedPageUrl: string;
}

export interface Checkout {
  /** Where the customer pays; sent to them by the merchant. */
  paymentUrl: string;
}

/** A card as the customer typed it on the hosted page. */
export interface CardDetails {
  number: string;
}

/**
 * A payment provider (card acquirer, bank-transfer gateway...). The built-in
 * `sandbox` is the default; a real provider implements the same contract.
 * The hosted page stays provider-neutral: a provider that answers
 * `openCheckout` with its own page sends the customer there (the page
 * redirects), one that answers with `hostedPageUrl` has the page collect the
 * card and ask it to `attempt` the payment.
 */
export abstract class PaymentProvider {
  /** Stored on each payment request, so a request stays with the provider that opened it. */
  abstract readonly name: string;

  abstract openCheckout(request: CheckoutRequest): Promise<Checkout>;

  /** Asks for the money; approved, or refused with the reason the customer is shown. */
  abstract attempt(payment: PaymentRequest, card: CardDetails): Promise<PaymentAttempt>;
}
