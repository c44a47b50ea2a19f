import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { instantOrNull } from '../database/columns';
import { hasRowLocks } from '../database/dialect';
import { MultiRowInsert, Sql, sql } from '../database/sql';
import { EntrySide, EntryStatus } from './entities/ledger-entry.entity';
import { BalanceChange } from './posting';

/** A balance row as the drivers return it (BIGINT may come back as a string). */
interface BalanceRow {
  currency: string;
  posted: number | string;
  pending_debits: number | string;
  pending_credits: number | string;
  updated_at: number | string;
}

export interface StoredBalance {
  currency: string;
  posted: number;
  pendingDebits: number;
  pendingCredits: number;
  updatedAt: Date;
}

/** Where a balance stands right after a change: its posted sum and how many entries have posted into it. */
export interface BalancePosition {
  posted: number;
  postedCount: number;
}

/** A balance as a change left it. */
export interface ChangedBalance extends StoredBalance {
  accountId: string;
  postedCount: number;
  /** When its last entry posted (null before the first): what a later posting's instant may not precede. */
  lastPostedAt: Date | null;
}

interface ChangedBalanceRow extends BalanceRow {
  account_id: string;
  posted_count: number | string;
  last_posted_at: number | string | null;
}

const CHANGED_COLUMNS = 'account_id, currency, posted, pending_debits, pending_credits, posted_count, last_posted_at, updated_at';

export interface NewEntry {
  transactionId: string;
  side: EntrySide;
  accountId: string;
  currency: string;
  amount: number;
  status: EntryStatus;
  createdAt: Date;
  postedAt: Date | null;
  position: BalancePosition | null;
}

/** An entry that a bulk cancel moved, and so the balance change it makes. */
export interface CanceledEntry {
  accountId: string;
  currency: string;
  side: EntrySide;
  amount: number;
}

export interface BalanceKey {
  accountId: string;
  currency: string;
}

const APPLY_CHANGE = new Sql(`INSERT INTO ledger_balances
    (account_id, currency, posted, pending_debits, pending_credits, posted_count, last_posted_at, updated_at)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
  ON CONFLICT (account_id, currency) DO UPDATE SET
    posted = ledger_balances.posted + excluded.posted,
    pending_debits = ledger_balances.pending_debits + excluded.pending_debits,
    pending_credits = ledger_balances.pending_credits + excluded.pending_credits,
    posted_count = ledger_balances.posted_count + excluded.posted_count,
    last_posted_at = COALESCE(excluded.last_posted_at, ledger_balances.last_posted_at),
    updated_at = excluded.updated_at
  RETURNING ${CHANGED_COLUMNS}`);

/** The overdraft guard: the debit is held only while it fits in `available` (posted - pending debits). */
const HOLD_DEBIT_WITHIN_AVAILABLE = new Sql(`UPDATE ledger_balances SET pending_debits = pending_debits + $3, updated_at = $4
  WHERE account_id = $1 AND currency = $2 AND posted - pending_debits >= $3
  RETURNING ${CHANGED_COLUMNS}`);

const ENSURE_BALANCE = sql`INSERT INTO ledger_balances
    (account_id, currency, posted, pending_debits, pending_credits, posted_count, last_posted_at, updated_at)
  VALUES ($1, $2, 0, 0, 0, 0, NULL, $3)
  ON CONFLICT (account_id, currency) DO NOTHING`;
const LOCK_BALANCE = sql`SELECT last_posted_at FROM ledger_balances WHERE account_id = $1 AND currency = $2 FOR UPDATE`;
const READ_BALANCE_POSTED_AT = sql`SELECT last_posted_at FROM ledger_balances WHERE account_id = $1 AND currency = $2`;

const INSERT_ENTRIES = new MultiRowInsert('ledger_entries', [
  'transaction_id',
  'side',
  'account_id',
  'currency',
  'amount',
  'status',
  'created_at',
  'posted_at',
  'posted_seq',
  'balance_after',
]);

