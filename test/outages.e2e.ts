import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer, Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import BetterSqlite3 from 'better-sqlite3';
import Redis from 'ioredis';
import { ApiClient, ApiResponse } from './support/api-client';
import { accountOwner, expectError, expectStatus, LoggedIn } from './support/factories';
import { LogLine, ServerProcess, startServerProcess } from './support/server-process';
import { WebhookReceiver } from './support/webhook-receiver';
import { createTestDatabase, freeLoopbackPort, TestDatabase } from './support/test-app';
import { postgresBinaries, redisServerBinary, startThrowawayPostgres, startThrowawayRedis, ThrowawayPostgres, ThrowawayRedis, withClient } from './support/throwaway-services';

/*
 * Outages as an operator meets them (contract section 13): the service runs as
 * its own process, and the test takes its database or its Redis away under it.
 */

const WARN = 40;
const ERROR = 50;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** 503 service_unavailable in the contract's error body, with a Retry-After of a few seconds. */
function expectUnavailable(response: ApiResponse): void {
  expectError(response, 503, 'service_unavailable');
  const retryAfter = Number(response.headers.get('retry-after'));
  assert.ok(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60, `Retry-After ${response.headers.get('retry-after')}`);
}

/** The log lines at `level` or above, and every line that is not JSON (a driver writing to the console, say). */
function linesAtOrAbove(server: ServerProcess, level: number): LogLine[] {
  return server.logs.filter((line) => 'raw' in line || (typeof line.level === 'number' && line.level >= level));
}

/** The reason the warning line of a 503 gives (waiting for the line to arrive). */
async function unavailableReason(server: ServerProcess, response: ApiResponse): Promise<unknown> {
  const requestId = response.headers.get('x-request-id');
  return (await server.waitForLog((line) => line.request_id === requestId && line.level === WARN)).reason;
}

/** Each 503 has exactly one warning line, with its request id, naming the reason and without a stack. */
async function expectOneWarningPerUnavailable(server: ServerProcess, unavailable: ApiResponse[]): Promise<void> {
  for (const response of unavailable) await unavailableReason(server, response);
  // Anything else logged for these requests has had the time to arrive too.
  await sleep(200);
  for (const response of unavailable) {
    const requestId = response.headers.get('x-request-id');
    const warnings = server.logs.filter((line) => line.request_id === requestId && typeof line.level === 'number' && line.level >= WARN);
    assert.equal(warnings.length, 1, `warnings of ${requestId}: ${JSON.stringify(warnings)}`);
    assert.equal(warnings[0].level, WARN);
    assert.equal(warnings[0].msg, 'database unavailable');
    assert.equal(typeof warnings[0].reason, 'string');
    assert.ok(!JSON.stringify(warnings[0]).includes('    at '), 'no stack trace');
  }
  assert.deepEqual(linesAtOrAbove(server, ERROR), [], 'no error-level line');
}

function createCredit(api: ApiClient, owner: LoggedIn, key?: string): Promise<ApiResponse> {
  return api.post(
    '/v1/transactions',
    { type: 'credit', amount: 1250, currency: 'EUR', description: 'Outage test' },
    { token: owner.token, headers: key === undefined ? {} : { 'idempotency-key': key } },
  );
}

/** One request of a load run: when it started and ended (ms since the epoch) and what came back. */
interface Outcome {
  startedAt: number;
  endedAt: number;
  route: string;
  response: ApiResponse;
}

/**
 * Clients that keep calling database-bound routes (creating transactions with
 * an Idempotency-Key, listing and reading them, reading the account) until
 * stopped, recording every answer.
 */
