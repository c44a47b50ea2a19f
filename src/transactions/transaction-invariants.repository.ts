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
}

/**
 * Entries summed once per transaction on their primary key's order (transaction_id, side), then matched with
 * their transaction: one pass over each table, whatever their size.
 */
const WITHOUT_THEIR_ENTRIES = sql`SELECT t.id, COALESCE(e.entries, 0) AS entries
  FROM transactions t
  LEFT JOIN (
    SELECT transaction_id, COUNT(*) AS entries, MIN(amount) AS min_amount, MAX(amount) AS max_amount,
      MIN(currency) AS min_currency, MAX(currency) AS max_currency, MIN(status) AS min_status, MAX(status) AS max_status,
      MIN(CASE WHEN side = 'debit' THEN account_id END) AS debit_account, MIN(CASE WHEN side = 'credit' THEN account_id END) AS credit_account
    FROM ledger_entries GROUP BY transaction_id
  ) e ON e.transaction_id = t.id
  WHERE e.transaction_id IS NULL OR e.entries <> 2 OR e.debit_account IS NULL OR e.credit_account IS NULL
    OR e.min_amount <> t.amount OR e.max_amount <> t.amount OR e.min_currency <> t.currency OR e.max_currency <> t.currency
    OR e.min_status <> t.status OR e.max_status <> t.status
    OR t.account_id <> CASE WHEN t.direction = 'debit' THEN e.debit_account ELSE e.credit_account END
    OR COALESCE(t.counterparty_account_id, 'external:' || t.currency) <> CASE WHEN t.direction = 'debit' THEN e.credit_account ELSE e.debit_account END
  LIMIT $1`;

/** Refunds summed once per transaction they name (on its partial index), then matched with it. */
const GIVEN_BACK_WRONGLY = sql`SELECT t.id, t.amount, t.amount_refunded, COALESCE(r.live, 0) AS live_refunds, t.reversed_by_transaction_id
  FROM transactions t
  LEFT JOIN (
    SELECT refunded_transaction_id, SUM(amount) AS live FROM transactions
    WHERE refunded_transaction_id IS NOT NULL AND status <> 'canceled' GROUP BY refunded_transaction_id
  ) r ON r.refunded_transaction_id = t.id
  WHERE t.type IN ('payment', 'credit')
    AND (t.amount_refunded <> COALESCE(r.live, 0)
      OR COALESCE(r.live, 0) + CASE WHEN t.reversed_by_transaction_id IS NULL THEN 0 ELSE t.amount END > t.amount)
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
    const rows = await GIVEN_BACK_WRONGLY.rows<{ id: string; amount: Numeric; amount_refunded: Numeric; live_refunds: Numeric; reversed_by_transaction_id: string | null }>(
      manager,
      [limit],
    );
    return rows.map((row) => ({
      transactionId: row.id,
      amount: Number(row.amount),
      amountRefunded: Number(row.amount_refunded),
      liveRefunds: Number(row.live_refunds),
      reversed: row.reversed_by_transaction_id !== null,
    }));
  }
}
