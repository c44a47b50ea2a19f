import { OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { Database } from './database';
import { connectDatabase } from './database-startup';
import { CONNECTION_NAMES } from './connection-names';
import { withPoolSize } from './data-source-options';

/**
 * The webhook worker's database: on PostgreSQL a pool of its own
 * (WEBHOOK_POOL_SIZE connections, the same server and the same pooler
 * settings as the requests' pool, its connections named apart), so that deliveries keep flowing while
 * requests hold every connection of the main pool. SQLite has one connection,
 * and its one queue: the service's own Database.
 */
export class BackgroundDatabase implements OnApplicationShutdown {
  constructor(
    readonly database: Database,
    private readonly ownDataSource: DataSource | null,
  ) {}

  static async open(main: Database, mainDataSource: DataSource, config: AppConfig): Promise<BackgroundDatabase> {
    if (config.database.kind !== 'postgres') return new BackgroundDatabase(main, null);
    const own = await connectDatabase(withPoolSize(mainDataSource.options, config.webhookPoolSize, CONNECTION_NAMES.webhooks));
    return new BackgroundDatabase(new Database(own, config), own);
  }

  /** After the worker has finished (beforeApplicationShutdown), with the main data source. */
  async onApplicationShutdown(): Promise<void> {
    if (this.ownDataSource?.isInitialized) await this.ownDataSource.destroy();
  }
}
