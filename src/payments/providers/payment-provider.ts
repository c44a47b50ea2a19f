import { validationError } from '../../common/errors/domain-error';
import { Mode } from '../../config/modes';
import { PaymentFailureCode, PaymentRequest } from '../entities/payment-request.entity';
import { InboundNotification, ProviderInbox } from './provider-inbox';

/** What a provider needs to open its side of a new payment request. */
export interface CheckoutRequest {
  paymentId: string;
  amount: number;
  currency: string;
  customerEmail: string;
  /** What the customer sees the money is for (the request's description, else its purpose and reference). */
  description: string;
  captureMethod: 'automatic' | 'manual';
  expiresAt: Date;
  /** The service's own hosted page for the request (/pay/{checkout_token}). */
  hostedPageUrl: string;
}

export interface Checkout {
  /** Where the customer pays; sent to them by the merchant. The hosted page, or a provider's own page. */
  paymentUrl: string;
  /** How the provider knows the request (a bank transfer's payment reference); null when it needs none. */
  providerReference: string | null;
}

/** A card as the customer typed it on the hosted page. */
export interface CardDetails {
  number: string;
}

/**
 * What a provider answered to a customer's card: approved; declined (`final`:
 * the request fails, else the customer may try another card); or not a card it
 * attempts at all (nothing happens).
 */
export type PaymentAttempt = { outcome: 'approved' } | { outcome: 'declined'; failureCode: PaymentFailureCode; final: boolean } | { outcome: 'card_not_accepted'; message: string };

/** What providers really differ in, declared rather than guessed from their names (GET /v1/payment_providers). */
export interface ProviderCapabilities {
  /** The hosted page collects a card and the provider attempts it. */
  cardOnPage: boolean;
  /** `capture_method: manual`: the customer authorizes, the merchant captures later. */
  manualCapture: boolean;
  /** A succeeded request's money can be given back through the provider. */
  refunds: boolean;
  /** The money arrives after the customer's visit, reported by something else (a bank statement). */
  asynchronousSettlement: boolean;
}

/** Money of a succeeded request to give back to its customer. */
export interface RefundOrder {
  refundId: string;
  amount: number;
  currency: string;
}

/**
 * What a provider answered to a refund: done, refused, or accepted and to be
 * answered later (a bank transfer: the admin records the bank's answer).
 */
export type RefundAnswer = { outcome: 'succeeded' } | { outcome: 'pending' } | { outcome: 'failed'; failureCode: 'declined' };

/**
 * What the hosted page does for a pending request: show a card form, show bank details, or send the
 * customer to the provider's own page (`redirect`: Stripe Checkout, Adyen, Mollie...).
 */
export type PaymentInstructions =
  | { kind: 'card_form'; testCards: readonly { number: string; result: string }[] }
  | { kind: 'bank_transfer'; iban: string; bic: string; beneficiary: string; reference: string }
  | { kind: 'redirect'; url: string };

/** The kinds of PaymentInstructions, as GET /v1/payment_providers names them (`checkout`). */
export const CHECKOUT_KINDS = ['card_form', 'bank_transfer', 'redirect'] as const;
export type CheckoutKind = (typeof CHECKOUT_KINDS)[number];

/**
 * A payment provider (card acquirer, bank-transfer gateway...): one folder
 * beside this file that implements this class, and one line in
 * registered-providers.ts. A request stores the provider chosen at its
 * creation, and every later step (its page, capture, cancel, settlement, refunds) goes
 * to that provider through the registry. The provider's answer and the
 * request's move (ledger, events) are then written in one database transaction
 * by the payments module, whatever the provider.
 */
export abstract class PaymentProvider {
  /** Stored on each payment request (up to 32 characters). */
  abstract readonly name: string;
  /** The modes whose accounts may use it: the sandbox moves no real money, so it serves test accounts only. */
  abstract readonly modes: readonly Mode[];
  abstract readonly capabilities: ProviderCapabilities;
  /** What its hosted page does for a pending request (the kind of its `instructions`). */
  abstract readonly checkout: CheckoutKind;
  /**
   * True for a provider that answers `refund` in this process, without a network call (the sandbox): it is
   * then asked inside the refund's booking transaction, and a refund it accepts is booked and settled in one
   * commit. A provider that calls out keeps false: it is asked once the booking committed.
   */
  readonly refundsInProcess: boolean = false;

  /** Opens the provider's side of a new request. */
  abstract openCheckout(request: CheckoutRequest): Promise<Checkout>;

  /** What the hosted page shows for a pending request (a `redirect` provider may ask its API). */
  abstract instructions(payment: PaymentRequest): Promise<PaymentInstructions>;

  /**
   * The refusal of a request on an account of a mode it does not serve (`modes`): by default
   * `400 validation_error` naming `provider`; a provider whose mode follows its credentials says so.
   */
  refuseMode(mode: Mode): Error {
    return validationError('provider', `${this.name} serves ${this.modes.join(' and ')}-mode accounts only; this account is ${mode}`);
  }

  /**
   * An inbound notification (a signed webhook) posted to POST /v1/providers/{name}/notifications, with its body as
   * sent: the provider checks its signature itself and settles what it reports through the inbox (once per event id).
   * Throws a DomainError to refuse it (a bad signature: `400 invalid_signature`). Providers without notifications
   * keep this default: the route answers 404.
   */
  receiveNotification(notification: InboundNotification, inbox: ProviderInbox): Promise<void> {
    void notification;
    void inbox;
    return Promise.reject(new Error(`provider ${this.name} takes no notifications`));
  }

  /** Whether receiveNotification is implemented (a route for it exists). */
  readonly receivesNotifications: boolean = false;

  /** Card providers (`cardOnPage`): asks for the money. Called outside any database transaction (a network call). */
  attempt(payment: PaymentRequest, card: CardDetails): Promise<PaymentAttempt> {
    void card;
    return Promise.reject(new Error(`provider ${this.name} takes no card (payment request ${payment.id})`));
  }

  /** `manualCapture` providers: takes `amount` of the authorized funds (releasing the rest), before the request becomes succeeded. */
  capture(payment: PaymentRequest, amount: number): Promise<void> {
    void amount;
    return Promise.reject(new Error(`provider ${this.name} has no manual capture (payment request ${payment.id})`));
  }

  /**
   * `refunds` providers: gives money of a succeeded request back. Called after the refund and its
   * pending transaction committed, outside any database transaction (a network call); inside it when
   * `refundsInProcess`.
   */
  refund(payment: PaymentRequest, order: RefundOrder): Promise<RefundAnswer> {
    return Promise.reject(new Error(`provider ${this.name} cannot refund (payment request ${payment.id}, refund ${order.refundId})`));
  }

  /** The merchant withdrew the request (or released its authorization): the provider lets go of it. */
  abstract cancel(payment: PaymentRequest): Promise<void>;
}
