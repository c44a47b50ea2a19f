import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { sql } from '../database/sql';
import { EntrySide, EntryStatus } from './entities/ledger-entry.entity';
import { BalanceKey } from './ledger.repository';

/** A sum of entries: per currency, status and side. */
export interface EntryTotal {
  currency: string;
  status: EntryStatus;
  side: EntrySide;
  amount: number;
  entries: number;
}

/** A transaction whose entries are not one debit and one credit of one amount, currency and status. */
export interface UnpairedTransaction {
  transactionId: string;
  entries: number;
}

/** The stored sums of a balance beside what its entries add up to. */
export interface BalanceRecount {
  key: BalanceKey;
  stored: BalanceSums;
  recounted: BalanceSums;
  /** The running balance of its last posted entry (null: none posted). */
  lastBalanceAfter: number | null;
}

export interface BalanceSums {
  posted: number;
  pendingDebits: number;
  pendingCredits: number;
  postedCount: number;
}

const TOTALS = sql`SELECT currency, status, side, SUM(amount) AS amount, COUNT(*) AS entries
  FROM ledger_entries GROUP BY currency, status, side ORDER BY currency, status, side`;

const UNPAIRED = sql`SELECT transaction_id, COUNT(*) AS entries FROM ledger_entries GROUP BY transaction_id
  HAVING COUNT(*) <> 2 OR MIN(side) = MAX(side) OR MIN(amount) <> MAX(amount) OR MIN(currency) <> MAX(currency) OR MIN(status) <> MAX(status)
  LIMIT $1`;

const ENTRIES_WITHOUT_BALANCE = sql`SELECT DISTINCT e.account_id, e.currency FROM ledger_entries e
  WHERE e.account_id NOT LIKE 'external:%'
    AND NOT EXISTS (SELECT 1 FROM ledger_balances b WHERE b.account_id = e.account_id AND b.currency = e.currency)
  LIMIT $1`;

const BALANCES_AFTER = sql`SELECT account_id, currency, posted, pending_debits, pending_credits, posted_count FROM ledger_balances
  WHERE account_id > $1 OR (account_id = $1 AND currency > $2)
  ORDER BY account_id, currency LIMIT $3`;

const RECOUNT_ACCOUNTS = sql`SELECT account_id, currency,
    SUM(CASE WHEN status = 'posted' THEN (CASE WHEN side = 'credit' THEN amount ELSE -amount END) ELSE 0 END) AS posted,
    SUM(CASE WHEN status = 'pending' AND side = 'debit' THEN amount ELSE 0 END) AS pending_debits,
    SUM(CASE WHEN status = 'pending' AND side = 'credit' THEN amount ELSE 0 END) AS pending_credits,
    SUM(CASE WHEN status = 'posted' THEN 1 ELSE 0 END) AS posted_count
  FROM ledger_entries WHERE account_id >= $1 AND account_id <= $2
  GROUP BY account_id, currency`;

const LAST_POSTED = sql`SELECT balance_after FROM ledger_entries
  WHERE account_id = $1 AND currency = $2 AND posted_at IS NOT NULL
  ORDER BY posted_at DESC, posted_seq DESC LIMIT 1`;

/** Balances of accounts that forbid overdrafts, below zero available (posted - pending debits). */
const OVERDRAWN_FORBIDDING = sql`SELECT b.account_id, b.currency, b.posted - b.pending_debits AS available
  FROM ledger_balances b JOIN accounts a ON a.id = b.account_id
  WHERE a.overdraft = 'forbidden' AND b.posted - b.pending_debits < 0
  LIMIT $1`;

type Numeric = number | string;
interface SumsRow {
  account_id: string;
  currency: string;
  posted: Numeric;
  pending_debits: Numeric;
  pending_credits: Numeric;
  posted_count: Numeric;
}

/**
 * The reads of the ledger check. Sums are made by the database, and balances
 * are recounted a few hundred at a time, so the check holds no more than one
 * chunk in memory whatever the number of entries.
 */
@Injectable()
export class LedgerCheckRepository {
  async totals(manager: EntityManager): Promise<EntryTotal[]> {
    const rows = await TOTALS.rows<{ currency: string; status: EntryStatus; side: EntrySide; amount: Numeric; entries: Numeric }>(manager, []);
    return rows.map((row) => ({ currency: row.currency, status: row.status, side: row.side, amount: Number(row.amount), entries: Number(row.entries) }));
  }

  async unpaired(manager: EntityManager, limit: number): Promise<UnpairedTransaction[]> {
    const rows = await UNPAIRED.rows<{ transaction_id: string; entries: Numeric }>(manager, [limit]);
    return rows.map((row) => ({ transactionId: row.transaction_id, entries: Number(row.entries) }));
  }

  async entriesWithoutBalance(manager: EntityManager, limit: number): Promise<BalanceKey[]> {
    const rows = await ENTRIES_WITHOUT_BALANCE.rows<{ account_id: string; currency: string }>(manager, [limit]);
    return rows.map((row) => ({ accountId: row.account_id, currency: row.currency }));
  }

  /** Up to `limit` balances of accounts that forbid overdrafts whose available amount is below zero. */
  async overdrawnForbidding(manager: EntityManager, limit: number): Promise<(BalanceKey & { available: number })[]> {
    const rows = await OVERDRAWN_FORBIDDING.rows<{ account_id: string; currency: string; available: Numeric }>(manager, [limit]);
    return rows.map((row) => ({ accountId: row.account_id, currency: row.currency, available: Number(row.available) }));
  }

  /** The next `limit` balances after `after` (in account id, currency order), each with its entries recounted. */
  async recountAfter(manager: EntityManager, after: BalanceKey, limit: number): Promise<BalanceRecount[]> {
    const stored = await BALANCES_AFTER.rows<SumsRow>(manager, [after.accountId, after.currency, limit]);
    if (stored.length === 0) return [];
    const recounted = await RECOUNT_ACCOUNTS.rows<SumsRow>(manager, [stored[0].account_id, stored[stored.length - 1].account_id]);
    const recountedByKey = new Map(recounted.map((row) => [`${row.account_id} ${row.currency}`, sumsOf(row)]));
    const result: BalanceRecount[] = [];
    for (const row of stored) {
      const key = { accountId: row.account_id, currency: row.currency };
      const last = await LAST_POSTED.row<{ balance_after: Numeric | null }>(manager, [key.accountId, key.currency]);
      result.push({
        key,
        stored: sumsOf(row),
        recounted: recountedByKey.get(`${row.account_id} ${row.currency}`) ?? { posted: 0, pendingDebits: 0, pendingCredits: 0, postedCount: 0 },
        lastBalanceAfter: last === null || last.balance_after === null ? null : Number(last.balance_after),
      });
    }
    return result;
  }
}

function sumsOf(row: SumsRow): BalanceSums {
  return {
    posted: Number(row.posted),
    pendingDebits: Number(row.pending_debits),
    pendingCredits: Number(row.pending_credits),
    postedCount: Number(row.posted_count),
  };
}
