import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { DataSource, DataSourceOptions, MixedList, EntitySchema } from 'typeorm';
import { DatabaseConfig } from '../config/app-config';
import { MIGRATIONS } from './migrations';

/** Entity classes, or globs of entity files (for tools that run without the application's modules). */
export type EntityList = MixedList<Function | string | EntitySchema>;

/** Every module's entity files, for tools that run without the application (TypeORM's CLI, benchmarks). */
export const ENTITY_FILES = join(__dirname, '..', '**', '*.entity.js');

const SQLITE_BUSY_TIMEOUT_MS = 5000;
/** Arbitrary, fixed key of the PostgreSQL advisory lock that serializes migrations across instances. */
const MIGRATION_LOCK_KEY = 73_451_902;

/**
 * The options of the service's data source. Each module registers its own
 * entities (TypeOrmModule.forFeature) and the application loads them; a tool
 * that runs outside the application passes `entities` itself.
 */
export function dataSourceOptions(database: DatabaseConfig, entities: EntityList = []): DataSourceOptions {
  const common = { entities, migrations: MIGRATIONS, synchronize: false, migrationsRun: false } as const;
  if (database.kind === 'postgres') {
    return { ...common, type: 'postgres', url: database.url, extra: { max: 10 } };
  }
  if (database.path !== ':memory:') mkdirSync(dirname(database.path), { recursive: true });
  return {
    ...common,
    type: 'better-sqlite3',
    database: database.path,
    enableWAL: true,
    prepareDatabase: (db: { pragma(source: string): unknown }) => {
      db.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
      db.pragma('foreign_keys = ON');
      // Every acknowledged commit is on disk (the WAL is synced at each commit), whatever the build's
      // default: better-sqlite3 opens an existing WAL file with NORMAL, which may lose the last commits
      // on a power cut. Money is not written on those terms.
      db.pragma('synchronous = FULL');
    },
  };
}

/**
 * Applies pending migrations. On PostgreSQL an advisory lock makes instances
 * that start together take turns; SQLite is one process's file.
 */
export async function runMigrations(dataSource: DataSource): Promise<void> {
  if (dataSource.options.type !== 'postgres') {
    await dataSource.runMigrations({ transaction: 'all' });
    return;
  }
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await dataSource.runMigrations({ transaction: 'all' });
  } finally {
    await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    await runner.release();
  }
}
