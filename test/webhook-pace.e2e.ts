import assert from 'node:assert/strict';
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { ApiClient } from './support/api-client';
import { accountOwner, expectStatus, LoggedIn, loginAdmin } from './support/factories';
import { startServerProcess, ServerProcess } from './support/server-process';
import { createTestDatabase, TestDatabase, useTestApp } from './support/test-app';
import { WebhookReceiver } from './support/webhook-receiver';

const WEBHOOK_ENV = { WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_WAITS: '1s' };

type Owner = LoggedIn & { accountId: string };

async function credit(api: ApiClient, token: string, amount: number): Promise<void> {
  expectStatus(await api.post('/v1/transactions', { type: 'credit', amount, currency: 'EUR' }, { token }), 201);
}

/**
 * Holds every answer until requests of `streams` distinct accounts are in flight at once, then answers
 * everything at once from then on. Notes each account's requests in flight, and any second one of an
 * account that arrives while the first is still unanswered.
 */
class HoldingReceiver {
  readonly accepted: { account: string; sequence: number; id: string }[] = [];
  readonly overlapping: string[] = [];
  mostAccountsInFlight = 0;
  private readonly inFlight = new Map<string, number>();
  private release: () => void = () => undefined;
  private readonly released = new Promise<void>((resolve) => (this.release = resolve));
  private server: Server | null = null;

  constructor(private readonly streams: number) {}

  async start(): Promise<string> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const event = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: string; account_id: string; sequence: number };
        const account = event.account_id;
        if ((this.inFlight.get(account) ?? 0) > 0) this.overlapping.push(`${account} #${event.sequence}`);
        this.inFlight.set(account, (this.inFlight.get(account) ?? 0) + 1);
        const distinct = [...this.inFlight.values()].filter((count) => count > 0).length;
        this.mostAccountsInFlight = Math.max(this.mostAccountsInFlight, distinct);
        if (distinct >= this.streams) this.release();
        void this.released.then(() => {
          this.inFlight.set(account, this.inFlight.get(account)! - 1);
          this.accepted.push({ account, sequence: event.sequence, id: event.id });
          response.writeHead(204).end();
        });
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks`;
  }

  async stop(): Promise<void> {
    this.release();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

/** Each account's accepted sequences, in the order they arrived. */
function sequencesByAccount(accepted: readonly { account: string | null; sequence: number }[]): Map<string, number[]> {
  const byAccount = new Map<string, number[]>();
  for (const event of accepted) byAccount.set(String(event.account), [...(byAccount.get(String(event.account)) ?? []), event.sequence]);
  return byAccount;
}

async function waitUntil(done: () => boolean, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('Webhook deliveries side by side', () => {
  const t = useTestApp(WEBHOOK_ENV);
  const ACCOUNTS = 12;
  const receiver = new HoldingReceiver(ACCOUNTS);
  after(() => receiver.stop());

  it("sends many accounts' deliveries at once, never two of one account, each account's in sequence order", async () => {
    const url = await receiver.start();
    const admin = await loginAdmin(t.api);
    expectStatus(await t.api.post('/v1/webhook_endpoints', { url, enabled_events: ['transaction.created'] }, { token: admin.token }), 201);
    const owners: Owner[] = [];
    for (let index = 0; index < ACCOUNTS; index += 1) owners.push(await accountOwner(t.api));
    // Each account's first delivery is held by the receiver until one of every account is in flight.
    for (const owner of owners) for (const amount of [1, 2, 3]) await credit(t.api, owner.token, amount);
    await waitUntil(() => receiver.accepted.length >= ACCOUNTS * 3, 'every delivery');

    assert.equal(receiver.mostAccountsInFlight, ACCOUNTS, 'one delivery of every account in flight at once');
    assert.deepEqual(receiver.overlapping, [], 'never two deliveries of one account in flight at once');
    const byAccount = sequencesByAccount(receiver.accepted);
    assert.equal(byAccount.size, ACCOUNTS);
    for (const [account, sequences] of byAccount) {
      assert.equal(sequences.length, 3, account);
      assert.deepEqual(
        sequences,
        [...sequences].sort((a, b) => a - b),
        `${account} in sequence order`,
      );
    }
  });
});

describe('Webhook deliveries from three instances', () => {
  let database: TestDatabase;
  const receiver = new WebhookReceiver();
  const servers: ServerProcess[] = [];

  before(async () => {
    database = await createTestDatabase();
  });
  after(async () => {
    await Promise.all(servers.map((server) => server.crash()));
    await receiver.stop();
    await database.drop();
  });

  it('keeps each account in sequence order and sends no event twice at once while three instances claim runs of the queue, through failures', async () => {
    const url = await receiver.start();
    for (let index = 0; index < 3; index += 1) servers.push(await startServerProcess(database, WEBHOOK_ENV));
    const owners: Owner[] = [];
    for (const server of servers) owners.push(await accountOwner(server.api));
    for (const [index, owner] of owners.entries()) {
      expectStatus(await servers[index % 3].api.post('/v1/webhook_endpoints', { url, enabled_events: ['transaction.created'] }, { token: owner.token }), 201);
    }
    // Now and then a refusal: the run it belongs to stops there, and what it held waits for the retry.
    receiver.answer = ({ index }) => (index % 23 === 7 ? 503 : 200);
    receiver.delay = () => new Promise((resolve) => setTimeout(resolve, Math.random() * 3));
    const CREDITS = 12;
    await Promise.all(
      owners.map(async (owner) => {
        for (let amount = 1; amount <= CREDITS; amount += 1) await credit(servers[amount % 3].api, owner.token, amount);
      }),
    );
    await receiver.waitFor(() => new Set(receiver.accepted().map((event) => event.id)).size >= owners.length * CREDITS, 'every event', 60_000);

    assert.deepEqual(receiver.overlapping, [], 'no event was in flight twice at once');
    assert.ok(
      receiver.received.some((webhook) => webhook.status === 503),
      'some deliveries were refused',
    );
    const byAccount = sequencesByAccount(receiver.accepted().map((event) => ({ account: event.account_id, sequence: event.sequence })));
    assert.deepEqual([...byAccount.keys()].sort(), owners.map((owner) => owner.accountId).sort());
    for (const [account, sequences] of byAccount) {
      assert.equal(sequences.length, CREDITS, `${account}: each event accepted once`);
      assert.deepEqual(
        sequences,
        [...sequences].sort((a, b) => a - b),
        `${account} in sequence order`,
      );
    }
  });
});
