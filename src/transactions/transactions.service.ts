import { Injectable } from '@nestjs/common';
import { EntityManager, SelectQueryBuilder } from 'typeorm';
import { requireOpenAccount } from '../accounts/account-lock';
import { actingAccountId, visibleAccountScope } from '../accounts/account-scope';
import { AccountErrors } from '../accounts/accounts.errors';
import { AuthErrors } from '../auth/auth.errors';
import { AuthenticatedUser, isAdmin } from '../auth/authenticated-user';
import { validationError } from '../common/errors/domain-error';
import { creationTimeOf, isId, lowestIdAt, newId } from '../common/ids/ids';
import { fetchPage, Page } from '../common/pagination/page';
import { mergeMetadata } from '../common/validation/metadata';
import { Database } from '../database/database';
import { PaymentRequest } from '../payments/entities/payment-request.entity';
import { CreateTransactionRequestDto } from './dto/create-transaction.request.dto';
import { ListTransactionsQueryDto } from './dto/list-transactions.query.dto';
import { toTransactionResponse, TransactionResponseDto } from './dto/transaction.response.dto';
import { UpdateTransactionRequestDto } from './dto/update-transaction.request.dto';
import { TransactionMetadataEntry } from './entities/transaction-metadata.entity';
import { Transaction, TransactionMetadata, TransactionStatus } from './entities/transaction.entity';
import { metadataEntriesOf, paymentCredit } from './transaction-records';
import { checkCounterparty, directionFor } from './transaction-rules';
import { TransactionErrors } from './transactions.errors';

type Transition = { to: 'posted'; at: 'postedAt' } | { to: 'canceled'; at: 'canceledAt' };
const POST: Transition = { to: 'posted', at: 'postedAt' };
const CANCEL: Transition = { to: 'canceled', at: 'canceledAt' };

@Injectable()
export class TransactionsService {
  constructor(private readonly db: Database) {}

  /** Books a pending transaction on the caller's account (admins: on `account_id`). */
  async create(caller: AuthenticatedUser, request: CreateTransactionRequestDto): Promise<TransactionResponseDto> {
    const accountId = actingAccountId(caller, request.account_id);
    const direction = directionFor(request.type, request.direction);
    checkCounterparty(request.type, accountId, request.counterparty_account_id);
    const counterpartyId = request.counterparty_account_id ?? null;
    return this.db.transaction(async (manager) => {
      // Both accounts are locked against closure until this commits, so a closure either refuses
      // this transaction or cancels it; never leaves it pending on a closed account.
      await requireOpenAccount(manager, accountId);
      if (counterpartyId !== null) {
        if (!isId('acc', counterpartyId)) throw AccountErrors.notFound();
        await requireOpenAccount(manager, counterpartyId);
      }
      const id = newId('txn');
      const createdAt = creationTimeOf(id);
      const transaction = await this.insert(manager, {
        id,
        accountId,
        type: request.type,
        status: 'pending',
        direction,
        amount: request.amount,
        currency: request.currency,
        description: request.description ?? null,
        referenceIds: request.reference_ids ?? [],
        metadata: request.metadata ?? {},
        notes: request.notes ?? null,
        counterpartyAccountId: counterpartyId,
        paymentId: null,
        createdAt,
        updatedAt: createdAt,
        postedAt: null,
        canceledAt: null,
      });
      return toTransactionResponse(transaction);
    });
  }

