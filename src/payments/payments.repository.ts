import { Injectable } from '@nestjs/common';
import { EntityManager, In, IsNull, SelectQueryBuilder } from 'typeorm';
import { AccountScope } from '../common/access/account-access';
import { lowestIdAt } from '../common/ids/ids';
import { fetchPage, Page } from '../common/pagination/page';
import { PaginationQueryDto } from '../common/pagination/pagination-query.dto';
import { hasRowLocks } from '../database/dialect';
import { Sql } from '../database/sql';
import { PAYMENT_BY_CHECKOUT_TOKEN, PAYMENT_BY_ID, PAYMENT_COLUMNS, PAYMENT_OF_ACCOUNT_BY_ID, PAYMENT_REQUESTS } from './payment-rows';
import { OPEN_PAYMENT_STATUSES, PaymentPurpose, PaymentRequest, PaymentStatus } from './entities/payment-request.entity';

export interface PaymentFilters {
  /** As read: `expired` includes open requests past expires_at, `pending` and `authorized` exclude them. */
  status?: PaymentStatus;
  purpose?: PaymentPurpose;
  customerEmail?: string;
  createdFrom?: Date;
  createdTo?: Date;
}

/**
 * The open requests past their expiry, oldest expiry first, moved to expired;
 * their ids. The outer condition is checked again on each row as it is
 * updated, so a request paid or canceled meanwhile stays as it is; on
 * PostgreSQL, SKIP LOCKED lets instances expire side by side.
 */
function expireDueStatement(rowLocks: boolean): Sql {
  const open = OPEN_PAYMENT_STATUSES.map((status) => `'${status}'`).join(', ');
  return new Sql(`UPDATE payment_requests SET status = 'expired', updated_at = $1
  WHERE id IN (
    SELECT due.id FROM payment_requests due WHERE due.status IN (${open}) AND due.expires_at <= $1
    ORDER BY due.status, due.expires_at LIMIT $2${rowLocks ? ' FOR UPDATE SKIP LOCKED' : ''})
    AND status IN (${open}) AND expires_at <= $1
  RETURNING id`);
}
const EXPIRE_DUE_WITH_ROW_LOCKS = expireDueStatement(true);
const EXPIRE_DUE = expireDueStatement(false);

/**
 * A request's amount_refunded is its settlement credit's, whichever path booked or released the refunds: the
 * credit's row is the one reserve every give-back draws on (its conditional update decides), and this copies
 * it within the same unit of work, after that update, so the request reads it without a join.
 */
const SYNC_REFUNDED = new Sql(`UPDATE payment_requests
  SET amount_refunded = (SELECT credit.amount_refunded FROM transactions credit WHERE credit.id = payment_requests.transaction_id), updated_at = $2
  WHERE id = $1 AND transaction_id IS NOT NULL
  RETURNING ${PAYMENT_COLUMNS}`);

/** The payment_requests table. */
@Injectable()
export class PaymentsRepository {
  async insert(manager: EntityManager, payment: PaymentRequest): Promise<void> {
    // A copy: on PostgreSQL TypeORM writes the columns' defaults it reads back (BIGINT as strings) into the object it is given.
    await manager.insert(PaymentRequest, { ...payment });
  }

  async findById(manager: EntityManager, paymentId: string): Promise<PaymentRequest | null> {
    const row = await PAYMENT_BY_ID.row<object>(manager, [paymentId]);
    return row && PAYMENT_REQUESTS.fromRow(row);
  }

  /** The request a checkout page token opens; null for any other string. */
  async findByCheckoutToken(manager: EntityManager, checkoutToken: string): Promise<PaymentRequest | null> {
    const row = await PAYMENT_BY_CHECKOUT_TOKEN.row<object>(manager, [checkoutToken]);
    return row && PAYMENT_REQUESTS.fromRow(row);
  }

  /** The request a provider knows by that reference (unique per provider); null for any other. */
  findByProviderReference(manager: EntityManager, provider: string, providerReference: string): Promise<PaymentRequest | null> {
    return manager.findOneBy(PaymentRequest, { provider, providerReference });
  }

  /** The request when it belongs to an account in scope; null otherwise. */
  async findVisible(manager: EntityManager, scope: AccountScope, paymentId: string): Promise<PaymentRequest | null> {
    if (scope.kind === 'none') return null;
    const row =
      scope.kind === 'account' ? await PAYMENT_OF_ACCOUNT_BY_ID.row<object>(manager, [paymentId, scope.accountId]) : await PAYMENT_BY_ID.row<object>(manager, [paymentId]);
    return row && PAYMENT_REQUESTS.fromRow(row);
  }

