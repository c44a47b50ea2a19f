import { Injectable } from '@nestjs/common';
import { AccountsRepository } from '../accounts/accounts.repository';
import { Database } from '../database/database';
import { PaymentRequest, PaymentStatus } from '../payments/entities/payment-request.entity';
import { effectiveStatus } from '../payments/payment-status';
import { PaymentTransitions } from '../payments/payment-transitions';
import { PaymentsRepository } from '../payments/payments.repository';
import { PaymentAttempt, PaymentInstructions } from '../payments/providers/payment-provider';
import { PaymentProviders } from '../payments/providers/payment-providers';
import { isSandboxTestCard } from '../payments/providers/sandbox/sandbox-cards';
import { CheckoutErrors } from './checkout.errors';

const CHECKOUT_TOKEN = /^[A-Za-z0-9_-]{32}$/;
const MAX_CARD_NUMBER_LENGTH = 40;

/** A test card typed on a live page: declined before any provider sees it (contract section 16). */
const TEST_CARD_IN_LIVE_MODE: PaymentAttempt = { outcome: 'declined', failureCode: 'test_card_in_live_mode', final: false };

/** What the page shows: the request as it reads now, who asks for the money, and how to pay it (null: its provider is not enabled here). */
export interface CheckoutView {
  checkoutToken: string;
  payment: PaymentRequest;
  status: PaymentStatus;
  merchantName: string;
  instructions: PaymentInstructions | null;
}

/** The page collects the card here, or the request's provider has a page of its own. */
export type CheckoutPage = { kind: 'page'; view: CheckoutView } | { kind: 'redirect'; url: string };

/** A card submitted: the request moved or recorded the decline (or had already left pending), or the card was not one to attempt. */
export type CardSubmission = { kind: 'settled' } | { kind: 'card_refused'; view: CheckoutView; message: string };

/**
 * The customer's side of a payment request, reached only by its checkout token.
 * The page shows what the request's provider asks for (a card form, bank
 * details); a card goes to that provider, and its answer moves the request
 * through the same transitions as the API, so its ledger entries and events
 * are the same, and of concurrent submits exactly one moves it.
 */
@Injectable()
export class CheckoutService {
  constructor(
    private readonly db: Database,
    private readonly payments: PaymentsRepository,
    private readonly accounts: AccountsRepository,
    private readonly transitions: PaymentTransitions,
    private readonly providers: PaymentProviders,
  ) {}

  async open(checkoutToken: string): Promise<CheckoutPage> {
    const payment = await this.find(checkoutToken);
    if (!isHostedHere(payment, checkoutToken)) return { kind: 'redirect', url: payment.paymentUrl };
    const view = await this.viewOf(checkoutToken, payment);
    // A provider with a page of its own (Stripe Checkout): the customer goes there while the request waits for them.
    if (view.status === 'pending' && view.instructions?.kind === 'redirect') return { kind: 'redirect', url: view.instructions.url };
    return { kind: 'page', view };
  }

  async submitCard(checkoutToken: string, cardNumber: unknown): Promise<CardSubmission> {
    const payment = await this.find(checkoutToken);
    const provider = this.providers.find(payment.provider);
    if (!isHostedHere(payment, checkoutToken) || effectiveStatus(payment, new Date()) !== 'pending' || !provider?.capabilities.cardOnPage) return { kind: 'settled' };
    if (typeof cardNumber !== 'string' || cardNumber.trim() === '' || cardNumber.length > MAX_CARD_NUMBER_LENGTH) {
      return { kind: 'card_refused', view: await this.viewOf(checkoutToken, payment), message: 'Enter the card number.' };
    }
    // Asked outside the database transaction: a real provider is a network call. It gets the
    // request's id to deduplicate on, as concurrent submits may each ask before one of them moves it.
    const attempt = payment.livemode && isSandboxTestCard(cardNumber) ? TEST_CARD_IN_LIVE_MODE : await provider.attempt(payment, { number: cardNumber });
    if (attempt.outcome === 'card_not_accepted') {
      return { kind: 'card_refused', view: await this.viewOf(checkoutToken, payment), message: attempt.message };
    }
    // A submit that loses the race finds the request settled by the one that won: nothing more to do.
    await this.db.transaction((manager) => this.transitions.attempted(manager, payment, attempt));
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
    const provider = this.providers.find(payment.provider);
    // Only a pending request is paid on the page: a provider is asked for nothing about the others.
    const instructions = provider === null || effectiveStatus(payment, new Date()) !== 'pending' ? null : await provider.instructions(payment);
    return { checkoutToken, payment, status: effectiveStatus(payment, new Date()), merchantName: account?.name ?? '', instructions };
  }
}

/** The request's checkout is this service's page, not a provider's own. */
function isHostedHere(payment: PaymentRequest, checkoutToken: string): boolean {
  return payment.paymentUrl.endsWith(`/pay/${checkoutToken}`);
}
