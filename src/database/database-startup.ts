import { Logger } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource, DataSourceOptions } from 'typeorm';
import { MigrationsMode } from '../config/app-config';
import { StartupError } from '../config/startup-error';
import { pendingMigrations, runMigrations } from './data-source-options';
import { currentRole } from './database-roles';

/**
 * Failures that may pass by themselves while a database server starts or a
 * network settles: retried for a few seconds. Anything else (the database does
 * not exist, the login is refused, the file cannot be opened) will not pass by
 * waiting, and ends the start at once.
 */
const PASSING_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  '57P03', // cannot_connect_now: the server is starting up or shutting down
  '53300', // too_many_connections
]);
const RETRY_WINDOW_MS = 10_000;
const FIRST_RETRY_DELAY_MS = 250;
const MAX_RETRY_DELAY_MS = 2_000;

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** Where the data source points, for the log, without credentials. */
function describeTarget(options: DataSourceOptions): string {
  if (options.type === 'postgres' && typeof options.url === 'string' && URL.canParse(options.url)) {
    const url = new URL(options.url);
    return `postgres://${url.host}${url.pathname}`;
  }
  return `sqlite:${String(options.database)}`;
}

/**
 * Opens the service's data source. A passing failure is retried briefly (one
 * warning per attempt); the last failure, or any other, is a StartupError whose
 * message is the driver's own (`database "payments" does not exist`).
 */
export async function connectDatabase(options: DataSourceOptions, logger: Pick<Logger, 'warn'> = new Logger('Database')): Promise<DataSource> {
  const target = describeTarget(options);
  const startedAt = Date.now();
  let delay = FIRST_RETRY_DELAY_MS;
  for (let attempt = 1; ; attempt += 1) {
    const dataSource = new DataSource(options);
    try {
      return await dataSource.initialize();
    } catch (error) {
      // A pool that never connected holds nothing, but is closed all the same.
      await dataSource.driver.disconnect().catch(() => undefined);
      const code = codeOf(error);
      const message = error instanceof Error ? error.message : String(error);
      const passing = code !== undefined && PASSING_CODES.has(code);
      if (!passing || Date.now() - startedAt + delay > RETRY_WINDOW_MS) {
        const waited = attempt > 1 ? ` (after ${attempt} attempts in ${Math.round((Date.now() - startedAt) / 100) / 10} s)` : '';
        // A failure without a code is no operator's condition we know: its stack goes with it.
        if (code === undefined) throw error;
        throw new StartupError(`cannot open the database ${target}: ${message}${waited}`, { code, database: target, attempts: attempt });
      }
      logger.warn(`cannot reach the database ${target} (${code}): retrying in ${delay} ms`);
      await sleep(delay);
      delay = Math.min(delay * 2, MAX_RETRY_DELAY_MS);
    }
  }
}

/** What prepareSchema needs of the configuration. */
export interface SchemaSettings {
  mode: MigrationsMode;
  /** DATABASE_MIGRATION_URL: the owner's login; null: the service's own does both. */
  migrationUrl: string | null;
  auditRetentionSeconds: number;
}

/**
 * MIGRATIONS=auto applies what is pending (under the PostgreSQL lock), as the owner when DATABASE_MIGRATION_URL
 * names one (through a connection of its own, closed again), and has the owner grant the service's role its rights;
 * MIGRATIONS=skip leaves the schema to `npm run migrate` and refuses to serve a schema older than the code.
 */
export async function prepareSchema(dataSource: DataSource, settings: SchemaSettings, logger = new Logger('Migrations')): Promise<void> {
  if (settings.mode === 'skip') {
    const pending = await pendingMigrations(dataSource);
    if (pending.length > 0) {
      throw new StartupError(`${pending.length} migration(s) pending and MIGRATIONS=skip: run \`npm run migrate\` first (${pending.join(', ')})`, { pending });
    }
    return;
  }
  const applied = settings.migrationUrl === null ? await migrateAsService(dataSource, settings, logger) : await migrateAsOwner(dataSource, settings.migrationUrl, settings);
  if (applied.length > 0) logger.log(`applied ${applied.length} migration(s): ${applied.join(', ')}`);
}

function migrateAsService(dataSource: DataSource, settings: SchemaSettings, logger: Logger): Promise<string[]> {
  if (dataSource.options.type === 'postgres') {
    logger.warn(
      'DATABASE_MIGRATION_URL is not set: the service runs as the owner of its tables, so its login can alter them and delete audit entries; ' +
        'give it a role of its own (docs/audit-log.md, "Database roles")',
    );
  }
  return runMigrations(dataSource, { runtimeRole: null, auditRetentionSeconds: settings.auditRetentionSeconds });
}

async function migrateAsOwner(service: DataSource, migrationUrl: string, settings: SchemaSettings): Promise<string[]> {
  const options = service.options;
  if (options.type !== 'postgres') throw new Error('DATABASE_MIGRATION_URL is for PostgreSQL only');
  const extra = options.extra as Record<string, unknown> | undefined;
  const owner = await connectDatabase({ ...options, url: migrationUrl, extra: { ...extra, max: 1 } });
  try {
    return await runMigrations(owner, { runtimeRole: await currentRole(service), auditRetentionSeconds: settings.auditRetentionSeconds });
  } finally {
    await owner.destroy();
  }
}
