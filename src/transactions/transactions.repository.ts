import { Injectable } from '@nestjs/common';
import { EntityManager, SelectQueryBuilder } from 'typeorm';
import { AccountScope } from '../common/access/account-access';
import { lowestIdAt } from '../common/ids/ids';
import { fetchMergedPage, Page, PageQuery } from '../common/pagination/page';
import { isUniqueViolation } from '../database/constraint-errors';
import { Sql, sql } from '../database/sql';
import { PaginationQueryDto } from '../common/pagination/pagination-query.dto';
import { TransactionMetadataEntry } from './entities/transaction-metadata.entity';
import { Transaction, TransactionMetadata, TransactionStatus, TransactionType } from './entities/transaction.entity';
import { metadataEntriesOf } from './transaction-records';
import {
  CANCEL_PENDING_OF_ACCOUNT,
  INSERT_METADATA,
  RELEASE_PENDING_REFUNDS_OF_ACCOUNT,
  TRANSACTION_BY_ID,
  TRANSACTION_COLUMNS,
  TRANSACTION_OF_ACCOUNT_BY_ID,
  TRANSACTIONS,
} from './transaction-rows';

export interface TransactionFilters {
  status?: TransactionStatus;
  type?: TransactionType;
  currency?: string;
  createdFrom?: Date;
  createdTo?: Date;
  /** `metadata[key]=value` filters; all must match. */
  metadata: Record<string, string>;
}

export type Transition = { to: 'posted'; at: 'postedAt'; event: 'transaction.posted' } | { to: 'canceled'; at: 'canceledAt'; event: 'transaction.canceled' };
export const TO_POSTED: Transition = { to: 'posted', at: 'postedAt', event: 'transaction.posted' };
export const TO_CANCELED: Transition = { to: 'canceled', at: 'canceledAt', event: 'transaction.canceled' };

/** What a refund must match in the payment it names. */
export interface RefundClaim {
  accountId: string;
  currency: string;
  amount: number;
}

/**
 * Adds a refund to its payment's (or credit's) amount_refunded while the sum stays within it and it is not
 * reversed: one conditional update on the one row every give-back path draws on (refunds by either route,
 * a reversal), so of racing give-backs only those that fit win (PostgreSQL re-checks the condition after
 * the row lock).
 */
const RESERVE_REFUND = new Sql(`UPDATE transactions SET amount_refunded = amount_refunded + $4
  WHERE id = $1 AND account_id = $2 AND currency = $3 AND type IN ('payment', 'credit') AND status <> 'canceled'
    AND reversed_by_transaction_id IS NULL AND amount_refunded + $4 <= amount
  RETURNING ${TRANSACTION_COLUMNS}`);
const RELEASE_REFUND = sql`UPDATE transactions SET amount_refunded = amount_refunded - $2 WHERE id = $1`;
// The conditional updates that decide races return the row as they leave it: no read after them.
// A reversal gives back all of a transaction: only one with no refunds (that are not canceled) may have one.
const MARK_REVERSED = new Sql(`UPDATE transactions SET reversed_by_transaction_id = $2, updated_at = $3
  WHERE id = $1 AND status = 'posted' AND reversed_by_transaction_id IS NULL AND amount_refunded = 0
  RETURNING ${TRANSACTION_COLUMNS}`);
const POST_PENDING = new Sql(`UPDATE transactions SET status = 'posted', posted_at = $2, updated_at = $2 WHERE id = $1 AND status = 'pending'
  RETURNING ${TRANSACTION_COLUMNS}`);
const CANCEL_PENDING = new Sql(`UPDATE transactions SET status = 'canceled', canceled_at = $2, updated_at = $2
  WHERE id = $1 AND status = 'pending' AND amount_refunded = 0
  RETURNING ${TRANSACTION_COLUMNS}`);

/**
 * The transactions table and its metadata rows (transaction_metadata, which
 * mirror each transaction's metadata for the `metadata[key]=value` filter).
 */
@Injectable()
export class TransactionsRepository {
  /** Inserts the transaction and its metadata rows (sent together: one round trip). */
  async insert(manager: EntityManager, transaction: Transaction): Promise<Transaction> {
    await Promise.all([TRANSACTIONS.insert.run(manager, TRANSACTIONS.params(transaction)), this.insertMetadataEntries(manager, transaction, transaction.metadata)]);
    return transaction;
  }

