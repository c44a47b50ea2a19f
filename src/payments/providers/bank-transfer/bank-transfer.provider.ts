import { AppConfig } from '../../../config/app-config';
import { PaymentRequest } from '../../entities/payment-request.entity';
import { Checkout, CheckoutRequest, PaymentInstructions, PaymentProvider, ProviderCapabilities, RefundAnswer } from '../payment-provider';
import { ProviderRegistration } from '../provider-registration';
import { creditorReferenceFor, formatCreditorReference } from './creditor-reference';

export const BANK_TRANSFER_PROVIDER = 'bank_transfer';

/**
 * Real money without a card processor: the customer's page shows the payee's
 * bank details (BANK_TRANSFER_*) and an ISO 11649 RF reference unique to the
 * request, and the request stays pending until a bank statement imported with
 * POST /v1/bank_statements shows a credit quoting that reference. Live and test
 * accounts alike; manual capture makes no sense for a transfer the customer
 * makes themselves.
 */
export class BankTransferPaymentProvider extends PaymentProvider {
  readonly name = BANK_TRANSFER_PROVIDER;
  readonly modes = ['live', 'test'] as const;
  readonly capabilities: ProviderCapabilities = { cardOnPage: false, manualCapture: false, refunds: true, asynchronousSettlement: true };
  readonly checkout = 'bank_transfer';

  constructor(private readonly config: AppConfig) {
    super();
  }

  openCheckout(request: CheckoutRequest): Promise<Checkout> {
    return Promise.resolve({ paymentUrl: request.hostedPageUrl, providerReference: creditorReferenceFor(request.paymentId) });
  }

  instructions(payment: PaymentRequest): Promise<PaymentInstructions> {
    const { iban, bic, beneficiary } = this.config.payments.bankTransfer;
    const reference = payment.providerReference ?? creditorReferenceFor(payment.id);
    return Promise.resolve({ kind: 'bank_transfer', iban, bic, beneficiary, reference: formatCreditorReference(reference) });
  }

  /** Nothing to tell the bank: a transfer that still arrives is reported unmatched (`request_not_open`). */
  /** The merchant's bank sends the money back; the refund waits for an admin to record its answer (POST /v1/refunds/{id}/confirm). */
  override refund(): Promise<RefundAnswer> {
    return Promise.resolve({ outcome: 'pending' });
  }

  cancel(): Promise<void> {
    return Promise.resolve();
  }
}

export const BANK_TRANSFER: ProviderRegistration = { name: BANK_TRANSFER_PROVIDER, create: (config) => new BankTransferPaymentProvider(config) };
