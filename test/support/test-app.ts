import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { after, before } from 'node:test';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { DataSource, DataSourceOptions } from 'typeorm';
import { dataSourceOptions } from '../../src/database/data-source-options';
import { openPostgres } from '../../src/database/transaction-pooler';
import { createApp } from '../../src/app.factory';
import { RegisteredRoute } from '../../src/common/http/route-table';
import { AppConfig, Environment } from '../../src/config/app-config';
import { LedgerCheckService } from '../../src/ledger-check/ledger-check.service';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ApiClient } from './api-client';

export interface TestApp {
  app: NestFastifyApplication;
  api: ApiClient;
  routes: RegisteredRoute[];
  baseUrl: string;
  /** The owner's login on PostgreSQL (the tests' own SQL, scripts); the SQLite file. */
  databaseUrl: string;
  /** The login the service runs as: on PostgreSQL a role that may read and write rows only. */
  serviceDatabaseUrl: string;
  close(): Promise<void>;
}

export const ADMIN_EMAIL = 'root-admin@example.com';
export const ADMIN_PASSWORD = 'the bootstrap admin password 2026';

/**
 * Boots the real application on a loopback port with its own fresh database:
 * a SQLite file in a temporary folder, or, when TEST_DATABASE_URL is set, a new
 * PostgreSQL database on that server, dropped again by close().
 * Limits are off unless a test turns them on through `env`.
 * With `existing`, boots on that database instead (one a child process filled,
 * say); the caller keeps it and drops it, close() leaves it alone.
 */
/** The root secret of every test application (tokens, and the keys derived from it). */
export const TEST_JWT_SECRET = 'test-secret-that-is-at-least-32-bytes-long!!';

export async function startTestApp(env: Environment = {}, existing?: TestDatabase): Promise<TestApp> {
  if (existing !== undefined) return startOn(env, existing, false);
  const database = await createTestDatabase();
  // A start that fails (a refused login, a bad setting) leaves no database (and no roles) behind.
  return startOn(env, database, true).catch(async (error: unknown) => {
    await database.drop();
    throw error;
  });
}

async function startOn(env: Environment, database: TestDatabase, owned: boolean, attemptsLeft = 3): Promise<TestApp> {
  // The port is chosen first, so that payment_url (PUBLIC_BASE_URL) is where this server answers.
  const port = await freeLoopbackPort();
  const config = new AppConfig({
    PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    // On PostgreSQL the service runs as its own role, and migrates as the owner (contract section 21).
    DATABASE_URL: database.runtimeUrl ?? database.url,
    ...(database.runtimeUrl === undefined ? {} : { DATABASE_MIGRATION_URL: database.url }),
    JWT_SECRET: TEST_JWT_SECRET,
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    RATE_LIMIT_PER_MINUTE: '0',
    LOGIN_PER_MINUTE: '0',
    LOGIN_MAX_FAILURES: '0',
    CHECKOUT_PER_MINUTE: '0',
    SIGNUP_PER_MINUTE: '0',
    ...env,
  });
  const { app, routes } = await createApp(config);
  try {
    await app.listen({ port, host: '127.0.0.1' });
  } catch (error) {
    await app.close();
    // Free when it was picked, the port can still be taken before the app listens: another pick, a few times.
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE' && attemptsLeft > 1) return startOn(env, database, owned, attemptsLeft - 1);
    throw error;
  }
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    app,
    api: new ApiClient(baseUrl),
    routes,
    baseUrl,
    databaseUrl: database.url,
    serviceDatabaseUrl: database.runtimeUrl ?? database.url,
    close: async () => {
      try {
        await assertBooksBalance(app);
      } finally {
        await app.close();
        if (owned) await database.drop();
      }
    },
  };
}

/**
 * A loopback port nothing listens on now, released at once for the caller to listen on. Picked at random below
 * the kernel's ephemeral range: a port of that range (the kernel's own pick for port 0) can be taken, before the
 * caller listens on it, as the local port of any outgoing connection (to PostgreSQL, Redis, a test's client),
 * which made a test's server fail with EADDRINUSE now and then.
 */
