import { closeSync, mkdirSync, openSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { DataSource, DataSourceOptions, EntitySchema, MigrationExecutor, MixedList } from 'typeorm';
import { DatabaseConfig } from '../config/app-config';
import { CONNECTION_NAMES } from './connection-names';
import { migrationsFor } from './migrations';
import { applyOwnerSettings, OwnerSettings } from './database-roles';

/** Entity classes, or globs of entity files (for tools that run without the application's modules). */
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- TypeORM's own type for entity classes
export type EntityList = MixedList<Function | string | EntitySchema>;

/** Every module's entity files, for tools that run without the application (TypeORM's CLI, benchmarks). */
export const ENTITY_FILES = join(__dirname, '..', '**', '*.entity.js');

const SQLITE_BUSY_TIMEOUT_MS = 5000;
/**
 * How long opening a PostgreSQL connection, or waiting for a free one in a full
 * pool, may take: an unreachable database fails (503) within seconds instead of
 * holding requests until the client gives up.
 */
const POSTGRES_CONNECT_TIMEOUT_MS = 5000;
/** Arbitrary, fixed key of the PostgreSQL advisory lock that serializes migrations across instances. */
export const MIGRATION_LOCK_KEY = 73_451_902;

/**
 * The options of the service's data source. Each module registers its own
 * entities (TypeOrmModule.forFeature) and the application loads them; a tool
 * that runs outside the application passes `entities` itself.
 */
export function dataSourceOptions(database: DatabaseConfig, entities: EntityList = []): DataSourceOptions {
  const common = { entities, migrations: migrationsFor(database.existingAccountsMode), synchronize: false, migrationsRun: false } as const;
  if (database.kind === 'postgres') {
    const options: DataSourceOptions = {
      ...common,
      type: 'postgres',
      url: database.url,
      applicationName: CONNECTION_NAMES.requests,
      extra: {
        max: database.pool.size,
        connectionTimeoutMillis: POSTGRES_CONNECT_TIMEOUT_MS,
        // Set on every connection at start-up (0: none); a statement it cancels is a 503.
        statement_timeout: database.pool.statementTimeoutMs,
        // A database host that vanishes without closing its connections is noticed by TCP keepalives.
        keepAlive: true,
        // Statements issued without waiting for the one before leave together (one round trip); each keeps
        // its own result and error. Issued one at a time, as TypeORM does, nothing changes.
        pipeline: true,
      },
    };
    return database.pool.preparedStatements === 'false' ? throughTransactionPooler(options) : options;
  }
  if (database.path !== ':memory:') createOwnerOnly(database.path);
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

/** What the pool's `extra` carries besides pg's own settings (pg ignores the key). */
interface PoolExtra {
  max?: number;
  statement_timeout?: number;
  /** false: every statement runs unnamed (see Sql). */
  namedStatements?: boolean;
}

/**
 * The same options for a pool behind a transaction pooler (PgBouncer in
 * transaction mode, 1.18 included): a server connection serves one client only
 * for a transaction, so a statement prepared on it by name is unknown to the
 * next client's (or already there), and a session parameter sent at start-up
 * is refused ("unsupported startup parameter"). Statements run unnamed, and
 * the statement timeout is left to the database role or the pooler.
 */
export function throughTransactionPooler(options: DataSourceOptions): DataSourceOptions {
  const { statement_timeout: _dropped, ...extra } = (options.extra ?? {}) as PoolExtra;
  void _dropped;
  return { ...options, extra: { ...extra, namedStatements: false } };
}

/** The same options with a pool of `size` connections named `applicationName` (the webhook worker's own). */
export function withPoolSize(options: DataSourceOptions, size: number, applicationName: string): DataSourceOptions {
  if (options.type !== 'postgres') throw new Error('only a PostgreSQL data source has pools of its own');
  return { ...options, applicationName, extra: { ...(options.extra as PoolExtra), max: size } };
}

/** Whether statements of this data source may be prepared by name (false behind a transaction pooler). */
export function namedStatementsAllowed(dataSource: Pick<DataSource, 'options'>): boolean {
  return (dataSource.options.extra as PoolExtra | undefined)?.namedStatements !== false;
}

/**
 * The database's folder (0700) and file (0600) readable by the owner only
 * (contract section 18), when this process creates them; SQLite gives its WAL
 * and shared-memory files the database file's mode. Existing ones are left as
 * the operator set them.
 */
function createOwnerOnly(path: string): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  closeSync(openSync(path, 'a', 0o600));
}

/**
 * Applies pending migrations in one transaction and returns their names. On
 * PostgreSQL that transaction first takes an advisory lock that it holds until
 * it ends (pg_advisory_xact_lock), so instances that start together take turns
 * (the second finds nothing pending), and the lock works behind PgBouncer in
 * transaction mode, where a session-level lock could be taken on one server
 * connection and released on another. SQLite is one process's file. `owner`: what the owner sets after them, in
 * the same transaction (database-roles.ts).
 */
export async function runMigrations(dataSource: DataSource, owner?: OwnerSettings): Promise<string[]> {
  if (dataSource.options.type !== 'postgres') {
    return (await dataSource.runMigrations({ transaction: 'all' })).map((migration) => migration.name);
  }
  const runner = dataSource.createQueryRunner();
  try {
    await runner.startTransaction();
    // DATABASE_STATEMENT_TIMEOUT is for requests: waiting for another instance's migrations, or rewriting
    // a large table, may take longer. SET LOCAL ends with this transaction.
    await runner.query('SET LOCAL statement_timeout = 0');
    await runner.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    // Given a runner already in a transaction, TypeORM runs every migration in it and leaves the commit to us.
    const executor = new MigrationExecutor(dataSource, runner);
    executor.transaction = 'all';
    const applied = await executor.executePendingMigrations();
    if (owner !== undefined) await applyOwnerSettings(runner, owner);
    await runner.commitTransaction();
    return applied.map((migration) => migration.name);
  } catch (error) {
    if (runner.isTransactionActive) await runner.rollbackTransaction().catch(() => undefined);
    throw error;
  } finally {
    await runner.release();
  }
}

/** The names of the migrations the database has not applied yet (read only: creates no table). */
export async function pendingMigrations(dataSource: DataSource): Promise<string[]> {
  return (await new MigrationExecutor(dataSource).getPendingMigrations()).map((migration) => migration.name);
}
