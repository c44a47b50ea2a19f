import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import BetterSqlite3 from 'better-sqlite3';
import { ApiClient, ApiResponse } from './support/api-client';
import { accountOwner, expectError, expectStatus, LoggedIn } from './support/factories';
import { LogLine, ServerProcess, startServerProcess } from './support/server-process';
import { createTestDatabase, TestDatabase } from './support/test-app';

/*
 * Outages as an operator meets them (contract section 13): the service runs as
 * its own process, and the test takes its database or its Redis away under it.
 */

const WARN = 40;
const ERROR = 50;

/** 503 service_unavailable in the contract's error body, with a Retry-After of a few seconds. */
function expectUnavailable(response: ApiResponse): void {
  expectError(response, 503, 'service_unavailable');
  const retryAfter = Number(response.headers.get('retry-after'));
  assert.ok(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60, `Retry-After ${response.headers.get('retry-after')}`);
}

/** The log lines at warning level or above that no request wrote. */
function linesAtOrAbove(server: ServerProcess, level: number): LogLine[] {
  return server.logs.filter((line) => typeof line.level === 'number' && line.level >= level);
}

/** Each 503 has exactly one warning line, with its request id, naming the reason and without a stack. */
function expectOneWarningPerUnavailable(server: ServerProcess, unavailable: ApiResponse[]): void {
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

describe('SQLite locked by another process', { skip: process.env.TEST_DATABASE_URL ? 'SQLite only' : false }, () => {
  let database: TestDatabase;
  let server: ServerProcess;

  before(async () => {
    database = await createTestDatabase();
    server = await startServerProcess(database.url);
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
    expectOneWarningPerUnavailable(server, [refused]);
    assert.equal(server.logs.find((line) => line.request_id === refused.headers.get('x-request-id') && line.level === WARN)?.reason, 'SQLITE_BUSY');
  });
});
