/**
 * `npm run bench`: measures the service as a client sees it, on loopback only.
 * The server runs as its own process (dist/main.js, as `npm start` runs it); this
 * process is the client. Scenarios:
 *  1. authenticated reads (GET /v1/account): bearer verification, session check, one query;
 *  2. the first and the deepest page of GET /v1/users over BENCH_ROWS users
 *     (keyset pagination keeps them equally cheap);
 *  3. logins (argon2id on the thread pool);
 *  4. transactions over the demo data of `npm run seed -- --size BENCH_SEED_SIZE` (default medium,
 *     100,000 transactions): first and deep pages, filtered by status and by metadata, and creation
 *     with an Idempotency-Key.
 * Prints a table and asserts nothing: speed targets are read off it.
 * TEST_DATABASE_URL=postgres://... runs it on a fresh PostgreSQL database, default SQLite.
 */
import { ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource } from 'typeorm';
import { hash, Algorithm } from '@node-rs/argon2';
import { AppConfig } from '../src/config/app-config';
import { dataSourceOptions, ENTITY_FILES } from '../src/database/data-source-options';
import { lowestIdAt, newId } from '../src/common/ids/ids';
import { encodeCursor } from '../src/common/pagination/cursor';
import { User } from '../src/users/entities/user.entity';
import { ApiClient, ApiResponse } from '../test/support/api-client';
import { createTestDatabase } from '../test/support/test-app';
import { accountOwner, login, STRONG_PASSWORD } from '../test/support/factories';

const PORT = 3917;
const ADMIN = { email: 'bench-admin@example.com', password: 'the benchmark admin password 1' };

interface Result {
  name: string;
  requests: number;
  seconds: number;
  p50: number;
  p99: number;
}

async function measure(name: string, total: number, concurrency: number, request: () => Promise<Response>, expectedStatus = 200): Promise<Result> {
  const latencies: number[] = [];
  let started = 0;
  const begin = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (started < total) {
        started += 1;
        const sent = performance.now();
        const response = await request();
        await response.arrayBuffer();
        if (response.status !== expectedStatus) throw new Error(`${name}: status ${response.status}`);
        latencies.push(performance.now() - sent);
      }
    }),
  );
  const seconds = (performance.now() - begin) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  return { name, requests: total, seconds, p50: at(0.5), p99: at(0.99) };
}

