import { Injectable, Optional } from '@nestjs/common';
import { DataSource, EntityManager, QueryRunner } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { ReadReplica } from './read-replica';
import { SerialQueue } from './serial-queue';
import { commitPostgres, sql, sqliteInTransaction } from './sql';

const BEGIN = sql`BEGIN IMMEDIATE`;
const BEGIN_POSTGRES = sql`BEGIN`;
const COMMIT = sql`COMMIT`;
const ROLLBACK = sql`ROLLBACK`;

export type Work<T> = (manager: EntityManager) => Promise<T>;

/**
 * Ends a failed unit of work. A connection that broke under it (the error being thrown) was released with
 * its transaction, which PostgreSQL ends: there is nothing left to roll back, and the cause must reach the
 * caller (a 503), not an error about the released connection.
 */
async function rollBack(runner: QueryRunner): Promise<void> {
  if (!runner.isReleased) await runner.rollbackTransaction();
}

/**
 * Tells TypeORM's query runner that the transaction the unit of work began itself is open, as its own
 * startTransaction would: so that nothing of TypeORM's opens (and commits) a transaction of its own inside
 * it, and its rollback ends this one.
 */
function openedByHand(runner: QueryRunner): void {
  const state = runner as unknown as { isTransactionActive: boolean; transactionDepth: number };
  state.isTransactionActive = true;
  state.transactionDepth = 1;
}

/** A promise watched from the start: whether it has failed yet, and the promise itself to await. */
interface Watched {
  failed: boolean;
  reason: unknown;
  done: Promise<unknown>;
}

function watched(promise: Promise<unknown> | undefined): Watched {
  const state: Watched = { failed: false, reason: undefined, done: promise ?? Promise.resolve() };
  state.done.catch((reason: unknown) => {
    state.failed = true;
    state.reason = reason;
  });
  return state;
}

/** What one unit of work keeps beside its connection, from its start to its end. */
interface UnitState {
  /** Run once it committed (afterCommit). */
  committed: (() => void)[];
  /** Statements it sent without waiting for them (sendWithCommit), awaited with its commit. */
  inFlight: Watched[];
  /** What modules keep for the unit of work (unitScoped). */
  scoped: Map<symbol, unknown>;
}

const UNITS = new WeakMap<EntityManager, UnitState>();

/** The work, then what must land with it before the commit (SQLite: no pipelining, one after the other). */
function withStore<T>(work: Work<T>, beforeCommit: BeforeCommit | undefined): Work<T> {
  return async (manager) => {
    const result = await work(manager);
    await awaitInFlight(manager);
    await beforeCommit?.(manager, result);
    return result;
  };
}

async function awaitInFlight(manager: EntityManager): Promise<void> {
  for (const sent of UNITS.get(manager)?.inFlight ?? []) await sent.done;
}

/**
 * For statements whose results the unit of work does not need: they were sent (the call that made
 * `sent` put them on the wire before returning it), and the unit's commit waits for them and rolls
 * back if one failed, so they cost no round trip of their own. Outside a unit of work, `sent` itself.
 */
export function sendWithCommit(manager: EntityManager, sent: Promise<unknown>): Promise<unknown> {
  const unit = UNITS.get(manager);
  if (unit === undefined) return sent;
  unit.inFlight.push(watched(sent));
  return Promise.resolve();
}

/**
 * What a module keeps for the rest of a unit of work (the stream counters it holds, say), made by
 * `create` on first use and dropped when the unit ends; null outside a unit of work.
 */
export function unitScoped<T>(manager: EntityManager, key: symbol, create: () => T): T | null {
  const unit = UNITS.get(manager);
  if (unit === undefined) return null;
  if (!unit.scoped.has(key)) unit.scoped.set(key, create());
  return unit.scoped.get(key) as T;
}

/**
 * Runs `callback` once the transaction of `manager` has committed (at once
 * outside a transaction); never when it rolls back. For what must not happen
 * before others can see the change, such as waking a worker that reads it.
 */
export function afterCommit(manager: EntityManager, callback: () => void): void {
  const unit = UNITS.get(manager);
  if (unit === undefined) callback();
  else unit.committed.push(callback);
}

