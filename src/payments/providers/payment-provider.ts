/** What a provider needs to open the customer-facing checkout of a new payment request. */
export interface CheckoutRequest {
  paymentId: string;
  amount: number;
  currency: string;
  customerEmail: string;
  expiresAt: Date;
}

export interface Checkout {
  /** Where the customer pays; sent to them by the merchant. */
  paymentUrl: string;
}

/**
 * A payment provider (card acquirer, bank-transfer gateway...). The built-in
 * `sandbox` is the default; a real provider implements the same contract and
 * reports outcomes instead of the simulate endpoint.
 */
export abstract class PaymentProvider {
  /** Stored on each payment request, so a request stays with the provider that opened it. */
  abstract readonly name: string;

  abstract openCheckout(request: CheckoutRequest): Promise<Checkout>;
}
