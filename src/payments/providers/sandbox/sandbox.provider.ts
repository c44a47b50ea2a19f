import { PaymentRequest } from '../../entities/payment-request.entity';
import { CardDetails, Checkout, CheckoutRequest, PaymentAttempt, PaymentInstructions, PaymentProvider, ProviderCapabilities, RefundAnswer } from '../payment-provider';
import { ProviderRegistration } from '../provider-registration';
import { SANDBOX_TEST_CARDS, sandboxAttempt } from './sandbox-cards';

export const SANDBOX_PROVIDER = 'sandbox';

/**
 * Moves no money, so it serves test-mode accounts only, and SANDBOX=false (the
 * default in production) leaves it out altogether. Its checkout is the
 * service's hosted page, where the test cards decide the outcome;
 * POST /v1/payments/{payment_id}/simulate drives a test request without the page.
 */
export class SandboxPaymentProvider extends PaymentProvider {
  readonly name = SANDBOX_PROVIDER;
  readonly modes = ['test'] as const;
  readonly capabilities: ProviderCapabilities = { cardOnPage: true, manualCapture: true, refunds: true, asynchronousSettlement: false };
  readonly checkout = 'card_form';
  override readonly refundsInProcess = true;

  openCheckout(request: CheckoutRequest): Promise<Checkout> {
    return Promise.resolve({ paymentUrl: request.hostedPageUrl, providerReference: null });
  }

  instructions(): Promise<PaymentInstructions> {
    return Promise.resolve({ kind: 'card_form', testCards: SANDBOX_TEST_CARDS });
  }

  override attempt(_payment: PaymentRequest, card: CardDetails): Promise<PaymentAttempt> {
    return Promise.resolve(sandboxAttempt(card.number));
  }

  override capture(): Promise<void> {
    return Promise.resolve();
  }

  /** Test money: given back at once. */
  override refund(): Promise<RefundAnswer> {
    return Promise.resolve({ outcome: 'succeeded' });
  }

  cancel(): Promise<void> {
    return Promise.resolve();
  }
}

export const SANDBOX: ProviderRegistration = { name: SANDBOX_PROVIDER, create: () => new SandboxPaymentProvider() };