export async function freeLoopbackPort(): Promise<number> {
  const [ephemeralStart] = ephemeralPortRange();
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const candidate = LOWEST_TEST_PORT + Math.floor(Math.random() * (ephemeralStart - LOWEST_TEST_PORT));
    if (await listensOn(candidate)) return candidate;
  }
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (address !== null && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Test servers take ports from here up to the ephemeral range (above the well-known and the usual services' ports). */
const LOWEST_TEST_PORT = 20_000;

/** The kernel's range of local ports for outgoing connections (Linux; elsewhere its default). */
function ephemeralPortRange(): [number, number] {
  try {
    const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    if (low > LOWEST_TEST_PORT + 1_000 && high >= low) return [low, high];
  } catch {
    // Not Linux: the range Linux uses by default.
  }
  return [32_768, 60_999];
}

/** Whether a server could listen on the port just now (it is closed again before this resolves). */
function listensOn(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/**
 * Every application a test boots must leave its books balanced: whatever its
 * tests did through the API, the ledger check finds nothing to report.
 */
async function assertBooksBalance(app: NestFastifyApplication): Promise<void> {
  // A test that took the database away (readiness) leaves nothing to check.
  if (!app.get(DataSource).isInitialized) return;
  const report = await app.get(LedgerCheckService).run();
  if (!report.ok) throw new Error(`the books do not balance after these tests: ${JSON.stringify(report.differences, null, 2)}`);
}

/**
 * Boots one application for the enclosing describe block (in before(), closed
 * in after()) and returns a handle that reaches it once the tests run.
 */
export function useTestApp(env: Environment = {}): TestApp {
  let current: TestApp | undefined;
  before(async () => {
    current = await startTestApp(env);
  });
  after(() => current?.close());
  const started = (): TestApp => {
    if (!current) throw new Error('the test application starts in before(); use it inside tests');
    return current;
  };
  return {
    get app() {
      return started().app;
    },
    get api() {
      return started().api;
    },
    get routes() {
      return started().routes;
    },
    get baseUrl() {
      return started().baseUrl;
    },
    get databaseUrl() {
      return started().databaseUrl;
    },
    get serviceDatabaseUrl() {
      return started().serviceDatabaseUrl;
    },
    close: () => started().close(),
  };
}

export interface TestDatabase {
  /** SQLite: the file. PostgreSQL: the owner's login (what migrations and the tests' own SQL use). */
  url: string;
  /** PostgreSQL: the login of the role the service runs as, which may read and write rows and nothing else. */
  runtimeUrl?: string;
  drop(): Promise<void>;
}

/** A fresh SQLite file, or a fresh database on the TEST_DATABASE_URL server. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const dir = mkdtempSync(join(tmpdir(), 'payments-test-'));
    return { url: `sqlite:${join(dir, 'app.db')}`, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  // Two roles of its own, as the README sets a deployment up (contract section 21): the owner, and the service's.
  const name = `test_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const [owner, runtime] = [`${name}_owner`, `${name}_service`];
  await withAdminClient(serverUrl, async (client) => {
    await client.query(`CREATE ROLE ${owner} LOGIN`);
    await client.query(`CREATE ROLE ${runtime} LOGIN`);
    await client.query(`CREATE DATABASE ${name} OWNER ${owner}`);
  });
  const urlAs = (role: string) => {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    url.username = role;
    url.password = '';
    return url.toString();
  };
  return {
    url: urlAs(owner),
    runtimeUrl: urlAs(runtime),
    drop: () =>
      withAdminClient(serverUrl, async (client) => {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await client.query(`DROP ROLE IF EXISTS ${runtime}`);
        await client.query(`DROP ROLE IF EXISTS ${owner}`);
      }),
  };
}

/**
 * A data source of the test's own on `databaseUrl`, opened as the service opens
 * its own: behind a transaction pooler (PgBouncer), detected, its statements
 * run unnamed and no session parameter is sent.
 */
export async function openDataSource(databaseUrl: string, overrides: Partial<DataSourceOptions> = {}): Promise<DataSource> {
  const config = new AppConfig({ DATABASE_URL: databaseUrl });
  const options = { ...dataSourceOptions(config.database), ...overrides } as DataSourceOptions;
  if (config.database.kind !== 'postgres') return new DataSource(options).initialize();
  return openPostgres(options, config.database.pool.preparedStatements, { log: () => undefined, warn: () => undefined });
}

/** Runs `work` with a client of the server at `serverUrl` (to create or drop a database there). */
export async function withAdminClient<T>(serverUrl: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
