import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { sql } from '../database/sql';

/** A transaction whose entries are not its two: one on its account on the side its direction names, one on the other side. */
export interface TransactionWithoutItsEntries {
  transactionId: string;
  entries: number;
}

/** A payment or credit whose refunds or reversal do not add up: what it is, what it stores, what gives it back. */
export interface GivenBack {
  transactionId: string;
  amount: number;
  /** Its stored reserve (amount_refunded). */
  amountRefunded: number;
  /** The sum of the refunds naming it that are not canceled. */
  liveRefunds: number;
  reversed: boolean;
  /** A canceled transaction never happened: it gives nothing back. */
  canceled: boolean;
}

/**
 * Each transaction with its entries, found on their primary key (transaction_id, side): one pass over the
 * transactions in id order, two index seeks each, grouped as they come (no sort, no hash of a million groups).
 */
const WITHOUT_THEIR_ENTRIES = sql`SELECT t.id, COUNT(e.transaction_id) AS entries
  FROM transactions t LEFT JOIN ledger_entries e ON e.transaction_id = t.id
  GROUP BY t.id
  HAVING COUNT(e.transaction_id) <> 2
    OR SUM(CASE WHEN e.amount = t.amount AND e.currency = t.currency AND e.status = t.status THEN 1 ELSE 0 END) <> 2
    OR SUM(CASE WHEN e.account_id = t.account_id AND e.side = t.direction THEN 1 ELSE 0 END) <> 1
    OR SUM(CASE WHEN e.account_id = COALESCE(t.counterparty_account_id, 'external:' || t.currency) AND e.side <> t.direction THEN 1 ELSE 0 END) <> 1
  LIMIT $1`;

/** Refunds summed once per transaction they name (on its partial index), then matched with it. */
const GIVEN_BACK_WRONGLY = sql`SELECT t.id, t.amount, t.status, t.amount_refunded, COALESCE(r.live, 0) AS live_refunds, t.reversed_by_transaction_id
  FROM transactions t
  LEFT JOIN (
    SELECT refunded_transaction_id, SUM(amount) AS live FROM transactions
    WHERE refunded_transaction_id IS NOT NULL AND status <> 'canceled' GROUP BY refunded_transaction_id
  ) r ON r.refunded_transaction_id = t.id
  WHERE t.type IN ('payment', 'credit')
    AND (t.amount_refunded <> COALESCE(r.live, 0)
      OR COALESCE(r.live, 0) + CASE WHEN t.reversed_by_transaction_id IS NULL THEN 0 ELSE t.amount END > t.amount
      OR (t.status = 'canceled' AND COALESCE(r.live, 0) > 0))
  LIMIT $1`;

type Numeric = number | string;

/** The ledger check's reads of the transactions table (contract section 20), at most `limit` offenders each. */
@Injectable()
export class TransactionInvariantsRepository {
  async withoutTheirEntries(manager: EntityManager, limit: number): Promise<TransactionWithoutItsEntries[]> {
    const rows = await WITHOUT_THEIR_ENTRIES.rows<{ id: string; entries: Numeric }>(manager, [limit]);
    return rows.map((row) => ({ transactionId: row.id, entries: Number(row.entries) }));
  }

  async givenBackWrongly(manager: EntityManager, limit: number): Promise<GivenBack[]> {
    const rows = await GIVEN_BACK_WRONGLY.rows<{
      id: string;
      amount: Numeric;
      status: string;
      amount_refunded: Numeric;
      live_refunds: Numeric;
      reversed_by_transaction_id: string | null;
    }>(manager, [limit]);
    return rows.map((row) => ({
      transactionId: row.id,
      amount: Number(row.amount),
      amountRefunded: Number(row.amount_refunded),
      liveRefunds: Number(row.live_refunds),
      reversed: row.reversed_by_transaction_id !== null,
      canceled: row.status === 'canceled',
    }));
  }
}
