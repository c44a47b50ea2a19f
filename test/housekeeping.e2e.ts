import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import { idCreatedAt } from '../src/common/ids/ids';
import { HousekeepingScheduler } from '../src/housekeeping/housekeeping.scheduler';
import { ApiClient } from './support/api-client';
import { accountOwner, expectError, expectStatus, login, LoggedIn } from './support/factories';
import { sql } from './support/sql';
import { createTestDatabase, startTestApp, TestApp, TestDatabase, useTestApp } from './support/test-app';

const JOBS = ['auth_tokens', 'sessions', 'user_tokens', 'idempotency_keys', 'webhook_deliveries', 'events', 'audit_log'];
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const METRICS_TOKEN = 'housekeeping-test-metrics-token';

async function count(databaseUrl: string, text: string, params: unknown[] = []): Promise<number> {
  return Number((await sql(databaseUrl, text, params)).rows[0].n);
}

async function logout(api: ApiClient, session: LoggedIn): Promise<void> {
  expectStatus(await api.delete('/v1/auth/session', undefined, { token: session.token }), 200);
}

/** Each job's housekeeping_runs_total in this instance, read from its /metrics. */
async function runsOf(app: TestApp): Promise<Record<string, number>> {
  const response = await app.api.get('/metrics', { token: METRICS_TOKEN });
  expectStatus(response, 200);
  const runs: Record<string, number> = {};
  for (const [, job, value] of String(response.body).matchAll(/^housekeeping_runs_total\{job="([a-z_]+)"\} (\d+)$/gm)) runs[job] = Number(value);
  return runs;
}

