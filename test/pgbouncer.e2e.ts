import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ApiResponse } from './support/api-client';
import { accountOwner, expectStatus, LoggedIn } from './support/factories';
import { LogLine, ServerProcess, startServerProcess } from './support/server-process';
import { createTestDatabase, TestDatabase } from './support/test-app';
import { pgBouncerBinary, startThrowawayPgBouncer, ThrowawayPgBouncer } from './support/throwaway-services';
import { WebhookReceiver } from './support/webhook-receiver';

/*
 * Contract section 17: the service behind Debian's PgBouncer (1.18) in
 * transaction mode, which lends a server connection to a client for one
 * transaction only. Few server connections for many clients, so that each
 * client's statements land on connections other clients used before.
 */

const WARN = 40;
const bouncer = pgBouncerBinary();
const skip = !process.env.TEST_DATABASE_URL ? 'PostgreSQL only' : bouncer === null ? 'pgbouncer is not installed (apt-get install pgbouncer)' : false;
const ENV = {
  WEBHOOK_ALLOW_HTTP: 'true',
  WEBHOOK_ALLOW_PRIVATE: 'true',
  PAYMENT_EXPIRY_INTERVAL: '1s',
  HOUSEKEEPING_INTERVAL: '1s',
  DATABASE_POOL_SIZE: '10',
};

/** The warnings and errors the server logged (a failing worker pass logs one). */
function problems(server: ServerProcess): LogLine[] {
  return server.logs.filter((line) => 'raw' in line || (typeof line.level === 'number' && line.level >= WARN));
}

/** Credits with Idempotency-Keys, each replayed, reads by id and lists, `parallel` at a time. */
async function mixedLoad(server: ServerProcess, owner: LoggedIn & { accountId: string }, rounds: number, parallel: number): Promise<ApiResponse[]> {
  const responses: ApiResponse[] = [];
  const one = async (round: number) => {
    const key = `pgb-${owner.accountId}-${round}`;
    const body = { type: 'credit', amount: 100 + round, currency: 'EUR', description: `through PgBouncer ${round}` };
    const created = await server.api.post('/v1/transactions', body, { token: owner.token, headers: { 'idempotency-key': key } });
    const replayed = await server.api.post('/v1/transactions', body, { token: owner.token, headers: { 'idempotency-key': key } });
    responses.push(created, replayed);
    if (created.status === 201) {
      responses.push(await server.api.get(`/v1/transactions/${created.body.id}`, { token: owner.token }));
      assert.equal(replayed.body.id, created.body.id, 'the replay answers the same transaction');
    }
    responses.push(await server.api.get('/v1/transactions?limit=5', { token: owner.token }));
    responses.push(await server.api.get('/v1/account/balances', { token: owner.token }));
  };
  for (let start = 0; start < rounds; start += parallel) {
    await Promise.all(Array.from({ length: Math.min(parallel, rounds - start) }, (_, index) => one(start + index)));
  }
  return responses;
}

describe('Behind PgBouncer in transaction mode', { skip }, () => {
  /** As installed, and as operators often set it up: passing over statement_timeout instead of refusing it. */
  let pgbouncer: ThrowawayPgBouncer;
  let lenient: ThrowawayPgBouncer;
  let database: TestDatabase;
  const receiver = new WebhookReceiver();
  let hooks: string;
  const servers: ServerProcess[] = [];

  before(async () => {
    database = await createTestDatabase();
    const direct = new URL(database.url);
    // Three server connections for two servers' pools of ten: every client's statements wander between them.
    const target = { host: direct.hostname, port: Number(direct.port || 5432) };
    // The service's own role through the pooler; migrations as the owner, straight to the server.
    const users = [new URL(database.runtimeUrl ?? database.url).username];
    pgbouncer = await startThrowawayPgBouncer(bouncer!, target, { poolSize: 3, users });
    lenient = await startThrowawayPgBouncer(bouncer!, target, { poolSize: 3, ignoreStartupParameters: ['statement_timeout'], users });
    hooks = await receiver.start();
  });

  after(async () => {
    for (const server of servers) await server.stop();
    await receiver.stop();
    await pgbouncer?.destroy();
    await lenient?.destroy();
    await database?.drop();
  });

  async function serve(through: ThrowawayPgBouncer, env: Record<string, string>): Promise<ServerProcess> {
    const name = new URL(database.url).pathname.slice(1);
    const role = new URL(database.runtimeUrl ?? database.url).username;
    const server = await startServerProcess(through.url(name, role), { ...ENV, DATABASE_MIGRATION_URL: database.url, ...env });
    servers.push(server);
    return server;
  }

  for (const [label, lenientOne, env] of [
    ['with DATABASE_PREPARED_STATEMENTS=false', false, { DATABASE_PREPARED_STATEMENTS: 'false' }],
    ['detecting the pooler that refuses statement_timeout (auto, the default)', false, {}],
    ['detecting the pooler that passes over statement_timeout (auto, the default)', true, {}],
  ] as const) {
    it(`migrates, answers every request, delivers webhooks and runs its jobs without a warning, ${label}`, async () => {
      const server = await serve(lenientOne ? lenient : pgbouncer, env);
      const owner = await accountOwner(server.api);
      expectStatus(await server.api.post('/v1/webhook_endpoints', { url: hooks, enabled_events: ['transaction.created'] }, { token: owner.token }), 201);
      const before = receiver.received.length;

      const responses = await mixedLoad(server, owner, 60, 10);
      const failed = responses.filter((response) => response.status >= 300);
      assert.deepEqual(
        failed.map((response) => `${response.status} ${JSON.stringify(response.body)}`),
        [],
        'every request answered',
      );

      await receiver.waitFor(() => receiver.received.length - before >= 60, '60 deliveries');
      const sequences = receiver
        .accepted()
        .filter((event) => event.account_id === owner.accountId)
        .map((event) => event.sequence);
      assert.deepEqual(
        sequences,
        [...sequences].sort((a, b) => a - b),
        'in stream order',
      );
      // Expiry and housekeeping pass every second: three passes each.
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      assert.deepEqual(problems(server), [], 'no warning or error logged');
      await server.stop();
    });
  }
});
