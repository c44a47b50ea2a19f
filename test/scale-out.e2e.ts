import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ApiClient, ApiResponse } from './support/api-client';
import { accountOwner, expectStatus, LoggedIn } from './support/factories';
import { builtScript, runScript } from './support/scripts';
import { BalancedInstances, startBalancedInstances } from './support/balanced-instances';
import { ServerProcess } from './support/server-process';
import { sql } from './support/sql';
import { createTestDatabase, TestDatabase } from './support/test-app';
import { haproxyBinary } from './support/throwaway-services';
import { WebhookReceiver } from './support/webhook-receiver';

/*
 * Contract section 17: three instances behind a real HAProxy share the work,
 * and one of them is killed (SIGKILL) under mixed load. Clients retry every
 * request that failed, with its Idempotency-Key, as a client would.
 */

const haproxy = haproxyBinary();
const skip = !process.env.TEST_DATABASE_URL ? 'PostgreSQL only' : haproxy === null ? 'haproxy is not installed (apt-get install haproxy)' : false;
const ENV = { WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_WAITS: '1s', DATABASE_POOL_SIZE: '5' };
const ACCOUNTS = 3;
const OPERATIONS_PER_ACCOUNT = 20;
/** Killed once this many operations have been acknowledged. */
const KILL_AFTER = 15;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Owner = LoggedIn & { accountId: string };

/** What a client retries: the request was lost (the instance died), or the key is still held by a request in flight. */
function worthRetrying(response: ApiResponse | null): boolean {
  if (response === null) return true;
  if ([502, 503, 504].includes(response.status)) return true;
  return response.status === 409 && response.body?.error_code === 'idempotency_request_in_progress';
}

/** POSTs with the key until an answer that is not worth retrying (at most 30 s). */
async function postWithRetries(api: ApiClient, path: string, body: unknown, token: string, key: string): Promise<{ response: ApiResponse; attempts: number }> {
  const deadline = Date.now() + 30_000;
  for (let attempts = 1; ; attempts += 1) {
    const response = await api.post(path, body, { token, headers: { 'idempotency-key': key } }).catch(() => null);
    if (!worthRetrying(response)) return { response: response!, attempts };
    if (Date.now() > deadline) throw new Error(`${key}: still ${response?.status ?? 'no answer'} after ${attempts} attempts`);
    await sleep(100);
  }
}

describe('Three instances behind HAProxy, one killed under load', { skip }, () => {
  let database: TestDatabase;
  let instances: BalancedInstances;
  let servers: ServerProcess[];
  let api: ApiClient;
  const receiver = new WebhookReceiver();
  let hooks: string;

  before(async () => {
    database = await createTestDatabase();
    hooks = await receiver.start();
    instances = await startBalancedInstances(haproxy!, database.url, ENV);
    ({ servers, api } = instances);
  });

  after(async () => {
    await instances?.stop();
    await receiver.stop();
    await database?.drop();
  });

  it('loses no acknowledged write, leaves no key stuck, sends no event twice at once, delivers every event in order, and keeps the books balanced', async () => {
    const owners: Owner[] = [];
    for (let index = 0; index < ACCOUNTS; index += 1) {
      const owner = await accountOwner(api);
      expectStatus(await api.post('/v1/webhook_endpoints', { url: hooks, enabled_events: ['transaction.created'] }, { token: owner.token }), 201);
      owners.push(owner);
    }

    // Each key, what it asks, and the transaction it was acknowledged with.
    const requests = new Map<string, { owner: Owner; body: Record<string, unknown>; id?: string }>();
    let acknowledged = 0;
    let killed: Promise<void> | null = null;
    let retried = 0;
    const run = `${Date.now()}`;
    await Promise.all(
      owners.map(async (owner, index) => {
        for (let operation = 0; operation < OPERATIONS_PER_ACCOUNT; operation += 1) {
          const key = `scale-${run}-${index}-${operation}`;
          const body =
            operation % 3 === 2
              ? { type: 'transfer', amount: 10 + operation, currency: 'EUR', counterparty_account_id: owners[(index + 1) % ACCOUNTS].accountId }
              : { type: 'credit', amount: 100 + operation, currency: 'EUR' };
          requests.set(key, { owner, body });
          const { response, attempts } = await postWithRetries(api, '/v1/transactions', body, owner.token, key);
          expectStatus(response, 201);
          requests.get(key)!.id = response.body.id;
          retried += attempts - 1;
          acknowledged += 1;
          if (acknowledged === KILL_AFTER) killed = servers[1].crash();
        }
      }),
    );
    // Assigned in a callback above, which the compiler's narrowing does not follow.
    await Promise.resolve<void | null>(killed);

    // Every acknowledged write is there once, and nothing else is.
    const ids = [...requests.values()].map((request) => request.id!);
    assert.equal(new Set(ids).size, requests.size, 'one transaction per key');
    const { rows } = await sql(database.url, 'SELECT id FROM transactions');
    assert.deepEqual(rows.map((row) => String(row.id)).sort(), [...ids].sort(), 'the database holds exactly the acknowledged transactions');

    // No key is stuck: each answers its transaction again.
    for (const [key, request] of requests) {
      const replay = await api.post('/v1/transactions', request.body, { token: request.owner.token, headers: { 'idempotency-key': key } });
      assert.equal(replay.status, 201, `${key}: ${replay.status} ${JSON.stringify(replay.body)}`);
      assert.equal(replay.body.id, request.id, `${key} replays its transaction`);
    }

    // Every transaction.created reaches the receiver (a delivery the dead instance held is taken up once its lease ends),
    // never twice at the same time, and in each account's order.
    const events = (await sql(database.url, "SELECT id, stream, sequence FROM events WHERE type = 'transaction.created'")).rows;
    const accepted = () => new Set(receiver.accepted().map((event) => event.id));
    await receiver.waitFor(() => events.every((event) => accepted().has(String(event.id))), `${events.length} events delivered`, 40_000);
    assert.deepEqual(receiver.overlapping, [], 'no event sent twice at the same time');
    for (const owner of owners) {
      const firstArrivals: number[] = [];
      for (const event of receiver.accepted()) if (event.account_id === owner.accountId && !firstArrivals.includes(event.sequence)) firstArrivals.push(event.sequence);
      assert.deepEqual(
        firstArrivals,
        [...firstArrivals].sort((a, b) => a - b),
        `account ${owner.accountId}: in order`,
      );
    }

    const check = await runScript(builtScript('cli.js'), ['ledger-check'], database.url, { LOG_LEVEL: 'silent' });
    assert.equal(check.code, 0, check.stdout + check.stderr);
    assert.match(check.stdout, /The books balance and every invariant holds\./);
    console.log(`scale-out: ${requests.size} writes acknowledged, ${retried} retries after the kill, ${receiver.received.length} webhooks for ${events.length} events`);
  });
});
