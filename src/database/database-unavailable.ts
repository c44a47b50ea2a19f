import { QueryFailedError } from 'typeorm';

/**
 * The one place that decides whether a failure means "the database cannot be
 * used right now" rather than "this request or this code is wrong". Such
 * failures are answered 503 service_unavailable with Retry-After (the exception
 * filter), logged as one warning line without a stack, and end by themselves
 * when the database is back: nothing in the process has to restart.
 *
 * Recognised, on the error or anything it wraps (TypeORM's driverError, `cause`,
 * the attempts of an AggregateError):
 * - the network: connection refused, reset, timed out, host unreachable or unknown;
 * - PostgreSQL (SQLSTATE): class 08 (connection exception), class 53 (insufficient
 *   resources: too many connections, disk full, out of memory), 57P01-57P05
 *   (administrator, crash or idle-session shutdown, not accepting connections yet),
 *   57014 (a statement cancelled, by DATABASE_STATEMENT_TIMEOUT above all) and 3D000
 *   (the database does not exist, say dropped under the server);
 * - node-postgres: a connection terminated (unexpectedly, or by its connect timeout),
 *   the pool's acquire timeout, a client broken by an earlier connection error, a
 *   pool already ended;
 * - SQLite: SQLITE_BUSY past busy_timeout (another process holds the write lock),
 *   SQLITE_CANTOPEN, SQLITE_IOERR, SQLITE_FULL, SQLITE_PROTOCOL (each with its
 *   extended codes);
 * - a data source already closed (during shutdown, or taken away in a test).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return databaseUnavailableReason(error) !== null;
}

/**
 * What made the database unavailable, as a short code for the log line
 * (`ECONNREFUSED`, `57P01`, `SQLITE_BUSY`, `connection terminated`...), or
 * null when the failure is something else.
 */
export function databaseUnavailableReason(error: unknown): string | null {
  return reasonOf(error, 0);
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EADDRNOTAVAIL',
]);
const POSTGRES_CODES = new Set(['57P01', '57P02', '57P03', '57P04', '57P05', '57014', '3D000']);
const POSTGRES_CLASSES = ['08', '53'];
const SQLITE_PRIMARY_CODES = ['SQLITE_BUSY', 'SQLITE_CANTOPEN', 'SQLITE_IOERR', 'SQLITE_FULL', 'SQLITE_PROTOCOL'];
const MESSAGES: [RegExp, string][] = [
  [/^Connection terminated/, 'connection terminated'],
  [/^timeout exceeded when trying to connect$/, 'pool acquire timeout'],
  [/^Client has encountered a connection error and is not queryable$/, 'connection broken'],
  [/^Client was closed and is not queryable$/, 'connection closed'],
  [/^Query read timeout$/, 'query read timeout'],
  [/^Cannot use a pool after calling end on the pool$/, 'pool closed'],
  [/^Driver not Connected$/, 'data source closed'],
  [/^The database connection is not open$/, 'data source closed'],
];
/** How deep wrapped errors are followed (a cycle of causes must not loop). */
const MAX_DEPTH = 4;

function reasonOf(error: unknown, depth: number): string | null {
  if (typeof error !== 'object' || error === null || depth > MAX_DEPTH) return null;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code) || POSTGRES_CODES.has(code)) return code;
    if (/^[0-9A-Z]{5}$/.test(code) && POSTGRES_CLASSES.includes(code.slice(0, 2))) return code;
    if (SQLITE_PRIMARY_CODES.some((primary) => code === primary || code.startsWith(`${primary}_`))) return code;
  }
  if (error instanceof Error) {
    const known = MESSAGES.find(([pattern]) => pattern.test(error.message));
    if (known) return known[1];
  }
  const wrapped: unknown[] = [];
  if (error instanceof QueryFailedError) wrapped.push(error.driverError);
  if ('cause' in error) wrapped.push(error.cause);
  if (error instanceof AggregateError) wrapped.push(...(error.errors as unknown[]));
  for (const inner of wrapped) {
    const reason = reasonOf(inner, depth + 1);
    if (reason !== null) return reason;
  }
  return null;
}
