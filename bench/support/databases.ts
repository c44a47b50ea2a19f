// The databases the bench measures on: a fresh one per run, filled by `npm run seed`, dropped at the end.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../src/config/app-config';
import { dataSourceOptions } from '../../src/database/data-source-options';
import { ADMIN } from './processes';
import { SeedSize } from './settings';
import { Client } from 'pg';
import { withAdminClient } from '../../test/support/test-app';

export interface BenchDatabase {
  kind: 'sqlite' | 'postgres';
  url: string;
  /** A folder for files that belong to this run (the SQLite file, the anchor's SQLite file). */
  scratchDir: string;
  drop(): Promise<void>;
}

export function createBenchDatabase(kind: BenchDatabase['kind'], postgresServerUrl: string): Promise<BenchDatabase> {
  return kind === 'sqlite' ? createSqliteDatabase() : createPostgresDatabase(postgresServerUrl);
}

export async function createSqliteDatabase(): Promise<BenchDatabase> {
  const scratchDir = mkdtempSync(join(tmpdir(), 'payments-bench-'));
  return { kind: 'sqlite', url: `sqlite:${join(scratchDir, 'app.db')}`, scratchDir, drop: async () => rmSync(scratchDir, { recursive: true, force: true }) };
}

/** A new database on the server of `serverUrl`, as test/support/test-app.ts makes them. */
export async function createPostgresDatabase(serverUrl: string): Promise<BenchDatabase> {
  const scratchDir = mkdtempSync(join(tmpdir(), 'payments-bench-'));
  const name = `bench_${process.pid}_${Date.now()}`;
  await withAdminClient(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    kind: 'postgres',
    url: url.toString(),
    scratchDir,
    drop: async () => {
      await withAdminClient(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      rmSync(scratchDir, { recursive: true, force: true });
    },
  };
}

/** True when a connection to `serverUrl` succeeds within two seconds. */
export async function postgresAnswers(serverUrl: string): Promise<boolean> {
  const client = new Client({ connectionString: serverUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * `npm run seed -- --size <size>` as an operator runs it (the built command; `dist` names another
 * build's). It also runs the migrations and creates the bench admin, so the server started
 * afterwards finds a migrated database.
 */
export async function seedDemoData(databaseUrl: string, size: SeedSize, dist = join(process.cwd(), 'dist')): Promise<void> {
  const seed = spawn(process.execPath, [join(dist, 'seed', 'seed.js'), '--size', size, '--seed', '1'], {
    env: { ...process.env, DATABASE_URL: databaseUrl, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const code = await new Promise((resolve) => seed.once('exit', resolve));
  if (code !== 0) throw new Error(`npm run seed exited with ${String(code)}`);
}

export interface DeepPosition {
  /** The id after which the deep page starts (its cursor). */
  afterId: string;
  /** Rows above the deep page. */
  depth: number;
  totalRows: number;
}

/**
 * The id of the row `depth` rows down the admin's list (newest first), read straight from the
 * database: walking there through the API would take thousands of requests. Shallower when the
 * table has fewer rows (a small seed), and the position says so.
 */
export async function deepListPosition(databaseUrl: string, wantedDepth: number, pageSize: number): Promise<DeepPosition> {
  return withDataSource(databaseUrl, async (dataSource) => {
    const [{ total }] = (await dataSource.query('SELECT COUNT(*) AS total FROM transactions')) as { total: number | string }[];
    const totalRows = Number(total);
    const depth = Math.max(1, Math.min(wantedDepth, totalRows - pageSize));
    const [{ id }] = (await dataSource.query(`SELECT id FROM transactions ORDER BY id DESC LIMIT 1 OFFSET ${depth - 1}`)) as { id: string }[];
    return { afterId: id, depth, totalRows };
  });
}

/** A connection of the bench's own to the database, for what is read or written straight in SQL. */
export async function withDataSource<T>(databaseUrl: string, work: (dataSource: DataSource) => Promise<T>): Promise<T> {
  const dataSource = await new DataSource(dataSourceOptions(new AppConfig({ DATABASE_URL: databaseUrl }).database)).initialize();
  try {
    return await work(dataSource);
  } finally {
    await dataSource.destroy();
  }
}
