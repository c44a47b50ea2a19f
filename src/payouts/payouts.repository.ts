import { Injectable } from '@nestjs/common';
import { EntityManager, In } from 'typeorm';
import { AccountScope } from '../common/access/account-access';
import { fetchPage, Page } from '../common/pagination/page';
import { PaginationQueryDto } from '../common/pagination/pagination-query.dto';
import { Sql, sql } from '../database/sql';
import { PayoutBatch } from './entities/payout-batch.entity';
import { Payout, PayoutStatus } from './entities/payout.entity';

const INSERT_PAYOUT = sql`INSERT INTO payouts (id, account_id, amount, currency, status, iban_sealed, iban_last4, bic, destination_name, reference, description,
  metadata, batch_id, failure_code, transaction_id, return_transaction_id, livemode, created_at, updated_at)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)`;
const INSERT_BATCH = sql`INSERT INTO payout_batches (id, payout_count, total_amount, currency, execution_date, created_by, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`;
const SET_BATCH_TOTALS = sql`UPDATE payout_batches SET payout_count = $2, total_amount = $3 WHERE id = $1`;
/** Every pending live EUR payout joins the batch: one statement, so two batches never share a payout. */
const CLAIM_ALL = sql`UPDATE payouts SET status = 'in_transit', batch_id = $1, updated_at = $2
  WHERE status = 'pending' AND batch_id IS NULL AND livemode = $3 AND currency = 'EUR' RETURNING id`;
const SET_RETURN_TRANSACTION = sql`UPDATE payouts SET return_transaction_id = $2 WHERE id = $1`;
const CANCEL_PENDING_OF_ACCOUNT = sql`UPDATE payouts SET status = 'canceled', updated_at = $2 WHERE account_id = $1 AND status = 'pending' RETURNING id`;
const IN_TRANSIT_OF_ACCOUNT = sql`SELECT COUNT(*) AS count FROM payouts WHERE account_id = $1 AND status = 'in_transit'`;

/** How many ids one IN list carries: far under SQLite's (32,766) and PostgreSQL's (65,535) parameter limits. */
export const IDS_PER_STATEMENT = 500;

/** The payouts and their batches. */
@Injectable()
export class PayoutsRepository {
  private readonly claimNamed = new Map<number, Sql>();
  private readonly moves = new Map<string, Sql>();

  async insert(manager: EntityManager, payout: Payout): Promise<void> {
    await INSERT_PAYOUT.run(manager, [
      payout.id,
      payout.accountId,
      payout.amount,
      payout.currency,
      payout.status,
      payout.ibanSealed,
      payout.ibanLast4,
      payout.bic,
      payout.destinationName,
      payout.reference,
      payout.description,
      JSON.stringify(payout.metadata),
      payout.batchId,
      payout.failureCode,
      payout.transactionId,
      payout.returnTransactionId,
      payout.livemode ? 1 : 0,
      payout.createdAt.getTime(),
      payout.updatedAt.getTime(),
    ]);
  }

  findById(manager: EntityManager, payoutId: string): Promise<Payout | null> {
    return manager.findOneBy(Payout, { id: payoutId });
  }

  /** The payouts with these ids, in id order (IN lists of IDS_PER_STATEMENT). */
  async findByIds(manager: EntityManager, payoutIds: readonly string[]): Promise<Payout[]> {
    const found: Payout[] = [];
    for (let start = 0; start < payoutIds.length; start += IDS_PER_STATEMENT) {
      found.push(...(await manager.find(Payout, { where: { id: In(payoutIds.slice(start, start + IDS_PER_STATEMENT)) } })));
    }
    return found.sort((a, b) => (a.id < b.id ? -1 : 1));
  }

  findVisible(manager: EntityManager, scope: AccountScope, payoutId: string): Promise<Payout | null> {
    if (scope.kind === 'none') return Promise.resolve(null);
    return manager.findOneBy(Payout, scope.kind === 'account' ? { id: payoutId, accountId: scope.accountId } : { id: payoutId });
  }

  page<Item>(manager: EntityManager, scope: AccountScope, status: PayoutStatus | undefined, pagination: PaginationQueryDto, toItem: (row: Payout) => Item): Promise<Page<Item>> {
    const query = manager.createQueryBuilder(Payout, 'payout');
    if (scope.kind === 'none') query.where('1 = 0');
    if (scope.kind === 'account') query.andWhere('payout.accountId = :accountId', { accountId: scope.accountId });
    if (status !== undefined) query.andWhere('payout.status = :status', { status });
    return fetchPage(query, pagination, toItem);
  }