async function startServer(databaseUrl: string): Promise<ChildProcess> {
  const server = spawn(process.execPath, [join(process.cwd(), 'dist', 'main.js')], {
    env: {
      ...process.env,
      PORT: String(PORT),
      DATABASE_URL: databaseUrl,
      JWT_SECRET: 'benchmark-secret-of-at-least-32-bytes!!',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '0',
      LOGIN_PER_MINUTE: '0',
      LOGIN_MAX_FAILURES: '0',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/health/ready`)).status === 200) return server;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  server.kill();
  throw new Error('the server did not become ready');
}

/** Inserts users straight into the database: hashing 100,000 passwords through the API would take hours. */
async function seedUsers(databaseUrl: string, count: number): Promise<void> {
  const dataSource = await new DataSource(dataSourceOptions(new AppConfig({ DATABASE_URL: databaseUrl }).database, [ENTITY_FILES])).initialize();
  try {
    const passwordHash = await hash(STRONG_PASSWORD, { algorithm: Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    const batch = 500;
    for (let offset = 0; offset < count; offset += batch) {
      const now = new Date();
      const rows = Array.from({ length: Math.min(batch, count - offset) }, (_, i) => ({
        id: newId('usr'),
        email: `bench-${offset + i}@example.com`,
        passwordHash,
        name: `Bench user ${offset + i}`,
        role: 'member' as const,
        accountId: null,
        createdAt: now,
        updatedAt: now,
      }));
      await dataSource.createQueryBuilder().insert().into(User).values(rows).execute();
    }
  } finally {
    await dataSource.destroy();
  }
}

/** Fills the database with `npm run seed` demo data (the built command, as an operator runs it). */
async function seedDemoData(databaseUrl: string, size: string): Promise<void> {
  const seed = spawn(process.execPath, [join(process.cwd(), 'dist', 'seed', 'seed.js'), '--size', size, '--seed', '1'], {
    env: { ...process.env, DATABASE_URL: databaseUrl, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const code = await new Promise((resolve) => seed.once('exit', resolve));
  if (code !== 0) throw new Error(`npm run seed exited with ${String(code)}`);
}

async function measureTransactions(api: ApiClient, adminToken: string, databaseUrl: string): Promise<Result[]> {
  const size = process.env.BENCH_SEED_SIZE ?? 'medium';
  await seedDemoData(databaseUrl, size);
  const member = await login(api, 'owner1@demo.example', 'demo passphrase for the sandbox');
  const get = (path: string, token: string) => () => fetch(`${api.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
  // A cursor deep in the list: rows older than 170 of the 180 days the demo data spans.
  const deep = `cursor=${encodeCursor({ id: lowestIdAt('txn', new Date(Date.now() - 170 * 24 * 3600 * 1000)) })}`;
  let sequence = 0;
  const create = () =>
    fetch(`${api.baseUrl}/v1/transactions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${member.token}`, 'content-type': 'application/json', 'idempotency-key': `bench-${(sequence += 1)}` },
      body: JSON.stringify({ type: 'payment', amount: 1250, currency: 'EUR', metadata: { order_id: String(sequence), channel: 'bench' } }),
    });
  const list = '/v1/transactions?limit=100';
  return [
    await measure(`GET ${list} (admin, all ${size} demo transactions), first page`, 1000, 16, get(list, adminToken)),
    await measure('  the same, a page 170 days deep (cursor)', 1000, 16, get(`${list}&${deep}`, adminToken)),
    await measure('  status=pending, a page 170 days deep', 1000, 16, get(`${list}&status=pending&${deep}`, adminToken)),
    await measure('  metadata[channel]=web, first page', 1000, 16, get(`${list}&metadata[channel]=web`, adminToken)),
    await measure('  metadata[channel]=web, a page 170 days deep', 1000, 16, get(`${list}&metadata[channel]=web&${deep}`, adminToken)),
    await measure(`GET ${list} (member, its account), first page`, 1000, 16, get(list, member.token)),
    await measure('  the same, created in the last 30 days', 1000, 16, get(`${list}&created_from=${new Date(Date.now() - 30 * 24 * 3600 * 1000).toISOString()}`, member.token)),
    await measure('POST /v1/transactions with Idempotency-Key (member)', 2000, 16, create, 201),
  ];
}

async function main(): Promise<void> {
  const rows = Number(process.env.BENCH_ROWS ?? 100_000);
  const database = await createTestDatabase();
  const server = await startServer(database.url);
  try {
    const api = new ApiClient(`http://127.0.0.1:${PORT}`);
    const owner = await accountOwner(api);
    const admin = await login(api, ADMIN.email, ADMIN.password);
    await seedUsers(database.url, rows);
    const get = (path: string, token: string) => () => fetch(`${api.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });

    let cursor: string | null = null;
    const pages = Math.floor(rows / 100);
    // Walk once through the list, keeping the cursor of the deepest full page.
    for (let page = 0; page < pages - 1; page += 1) {
      const response: ApiResponse<{ next_cursor: string | null }> = await api.get(`/v1/users?limit=100${cursor ? `&cursor=${cursor}` : ''}`, { token: admin.token });
      cursor = response.body.next_cursor;
      if (!cursor) break;
    }
    const results: Result[] = [];
    await measure('warm-up', 500, 16, get('/v1/account', owner.token));
    results.push(await measure('GET /v1/account', 5000, 32, get('/v1/account', owner.token)));
    results.push(await measure(`GET /v1/users?limit=100, first page of ${rows + 2}`, 1000, 16, get('/v1/users?limit=100', admin.token)));
    results.push(await measure(`GET /v1/users?limit=100, page ${pages} (cursor)`, 1000, 16, get(`/v1/users?limit=100&cursor=${cursor}`, admin.token)));
    results.push(
      await measure('POST /v1/auth/login (argon2id)', 100, 8, () =>
        fetch(`${api.baseUrl}/v1/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: owner.email, password: owner.password }),
        }),
      ),
    );

    results.push(...(await measureTransactions(api, admin.token, database.url)));

    const kind = database.url.startsWith('sqlite:') ? 'SQLite' : 'PostgreSQL';
    process.stdout.write(`\n${kind}, Node ${process.version}, server and client on one machine (loopback)\n`);
    process.stdout.write('| scenario | requests | req/s | p50 ms | p99 ms |\n|---|---|---|---|---|\n');
    for (const r of results) {
      process.stdout.write(`| ${r.name} | ${r.requests} | ${(r.requests / r.seconds).toFixed(0)} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} |\n`);
    }
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await database.drop();
  }
}

void main();
