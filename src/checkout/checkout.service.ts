import { Injectable } from '@nestjs/common';
import { AccountsRepository } from '../accounts/accounts.repository';
import { Database } from '../database/database';
import { PaymentRequest, PaymentStatus } from '../payments/entities/payment-request.entity';
import { attemptMove, effectiveStatus } from '../payments/payment-status';
import { PaymentTransitions } from '../payments/payment-transitions';
import { PaymentsRepository } from '../payments/payments.repository';
import { PaymentProvider } from '../payments/providers/payment-provider';
import { CheckoutErrors } from './checkout.errors';

const CHECKOUT_TOKEN = /^[A-Za-z0-9_-]{32}$/;
const MAX_CARD_NUMBER_LENGTH = 40;

/** What the page shows: the request as it reads now, and who asks for the money. */
export interface CheckoutView {
  checkoutToken: string;
  payment: PaymentRequest;
  status: PaymentStatus;
  merchantName: string;
}

/** The page collects the card here, or the request's provider has a page of its own. */
export type CheckoutPage = { kind: 'page'; view: CheckoutView } | { kind: 'redirect'; url: string };

/** A card submitted: the request moved (or had already left pending), or the card was not one to attempt. */
export type CardSubmission = { kind: 'settled' } | { kind: 'card_refused'; view: CheckoutView; message: string };

/**
 * The customer's side of a payment request, reached only by its checkout token.
 * Submitting a card asks the provider, then moves the request through the same
 * transitions as the API (simulate, capture, cancel), so its ledger entries and
 * events are the same, and of concurrent submits exactly one moves it.
 */
@Injectable()
export class CheckoutService {
  constructor(
    private readonly db: Database,
    private readonly payments: PaymentsRepository,
    private readonly accounts: AccountsRepository,
    private readonly transitions: PaymentTransitions,
    private readonly provider: PaymentProvider,
  ) {}

  async open(checkoutToken: string): Promise<CheckoutPage> {
    const payment = await this.find(checkoutToken);
    if (!isHostedHere(payment, checkoutToken)) return { kind: 'redirect', url: payment.paymentUrl };
    return { kind: 'page', view: await this.viewOf(checkoutToken, payment) };
  }

  async submitCard(checkoutToken: string, cardNumber: unknown): Promise<CardSubmission> {
    const payment = await this.find(checkoutToken);
    if (!isHostedHere(payment, checkoutToken) || effectiveStatus(payment, new Date()) !== 'pending') return { kind: 'settled' };
    if (typeof cardNumber !== 'string' || cardNumber.trim() === '' || cardNumber.length > MAX_CARD_NUMBER_LENGTH) {
      return { kind: 'card_refused', view: await this.viewOf(checkoutToken, payment), message: 'Enter the card number.' };
    }
    // Asked outside the database transaction: a real provider is a network call. It gets the
    // request's id to deduplicate on, as concurrent submits may each ask before one of them moves it.
    const attempt = await this.provider.attempt(payment, { number: cardNumber });
    if (attempt.outcome === 'card_not_accepted') {
      return { kind: 'card_refused', view: await this.viewOf(checkoutToken, payment), message: attempt.message };
    }
    // A submit that loses the race finds the request settled by the one that won: nothing more to do.
    await this.db.transaction((manager) => this.transitions.move(manager, payment, attemptMove(attempt, payment.captureMethod)));
    return { kind: 'settled' };
  }

  private async find(checkoutToken: string): Promise<PaymentRequest> {
    if (!CHECKOUT_TOKEN.test(checkoutToken)) throw CheckoutErrors.pageNotFound();
    const payment = await this.db.run((manager) => this.payments.findByCheckoutToken(manager, checkoutToken));
    if (payment === null) throw CheckoutErrors.pageNotFound();
    return payment;
  }

  private async viewOf(checkoutToken: string, payment: PaymentRequest): Promise<CheckoutView> {
    const account = await this.db.run((manager) => this.accounts.findById(manager, payment.accountId));
    return { checkoutToken, payment, status: effectiveStatus(payment, new Date()), merchantName: account?.name ?? '' };
  }
}

/** The request's checkout is this service's page (the sandbox's), not a provider's own. */
function isHostedHere(payment: PaymentRequest, checkoutToken: string): boolean {
  return payment.paymentUrl.endsWith(`/pay/${checkoutToken}`);
}