describe('housekeeping', () => {
  // Sessions idle for a month stay usable here (SESSION_IDLE_TIMEOUT), so that retention alone decides what goes.
  const t = useTestApp({ REFRESH_REUSE_INTERVAL: '0', WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOW_PRIVATE: 'true', SESSION_IDLE_TIMEOUT: '60d' });

  it('deletes what is past its retention, and keeps every session, token, key and delivery still in use', async () => {
    const url = t.databaseUrl;
    const owner = await accountOwner(t.api);
    const another = () => login(t.api, owner.email, owner.password);
    const [ended, endedLately, idle, idleWithValidRefresh, rotated] = [await another(), await another(), await another(), await another(), await another()];
    await logout(t.api, ended);
    await logout(t.api, endedLately);
    const rotation = await t.api.post('/v1/auth/refresh', undefined, { token: rotated.refreshToken });
    expectStatus(rotation, 200);

    const now = Date.now();
    const monthAgo = now - 31 * DAY;
    const expiredAWhileAgo = now - 2 * HOUR;
    // Ended 31 days ago: past SESSION_RETENTION (30 days). Ended just now, though unused for 31 days: still listed.
    await sql(url, 'UPDATE sessions SET last_used_at = $1, invalidated_at = $2 WHERE id = $3', [monthAgo, monthAgo, ended.sessionId]);
    await sql(url, 'UPDATE sessions SET last_used_at = $1 WHERE id IN ($2, $3, $4)', [monthAgo, endedLately.sessionId, idle.sessionId, idleWithValidRefresh.sessionId]);
    // Unused for 31 days with every token expired: gone. With a refresh token still valid: kept, only its access token goes.
    await sql(url, 'UPDATE auth_tokens SET expires_at = $1 WHERE session_id = $2', [expiredAWhileAgo, idle.sessionId]);
    await sql(url, "UPDATE auth_tokens SET expires_at = $1 WHERE session_id = $2 AND kind = 'access'", [expiredAWhileAgo, idleWithValidRefresh.sessionId]);

    // Mailed links: the owner's signup link expired two hours ago goes; a fresh reset link stays and still works.
    await sql(url, 'UPDATE user_tokens SET expires_at = $1 WHERE user_id = $2', [expiredAWhileAgo, owner.user.id]);
    expectStatus(await t.api.post('/v1/auth/password_reset', { email: owner.email }), 202);
    for (let wait = 0; wait < 100 && (await count(url, "SELECT COUNT(*) AS n FROM user_tokens WHERE purpose = 'password_reset'")) === 0; wait += 1) await sleep(20);

    // Idempotency-Keys: one past its 24 hours, one replayable.
    const credit = (amount: number, key: string) =>
      t.api.post('/v1/transactions', { type: 'credit', amount, currency: 'EUR' }, { token: owner.token, headers: { 'idempotency-key': key } });
    expectStatus(await credit(100, 'housekeeping-expired-key'), 201);
    await sql(url, 'UPDATE idempotency_keys SET expires_at = $1', [now - 1000]);
    const replayable = await credit(200, 'housekeeping-live-key');
    expectStatus(replayable, 201);

    // Webhook deliveries (to an endpoint nothing answers): finished ones past WEBHOOK_DELIVERY_RETENTION go, the rest stay.
    const endpoint = await t.api.post('/v1/webhook_endpoints', { url: 'http://127.0.0.1:9/hooks', enabled_events: ['account.updated'] }, { token: owner.token });
    expectStatus(endpoint, 201);
    const event = (await t.api.get('/v1/events?limit=1', { token: owner.token })).body.data[0];
    const delivery = async (createdAt: number, status: string, nextAttemptAt: number | null) => {
      const id = idCreatedAt('whd', new Date(createdAt));
      await sql(
        url,
        `INSERT INTO webhook_deliveries (id, endpoint_id, event_id, stream, sequence, ordered, status, attempts, next_attempt_at, locked_until, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, FALSE, $6, 1, $7, NULL, $8, $9)`,
        [id, endpoint.body.id, event.id, owner.accountId, event.sequence, status, nextAttemptAt, createdAt, createdAt],
      );
      return id;
    };
    const oldDelivered = await delivery(monthAgo, 'succeeded', null);
    const oldGivenUp = await delivery(monthAgo, 'failed', null);
    const oldStillPending = await delivery(monthAgo, 'pending', now + DAY);
    const recentDelivered = await delivery(now - DAY, 'succeeded', null);

    // An event past EVENT_RETENTION (30 days), beside the account's recent ones.
    const oldEventId = idCreatedAt('evt', new Date(monthAgo));
    await sql(url, `INSERT INTO events (id, stream, sequence, type, created_at, data) VALUES ($1, 'housekeeping-test', 1, 'account.updated', $2, '{}')`, [oldEventId, monthAgo]);
    const recentEvents = await count(url, 'SELECT COUNT(*) AS n FROM events WHERE stream = $1', [owner.accountId]);

    // The start-up pass took this period's leases; the next period begins now.
    const housekeeping = t.app.get(HousekeepingScheduler);
    await housekeeping.runDue();
    await sql(url, 'UPDATE job_leases SET leased_until = 0');
    assert.deepEqual(await housekeeping.runDue(), JOBS);
    assert.deepEqual(await housekeeping.runDue(), [], 'the period is taken: nothing runs twice');

    const sessions = (await sql(url, 'SELECT id FROM sessions WHERE user_id = $1', [owner.user.id])).rows.map((row) => row.id).sort();
    assert.deepEqual(sessions, [owner.sessionId, endedLately.sessionId, idleWithValidRefresh.sessionId, rotated.sessionId].sort());
    const listed = (await t.api.get('/v1/auth/sessions?limit=100', { token: owner.token })).body.data;
    assert.deepEqual(listed.map((session: { id: string }) => session.id).sort(), sessions);
    assert.equal(await count(url, 'SELECT COUNT(*) AS n FROM auth_tokens WHERE session_id IN ($1, $2)', [ended.sessionId, idle.sessionId]), 0);
    assert.equal(await count(url, 'SELECT COUNT(*) AS n FROM auth_tokens WHERE expires_at < $1', [now - HOUR]), 0);

    assert.deepEqual(
      (await sql(url, 'SELECT purpose FROM user_tokens WHERE user_id = $1', [owner.user.id])).rows.map((row) => row.purpose),
      ['password_reset'],
      'the expired signup link went, the live reset link stays',
    );

    // What is kept still works: the idle session's refresh token, the active session, the replayable key...
    expectStatus(await t.api.post('/v1/auth/refresh', undefined, { token: idleWithValidRefresh.refreshToken }), 200);
    expectStatus(await t.api.get('/v1/account', { token: owner.token }), 200);
    const replay = await credit(200, 'housekeeping-live-key');
    expectStatus(replay, 201);
    assert.equal(replay.headers.get('idempotent-replayed'), 'true');
    assert.deepEqual(replay.body, replayable.body);
    assert.equal(await count(url, 'SELECT COUNT(*) AS n FROM idempotency_keys'), 1);
    // ...and the rotated refresh token is still known: presented again, it ends its session as stolen.
    expectError(await t.api.post('/v1/auth/refresh', undefined, { token: rotated.refreshToken }), 401, 'refresh_token_invalid');
    expectError(await t.api.post('/v1/auth/refresh', undefined, { token: rotation.body.refresh_token }), 401, 'refresh_token_invalid');

    const deliveries = (await sql(url, 'SELECT id FROM webhook_deliveries WHERE id IN ($1, $2, $3, $4)', [oldDelivered, oldGivenUp, oldStillPending, recentDelivered])).rows;
    assert.deepEqual(deliveries.map((row) => row.id).sort(), [oldStillPending, recentDelivered].sort());
    assert.equal(await count(url, 'SELECT COUNT(*) AS n FROM events WHERE id = $1', [oldEventId]), 0);
    assert.equal(await count(url, 'SELECT COUNT(*) AS n FROM events WHERE stream = $1', [owner.accountId]), recentEvents);
  });

  it('deletes in batches until nothing is left, and runs a job on demand', async () => {
    const url = t.databaseUrl;
    const expired = Date.now() - 1000;
    const rows = 1234;
    for (let from = 0; from < rows; from += 200) {
      const values = Array.from(
        { length: Math.min(200, rows - from) },
        (_, index) => `('housekeeping-batch-${from + index}', 'h', 'completed', 201, '{}', ${expired}, ${expired})`,
      );
      await sql(url, `INSERT INTO idempotency_keys (fingerprint, request_hash, state, response_status, response_body, created_at, expires_at) VALUES ${values.join(', ')}`);
    }
    assert.equal(await t.app.get(HousekeepingScheduler).runNow('idempotency_keys'), rows);
    assert.equal(await count(url, "SELECT COUNT(*) AS n FROM idempotency_keys WHERE fingerprint LIKE 'housekeeping-batch-%'"), 0);
  });
});

