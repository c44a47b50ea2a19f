import { EntityManager } from 'typeorm';
import { PaymentFailureCode } from '../entities/payment-request.entity';
import { SettlementResult } from '../payment-settlement';

/** The route every provider's notifications arrive at; the pipeline hands its body on unparsed (RawNotificationBody). */
export const PROVIDER_NOTIFICATIONS_ROUTE = '/v1/providers/:provider/notifications';

/** A notification's body exactly as it was sent (a signature is computed over these bytes). */
export class RawNotificationBody {
  constructor(readonly text: string) {}
}

/** What a provider's webhook brought: its body as sent and its headers (lower-case names). */
export interface InboundNotification {
  body: string;
  headers: Readonly<Record<string, string | string[] | undefined>>;
}

/** Money a provider reports for a request, in minor units. */
export interface ReportedMoney {
  amount: number;
  currency: string;
}

/** Why a provider says a refund failed (a subset of the refunds' failure codes: account_closed is the service's own). */
export type ProviderRefundFailureCode = 'declined' | 'insufficient_funds' | 'expired_or_canceled_card' | 'unknown';

/** A provider's last word on a refund it was asked for. */
export type ProviderRefundSettlement = { status: 'succeeded' } | { status: 'failed'; failureCode: ProviderRefundFailureCode };

/**
 * What an asynchronous provider settles, inside the unit of work of one of its events. Each call
 * names the service's own id (`pay_...`, `re_...`) that the provider echoed back (metadata,
 * client reference); a request or refund of another provider, or of the other mode, reads as
 * unknown. Every move is the same conditional update as the API's, so an event that arrives late
 * (a failure after the success, a second success) changes nothing.
 */
export interface ProviderSettle {
  /** The customer paid (automatic capture): pending -> succeeded with its credit, when amount and currency agree. */
  paid(paymentId: string, money: ReportedMoney, providerReference?: string): Promise<SettlementResult>;
  /** The customer authorized (manual capture): pending -> authorized, when amount and currency agree. */
  authorized(paymentId: string, money: ReportedMoney, providerReference?: string): Promise<SettlementResult>;
  /** An attempt was declined; the customer may try again on the provider's page (`payment.attempt_failed`). */
  attemptFailed(paymentId: string, failureCode: PaymentFailureCode): Promise<void>;
  /** A pending refund succeeded or failed; false when it was settled already (or is unknown). */
  refund(refundId: string, settlement: ProviderRefundSettlement): Promise<boolean>;
}

/**
 * The payments module's public port for asynchronous providers: each event is applied once,
 * by the provider's event id (a unique index), its record and everything it settles committed
 * together. A repeated event id (a provider's retry, a replay) settles nothing; once answers false.
 */
export abstract class ProviderInbox {
  abstract once(provider: string, eventId: string, livemode: boolean, apply: (settle: ProviderSettle) => Promise<void>): Promise<boolean>;
}

/**
 * The refunds module's public port, as payments sees it (the refunds module provides it: it ranks above
 * payments). Settles a pending refund of the provider's request in the caller's unit of work.
 */
export abstract class ProviderRefunds {
  abstract settleFromProvider(manager: EntityManager, provider: string, livemode: boolean, refundId: string, settlement: ProviderRefundSettlement): Promise<boolean>;
}
