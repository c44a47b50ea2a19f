// Accounts with a long ledger, written straight into the bench database: a million transactions
// through the API would take the better part of an hour, and the seed spreads its million over
// 200 accounts. Set-based SQL makes the rows in seconds; the seed's own ledger writer then makes
// their entries, running balances and balance rows, as it does for the seed's rows.
import { DataSource } from 'typeorm';
import { writeLedgerOfTransactions } from '../../src/database/migrations/1763870000000-ledger';
import { sql } from '../../src/database/sql';

/** The Crockford base32 alphabet of ULIDs (src/common/ids/ulid.ts). */
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** Every history spans the same year, so that one instant is the middle of each. */
const HISTORY_MS = 365 * 24 * 60 * 60 * 1000;
/** Ends a little before now, so that nothing the service posts afterwards sorts before it. */
const ENDS_BEFORE_NOW_MS = 60_000;
export const HISTORY_CURRENCY = 'EUR';
/**
 * SQLite's default page cache (2 MiB) holds little of the nine indexes of transactions, so a
 * million inserts keep reading pages back; with this much the writing takes a third less time.
 * A setting of the bench's connection only, as the seed sets its own.
 */
const SQLITE_CACHE_KIB = 256 * 1024;

export interface HistoryRequest {
  accountId: string;
  transactions: number;
}

/** The year the histories span: `middle` is an as_of with half of each history before it. */
export interface HistorySpan {
  start: Date;
  middle: Date;
  end: Date;
}

/**
 * Gives each account `transactions` posted transactions in HISTORY_CURRENCY, evenly spread over
 * the year before now (two credits for each debit, so balances move both ways), then writes the
 * ledger of every transaction that has none, in one database transaction.
 */
export async function writePostedHistories(dataSource: DataSource, requests: readonly HistoryRequest[]): Promise<HistorySpan> {
  const end = Date.now() - ENDS_BEFORE_NOW_MS;
  const start = end - HISTORY_MS;
  const postgres = dataSource.options.type === 'postgres';
  if (!postgres) await dataSource.query(`PRAGMA cache_size = -${SQLITE_CACHE_KIB}`);
  await dataSource.transaction(async (manager) => {
    for (const [index, request] of requests.entries()) {
      await manager.query(insertHistory(request, start, CROCKFORD[index], postgres));
    }
    await writeLedgerOfTransactions((statement) => manager.query(statement));
  });
  if (postgres) await refreshPostgresTables(dataSource);
  return { start: new Date(start), middle: new Date(start + HISTORY_MS / 2), end: new Date(end) };
}

/**
 * One INSERT ... SELECT over a generated series. Ids are valid, time-ordered transaction ids:
 * `txn_`, the creation time in 10 characters, then 16 in place of the random part: BENCH, a
 * character per account and the row number, so that they never collide with each other.
 */
function insertHistory(request: HistoryRequest, start: number, accountTag: string, postgres: boolean): string {
  const step = Math.floor(HISTORY_MS / request.transactions);
  const series = postgres
    ? `WITH series(i) AS (SELECT * FROM generate_series(1, ${request.transactions}))`
    : `WITH RECURSIVE series(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM series WHERE i < ${request.transactions})`;
  const isDebit = 'i % 3 = 0';
  return `INSERT INTO transactions (id, account_id, type, status, direction, amount, currency, reference_ids, metadata, created_at, updated_at, posted_at)
    ${series}
    SELECT 'txn_' || ${crockford10('at')} || 'BENCH${accountTag}' || ${crockford10('i')}, '${request.accountId}',
      CASE WHEN ${isDebit} THEN 'payment' ELSE 'credit' END, 'posted', CASE WHEN ${isDebit} THEN 'debit' ELSE 'credit' END,
      100 + (i * 37) % 9900, '${HISTORY_CURRENCY}', '[]', '{}', at, at, at
    FROM (SELECT i, ${start} + CAST(i - 1 AS BIGINT) * ${step} AS at FROM series) AS rows`;
}

/** SQL for a non-negative integer below 2^50 in 10 Crockford base32 characters, most significant first. */
function crockford10(expression: string): string {
  return Array.from({ length: 10 }, (_, position) => `substr('${CROCKFORD}', CAST(((${expression}) >> ${5 * (9 - position)}) & 31 AS INTEGER) + 1, 1)`).join(' || ');
}

/**
 * The ledger writer updates every entry it gives a running balance, which leaves as many dead
 * row versions and index entries behind; the service's index seeks would step over them until
 * autovacuum comes by. VACUUM removes them and ANALYZE gives the planner the new row counts, as
 * the seed's own ANALYZE does for its rows.
 */
async function refreshPostgresTables(dataSource: DataSource): Promise<void> {
  await dataSource.query('VACUUM ANALYZE transactions, ledger_entries, ledger_balances');
}

const ENTRIES_AND_BALANCE = sql`SELECT (SELECT COUNT(*) FROM ledger_entries WHERE account_id = $1) AS entries,
    (SELECT posted FROM ledger_balances WHERE account_id = $1 AND currency = $2) AS posted`;

/** The entries and the stored posted balance of one account, as the database holds them (for the log). */
export async function describeHistory(dataSource: DataSource, accountId: string): Promise<string> {
  const row = await ENTRIES_AND_BALANCE.row<{ entries: number | string; posted: number | string | null }>(dataSource.manager, [accountId, HISTORY_CURRENCY]);
  return `${Number(row?.entries ?? 0)} entries, posted balance ${row?.posted == null ? 'none' : Number(row.posted)} (${HISTORY_CURRENCY})`;
}

const POSTED_SUM_AS_OF = sql`SELECT COALESCE(SUM(CASE WHEN side = 'credit' THEN amount ELSE -amount END), 0) AS posted
  FROM ledger_entries WHERE account_id = $1 AND currency = $2 AND status = 'posted' AND posted_at <= $3`;

/** The posted balance at `at` the long way, from every entry: what an as_of answer must equal. */
export async function postedSumAsOf(dataSource: DataSource, accountId: string, currency: string, at: Date): Promise<number> {
  const row = await POSTED_SUM_AS_OF.row<{ posted: number | string }>(dataSource.manager, [accountId, currency, at.getTime()]);
  return Number(row?.posted ?? 0);
}