function runLoad(api: ApiClient, owner: LoggedIn, transactionId: string, clients = 6) {
  const outcomes: Outcome[] = [];
  let running = true;
  let sequence = 0;
  const requests: [string, () => Promise<ApiResponse>][] = [
    ['POST /v1/transactions', () => createCredit(api, owner, `load-${(sequence += 1)}`)],
    ['GET /v1/transactions', () => api.get('/v1/transactions?limit=5', { token: owner.token })],
    ['GET /v1/transactions/{id}', () => api.get(`/v1/transactions/${transactionId}`, { token: owner.token })],
    ['GET /v1/account', () => api.get('/v1/account', { token: owner.token })],
  ];
  const client = async (offset: number) => {
    for (let turn = offset; running; turn += 1) {
      const [route, send] = requests[turn % requests.length];
      const startedAt = Date.now();
      const response = await send();
      outcomes.push({ startedAt, endedAt: Date.now(), route, response });
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const done = Promise.all(Array.from({ length: clients }, (_, offset) => client(offset)));
  return {
    outcomes,
    stop: async () => {
      running = false;
      await done;
    },
  };
}

const PG_BIN = postgresBinaries();

describe('PostgreSQL made unreachable', { skip: PG_BIN === null ? 'no PostgreSQL server binaries' : false }, () => {
  let cluster: ThrowawayPostgres;
  let server: ServerProcess;

  before(async () => {
    cluster = await startThrowawayPostgres(PG_BIN!);
    server = await startServerProcess(cluster.url(), { DATABASE_STATEMENT_TIMEOUT: '2s', DATABASE_POOL_SIZE: '5' });
  });
  after(async () => {
    await server?.stop();
    await cluster?.destroy();
  });

  it('answers every database-bound request 503 while PostgreSQL is down, stays live, and recovers by itself when it is back', async () => {
    const owner = await accountOwner(server.api);
    const first = await createCredit(server.api, owner);
    expectStatus(first, 201);
    const load = runLoad(server.api, owner, first.body.id);
    await sleep(1000);
    await cluster.stop('immediate');
    const downAt = Date.now();
    await sleep(2500);
    const live = await server.api.get('/health');
    const ready = await server.api.get('/health/ready');
    const upStartedAt = Date.now();
    await cluster.start();
    const upAt = Date.now();
    await sleep(3000);
    await load.stop();

    expectStatus(live, 200);
    expectError(ready, 503, 'service_unavailable');
    const statuses = new Map<number, number>();
    for (const { response } of load.outcomes) statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    assert.deepEqual(
      [...statuses.keys()].filter((status) => ![200, 201, 503].includes(status)),
      [],
      `statuses: ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    const unavailable = load.outcomes.filter(({ response }) => response.status === 503).map(({ response }) => response);
    for (const response of unavailable) expectUnavailable(response);
    const duringOutage = load.outcomes.filter(({ startedAt, endedAt }) => startedAt >= downAt && endedAt <= upStartedAt);
    assert.ok(duringOutage.length >= 20, `only ${duringOutage.length} requests during the outage`);
    assert.deepEqual(
      duringOutage.filter(({ response }) => response.status !== 503).map(({ route, response }) => `${route} ${response.status}`),
      [],
    );
    // Refused connections fail at once, well within the 5 s connect timeout.
    const outageTimes = duringOutage.map(({ startedAt, endedAt }) => endedAt - startedAt).sort((a, b) => a - b);
    assert.ok(outageTimes[outageTimes.length - 1] < 5000, `slowest 503 took ${outageTimes[outageTimes.length - 1]} ms`);
    // Back without a restart: the first success soon after PostgreSQL accepts connections, and only successes from then on.
    const recovered = load.outcomes.filter(({ startedAt, response }) => startedAt >= upAt && response.status < 300).sort((a, b) => a.endedAt - b.endedAt)[0];
    assert.ok(recovered !== undefined, 'no request succeeded after PostgreSQL came back');
    const afterRecovery = load.outcomes.filter(({ startedAt }) => startedAt > recovered.endedAt);
    assert.ok(afterRecovery.length >= 20);
    assert.deepEqual(
      afterRecovery.filter(({ response }) => response.status >= 300).map(({ route, response }) => `${route} ${response.status}`),
      [],
    );
    expectStatus(await server.api.get('/health/ready'), 200);
    await expectOneWarningPerUnavailable(server, unavailable);
    // The background jobs report the outage once each (webhook deliveries at once, the expiry job at its next run), not at every poll.
    const background = linesAtOrAbove(server, WARN).filter((line) => line.request_id === undefined);
    assert.ok(background.length <= 3, JSON.stringify(background, null, 1));
    assert.ok(server.logs.some((line) => line.msg === 'the database answers again: webhook deliveries resume'));
    process.stdout.write(
      `# PostgreSQL outage: ${load.outcomes.length} requests, ${JSON.stringify(Object.fromEntries(statuses))}; ` +
        `${duringOutage.length} during the outage (median ${outageTimes[Math.floor(outageTimes.length / 2)]} ms, slowest ${outageTimes[outageTimes.length - 1]} ms); ` +
        `first success ${recovered.endedAt - upAt} ms after PostgreSQL accepted connections again\n`,
    );
  });

  it('answers 503 when DATABASE_STATEMENT_TIMEOUT cancels a statement that waits too long, and carries on', async () => {
    const owner = await accountOwner(server.api);
    const refused = await withClient(cluster.url(), async (client) => {
      await client.query('BEGIN');
      await client.query('SELECT id FROM accounts WHERE id = $1 FOR UPDATE', [owner.accountId]);
      const started = Date.now();
      const response = await createCredit(server.api, owner, 'held-account');
      assert.ok(Date.now() - started >= 1900, `answered after ${Date.now() - started} ms`);
      await client.query('ROLLBACK');
      return response;
    });
    expectUnavailable(refused);
    assert.equal(await unavailableReason(server, refused), '57014');
    expectStatus(await createCredit(server.api, owner, 'held-account'), 201);
    await expectOneWarningPerUnavailable(server, [refused]);
  });

  it('fails fast, within the connect timeout, when the database host takes connections and never answers', async () => {
    const owner = await accountOwner(server.api);
    await cluster.stop('immediate');
    // A hung host: the port accepts TCP connections, and nothing ever answers on them.
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(cluster.port, '127.0.0.1', resolve));
    try {
      const started = Date.now();
      const refused = await server.api.get('/v1/account', { token: owner.token });
      const waited = Date.now() - started;
      expectUnavailable(refused);
      assert.ok(waited < 8000, `answered after ${waited} ms`);
      assert.equal(await unavailableReason(server, refused), 'connection terminated');
      expectStatus(await server.api.get('/health'), 200);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
    await cluster.start();
    expectStatus(await server.api.get('/v1/account', { token: owner.token }), 200);
  });
});

describe('SQLite locked by another process', { skip: process.env.TEST_DATABASE_URL ? 'SQLite only' : false }, () => {
  let database: TestDatabase;
  let server: ServerProcess;

  before(async () => {
    database = await createTestDatabase();
    server = await startServerProcess(database);
  });
  after(async () => {
    await server?.stop();
    await database?.drop();
  });

  it('answers a write 503 with Retry-After once busy_timeout has passed, and writes again as soon as the lock is released', async () => {
    const owner = await accountOwner(server.api);
    const holder = new BetterSqlite3(database.url.slice('sqlite:'.length));
    let refused: ApiResponse;
    try {
      holder.exec('BEGIN IMMEDIATE');
      const started = Date.now();
      refused = await createCredit(server.api, owner, 'busy-1');
      const waited = Date.now() - started;
      expectUnavailable(refused);
      assert.ok(waited >= 4000, `answered after ${waited} ms, before busy_timeout`);
      holder.exec('ROLLBACK');
    } finally {
      holder.close();
    }
    // The 503 was not stored under its Idempotency-Key: the retry runs.
    expectStatus(await createCredit(server.api, owner, 'busy-1'), 201);
    expectStatus(await server.api.get('/health/ready'), 200);
    await expectOneWarningPerUnavailable(server, [refused]);
    assert.equal(await unavailableReason(server, refused), 'SQLITE_BUSY');
  });
});

/** A request and how long its answer took. */
async function timed(send: () => Promise<ApiResponse>): Promise<{ response: ApiResponse; ms: number }> {
  const started = performance.now();
  const response = await send();
  return { response, ms: performance.now() - started };
}

const REDIS_BIN = redisServerBinary();
const REDIS_LOST = 'Redis cannot be reached';
const REDIS_BACK = 'Redis is reachable again: rate limits are shared again';

describe('Redis killed under the service', { skip: REDIS_BIN === null ? 'no redis-server binary' : false }, () => {
  const LIMIT = 20;
  let redis: ThrowawayRedis;
  let database: TestDatabase;
  let server: ServerProcess;

  before(async () => {
    redis = await startThrowawayRedis(REDIS_BIN!);
    database = await createTestDatabase();
    server = await startServerProcess(database, { REDIS_URL: redis.url, RATE_LIMIT_PER_MINUTE: String(LIMIT) });
  });
  after(async () => {
    await server?.stop();
    await redis?.destroy();
    await database?.drop();
  });

  it('keeps answering within a second, limits per process, stays live and ready (degraded), and shares the counters again once Redis is back', async () => {
    const [limited, busy] = [await accountOwner(server.api), await accountOwner(server.api)];
    const ready = await server.api.get('/health/ready');
    expectStatus(ready, 200);
    assert.deepEqual(ready.body, { status: 'ok', checks: { database: 'ok', redis: 'ok', replica: 'not_configured', replica_lag_ms: null } });

    // Redis dies while requests are on their way.
    const inFlight = Promise.all(
      Array.from({ length: 3 }, async () => {
        const answers = [];
        for (let i = 0; i < 5; i += 1) answers.push(await timed(() => server.api.get('/v1/account', { token: busy.token })));
        return answers;
      }),
    );
    await sleep(30);
    await redis.kill();
    const aroundTheKill = (await inFlight).flat();
    // From now on every request of `limited` is counted in this process: LIMIT of them pass, then 429.
    const afterTheKill = [];
    for (let i = 0; i < LIMIT + 3; i += 1) afterTheKill.push(await timed(() => server.api.get('/v1/account', { token: limited.token })));
    const probes = [await timed(() => server.api.get('/health')), await timed(() => server.api.get('/health/ready'))];

    const all = [...aroundTheKill, ...afterTheKill, ...probes];
    const slowest = Math.max(...all.map(({ ms }) => ms));
    const median = all.map(({ ms }) => ms).sort((a, b) => a - b)[Math.floor(all.length / 2)];
    // None waits long for the dead Redis, and most do not wait for it at all (not even a command timeout).
    assert.ok(slowest < 1000, `slowest answer ${Math.round(slowest)} ms`);
    assert.ok(median < 100, `median answer ${Math.round(median)} ms`);
    for (const { response } of aroundTheKill) expectStatus(response, 200);
    assert.deepEqual(
      afterTheKill.map(({ response }) => response.status),
      [...Array<number>(LIMIT).fill(200), 429, 429, 429],
    );
    expectError(afterTheKill[LIMIT].response, 429, 'rate_limited');
    assert.ok(Number(afterTheKill[LIMIT].response.headers.get('retry-after')) >= 1);
    expectStatus(probes[0].response, 200);
    expectStatus(probes[1].response, 200);
    assert.deepEqual(probes[1].response.body, { status: 'degraded', checks: { database: 'ok', redis: 'unavailable', replica: 'not_configured', replica_lag_ms: null } });
    const lost = server.logs.filter((line) => String(line.msg).startsWith(REDIS_LOST));
    assert.equal(lost.length, 1, JSON.stringify(lost));
    assert.equal(lost[0].level, WARN);
    assert.deepEqual(
      linesAtOrAbove(server, WARN).filter((line) => !String(line.msg).startsWith(REDIS_LOST)),
      [],
    );

    await redis.start();
    await server.waitForLog((line) => line.msg === REDIS_BACK, 10_000);
    const back = await server.api.get('/health/ready');
    assert.deepEqual(back.body, { status: 'ok', checks: { database: 'ok', redis: 'ok', replica: 'not_configured', replica_lag_ms: null } });
    // Counted in Redis again: the window of `busy` is there, in the restarted (empty) server.
    expectStatus(await server.api.get('/v1/account', { token: busy.token }), 200);
    const client = new Redis(redis.url);
    try {
      assert.equal(await client.get(`ratelimit:requests:user:${busy.user.id}`), '1');
    } finally {
      client.disconnect();
    }
    assert.equal(server.logs.filter((line) => String(line.msg).startsWith(REDIS_LOST)).length, 1);
    assert.deepEqual(linesAtOrAbove(server, ERROR), []);
    process.stdout.write(`# Redis killed: ${all.length} requests answered, slowest ${Math.round(slowest)} ms, median ${Math.round(median)} ms\n`);
  });

  it('starts without Redis, and says so once', async () => {
    const nowhere = `redis://127.0.0.1:${await freeLoopbackPort()}`;
    const alone = await startServerProcess(database, { REDIS_URL: nowhere, RATE_LIMIT_PER_MINUTE: '2' });
    try {
      const { ms, response } = await timed(() => alone.api.get('/health/ready'));
      assert.ok(ms < 1000, `${Math.round(ms)} ms`);
      assert.deepEqual(response.body, { status: 'degraded', checks: { database: 'ok', redis: 'unavailable', replica: 'not_configured', replica_lag_ms: null } });
      expectStatus(await alone.api.get('/v1/no-such-route'), 404);
      expectStatus(await alone.api.get('/v1/no-such-route'), 404);
      expectError(await alone.api.get('/v1/no-such-route'), 429, 'rate_limited');
      // It keeps trying in the background: still one warning.
      await sleep(1500);
      assert.equal(alone.logs.filter((line) => String(line.msg).startsWith(REDIS_LOST)).length, 1);
    } finally {
      await alone.stop();
    }
  });
});

describe('SIGTERM under load', () => {
  let database: TestDatabase;
  const receiver = new WebhookReceiver();

  before(async () => {
    database = await createTestDatabase();
  });
  after(async () => {
    await receiver.stop();
    await database?.drop();
  });

  it('answers every request it accepted, finishes the webhook deliveries in flight, exits 0 and logs no warning or error', async () => {
    const url = await receiver.start();
    const server = await startServerProcess(database, { WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOW_PRIVATE: 'true', PAYMENT_EXPIRY_INTERVAL: '1s' });
    try {
      const owner = await accountOwner(server.api);
      expectStatus(await server.api.post('/v1/webhook_endpoints', { url, enabled_events: ['transaction.created'] }, { token: owner.token }), 201);
      // A slow receiver: deliveries are on their way when the signal comes.
      receiver.delay = async () => {
        await sleep(300);
      };
      const answers: ApiResponse[] = [];
      const refusals: string[] = [];
      let sending = true;
      const clients = Array.from({ length: 4 }, async () => {
        while (sending) {
          try {
            answers.push(await createCredit(server.api, owner));
          } catch (error) {
            // Once the server has closed its port (or this keep-alive connection), nothing more is sent.
            refusals.push(String((error as { cause?: { code?: string } }).cause?.code ?? error));
            sending = false;
          }
        }
      });
      await receiver.waitFor(() => receiver.pending > 0, 'a delivery in flight');
      const exited = once(server.process, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
      server.process.kill('SIGTERM');
      const [code, signal] = await exited;
      sending = false;
      await Promise.all(clients);

      assert.equal(code, 0, `exit ${code} ${signal}`);
      assert.ok(answers.length > 0);
      assert.deepEqual(
        answers.filter((response) => response.status !== 201).map((response) => `${response.status} ${JSON.stringify(response.body)}`),
        [],
      );
      assert.deepEqual(linesAtOrAbove(server, WARN), []);
      // Deliveries that were in flight got their answer before the pool closed: none waits for a lease to run out.
      assert.equal(receiver.pending, 0);
      assert.ok(
        refusals.every((refusal) => ['ECONNREFUSED', 'ECONNRESET', 'UND_ERR_SOCKET'].includes(refusal)),
        refusals.join(', '),
      );
    } finally {
      await server.crash();
    }
  });
});
