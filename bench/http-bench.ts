/**
 * `npm run bench`: measures the service as a client sees it, on loopback only.
 *  1. authenticated reads (GET /v1/account): bearer verification, session check, one query;
 *  2. the first and a deep page of GET /v1/users over many rows (keyset pagination keeps them equal);
 *  3. logins (argon2id on the thread pool).
 * Prints a table; it asserts nothing, speed targets are read off it. TEST_DATABASE_URL=postgres://...
 * runs it on PostgreSQL (the harness creates and drops a database), default SQLite.
 */
import { performance } from 'node:perf_hooks';
import { DataSource } from 'typeorm';
import { startTestApp, TestApp } from '../test/support/test-app';
import { accountOwner, loginAdmin, STRONG_PASSWORD } from '../test/support/factories';
import { User } from '../src/users/entities/user.entity';
import { newId } from '../src/common/ids/ids';
import { PasswordHasher } from '../src/auth/password-hasher';

interface Result {
  name: string;
  requests: number;
  seconds: number;
  p50: number;
  p99: number;
}

async function measure(name: string, total: number, concurrency: number, request: (i: number) => Promise<Response>): Promise<Result> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        const begin = performance.now();
        const response = await request(i);
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`${name}: status ${response.status}`);
        latencies.push(performance.now() - begin);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  return { name, requests: total, seconds, p50: at(0.5), p99: at(0.99) };
}

async function seedUsers(t: TestApp, count: number): Promise<void> {
  const dataSource = t.app.get(DataSource);
  const passwordHash = await t.app.get(PasswordHasher).hash(STRONG_PASSWORD);
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
}

async function main(): Promise<void> {
  const rows = Number(process.env.BENCH_ROWS ?? 100_000);
  const t = await startTestApp();
  try {
    const owner = await accountOwner(t.api);
    const admin = await loginAdmin(t.api);
    const auth = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });
    const results: Result[] = [];

    results.push(await measure('GET /v1/account (warm-up)', 500, 10, () => fetch(`${t.baseUrl}/v1/account`, auth(owner.token))));
    results.push(await measure('GET /v1/account', 5000, 32, () => fetch(`${t.baseUrl}/v1/account`, auth(owner.token))));

    await seedUsers(t, rows);
    const first = (await (await fetch(`${t.baseUrl}/v1/users?limit=100`, auth(admin.token))).json()) as { next_cursor: string | null };
    // The cursor of the last id of the oldest pages: `rows - 100` rows deep.
    const deepIds = await t.app
      .get(DataSource)
      .query(`SELECT id FROM users ORDER BY id ASC LIMIT 1 OFFSET 100`);
    const deepCursor = Buffer.from(JSON.stringify({ id: deepIds[0].id })).toString('base64url');
    if (!first.next_cursor) throw new Error('expected more than one page');
    results.push(await measure(`GET /v1/users first page (${rows} rows)`, 1000, 16, () => fetch(`${t.baseUrl}/v1/users?limit=100`, auth(admin.token))));
    results.push(
      await measure(`GET /v1/users page ${Math.floor(rows / 100)} (deep cursor)`, 1000, 16, () =>
        fetch(`${t.baseUrl}/v1/users?limit=100&cursor=${deepCursor}`, auth(admin.token)),
      ),
    );
    results.push(
      await measure('POST /v1/auth/login (argon2id)', 100, 8, () =>
        fetch(`${t.baseUrl}/v1/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: owner.email, password: owner.password }),
        }),
      ),
    );

    const database = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'SQLite';
    process.stdout.write(`\n${database}, ${process.platform} ${process.arch}, Node ${process.version}\n`);
    process.stdout.write('| scenario | requests | req/s | p50 ms | p99 ms |\n|---|---|---|---|---|\n');
    for (const r of results) {
      process.stdout.write(`| ${r.name} | ${r.requests} | ${(r.requests / r.seconds).toFixed(0)} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} |\n`);
    }
  } finally {
    await t.close();
  }
}

void main();