describe('housekeeping with two instances on one database', () => {
  let database: TestDatabase;
  let first: TestApp;
  let second: TestApp;

  before(async () => {
    database = await createTestDatabase();
    first = await startTestApp({ HOUSEKEEPING_INTERVAL: '1h' }, database);
    second = await startTestApp({ HOUSEKEEPING_INTERVAL: '1h' }, database);
  });

  after(async () => {
    await second?.close();
    await first?.close();
    await database?.drop();
  });

  it('runs each job once per period: the instance that takes its lease runs it, the other skips it', async () => {
    const url = database.url;
    const [a, b] = [first.app.get(HousekeepingScheduler), second.app.get(HousekeepingScheduler)];
    // Each instance's start-up pass has asked for every lease; each period went to one of them.
    await Promise.all([a.runDue(), b.runDue()]);
    const leases = (await sql(url, 'SELECT name, leased_until, leased_by FROM job_leases ORDER BY name')).rows;
    assert.deepEqual(
      leases.map((lease) => lease.name),
      [...JOBS].sort(),
    );
    for (const lease of leases) {
      assert.ok([a.holder, b.holder].includes(String(lease.leased_by)), `${String(lease.name)} is held by ${String(lease.leased_by)}`);
      assert.ok(Math.abs(Number(lease.leased_until) - (Date.now() + HOUR)) < 5 * 60 * 1000, `${String(lease.name)} is leased for the hour`);
    }

    const insertExpiredKeys = (label: string) => {
      const expired = Date.now() - 1000;
      const values = Array.from({ length: 10 }, (_, index) => `('two-instances-${label}-${index}', 'h', 'completed', 201, '{}', ${expired}, ${expired})`);
      return sql(url, `INSERT INTO idempotency_keys (fingerprint, request_hash, state, response_status, response_body, created_at, expires_at) VALUES ${values.join(', ')}`);
    };
    const expiredKeys = () => count(url, "SELECT COUNT(*) AS n FROM idempotency_keys WHERE fingerprint LIKE 'two-instances-%'");

    // Within the period neither runs anything, however often asked.
    await insertExpiredKeys('first');
    assert.deepEqual(await Promise.all([a.runDue(), b.runDue(), a.runDue(), b.runDue()]), [[], [], [], []]);
    assert.equal(await expiredKeys(), 10);

    // Once the period is over, both ask at once: each job runs in exactly one of them.
    for (let period = 0; period < 3; period += 1) {
      await sql(url, 'UPDATE job_leases SET leased_until = 0');
      const [ranByA, ranByB] = await Promise.all([a.runDue(), b.runDue()]);
      assert.deepEqual([...ranByA, ...ranByB].sort(), [...JOBS].sort(), `period ${period}: ${ranByA.join()} | ${ranByB.join()}`);
      assert.equal(await expiredKeys(), 0);
      await insertExpiredKeys(`period-${period}`);
    }
  });
});