/**
 * What a request adds to the transaction of the operation it calls: `afterBegin`
 * runs before the work (on PostgreSQL its statement leaves first, and the work
 * goes on without waiting for its answer, which decides whether the work counts),
 * `beforeCommit` after it (with its result) and before the
 * commit, so that all of it lands together or not at all (the in-flight lock
 * and the stored answer of an Idempotency-Key, for one). On PostgreSQL the COMMIT is sent right behind
 * `beforeCommit`'s statement, so that hook sends it before it first waits for anything.
 */
export type BeforeCommit = (manager: EntityManager, result: unknown) => Promise<void>;

/** How busy the database connections are (for /metrics). */
export interface PoolUse {
  /** Connections the pool may open (SQLite: its one connection). */
  size: number;
  inUse: number;
  idle: number;
  /** Units of work waiting for a connection. */
  waiting: number;
}

/** What pg's Pool counts (TypeORM's PostgreSQL driver keeps it as `master`). */
interface PgPoolCounts {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
  options: { max?: number };
}

export interface TransactionOptions {
  afterBegin?: (manager: EntityManager) => Promise<void>;
  beforeCommit?: BeforeCommit;
  /**
   * For a request whose answer changes after the unit of work that created its resource committed (a refund
   * its provider settles next): the later unit of work calls it with the final answer, which then replaces
   * the stored one in that same unit, so a replay answers what the first request answered.
   */
  restate?: BeforeCommit;
}

/**
 * The only way services reach the database. On SQLite every unit of work
 * (transaction or plain read) passes through one queue; PostgreSQL has a
 * connection pool and runs them in parallel. Never call `run` or
 * `transaction` from inside a unit of work: pass its manager down instead.
 */
@Injectable()
export class Database {
  private readonly queue: SerialQueue | null;

  constructor(
    private readonly dataSource: DataSource,
    config: AppConfig,
    @Optional() private readonly replica?: ReadReplica,
  ) {
    this.queue = config.database.kind === 'sqlite' ? new SerialQueue() : null;
  }

  /**
   * Runs `work` in one database transaction; it commits when `work` resolves and rolls back when it
   * throws. What the work registered with `afterCommit` runs once the commit succeeded.
   */
  async transaction<T>(work: Work<T>, options: TransactionOptions = {}): Promise<T> {
    const { afterBegin, beforeCommit } = options;
    const state: UnitState = { committed: [], inFlight: [], scoped: new Map() };
    const unit: Work<T> = async (manager) => {
      UNITS.set(manager, state);
      const entered = watched(afterBegin?.(manager));
      // PostgreSQL: the work's first statements follow the claim on the connection without waiting for its
      // answer (one round trip for both); they count only if it held. Its refusal is what the unit throws, also
      // when the work failed (a key answered meanwhile replays, whatever the work found). SQLite ran it already.
      if (this.queue !== null) await entered.done;
      let result: T;
      try {
        result = await work(manager);
      } catch (error) {
        await entered.done;
        throw error;
      }
      await entered.done;
      return result;
    };
    // Kept until the commit (it waits for the statements in flight), dropped with the unit of work.
    const ended = (manager: EntityManager) => UNITS.delete(manager);
    const result =
      this.queue === null ? await this.postgresTransaction(unit, beforeCommit, ended) : await this.queue.run(() => this.sqliteTransaction(withStore(unit, beforeCommit), ended));
    for (const callback of state.committed) callback();
    return result;
  }

  /** Runs `work` outside a transaction: reads, or a write that is one single statement. */
  run<T>(work: Work<T>): Promise<T> {
    return this.schedule(() => work(this.dataSource.manager));
  }

  /**
   * Runs a read that may be a little stale (a list, a balance `as_of` a past
   * instant) on the read replica while it keeps up (contract section 17), else
   * as `run` on the primary. Never for a read by id, a current balance, or
   * anything a write depends on: those stay on the primary.
   */
  async runOnReplica<T>(work: Work<T>): Promise<T> {
    const manager = this.replica?.manager() ?? null;
    if (manager === null) return this.run(work);
    try {
      return await work(manager);
    } catch (error) {
      // The replica went away under this read: the primary answers it, no error reaches the client.
      if (this.replica!.failed(error)) return this.run(work);
      throw error;
    }
  }