  list(caller: AuthenticatedUser, query: ListTransactionsQueryDto): Promise<Page<TransactionResponseDto>> {
    const accountId = this.listedAccount(caller, query.account_id);
    if (accountId === null) return Promise.resolve({ data: [], has_more: false, next_cursor: null });
    const createdFrom = query.created_from === undefined ? undefined : new Date(query.created_from);
    const createdTo = query.created_to === undefined ? undefined : new Date(query.created_to);
    if (createdFrom && createdTo && createdFrom >= createdTo) throw validationError('created_to', 'must be later than created_from');
    return this.db.run((manager) => {
      const builder = manager.createQueryBuilder(Transaction, 'txn');
      if (accountId !== undefined) builder.andWhere('txn.accountId = :accountId', { accountId });
      if (query.status !== undefined) builder.andWhere('txn.status = :status', { status: query.status });
      if (query.type !== undefined) builder.andWhere('txn.type = :type', { type: query.type });
      if (query.currency !== undefined) builder.andWhere('txn.currency = :currency', { currency: query.currency });
      // Ids carry their creation time: a created_at range is an id range on the same (…, id) indexes.
      const idColumns = ['txn.id', ...this.joinMetadataFilters(builder, query.metadata ?? {}, accountId)];
      for (const column of idColumns) {
        if (createdFrom) builder.andWhere(`${column} >= :fromId`, { fromId: lowestIdAt('txn', createdFrom) });
        if (createdTo) builder.andWhere(`${column} < :toId`, { toId: lowestIdAt('txn', createdTo) });
      }
      return fetchPage(builder, query, toTransactionResponse, { sameIdColumns: idColumns.slice(1) });
    });
  }

  async get(caller: AuthenticatedUser, transactionId: string): Promise<TransactionResponseDto> {
    return toTransactionResponse(await this.db.run((manager) => this.findVisible(manager, caller, transactionId)));
  }

  /** Amends metadata (merged key by key), reference ids and notes, in any status. */
  async update(caller: AuthenticatedUser, transactionId: string, request: UpdateTransactionRequestDto): Promise<TransactionResponseDto> {
    if (request.metadata === undefined && request.reference_ids === undefined && request.notes === undefined) {
      throw validationError('body', 'must contain at least one of metadata, reference_ids, notes');
    }
    return this.db.transaction(async (manager) => {
      const found = await this.findVisible(manager, caller, transactionId);
      await requireOpenAccount(manager, found.accountId);
      const now = new Date();
      // Written (locked) before it is read again, so concurrent metadata merges apply one after the other.
      await manager.update(Transaction, { id: found.id }, { updatedAt: now });
      const current = await manager.findOneByOrFail(Transaction, { id: found.id });
      const changes: Partial<Transaction> = { updatedAt: now };
      if (request.metadata !== undefined) changes.metadata = mergeMetadata(current.metadata, request.metadata);
      if (request.reference_ids !== undefined) changes.referenceIds = request.reference_ids;
      if (request.notes !== undefined) changes.notes = request.notes;
      await manager.update(Transaction, { id: found.id }, changes);
      if (changes.metadata) await this.replaceMetadataEntries(manager, current, changes.metadata);
      return toTransactionResponse({ ...current, ...changes });
    });
  }

  /** pending -> canceled; of concurrent cancels (or a cancel and a post) exactly one wins. */
  cancel(caller: AuthenticatedUser, transactionId: string): Promise<TransactionResponseDto> {
    return this.transition(caller, transactionId, CANCEL);
  }

  /** pending -> posted (admins). */
  post(caller: AuthenticatedUser, transactionId: string): Promise<TransactionResponseDto> {
    return this.transition(caller, transactionId, POST);
  }

  /**
   * Cancels, inside the closing transaction, every pending transaction of the
   * account and every pending transfer to it (it can no longer receive money).
   */
  async cancelPendingOfClosedAccount(manager: EntityManager, accountId: string, now: Date): Promise<number> {
    const result = await manager
      .createQueryBuilder()
      .update(Transaction)
      .set({ status: 'canceled', canceledAt: now, updatedAt: now })
      .where('status = :pending AND (account_id = :accountId OR counterparty_account_id = :accountId)', { pending: 'pending', accountId })
      .execute();
    return result.affected ?? 0;
  }