  /**
   * Inserts a reversal; false when the transaction it reverses has one already (the unique index on
   * reverses_transaction_id: a concurrent reversal waits for the first to commit, then finds it).
   */
  async insertReversal(manager: EntityManager, reversal: Transaction): Promise<boolean> {
    try {
      await this.insert(manager, reversal);
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  async findById(manager: EntityManager, transactionId: string): Promise<Transaction | null> {
    const row = await TRANSACTION_BY_ID.row<object>(manager, [transactionId]);
    return row && TRANSACTIONS.fromRow(row);
  }

  /** The transaction when it belongs to an account in scope; null otherwise. */
  async findVisible(manager: EntityManager, scope: AccountScope, transactionId: string): Promise<Transaction | null> {
    if (scope.kind === 'none') return null;
    const row =
      scope.kind === 'account'
        ? await TRANSACTION_OF_ACCOUNT_BY_ID.row<object>(manager, [transactionId, scope.accountId])
        : await TRANSACTION_BY_ID.row<object>(manager, [transactionId]);
    return row && TRANSACTIONS.fromRow(row);
  }

  /** Locks the row with a write of updated_at (read it afterwards: concurrent amendments apply in turn). */
  async lock(manager: EntityManager, transactionId: string, now: Date): Promise<void> {
    await manager.update(Transaction, { id: transactionId }, { updatedAt: now });
  }

  /** Writes amendments; new metadata replaces the metadata rows too. */
  async amend(manager: EntityManager, transaction: Pick<Transaction, 'id' | 'accountId'>, changes: Partial<Transaction>): Promise<void> {
    await manager.update(Transaction, { id: transaction.id }, changes);
    if (changes.metadata) {
      await manager.delete(TransactionMetadataEntry, { transactionId: transaction.id });
      await this.insertMetadataEntries(manager, transaction, changes.metadata);
    }
  }

  /**
   * pending -> posted | canceled, one conditional update: of racing
   * transitions exactly one gets the transaction as it leaves it, the others
   * null. A payment with refunds that are not canceled cannot be canceled
   * (they would exceed it).
   */
  async transition(manager: EntityManager, transactionId: string, transition: Transition, now: Date): Promise<Transaction | null> {
    const statement = transition.to === 'canceled' ? CANCEL_PENDING : POST_PENDING;
    const row = await statement.row<object>(manager, [transactionId, now.getTime()]);
    return row && TRANSACTIONS.fromRow(row);
  }

  /**
   * Marks a posted transaction that has no refunds as reversed by `reversalId`:
   * one conditional update, so of racing reversals (and refunds, which draw on
   * the same row) exactly one gets the transaction as it leaves it, the others
   * null (the unique index on reverses_transaction_id backs it).
   */
  async markReversed(manager: EntityManager, transactionId: string, reversalId: string, now: Date): Promise<Transaction | null> {
    const row = await MARK_REVERSED.row<object>(manager, [transactionId, reversalId, now.getTime()]);
    return row && TRANSACTIONS.fromRow(row);
  }

  /** Books a refund against the payment or credit it names: that transaction afterwards, or null when it is not refundable or the refund does not fit. */
  async reserveRefund(manager: EntityManager, paymentId: string, refund: RefundClaim): Promise<Transaction | null> {
    const row = await RESERVE_REFUND.row<object>(manager, [paymentId, refund.accountId, refund.currency, refund.amount]);
    return row && TRANSACTIONS.fromRow(row);
  }

  /** A refund of the payment was canceled: its amount no longer counts. */
  async releaseRefund(manager: EntityManager, paymentId: string, amount: number): Promise<void> {
    await RELEASE_REFUND.run(manager, [paymentId, amount]);
  }

  /** Run before cancelPendingOfAccount: the payments of the account's pending refunds stop counting them. Those payments. */
  async releasePendingRefundsOfAccount(manager: EntityManager, accountId: string): Promise<Transaction[]> {
    return (await RELEASE_PENDING_REFUNDS_OF_ACCOUNT.rows<object>(manager, [accountId])).map(TRANSACTIONS.fromRow);
  }

  /** Cancels every pending transaction of the account and every pending transfer to it; those transactions. */
  async cancelPendingOfAccount(manager: EntityManager, accountId: string, now: Date): Promise<Transaction[]> {
    return (await CANCEL_PENDING_OF_ACCOUNT.rows<object>(manager, [accountId, now.getTime()])).map(TRANSACTIONS.fromRow);
  }

  /**
   * A page of the transactions of the accounts in scope, newest first. Every
   * filter has an index ending in id; ids carry their creation time, so a
   * created_at range is an id range on the same indexes.
   */
  page<Item>(manager: EntityManager, scope: AccountScope, filters: TransactionFilters, pagination: PaginationQueryDto, toItem: (row: Transaction) => Item): Promise<Page<Item>> {
    if (scope.kind === 'none') return Promise.resolve({ data: [], has_more: false, next_cursor: null });
    const accountId = scope.kind === 'account' ? scope.accountId : undefined;
    const queries = [this.sentQuery(manager, accountId, filters)];
    // The receiver sees none of the sender's metadata, so a metadata filter matches no incoming transfer.
    const receives = filters.type === undefined || filters.type === 'transfer';
    if (accountId !== undefined && receives && Object.keys(filters.metadata).length === 0) queries.push(this.receivedQuery(manager, accountId, filters));
    return fetchMergedPage(queries, pagination, toItem);
  }

  /** The transactions booked on the account (or on every account). */
  private sentQuery(manager: EntityManager, accountId: string | undefined, filters: TransactionFilters): PageQuery<Transaction> {
    const builder = manager.createQueryBuilder(Transaction, 'txn');
    const metadataIdColumns = joinMetadataFilters(builder, filters.metadata, accountId);
    // With a metadata filter, the account is matched on the joined index only: a second, redundant
    // predicate on txn.account_id leads PostgreSQL's planner to sort every match instead of walking it.
    if (accountId !== undefined && metadataIdColumns.length === 0) builder.andWhere('txn.accountId = :accountId', { accountId });
    if (filters.type !== undefined) builder.andWhere('txn.type = :type', { type: filters.type });
    this.filterCommon(builder, filters, metadataIdColumns);
    return { query: builder, options: { sameIdColumns: metadataIdColumns } };
  }

  /** The transfers the account receives, walked on the counterparty indexes (without a metadata filter: that is the sender's). */
  private receivedQuery(manager: EntityManager, accountId: string, filters: TransactionFilters): PageQuery<Transaction> {
    const builder = manager.createQueryBuilder(Transaction, 'txn').where('txn.counterpartyAccountId = :receiverId', { receiverId: accountId });
    this.filterCommon(builder, filters, []);
    return { query: builder };
  }

  private filterCommon(builder: SelectQueryBuilder<Transaction>, filters: TransactionFilters, metadataIdColumns: string[]): void {
    if (filters.status !== undefined) builder.andWhere('txn.status = :status', { status: filters.status });
    if (filters.currency !== undefined) builder.andWhere('txn.currency = :currency', { currency: filters.currency });
    for (const column of ['txn.id', ...metadataIdColumns]) {
      if (filters.createdFrom) builder.andWhere(`${column} >= :fromId`, { fromId: lowestIdAt('txn', filters.createdFrom) });
      if (filters.createdTo) builder.andWhere(`${column} < :toId`, { toId: lowestIdAt('txn', filters.createdTo) });
    }
  }

  private async insertMetadataEntries(manager: EntityManager, transaction: Pick<Transaction, 'id' | 'accountId'>, metadata: TransactionMetadata): Promise<void> {
    const entries = metadataEntriesOf({ ...transaction, metadata });
    await INSERT_METADATA.run(
      manager,
      entries.map((entry) => [entry.transactionId, entry.accountId, entry.key, entry.value]),
    );
  }
}

/**
 * One join per `metadata[key]=value` filter. Returns the joined transaction id
 * columns, which get the same id bounds as the transaction.
 */
function joinMetadataFilters(builder: SelectQueryBuilder<Transaction>, filters: Record<string, string>, accountId: string | undefined): string[] {
  return Object.entries(filters).map(([key, value], index) => {
    const alias = `meta${index}`;
    const scope = accountId === undefined ? '' : ` AND ${alias}.accountId = :accountId`;
    builder.innerJoin(TransactionMetadataEntry, alias, `${alias}.transactionId = txn.id AND ${alias}.key = :${alias}Key AND ${alias}.value = :${alias}Value${scope}`, {
      [`${alias}Key`]: key,
      [`${alias}Value`]: value,
      ...(accountId === undefined ? {} : { accountId }),
    });
    return `${alias}.transactionId`;
  });
}