  /**
   * A page of the requests of the accounts in scope, newest first. Each filter
   * has an index (account, filter, id); ids carry their creation time, so a
   * created range is an id range. Statuses are filtered as they read at `now`.
   */
  page<Item>(
    manager: EntityManager,
    scope: AccountScope,
    filters: PaymentFilters,
    pagination: PaginationQueryDto,
    now: Date,
    toItem: (row: PaymentRequest) => Item,
  ): Promise<Page<Item>> {
    if (scope.kind === 'none') return Promise.resolve({ data: [], has_more: false, next_cursor: null });
    const builder = manager.createQueryBuilder(PaymentRequest, 'payment');
    if (scope.kind === 'account') builder.andWhere('payment.accountId = :accountId', { accountId: scope.accountId });
    if (filters.status !== undefined) filterStatus(builder, filters.status, now);
    if (filters.purpose !== undefined) builder.andWhere('payment.purpose = :purpose', { purpose: filters.purpose });
    if (filters.customerEmail !== undefined) builder.andWhere('payment.customerEmail = :customerEmail', { customerEmail: filters.customerEmail });
    if (filters.createdFrom) builder.andWhere('payment.id >= :fromId', { fromId: lowestIdAt('pay', filters.createdFrom) });
    if (filters.createdTo) builder.andWhere('payment.id < :toId', { toId: lowestIdAt('pay', filters.createdTo) });
    return fetchPage(builder, pagination, toItem);
  }

  /**
   * Moves the request to `changes.status` from one of `from`, while it has not
   * expired: one conditional update, so of racing outcomes exactly one wins.
   */
  async move(manager: EntityManager, paymentId: string, from: readonly PaymentStatus[], changes: Partial<PaymentRequest>, now: Date): Promise<boolean> {
    if (from.length === 0) return false;
    const result = await manager
      .createQueryBuilder()
      .update(PaymentRequest)
      .set(changes)
      .where('id = :id AND status IN (:...from) AND expires_at > :now', { id: paymentId, from, now: now.getTime() })
      .execute();
    return result.affected === 1;
  }

  /** Up to `limit` open requests past expires_at, moved to expired at `now`: those requests. */
  async expireDue(manager: EntityManager, now: Date, limit: number): Promise<PaymentRequest[]> {
    const statement = hasRowLocks(manager) ? EXPIRE_DUE_WITH_ROW_LOCKS : EXPIRE_DUE;
    const expired = await statement.rows<{ id: string }>(manager, [now.getTime(), limit]);
    if (expired.length === 0) return [];
    return manager.find(PaymentRequest, { where: { id: In(expired.map((row) => row.id)) }, order: { id: 'ASC' } });
  }

  /**
   * Brings the request's amount_refunded in line with its settlement credit's, once a refund of that credit was
   * booked or released in this unit of work: the request afterwards, or null for a request with no credit.
   */
  async syncRefunded(manager: EntityManager, paymentId: string, now: Date): Promise<PaymentRequest | null> {
    const row = await SYNC_REFUNDED.row<object>(manager, [paymentId, now.getTime()]);
    return row && PAYMENT_REQUESTS.fromRow(row);
  }

  /** A provider names the request by its own reference once it knows it (Stripe: its PaymentIntent); a reference set before stays. */
  async recordProviderReference(manager: EntityManager, paymentId: string, providerReference: string): Promise<void> {
    await manager.update(PaymentRequest, { id: paymentId, providerReference: IsNull() }, { providerReference });
  }

  async linkTransaction(manager: EntityManager, paymentId: string, transactionId: string): Promise<void> {
    await manager.update(PaymentRequest, { id: paymentId }, { transactionId });
  }

  /**
   * Cancels the account's requests that still await the customer or a capture;
   * those requests, as they end. For a closure, which holds the account's
   * exclusive lock: nothing else moves them between the read and the update.
   */
  async cancelOpenOfAccount(manager: EntityManager, accountId: string, now: Date): Promise<PaymentRequest[]> {
    const condition = 'account_id = :accountId AND status IN (:...open) AND expires_at > :now';
    const parameters = { accountId, open: OPEN_PAYMENT_STATUSES, now: now.getTime() };
    const open = await manager.createQueryBuilder(PaymentRequest, 'payment').where(condition, parameters).orderBy('payment.id').getMany();
    await manager.createQueryBuilder().update(PaymentRequest).set({ status: 'canceled', updatedAt: now }).where(condition, parameters).execute();
    return open.map((payment) => ({ ...payment, status: 'canceled', updatedAt: now }));
  }
}

/** A status as it reads at `now`: stored open statuses expire at expires_at. */
function filterStatus(builder: SelectQueryBuilder<PaymentRequest>, status: PaymentStatus, now: Date): void {
  const at = now.getTime();
  if (status === 'expired') {
    builder.andWhere("(payment.status = 'expired' OR (payment.status IN (:...open) AND payment.expiresAt <= :at))", { open: OPEN_PAYMENT_STATUSES, at });
  } else if (OPEN_PAYMENT_STATUSES.includes(status)) {
    builder.andWhere('payment.status = :status AND payment.expiresAt > :at', { status, at });
  } else {
    builder.andWhere('payment.status = :status', { status });
  }
}
