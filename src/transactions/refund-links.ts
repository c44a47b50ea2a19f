import { EntityManager } from 'typeorm';
import { NewEvent } from '../common/events/event-log';
import { Transaction } from './entities/transaction.entity';

/**
 * What follows a refund transaction booked or moved through the transactions routes, kept by the module
 * above that owns it: the payment request a credit settles (its `amount_refunded` is its credit's) and the
 * refund object a refund transaction may belong to. Provided by the refunds module, so that this one never
 * imports it.
 */
export abstract class RefundLinks {
  /**
   * Refuses to post or cancel a refund transaction that something else settles (a refund object, when its
   * provider answers), inside the unit of work that would move it.
   */
  abstract requireMovable(manager: EntityManager, refund: Transaction): Promise<void>;

  /**
   * The credit's refunded sum changed (a refund booked or released) in this unit of work: what mirrors it is
   * brought in line. Its events (`payment.refunded` when it grew).
   */
  abstract refundedChanged(manager: EntityManager, credit: Transaction, grew: boolean): Promise<NewEvent[]>;
}
