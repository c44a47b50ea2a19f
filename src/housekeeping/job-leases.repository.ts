import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { hasRowLocks } from '../database/dialect';
import { Sql } from '../database/sql';

/** The database's clock in epoch milliseconds: instances whose clocks disagree still agree on a lease. */
const POSTGRES_NOW = '(EXTRACT(EPOCH FROM clock_timestamp()) * 1000)::bigint';
const SQLITE_NOW = "CAST(unixepoch('subsec') * 1000 AS INTEGER)";

/**
 * One statement takes a job's period: it creates the lease, or moves one whose
 * period has ended, and returns a row only then. Of instances racing for it,
 * the row's lock (PostgreSQL) or the one writer (SQLite) lets one win; the
 * others see the new `leased_until` and change nothing.
 */
function takeStatement(now: string): Sql {
  return new Sql(`INSERT INTO job_leases (name, leased_until, leased_by) VALUES ($1, ${now} + $2, $3)
    ON CONFLICT (name) DO UPDATE SET leased_until = excluded.leased_until, leased_by = excluded.leased_by
    WHERE job_leases.leased_until <= ${now}
    RETURNING leased_until`);
}
const TAKE_POSTGRES = takeStatement(POSTGRES_NOW);
const TAKE_SQLITE = takeStatement(SQLITE_NOW);

/** The job_leases table: which instance runs each housekeeping job in the current period. */
@Injectable()
export class JobLeasesRepository {
  /** Takes the job for `periodMs` from now, by the database's clock, unless its current period has not ended; whether it did. */
  async take(manager: EntityManager, job: string, periodMs: number, holder: string): Promise<boolean> {
    const statement = hasRowLocks(manager) ? TAKE_POSTGRES : TAKE_SQLITE;
    return (await statement.row(manager, [job, periodMs, holder])) !== null;
  }
}
