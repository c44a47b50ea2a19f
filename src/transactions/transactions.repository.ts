import { Injectable } from '@nestjs/common';
import { EntityManager, SelectQueryBuilder } from 'typeorm';
import { AccountScope } from '../common/access/account-access';
import { lowestIdAt } from '../common/ids/ids';
import { fetchPage, Page } from '../common/pagination/page';
import { PaginationQueryDto } from '../common/pagination/pagination-query.dto';
import { TransactionMetadataEntry } from './entities/transaction-metadata.entity';
import { Transaction, TransactionMetadata, TransactionStatus, TransactionType } from './entities/transaction.entity';
import { metadataEntriesOf } from './transaction-records';
import {
  INSERT_TRANSACTION,
  insertMetadataStatement,
  TRANSACTION_BY_ID,
  TRANSACTION_OF_ACCOUNT_BY_ID,
  transactionFromRow,
  transactionParams,
  TransactionRow,
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

export type Transition = { to: 'posted'; at: 'postedAt' } | { to: 'canceled'; at: 'canceledAt' };

/**
 * The transactions table and its metadata rows (transaction_metadata, which
 * mirror each transaction's metadata for the `metadata[key]=value` filter).
 */
@Injectable()
export class TransactionsRepository {
  /** Inserts the transaction and its metadata rows. */
  async insert(manager: EntityManager, transaction: Transaction): Promise<Transaction> {
    await INSERT_TRANSACTION.run(manager, transactionParams(transaction));
    await this.insertMetadataEntries(manager, transaction, transaction.metadata);
    return transaction;
  }

  async findById(manager: EntityManager, transactionId: string): Promise<Transaction | null> {
    const row = await TRANSACTION_BY_ID.row<TransactionRow>(manager, [transactionId]);
    return row && transactionFromRow(row);
  }

  /** The transaction when it belongs to an account in scope; null otherwise. */
  async findVisible(manager: EntityManager, scope: AccountScope, transactionId: string): Promise<Transaction | null> {
    if (scope.kind === 'none') return null;
    const row =
      scope.kind === 'account'
        ? await TRANSACTION_OF_ACCOUNT_BY_ID.row<TransactionRow>(manager, [transactionId, scope.accountId])
        : await TRANSACTION_BY_ID.row<TransactionRow>(manager, [transactionId]);
    return row && transactionFromRow(row);
  }

  async currentStatus(manager: EntityManager, transactionId: string): Promise<TransactionStatus> {
    const current = await manager.findOneOrFail(Transaction, { select: { id: true, status: true }, where: { id: transactionId } });
    return current.status;
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

  /** pending -> posted | canceled, one conditional update: of racing transitions exactly one returns true. */
  async transition(manager: EntityManager, transactionId: string, transition: Transition, now: Date): Promise<boolean> {
    const result = await manager
      .createQueryBuilder()
      .update(Transaction)
      .set({ status: transition.to, [transition.at]: now, updatedAt: now })
      .where('id = :id AND status = :pending', { id: transactionId, pending: 'pending' })
      .execute();
    return result.affected === 1;
  }

  /** Cancels every pending transaction of the account and every pending transfer to it. */
  async cancelPendingOfAccount(manager: EntityManager, accountId: string, now: Date): Promise<number> {
    const result = await manager
      .createQueryBuilder()
      .update(Transaction)
      .set({ status: 'canceled', canceledAt: now, updatedAt: now })
      .where('status = :pending AND (account_id = :accountId OR counterparty_account_id = :accountId)', { pending: 'pending', accountId })
      .execute();
    return result.affected ?? 0;
  }

  /**
   * A page of the transactions of the accounts in scope, newest first. Every
   * filter has an index ending in id; ids carry their creation time, so a
   * created_at range is an id range on the same indexes.
   */
  page<Item>(manager: EntityManager, scope: AccountScope, filters: TransactionFilters, pagination: PaginationQueryDto, toItem: (row: Transaction) => Item): Promise<Page<Item>> {
    if (scope.kind === 'none') return Promise.resolve({ data: [], has_more: false, next_cursor: null });
    const accountId = scope.kind === 'account' ? scope.accountId : undefined;
    const builder = manager.createQueryBuilder(Transaction, 'txn');
    const metadataIdColumns = joinMetadataFilters(builder, filters.metadata, accountId);
    // With a metadata filter, the account is matched on the joined index only: a second, redundant
    // predicate on txn.account_id leads PostgreSQL's planner to sort every match instead of walking it.
    if (accountId !== undefined && metadataIdColumns.length === 0) builder.andWhere('txn.accountId = :accountId', { accountId });
    if (filters.status !== undefined) builder.andWhere('txn.status = :status', { status: filters.status });
    if (filters.type !== undefined) builder.andWhere('txn.type = :type', { type: filters.type });
    if (filters.currency !== undefined) builder.andWhere('txn.currency = :currency', { currency: filters.currency });
    for (const column of ['txn.id', ...metadataIdColumns]) {
      if (filters.createdFrom) builder.andWhere(`${column} >= :fromId`, { fromId: lowestIdAt('txn', filters.createdFrom) });
      if (filters.createdTo) builder.andWhere(`${column} < :toId`, { toId: lowestIdAt('txn', filters.createdTo) });
    }
    return fetchPage(builder, pagination, toItem, { sameIdColumns: metadataIdColumns });
  }

  private async insertMetadataEntries(manager: EntityManager, transaction: Pick<Transaction, 'id' | 'accountId'>, metadata: TransactionMetadata): Promise<void> {
    const entries = metadataEntriesOf({ ...transaction, metadata });
    if (entries.length === 0) return;
    const params = entries.flatMap((entry) => [entry.transactionId, entry.accountId, entry.key, entry.value]);
    await insertMetadataStatement(entries.length).run(manager, params);
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
    builder.innerJoin(
      TransactionMetadataEntry,
      alias,
      `${alias}.transactionId = txn.id AND ${alias}.key = :${alias}Key AND ${alias}.value = :${alias}Value${scope}`,
      { [`${alias}Key`]: key, [`${alias}Value`]: value, ...(accountId === undefined ? {} : { accountId }) },
    );
    return `${alias}.transactionId`;
  });
}
