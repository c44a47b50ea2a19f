import { Injectable } from '@nestjs/common';
import { EntityManager, In } from 'typeorm';
import { AccountScope } from '../common/access/account-access';
import { fetchPage, Page } from '../common/pagination/page';
import { PaginationQueryDto } from '../common/pagination/pagination-query.dto';
import { sql } from '../database/sql';
import { Refund, RefundStatus } from './entities/refund.entity';

const FAIL_PENDING_OF_ACCOUNT = sql`UPDATE refunds SET status = 'failed', failure_code = 'account_closed', updated_at = $2
  WHERE account_id = $1 AND status = 'pending' RETURNING id`;

const INSERT_REFUND = sql`INSERT INTO refunds (id, payment_id, account_id, amount, currency, status, reason, failure_code, transaction_id, metadata, livemode, created_at, updated_at)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`;
const SETTLE_PENDING = sql`UPDATE refunds SET status = $2, failure_code = $3, updated_at = $4 WHERE id = $1 AND status = 'pending'`;

/** The refunds table. */
@Injectable()
export class RefundsRepository {
  async insert(manager: EntityManager, refund: Refund): Promise<void> {
    await INSERT_REFUND.run(manager, [
      refund.id,
      refund.paymentId,
      refund.accountId,
      refund.amount,
      refund.currency,
      refund.status,
      refund.reason,
      refund.failureCode,
      refund.transactionId,
      JSON.stringify(refund.metadata),
      refund.livemode ? 1 : 0,
      refund.createdAt.getTime(),
      refund.updatedAt.getTime(),
    ]);
  }

  findById(manager: EntityManager, refundId: string): Promise<Refund | null> {
    return manager.findOneBy(Refund, { id: refundId });
  }

  /** The refund that booked this transaction; null for a transaction no refund booked. */
  findByTransactionId(manager: EntityManager, transactionId: string): Promise<Refund | null> {
    return manager.findOneBy(Refund, { transactionId });
  }

  /** The refund when it belongs to an account in scope; null otherwise. */
  findVisible(manager: EntityManager, scope: AccountScope, refundId: string): Promise<Refund | null> {
    if (scope.kind === 'none') return Promise.resolve(null);
    const where = scope.kind === 'account' ? { id: refundId, accountId: scope.accountId } : { id: refundId };
    return manager.findOneBy(Refund, where);
  }

  /** A page of one request's refunds, newest first (walked on (payment_id, id)). */
  pageOfPayment<Item>(manager: EntityManager, paymentId: string, pagination: PaginationQueryDto, toItem: (row: Refund) => Item): Promise<Page<Item>> {
    const builder = manager.createQueryBuilder(Refund, 'refund').where('refund.paymentId = :paymentId', { paymentId });
    return fetchPage(builder, pagination, toItem);
  }

  /**
   * A closure: the account's refunds still waiting for their provider fail (`account_closed`); those refunds,
   * as they end. The closure holds the account's exclusive lock, so nothing settles them in between.
   */
  async failPendingOfAccount(manager: EntityManager, accountId: string, now: Date): Promise<Refund[]> {
    // The rows this update changed, and only those: a refund settled meanwhile keeps its outcome.
    const failed = await FAIL_PENDING_OF_ACCOUNT.rows<{ id: string }>(manager, [accountId, now.getTime()]);
    if (failed.length === 0) return [];
    return manager.find(Refund, { where: { id: In(failed.map((row) => row.id)) }, order: { id: 'ASC' } });
  }

  /** pending -> `changes.status`, one conditional update: of racing answers exactly one returns true. */
  async settle(manager: EntityManager, refundId: string, changes: { status: RefundStatus; failureCode: Refund['failureCode']; updatedAt: Date }): Promise<boolean> {
    return (await SETTLE_PENDING.run(manager, [refundId, changes.status, changes.failureCode, changes.updatedAt.getTime()])) === 1;
  }
}
