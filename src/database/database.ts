import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { SerialQueue } from './serial-queue';

export type Work<T> = (manager: EntityManager) => Promise<T>;

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
  ) {
    this.queue = config.database.kind === 'sqlite' ? new SerialQueue() : null;
  }

  /** Runs `work` in one database transaction; it commits when `work` resolves and rolls back when it throws. */
  transaction<T>(work: Work<T>): Promise<T> {
    return this.schedule(() => this.dataSource.transaction(work));
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