  /** The posted credit that settles a succeeded payment request, inside the caller's transaction. */
  recordPaymentCredit(manager: EntityManager, payment: PaymentRequest, now: Date): Promise<Transaction> {
    return this.insert(manager, paymentCredit(payment, newId('txn'), now));
  }

  private async transition(caller: AuthenticatedUser, transactionId: string, transition: Transition): Promise<TransactionResponseDto> {
    return this.db.transaction(async (manager) => {
      const found = await this.findVisible(manager, caller, transactionId);
      await requireOpenAccount(manager, found.accountId);
      const now = new Date();
      const changes = { status: transition.to, [transition.at]: now, updatedAt: now };
      const result = await manager
        .createQueryBuilder()
        .update(Transaction)
        .set(changes)
        .where('id = :id AND status = :pending', { id: found.id, pending: 'pending' })
        .execute();
      if (result.affected !== 1) throw TransactionErrors.notPending(await this.currentStatus(manager, found.id));
      // Read again: an amendment may have committed between the first read and the update.
      return toTransactionResponse(await manager.findOneByOrFail(Transaction, { id: found.id }));
    });
  }

  private async currentStatus(manager: EntityManager, transactionId: string): Promise<TransactionStatus> {
    const current = await manager.findOneOrFail(Transaction, { select: { id: true, status: true }, where: { id: transactionId } });
    return current.status;
  }

  private async insert(manager: EntityManager, transaction: Transaction): Promise<Transaction> {
    await manager.insert(Transaction, transaction);
    await this.insertMetadataEntries(manager, transaction, transaction.metadata);
    return transaction;
  }

  private async replaceMetadataEntries(manager: EntityManager, transaction: Transaction, metadata: TransactionMetadata): Promise<void> {
    await manager.delete(TransactionMetadataEntry, { transactionId: transaction.id });
    await this.insertMetadataEntries(manager, transaction, metadata);
  }

  private async insertMetadataEntries(manager: EntityManager, transaction: Transaction, metadata: TransactionMetadata): Promise<void> {
    const entries = metadataEntriesOf({ ...transaction, metadata });
    if (entries.length > 0) await manager.insert(TransactionMetadataEntry, entries);
  }

  /**
   * One join per `metadata[key]=value` filter; all must match. Returns the joined
   * transaction id columns, which get the same id bounds as the transaction.
   */
  private joinMetadataFilters(builder: SelectQueryBuilder<Transaction>, filters: Record<string, string>, accountId: string | undefined): string[] {
    return Object.entries(filters).map(([key, value], index) => {
      const alias = `meta${index}`;
      const scope = accountId === undefined ? '' : ` AND ${alias}.accountId = :accountId`;
      builder.innerJoin(
        TransactionMetadataEntry,
        alias,
        `${alias}.transactionId = txn.id AND ${alias}.key = :${alias}Key AND ${alias}.value = :${alias}Value${scope}`,
        { [`${alias}Key`]: key, [`${alias}Value`]: value },
      );
      return `${alias}.transactionId`;
    });
  }

  /** A transaction of the caller's account (any, for admins); anything else reads as not found. */
  private async findVisible(manager: EntityManager, caller: AuthenticatedUser, transactionId: string): Promise<Transaction> {
    if (!isId('txn', transactionId)) throw TransactionErrors.notFound();
    const scope = visibleAccountScope(caller);
    if (scope === null) throw TransactionErrors.notFound();
    const transaction = await manager.findOneBy(Transaction, { id: transactionId, ...scope });
    if (!transaction) throw TransactionErrors.notFound();
    return transaction;
  }

  /** undefined: every account (admins); null: none (a member without an account); else that account. */
  private listedAccount(caller: AuthenticatedUser, requested: string | undefined): string | null | undefined {
    if (isAdmin(caller)) return requested;
    if (requested !== undefined && requested !== caller.accountId) {
      throw AuthErrors.insufficientPermissions("Only admins may list another account's transactions.");
    }
    return caller.accountId;
  }
}
