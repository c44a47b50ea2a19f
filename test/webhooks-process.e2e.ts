import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { accountOwner, expectStatus, LoggedIn } from './support/factories';
import { startServerProcess, ServerProcess } from './support/server-process';
import { createTestDatabase, TestDatabase } from './support/test-app';
import { WebhookReceiver } from './support/webhook-receiver';

const WEBHOOK_ENV = { WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_WAITS: '1s' };
const TRANSACTIONS = 20;

/** Books `count` credits and returns nothing: the events are what the receiver must get. */
async function bookCredits(server: ServerProcess, owner: LoggedIn, count: number): Promise<void> {
  for (let amount = 1; amount <= count; amount += 1) {
    expectStatus(await server.api.post('/v1/transactions', { type: 'credit', amount, currency: 'EUR' }, { token: owner.token }), 201);
  }
}

/** The ids of every transaction.created the account's stream holds, read from the API. */
async function createdEventIds(server: ServerProcess, owner: LoggedIn): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const page: { body: { data: { id: string }[]; next_cursor: string | null } } = await server.api.get(
      `/v1/events?type=transaction.created&limit=100${cursor ? `&cursor=${cursor}` : ''}`,
      { token: owner.token },
    );
    ids.push(...page.body.data.map((event) => event.id));
    cursor = page.body.next_cursor;
  } while (cursor !== null);
  return ids.sort();
}

describe('Webhook deliveries across processes', () => {
  let database: TestDatabase;
  const receiver = new WebhookReceiver();
  let url: string;
  const servers: ServerProcess[] = [];

  before(async () => {
    database = await createTestDatabase();
    url = await receiver.start();
  });

  after(async () => {
    await Promise.all(servers.map((server) => server.crash()));
    await receiver.stop();
    await database.drop();
  });

  it('loses no delivery when the process is killed with SIGKILL while deliveries are in flight', async () => {
    const first = await startServerProcess(database.url, WEBHOOK_ENV);
    servers.push(first);
    const owner = await accountOwner(first.api);
    expectStatus(await first.api.post('/v1/webhook_endpoints', { url, enabled_events: ['transaction.created'] }, { token: owner.token }), 201);
    // The receiver is slow: the first deliveries are still waiting for their answer when the process dies.
    receiver.answer = () => 200;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    receiver.delay = () => held;
    await bookCredits(first, owner, TRANSACTIONS);
    await receiver.waitFor(() => receiver.pending > 0, 'a delivery in flight');
    await first.crash();
    // What was in flight never reached the dead process: it counts as not delivered.
    receiver.answer = () => 500;
    release();
    await receiver.waitFor(() => receiver.pending === 0, 'the held requests to end');
    receiver.answer = () => 200;
    receiver.delay = () => Promise.resolve();

    const second = await startServerProcess(database.url, WEBHOOK_ENV);
    servers.push(second);
    const expected = await createdEventIds(second, owner);
    assert.equal(expected.length, TRANSACTIONS);
    // The killed process's leases run out (15 s), and the new one sends what they held.
    await receiver.waitFor(() => expected.every((id) => receiver.accepted().some((event) => event.id === id)), 'every event after the restart', 45_000);
    await second.stop();
  });

  it('never sends one event to one endpoint twice at the same time from two instances, and sends each', async () => {
    const [one, two] = [await startServerProcess(database.url, WEBHOOK_ENV), await startServerProcess(database.url, WEBHOOK_ENV)];
    servers.push(one, two);
    receiver.received.length = 0;
    receiver.delay = () => new Promise((resolve) => setTimeout(resolve, 30));
    const owner = await accountOwner(one.api);
    expectStatus(await two.api.post('/v1/webhook_endpoints', { url, enabled_events: ['transaction.created'] }, { token: owner.token }), 201);
    await Promise.all([bookCredits(one, owner, TRANSACTIONS), bookCredits(two, owner, TRANSACTIONS)]);
    const expected = await createdEventIds(one, owner);
    await receiver.waitFor(() => expected.every((id) => receiver.accepted().some((event) => event.id === id)), 'every event', 45_000);
    assert.deepEqual(receiver.overlapping, [], 'no event was in flight twice at once');
    const sequences = receiver.accepted().map((event) => event.sequence);
    assert.deepEqual(
      sequences,
      [...sequences].sort((a, b) => a - b),
      'in sequence order',
    );
  });
});
