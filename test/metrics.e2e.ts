import assert from 'node:assert/strict';
import { ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import { ApiResponse } from './support/api-client';
import { accountOwner, expectError, expectStatus } from './support/factories';
import { generatedOpenApi } from './support/openapi-document';
import { createTestDatabase, TestDatabase, useTestApp } from './support/test-app';

const METRICS_TOKEN = 'metrics-test-token-0123456789abcdef';
const MAIN = join(__dirname, '..', 'src', 'main.js');

/** Every metric name in the first column of the metrics table of docs/operations.md. */
function documentedMetrics(): string[] {
  const page = readFileSync(join(process.cwd(), 'docs', 'operations.md'), 'utf8');
  const section = page.slice(page.indexOf('**Metrics.**'), page.indexOf('**Tracing.**'));
  const names = section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) => [...line.split(' | ')[0].matchAll(/`([a-z_0-9]+)[{`]/g)].map((match) => match[1]));
  assert.ok(names.length >= 10, `the metrics table of docs/operations.md names ${names.length} metrics`);
  return names;
}

/** The value of one sample (`name{labels} value`) of a Prometheus exposition, or undefined. */
function sample(exposition: string, name: string, labels = ''): number | undefined {
  const line = exposition.split('\n').find((candidate) => candidate.startsWith(`${name}${labels} `));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

function expectExposition(response: ApiResponse): string {
  expectStatus(response, 200);
  assert.equal(response.headers.get('content-type'), 'text/plain; version=0.0.4; charset=utf-8');
  return String(response.body);
}

describe('GET /metrics without METRICS_TOKEN', () => {
  const t = useTestApp();

  it('does not exist: 404 as any unknown route, whatever the method or token', async () => {
    for (const [method, token] of [
      ['GET', undefined],
      ['GET', METRICS_TOKEN],
      ['POST', METRICS_TOKEN],
    ]) {
      const response = await t.api.request(method!, '/metrics', method === 'POST' ? {} : undefined, { token });
      const unknown = await t.api.request(method!, '/no-such-route', method === 'POST' ? {} : undefined, { token });
      expectError(response, 404, 'not_found');
      expectError(unknown, 404, 'not_found');
      assert.equal(response.body.error_description, unknown.body.error_description.replace('/no-such-route', '/metrics'));
    }
    assert.ok(!t.routes.some((route) => route.url === '/metrics'));
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  const t = useTestApp({ METRICS_TOKEN, WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOW_PRIVATE: 'true' });

  it('answers 401 without the token, with another one, or with it in another scheme', async () => {
    for (const headers of [
      {} as Record<string, string>,
      { authorization: 'Bearer not-the-metrics-token-at-all' },
      { authorization: `Bearer ${METRICS_TOKEN}x` },
      { authorization: `Bearer ${METRICS_TOKEN.slice(0, -1)}` },
      { authorization: `Basic ${Buffer.from(`prometheus:${METRICS_TOKEN}`).toString('base64')}` },
      { authorization: METRICS_TOKEN },
    ]) {
      expectError(await t.api.get('/metrics', { headers }), 401, 'unauthorized');
    }
  });

  it('serves the documented metrics in Prometheus text format, by route template and never by raw URL', async () => {
    const owner = await accountOwner(t.api);
    const created = await t.api.post('/v1/transactions', { type: 'credit', amount: 1250, currency: 'EUR' }, { token: owner.token });
    expectStatus(created, 201);
    const transactionId = created.body.id;
    expectStatus(await t.api.get(`/v1/transactions/${transactionId}`, { token: owner.token }), 200);
    expectStatus(await t.api.get(`/v1/transactions/${transactionId}`, { token: owner.token }), 200);
    expectError(await t.api.get('/v1/transactions/txn_01JDQ4Z8X9T2M3N4P5Q6R7S8T9', { token: owner.token }), 404, 'transaction_not_found');
    expectError(await t.api.get('/v1/no-such-thing/secret-looking-path'), 404, 'not_found');
    // A webhook endpoint that nothing answers: the event of the next write waits in the queue.
    const endpoint = await t.api.post('/v1/webhook_endpoints', { url: 'http://127.0.0.1:9/hooks', enabled_events: ['transaction.created'] }, { token: owner.token });
    expectStatus(endpoint, 201);
    expectStatus(await t.api.post('/v1/transactions', { type: 'credit', amount: 1, currency: 'EUR' }, { token: owner.token }), 201);

    const exposition = expectExposition(await t.api.get('/metrics', { token: METRICS_TOKEN }));
    for (const name of documentedMetrics()) assert.match(exposition, new RegExp(`^# TYPE ${name} `, 'm'), `${name} is missing`);

    const read = '{method="GET",route="/v1/transactions/:transaction_id",status="200"}';
    assert.equal(sample(exposition, 'http_requests_total', read), 2);
    assert.equal(sample(exposition, 'http_request_duration_seconds_count', read), 2);
    assert.equal(sample(exposition, 'http_request_duration_seconds_bucket', read.replace('}', ',le="+Inf"}')), 2);
    assert.ok((sample(exposition, 'http_request_duration_seconds_bucket', read.replace('}', ',le="0.001"}')) ?? -1) <= 2);
    assert.ok((sample(exposition, 'http_request_duration_seconds_sum', read) ?? 0) > 0);
    assert.match(exposition, /^# TYPE http_request_duration_seconds histogram$/m);
    assert.match(exposition, /^# TYPE http_requests_total counter$/m);
    assert.equal(sample(exposition, 'http_requests_total', '{method="GET",route="/v1/transactions/:transaction_id",status="404"}'), 1);
    assert.equal(sample(exposition, 'http_requests_total', '{method="POST",route="/v1/transactions",status="201"}'), 2);
    assert.ok((sample(exposition, 'http_requests_total', '{method="GET",route="(unmatched)",status="404"}') ?? 0) >= 1);
    for (const raw of [transactionId, 'txn_01JDQ4Z8X9T2M3N4P5Q6R7S8T9', 'secret-looking-path', owner.accountId]) {
      assert.ok(!exposition.includes(raw), `${raw} appears in the metrics`);
    }

    const sqlite = !process.env.TEST_DATABASE_URL;
    assert.equal(sample(exposition, 'database_pool_size'), sqlite ? 1 : 10);
    assert.equal(typeof sample(exposition, 'database_pool_connections', '{state="idle"}'), 'number');
    assert.equal(typeof sample(exposition, 'database_pool_connections', '{state="in_use"}'), 'number');
    assert.ok((sample(exposition, 'database_pool_waiting') ?? -1) >= 0);
    assert.ok((sample(exposition, 'webhook_deliveries_pending') ?? 0) >= 1, 'the undeliverable event is queued');
    assert.ok((sample(exposition, 'process_resident_memory_bytes') ?? 0) > 10 * 1024 * 1024);
    assert.ok((sample(exposition, 'nodejs_eventloop_lag_seconds') ?? -1) >= 0);
  });

  it('is an operator endpoint, not part of the API: absent from the OpenAPI document', () => {
    assert.ok(t.routes.some((route) => route.method === 'GET' && route.url === '/metrics'));
    assert.equal(generatedOpenApi(t).paths['/metrics'], undefined);
  });
});

/** The built server in a process of its own, its JSON log lines collected. */
describe('the server process: traceparent in the log, /metrics over the wire', () => {
  let database: TestDatabase;
  let server: ChildProcess;
  let baseUrl: string;
  const lines: Record<string, unknown>[] = [];

  before(async () => {
    database = await createTestDatabase();
    server = spawn(process.execPath, [MAIN], {
      env: { ...process.env, PORT: '0', DATABASE_URL: database.url, JWT_SECRET: 'metrics-process-test-secret-of-32-bytes', LOG_LEVEL: 'info', METRICS_TOKEN },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    baseUrl = await new Promise<string>((resolve, reject) => {
      server.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
      createInterface({ input: server.stdout! }).on('line', (line) => {
        const entry = JSON.parse(line) as Record<string, unknown>;
        lines.push(entry);
        const address = /listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(String(entry.msg));
        if (address) resolve(address[1]);
      });
    });
  });

  after(async () => {
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await once(server, 'exit');
    }
    await database.drop();
  });

  /** The request's log lines, once its access line has been written. */
  async function logOf(requestId: string): Promise<Record<string, unknown>[]> {
    for (let i = 0; i < 100 && !lines.some((line) => line.request_id === requestId && line.msg === 'request completed'); i += 1) await sleep(20);
    return lines.filter((line) => line.request_id === requestId);
  }

  it('writes the trace id of a valid traceparent in the request log line, and ignores an invalid one', async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const traced = await fetch(`${baseUrl}/health`, { headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01`, 'x-request-id': 'trace-ops-valid' } });
    assert.equal(traced.status, 200);
    const [line] = await logOf('trace-ops-valid');
    assert.equal(line?.msg, 'request completed');
    assert.equal(line.trace_id, traceId);

    for (const [requestId, traceparent] of [
      ['trace-ops-zero', `00-${'0'.repeat(32)}-00f067aa0ba902b7-01`],
      ['trace-ops-upper', `00-${traceId.toUpperCase()}-00f067aa0ba902b7-01`],
      ['trace-ops-garbage', 'not a traceparent'],
      ['trace-ops-version', `ff-${traceId}-00f067aa0ba902b7-01`],
    ]) {
      const response = await fetch(`${baseUrl}/health`, { headers: { traceparent, 'x-request-id': requestId } });
      assert.equal(response.status, 200, `${traceparent} is ignored, not refused`);
      const logged = await logOf(requestId);
      assert.equal(logged.length, 1);
      assert.equal(logged[0].trace_id, undefined, `no trace id from ${traceparent}`);
    }
  });

  it('carries the trace id on every line the request logs, its error included', async () => {
    const traceId = 'a3ce929d0e0e47364bf92f3577b34da6';
    const refused = await fetch(`${baseUrl}/v1/users`, { headers: { traceparent: `00-${traceId}-b7ad6b7169203331-00`, 'x-request-id': 'trace-ops-401' } });
    assert.equal(refused.status, 401);
    const logged = await logOf('trace-ops-401');
    assert.ok(logged.length >= 1);
    for (const line of logged) assert.equal(line.trace_id, traceId);
  });

  it('answers /metrics with the token only', async () => {
    assert.equal((await fetch(`${baseUrl}/metrics`)).status, 401);
    const response = await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    assert.equal(response.status, 200);
    const exposition = await response.text();
    assert.ok((sample(exposition, 'http_requests_total', '{method="GET",route="/health",status="200"}') ?? 0) >= 5);
    assert.ok((sample(exposition, 'process_resident_memory_bytes') ?? 0) > 0);
  });
});
