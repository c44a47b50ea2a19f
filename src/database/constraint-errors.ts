import { QueryFailedError } from 'typeorm';

/**
 * True when a write failed on a unique index (PostgreSQL 23505, SQLite
 * SQLITE_CONSTRAINT_UNIQUE/PRIMARYKEY), whether it went through TypeORM
 * (QueryFailedError) or straight through the driver (Sql).
 */
export function isUniqueViolation(error: unknown): boolean {
  const driverError: unknown = error instanceof QueryFailedError ? error.driverError : error;
  const code = (driverError as { code?: unknown } | null | undefined)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