/**
 * A posted entry records where its balance stands right after it (the balance's posted sum and count, as
 * this unit of work's change of it left them; none for an external account), so it can follow that change
 * in the same round trip instead of waiting for its answer.
 */
const MOVE_ENTRY = sql`UPDATE ledger_entries SET status = $3, posted_at = $4, canceled_at = $5,
    posted_seq = CASE WHEN CAST($4 AS BIGINT) IS NOT NULL THEN (SELECT posted_count FROM ledger_balances b WHERE b.account_id = ledger_entries.account_id AND b.currency = ledger_entries.currency) END,
    balance_after = CASE WHEN CAST($4 AS BIGINT) IS NOT NULL THEN (SELECT posted FROM ledger_balances b WHERE b.account_id = ledger_entries.account_id AND b.currency = ledger_entries.currency) END
  WHERE transaction_id = $1 AND side = $2 AND status = 'pending'`;

const BALANCES_OF_ACCOUNT = sql`SELECT currency, posted, pending_debits, pending_credits, updated_at
  FROM ledger_balances WHERE account_id = $1 ORDER BY currency`;
const CURRENCIES_OF_ACCOUNT = sql`SELECT currency FROM ledger_balances WHERE account_id = $1 ORDER BY currency`;
const POSTED_AS_OF = sql`SELECT balance_after FROM ledger_entries
  WHERE account_id = $1 AND currency = $2 AND posted_at <= $3
  ORDER BY posted_at DESC, posted_seq DESC LIMIT 1`;

const PENDING_BALANCES_TOUCHING = sql`SELECT DISTINCT other.account_id, other.currency
  FROM ledger_entries mine JOIN ledger_entries other ON other.transaction_id = mine.transaction_id
  WHERE mine.account_id = $1 AND mine.status = 'pending' AND other.account_id NOT LIKE 'external:%'`;
const CANCEL_PENDING_TOUCHING = sql`UPDATE ledger_entries SET status = 'canceled', canceled_at = $2
  WHERE status = 'pending' AND transaction_id IN (SELECT transaction_id FROM ledger_entries WHERE account_id = $1 AND status = 'pending')
  RETURNING account_id, currency, side, amount`;

/**
 * The ledger's two tables: entries and the balances kept from them. Balance
 * rows are locked by account id, then currency (src/database/lock-order.md),
 * before the transaction rows whose entries change them.
 */
@Injectable()
export class LedgerRepository {
  /** Adds `change` to the balance (created at zero if new); the balance afterwards. */
  async applyChange(manager: EntityManager, key: BalanceKey, change: BalanceChange, postedAt: Date | null, now: Date): Promise<ChangedBalance> {
    const params = [key.accountId, key.currency, change.posted, change.pendingDebits, change.pendingCredits, change.postedCount, postedAt?.getTime() ?? null, now.getTime()];
    const row = await APPLY_CHANGE.row<ChangedBalanceRow>(manager, params);
    if (row === null) throw new Error('the balance upsert returned no row');
    return changedBalanceOf(row);
  }

  /** Holds a pending debit when it fits in the available balance: the balance afterwards, or null (nothing written). */
  async holdDebitWithinAvailable(manager: EntityManager, key: BalanceKey, amount: number, now: Date): Promise<ChangedBalance | null> {
    const row = await HOLD_DEBIT_WITHIN_AVAILABLE.row<ChangedBalanceRow>(manager, [key.accountId, key.currency, amount, now.getTime()]);
    return row === null ? null : changedBalanceOf(row);
  }

  /**
   * Locks the balance row (PostgreSQL: FOR UPDATE; SQLite: the transaction
   * already holds the write lock), creating it at zero first, and returns when
   * it last had an entry posted.
   */
  async lock(manager: EntityManager, key: BalanceKey, now: Date): Promise<Date | null> {
    const statement = hasRowLocks(manager) ? LOCK_BALANCE : READ_BALANCE_POSTED_AT;
    // Sent together: the insert runs first, so the lock always finds the row.
    const [, row] = await Promise.all([
      ENSURE_BALANCE.run(manager, [key.accountId, key.currency, now.getTime()]),
      statement.row<{ last_posted_at: number | string | null }>(manager, [key.accountId, key.currency]),
    ]);
    return instantOrNull(row?.last_posted_at);
  }