  /**
   * from -> to, one conditional update: of racing moves exactly one gets the payout as it leaves it, the others null.
   * `failureCode` is set when given.
   */
  async move(manager: EntityManager, payoutId: string, from: readonly PayoutStatus[], to: PayoutStatus, at: Date, changes: { failureCode?: string } = {}): Promise<Payout | null> {
    const key = from.join(',');
    let statement = this.moves.get(key);
    if (statement === undefined) {
      const allowed = from.map((_, index) => `$${index + 5}`).join(', ');
      statement = new Sql(`UPDATE payouts SET status = $2, updated_at = $3, failure_code = COALESCE($4, failure_code)
        WHERE id = $1 AND status IN (${allowed}) RETURNING id`);
      this.moves.set(key, statement);
    }
    const moved = await statement.rows<{ id: string }>(manager, [payoutId, to, at.getTime(), changes.failureCode ?? null, ...from]);
    return moved.length === 0 ? null : this.findById(manager, payoutId);
  }

  /** The posted credit that booked a returned payout back (inserted after the payout's move, which its foreign key follows). */
  setReturnTransaction(manager: EntityManager, payoutId: string, transactionId: string): Promise<number> {
    return SET_RETURN_TRANSACTION.run(manager, [payoutId, transactionId]);
  }

  insertBatch(manager: EntityManager, batch: PayoutBatch): Promise<number> {
    return INSERT_BATCH.run(manager, [batch.id, batch.payoutCount, batch.totalAmount, batch.currency, batch.executionDate, batch.createdBy, batch.createdAt.getTime()]);
  }

  setBatchTotals(manager: EntityManager, batchId: string, count: number, total: number): Promise<number> {
    return SET_BATCH_TOTALS.run(manager, [batchId, count, total]);
  }

  /**
   * Moves pending live EUR payouts (all, or those named) into the batch, in_transit: conditional updates, so a payout
   * joins one batch only, whichever of racing batches reaches its row first. The ids it moved.
   */
  async claimForBatch(manager: EntityManager, batchId: string, at: Date, payoutIds: readonly string[] | null): Promise<string[]> {
    if (payoutIds === null) return (await CLAIM_ALL.rows<{ id: string }>(manager, [batchId, at.getTime(), 1])).map((row) => row.id);
    const claimed: string[] = [];
    for (let start = 0; start < payoutIds.length; start += IDS_PER_STATEMENT) {
      const ids = payoutIds.slice(start, start + IDS_PER_STATEMENT);
      const rows = await this.claimNamedStatement(ids.length).rows<{ id: string }>(manager, [batchId, at.getTime(), 1, ...ids]);
      claimed.push(...rows.map((row) => row.id));
    }
    return claimed;
  }

  private claimNamedStatement(count: number): Sql {
    let statement = this.claimNamed.get(count);
    if (statement === undefined) {
      const ids = Array.from({ length: count }, (_, index) => `$${index + 4}`).join(', ');
      statement = new Sql(`UPDATE payouts SET status = 'in_transit', batch_id = $1, updated_at = $2
        WHERE status = 'pending' AND batch_id IS NULL AND livemode = $3 AND currency = 'EUR' AND id IN (${ids}) RETURNING id`);
      this.claimNamed.set(count, statement);
    }
    return statement;
  }

  findBatch(manager: EntityManager, batchId: string): Promise<PayoutBatch | null> {
    return manager.findOneBy(PayoutBatch, { id: batchId });
  }

  pageBatches<Item>(manager: EntityManager, pagination: PaginationQueryDto, toItem: (row: PayoutBatch) => Item): Promise<Page<Item>> {
    return fetchPage(manager.createQueryBuilder(PayoutBatch, 'batch'), pagination, toItem);
  }

  /** Up to `limit` payouts of a batch after `afterId`, in id order: the file is written a page at a time. */
  batchPage(manager: EntityManager, batchId: string, afterId: string, limit: number): Promise<Payout[]> {
    return manager
      .createQueryBuilder(Payout, 'payout')
      .where('payout.batchId = :batchId', { batchId })
      .andWhere('payout.id > :afterId', { afterId })
      .orderBy('payout.id', 'ASC')
      .limit(limit)
      .getMany();
  }

  /** A closure: the account's pending payouts are canceled; those payouts, as they end. */
  async cancelPendingOfAccount(manager: EntityManager, accountId: string, at: Date): Promise<Payout[]> {
    const canceled = await CANCEL_PENDING_OF_ACCOUNT.rows<{ id: string }>(manager, [accountId, at.getTime()]);
    return this.findByIds(
      manager,
      canceled.map((row) => row.id),
    );
  }

  async countInTransitOfAccount(manager: EntityManager, accountId: string): Promise<number> {
    const row = await IN_TRANSIT_OF_ACCOUNT.row<{ count: number | string }>(manager, [accountId]);
    return Number(row?.count ?? 0);
  }
}