  /**
   * Runs several reads that must see one state of the database: on
   * PostgreSQL a read-only REPEATABLE READ transaction (one snapshot, which
   * writers do not wait for); on SQLite one turn of the queue, during which
   * nothing else writes.
   */
  snapshot<T>(work: Work<T>): Promise<T> {
    if (this.queue !== null) return this.queue.run(() => work(this.dataSource.manager));
    return this.dataSource.transaction('REPEATABLE READ', async (manager) => {
      await manager.query('SET TRANSACTION READ ONLY');
      return work(manager);
    });
  }

  /**
   * PostgreSQL: the pool's connections and its waiting clients. SQLite: the
   * one connection, busy while a unit of work holds it, and the units queued
   * behind it.
   */
  poolUse(): PoolUse {
    if (this.queue !== null) {
      const jobs = this.queue.size;
      return { size: 1, inUse: Math.min(jobs, 1), idle: jobs > 0 ? 0 : 1, waiting: Math.max(jobs - 1, 0) };
    }
    const pool = (this.dataSource.driver as unknown as { master?: PgPoolCounts }).master;
    if (pool === undefined) return { size: 0, inUse: 0, idle: 0, waiting: 0 };
    return { size: pool.options.max ?? 10, inUse: pool.totalCount - pool.idleCount, idle: pool.idleCount, waiting: pool.waitingCount };
  }

  /** One trivial statement: is the database answering? */
  async ping(): Promise<void> {
    await this.run((manager) => manager.query('SELECT 1'));
  }

  /**
   * BEGIN, the work, then what `beforeCommit` writes and COMMIT sent together: the pool's connections
   * pipeline (data-source-options.ts), so the stored answer costs no round trip of its own. When that
   * write fails in the database, PostgreSQL has aborted the transaction and answers the COMMIT behind
   * it with a rollback: nothing is committed, and the write's error is the one thrown.
   */
  private async postgresTransaction<T>(work: Work<T>, beforeCommit: BeforeCommit | undefined, ended: (manager: EntityManager) => void): Promise<T> {
    const runner = this.dataSource.createQueryRunner();
    const manager = runner.manager;
    try {
      await runner.connect();
      // BEGIN leaves with the unit's first statement (the claim of its key, or its first read): one round trip.
      const begun = watched(BEGIN_POSTGRES.run(manager, []));
      openedByHand(runner);
      let result: T;
      try {
        result = await work(manager);
        await begun.done;
      } catch (error) {
        await rollBack(runner);
        throw error;
      }
      const pending = [...(UNITS.get(manager)?.inFlight ?? []), watched(beforeCommit?.(manager, result))];
      // One turn of the microtask queue: what failed before its statement left (a bug, not the database)
      // has settled by now, and the work must then roll back rather than commit without it.
      await Promise.resolve();
      const early = pending.find((sent) => sent.failed);
      if (early !== undefined) {
        await rollBack(runner);
        throw early.reason;
      }
      const committed = await commitPostgres(manager);
      for (const sent of pending) await sent.done;
      if (!committed) throw new Error('PostgreSQL rolled the transaction back at COMMIT, yet no statement of it failed');
      return result;
    } finally {
      ended(manager);
      await runner.release();
    }
  }

  /**
   * SQLite has one connection, and the queue hands it to one unit of work at a
   * time: a transaction is BEGIN and COMMIT on it, statements prepared once,
   * rather than a new TypeORM query runner (which prepares them anew) per unit.
   * IMMEDIATE takes the write lock at once, so another process writing the
   * same file (the seed, the CLI) waits up to busy_timeout instead of failing.
   */
  private async sqliteTransaction<T>(work: Work<T>, ended: (manager: EntityManager) => void): Promise<T> {
    const manager = this.dataSource.manager;
    await BEGIN.run(manager, []);
    try {
      const result = await work(manager);
      await COMMIT.run(manager, []);
      return result;
    } catch (error) {
      // SQLite ends a transaction by itself on some failures (a full disk); ROLLBACK would then fail and hide the cause.
      if (sqliteInTransaction(manager)) await ROLLBACK.run(manager, []);
      throw error;
    } finally {
      ended(manager);
    }
  }

  private schedule<T>(job: () => Promise<T>): Promise<T> {
    return this.queue ? this.queue.run(job) : job();
  }
}