  async insertEntries(manager: EntityManager, entries: readonly [NewEntry, NewEntry]): Promise<void> {
    await INSERT_ENTRIES.run(manager, entries.map(entryParams));
  }

  /** pending -> `to`, after its balance's change; false when the entry was not pending. */
  async moveEntry(manager: EntityManager, transactionId: string, side: EntrySide, to: 'posted' | 'canceled', at: Date): Promise<boolean> {
    const posted = to === 'posted';
    return (await MOVE_ENTRY.run(manager, [transactionId, side, to, posted ? at.getTime() : null, posted ? null : at.getTime()])) === 1;
  }

  async balancesOf(manager: EntityManager, accountId: string): Promise<StoredBalance[]> {
    const rows = await BALANCES_OF_ACCOUNT.rows<BalanceRow>(manager, [accountId]);
    return rows.map(storedBalanceOf);
  }

  async currenciesOf(manager: EntityManager, accountId: string): Promise<string[]> {
    return (await CURRENCIES_OF_ACCOUNT.rows<{ currency: string }>(manager, [accountId])).map((row) => row.currency);
  }

  /** The posted balance right after the last entry posted at or before `at` (0 before the first): one index seek. */
  async postedAsOf(manager: EntityManager, key: BalanceKey, at: Date): Promise<number> {
    const row = await POSTED_AS_OF.row<{ balance_after: number | string }>(manager, [key.accountId, key.currency, at.getTime()]);
    return row === null ? 0 : Number(row.balance_after);
  }

  /** The customer balances that pending transactions involving the account touch, in lock order. */
  async pendingBalancesTouching(manager: EntityManager, accountId: string): Promise<BalanceKey[]> {
    const rows = await PENDING_BALANCES_TOUCHING.rows<{ account_id: string; currency: string }>(manager, [accountId]);
    return rows.map((row) => ({ accountId: row.account_id, currency: row.currency })).sort(compareKeys);
  }

  /** Cancels both entries of every pending transaction involving the account; the entries it moved. */
  async cancelPendingTouching(manager: EntityManager, accountId: string, at: Date): Promise<CanceledEntry[]> {
    const rows = await CANCEL_PENDING_TOUCHING.rows<{ account_id: string; currency: string; side: EntrySide; amount: number | string }>(manager, [accountId, at.getTime()]);
    return rows.map((row) => ({ accountId: row.account_id, currency: row.currency, side: row.side, amount: Number(row.amount) }));
  }
}

function storedBalanceOf(row: BalanceRow): StoredBalance {
  return {
    currency: row.currency,
    posted: Number(row.posted),
    pendingDebits: Number(row.pending_debits),
    pendingCredits: Number(row.pending_credits),
    updatedAt: new Date(Number(row.updated_at)),
  };
}

function changedBalanceOf(row: ChangedBalanceRow): ChangedBalance {
  return { ...storedBalanceOf(row), accountId: row.account_id, postedCount: Number(row.posted_count), lastPostedAt: instantOrNull(row.last_posted_at) };
}

export function compareKeys(a: BalanceKey, b: BalanceKey): number {
  if (a.accountId !== b.accountId) return a.accountId < b.accountId ? -1 : 1;
  return a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0;
}

function entryParams(entry: NewEntry): unknown[] {
  return [
    entry.transactionId,
    entry.side,
    entry.accountId,
    entry.currency,
    entry.amount,
    entry.status,
    entry.createdAt.getTime(),
    entry.postedAt?.getTime() ?? null,
    entry.position?.postedCount ?? null,
    entry.position?.posted ?? null,
  ];
}
