import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ApiResponse } from './support/api-client';
import { accountOwner, LoggedIn } from './support/factories';
import { listItems } from './support/shapes';
import { startServerProcess, ServerProcess } from './support/server-process';
import { createTestDatabase, TestDatabase } from './support/test-app';

const KEYS = 120;

function bodyFor(index: number): Record<string, unknown> {
  return { type: 'credit', amount: 100 + index, currency: 'EUR', metadata: { order_id: `order-${index}` } };
}

describe('Idempotency-Keys across a crash', () => {
  let database: TestDatabase;
  let server: ServerProcess;
  let owner: LoggedIn;

  before(async () => {
    database = await createTestDatabase();
    server = await startServerProcess(database);
    owner = await accountOwner(server.api);
  });

  after(async () => {
    await server.stop();
    await database.drop();
  });

  it('leaves no key stuck after SIGKILL under concurrent writes: each retry replays or creates, exactly one transaction per key', async () => {
    const keys = Array.from({ length: KEYS }, (_, index) => `crash-${index}-${Date.now()}`);
    const send = (target: ServerProcess, index: number): Promise<ApiResponse | null> =>
      target.api.post('/v1/transactions', bodyFor(index), { token: owner.token, headers: { 'idempotency-key': keys[index] } }).catch(() => null);
    // Every request in flight at once; the process dies once a few have been answered.
    const inFlight = keys.map((_, index) => send(server, index));
    let answered = 0;
    await new Promise<void>((resolve) => {
      for (const request of inFlight) {
        void request.then(() => {
          answered += 1;
          if (answered === 10) resolve();
        });
      }
    });
    await server.crash();
    const first = await Promise.all(inFlight);
    const acknowledged = first.filter((response) => response?.status === 201).length;
    assert.ok(acknowledged >= 10 && acknowledged < KEYS, `the crash came mid-load (${acknowledged} of ${KEYS} acknowledged)`);

    server = await startServerProcess(database);
    const retried = await Promise.all(keys.map((_, index) => send(server, index)));
    const statuses = retried.map((response) => response?.status);
    assert.deepEqual(new Set(statuses), new Set([201]), `every key replays or creates after the restart: ${JSON.stringify(statuses)}`);
    for (const [index, response] of first.entries()) {
      // An answer the client saw before the crash is the answer it gets again, byte for byte.
      if (response?.status === 201) assert.deepEqual(retried[index]!.body, response.body, keys[index]);
    }
    const credits = await listItems(server.api, owner.token, '/v1/transactions?type=credit&limit=100');
    const perOrder = new Map<string, number>();
    for (const credit of credits) perOrder.set(credit.metadata.order_id, (perOrder.get(credit.metadata.order_id) ?? 0) + 1);
    assert.equal(perOrder.size, KEYS);
    assert.deepEqual(new Set(perOrder.values()), new Set([1]), 'exactly one transaction per key');
  });
});