describe('housekeeping on its own schedule, two instances', () => {
  let database: TestDatabase;
  let first: TestApp;
  let second: TestApp;
  const env = { HOUSEKEEPING_INTERVAL: '1s', METRICS_TOKEN };

  before(async () => {
    database = await createTestDatabase();
    first = await startTestApp(env, database);
    second = await startTestApp(env, database);
  });

  after(async () => {
    await second?.close();
    await first?.close();
    await database?.drop();
  });

  it('purges every HOUSEKEEPING_INTERVAL without being asked, at most once per interval across both', async () => {
    const url = database.url;
    const expired = Date.now() - 1000;
    await sql(
      url,
      `INSERT INTO idempotency_keys (fingerprint, request_hash, state, response_status, response_body, created_at, expires_at) VALUES ('on-schedule', 'h', 'completed', 201, '{}', ${expired}, ${expired})`,
    );
    for (let waited = 0; (await count(url, "SELECT COUNT(*) AS n FROM idempotency_keys WHERE fingerprint = 'on-schedule'")) > 0; waited += 100) {
      assert.ok(waited < 10_000, 'the expired key is still there after 10 s');
      await sleep(100);
    }

    // Each instance asks for the leases four times a second; the leases let through one run per second in all.
    const sum = (runs: Record<string, number>[], job: string) => runs.reduce((total, of) => total + (of[job] ?? 0), 0);
    const before = await Promise.all([runsOf(first), runsOf(second)]);
    const startedAt = Date.now();
    await sleep(3000);
    const afterwards = await Promise.all([runsOf(first), runsOf(second)]);
    const seconds = (Date.now() - startedAt) / 1000;
    for (const job of JOBS) {
      const runs = sum(afterwards, job) - sum(before, job);
      assert.ok(runs >= 1, `${job} ran ${runs} times in ${seconds} s`);
      assert.ok(runs <= Math.ceil(seconds) + 1, `${job} ran ${runs} times in ${seconds} s, more than once per second`);
    }
  });
});
