import { EntityManager } from 'typeorm';

/** Every type of event (contract section 11). */
export const EVENT_TYPES = [
  'account.created',
  'account.updated',
  'account.closed',
  'user.created',
  'user.updated',
  'user.deleted',
  'transaction.created',
  'transaction.updated',
  'transaction.posted',
  'transaction.canceled',
  'transaction.reversed',
  'payment.created',
  'payment.authorized',
  'payment.attempt_failed',
  'payment.succeeded',
  'payment.failed',
  'payment.canceled',
  'payment.expired',
  'payment.refunded',
  'refund.created',
  'refund.succeeded',
  'refund.failed',
  'payout.created',
  'payout.in_transit',
  'payout.paid',
  'payout.returned',
  'payout.canceled',
  'balance.updated',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** A change to record: its type, the account whose stream it joins (null: the platform's), the resource after it. */
export interface NewEvent {
  type: EventType;
  accountId: string | null;
  /** The resource exactly as the API returns it after the change. */
  object: object;
}

/**
 * Where every module records the events of its changes, inside the database
 * transaction that makes them (a transactional outbox): an event commits with
 * its change or not at all. The events module, above the modules that write,
 * provides it; they know only this class, so the module graph stays one-way.
 */
export abstract class EventLog {
  /**
   * Appends the events, in order, each with the next sequence of its account.
   * Call it last in the unit of work: it locks each account's sequence, which
   * lock-order.md places after every other row.
   */
  abstract record(manager: EntityManager, events: readonly NewEvent[]): Promise<void>;

  /**
   * For a write that knows which accounts its events will name: takes those accounts' sequences now,
   * in the round trip of its other writes (send it after them: the counters are last in the lock order),
   * so that `record` later sends its events with the commit instead of waiting for them.
   */
  abstract lockStreams(manager: EntityManager, accountIds: readonly (string | null)[]): Promise<void>;
}
