import { AsyncLocalStorage } from 'node:async_hooks';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { SerialQueue } from './serial-queue';

export type Work<T> = (manager: EntityManager) => Promise<T>;

/**
 * What a request adds to the first unit of work it commits: it runs after that
 * work, with its result, and before the commit, so that both land together or
 * not at all (the stored answer of an Idempotency-Key, for one).
 */
export type BeforeCommit = (manager: EntityManager, result: unknown) => Promise<void>;

/**
 * The only way services reach the database. On SQLite every unit of work
 * (transaction or plain read) passes through one queue; PostgreSQL has a
 * connection pool and runs them in parallel. Never call `run` or
 * `transaction` from inside a unit of work: pass its manager down instead.
 */
@Injectable()
export class Database {
  private readonly queue: SerialQueue | null;
  private readonly pendingBeforeCommit = new AsyncLocalStorage<{ hook: BeforeCommit | null }>();

  constructor(
    private readonly dataSource: DataSource,
    config: AppConfig,
  ) {
    this.queue = config.database.kind === 'sqlite' ? new SerialQueue() : null;
  }

  /** Runs `work` in one database transaction; it commits when `work` resolves and rolls back when it throws. */
  transaction<T>(work: Work<T>): Promise<T> {
    const pending = this.pendingBeforeCommit.getStore();
    const hook = pending?.hook ?? null;
    if (pending) pending.hook = null;
    if (hook === null) return this.schedule(() => this.dataSource.transaction(work));
    return this.schedule(() =>
      this.dataSource.transaction(async (manager) => {
        const result = await work(manager);
        await hook(manager, result);
        return result;
      }),
    );
  }

  /** Runs `body` so that the first transaction it starts also runs `hook` before committing. */
  withBeforeFirstCommit<T>(hook: BeforeCommit, body: () => T): T {
    return this.pendingBeforeCommit.run({ hook }, body);
  }

  /** Runs `work` outside a transaction: reads, or a write that is one single statement. */
  run<T>(work: Work<T>): Promise<T> {
    return this.schedule(() => work(this.dataSource.manager));
  }

  /** One trivial statement: is the database answering? */
  async ping(): Promise<void> {
    await this.run((manager) => manager.query('SELECT 1'));
  }

  private schedule<T>(job: () => Promise<T>): Promise<T> {
    return this.queue ? this.queue.run(job) : job();
  }
}
