import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { AccountScope } from '../common/access/account-access';
import { mergedPage, Page, pageBounds } from '../common/pagination/page';
import { isUniqueViolation } from '../database/constraint-errors';
import { Sql, sql } from '../database/sql';
import { PaginationQueryDto } from '../common/pagination/pagination-query.dto';
import { TransactionMetadataEntry } from './entities/transaction-metadata.entity';
import { Transaction, TransactionMetadata } from './entities/transaction.entity';
import { metadataEntriesOf } from './transaction-records';
import { TransactionFilters, transactionPageStatement, transactionPageWalks } from './transaction-pages';
import {
  CANCEL_PENDING_OF_ACCOUNT,
  INSERT_METADATA,
  RELEASE_PENDING_REFUNDS_OF_ACCOUNT,
  TRANSACTION_BY_ID,
  TRANSACTION_COLUMNS,
  TRANSACTION_OF_ACCOUNT_BY_ID,
  TRANSACTIONS,
} from './transaction-rows';

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
   * A page of the transactions of the accounts in scope, newest first: each walk (what the account sent, the
   * transfers it receives) reads one page from the cursor on its own index, in a statement built once per
   * shape (transaction-pages.ts).
   */
  async page<Item>(
    manager: EntityManager,
    scope: AccountScope,
    filters: TransactionFilters,
    pagination: PaginationQueryDto,
    toItem: (row: Transaction) => Item,
  ): Promise<Page<Item>> {
    if (scope.kind === 'none') return { data: [], has_more: false, next_cursor: null };
    const { limit, cursorId } = pageBounds(pagination);
    const accountId = scope.kind === 'account' ? scope.accountId : undefined;
    const pages: Transaction[][] = [];
    // One after the other: inside a transaction they share one connection.
    for (const walk of transactionPageWalks(accountId, filters, cursorId, limit + 1)) {
      const { statement, params } = transactionPageStatement(walk);
      pages.push((await statement.rows<object>(manager, params)).map(TRANSACTIONS.fromRow));
    }
    return mergedPage(pages, limit, toItem);
  }

  private async insertMetadataEntries(manager: EntityManager, transaction: Pick<Transaction, 'id' | 'accountId'>, metadata: TransactionMetadata): Promise<void> {
    const entries = metadataEntriesOf({ ...transaction, metadata });
    await INSERT_METADATA.run(
      manager,
      entries.map((entry) => [entry.transactionId, entry.accountId, entry.key, entry.value]),
    );
  }
}
