import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { ApiClient } from './support/api-client';
import { accountMember, accountOwner, expectError, expectStatus, LoggedIn, loginAdmin } from './support/factories';
import { idPattern, listItems } from './support/shapes';
import { sql } from './support/sql';
import { useTestApp } from './support/test-app';
import { deliveriesOnce, ReceivedWebhook, WebhookReceiver } from './support/webhook-receiver';

type Owner = LoggedIn & { accountId: string };

/** Loopback receivers over plain http, and retries a second apart instead of minutes. */
const WEBHOOK_ENV = { WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_WAITS: '1s' };

async function createEndpoint(api: ApiClient, token: string, body: Record<string, unknown>): Promise<{ id: string; secret: string; [field: string]: unknown }> {
  const response = await api.post('/v1/webhook_endpoints', body, { token });
  expectStatus(response, 201);
  return response.body;
}

/** Verifies a delivery as a receiver would, with the standardwebhooks package; the event it carried. */
function verified(secret: string, webhook: ReceivedWebhook): { id: string; type: string } {
  const headers = Object.fromEntries(['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => [name, String(webhook.headers[name])]));
  return new Webhook(secret).verify(webhook.body, headers) as { id: string; type: string };
}

async function credit(api: ApiClient, token: string, amount: number): Promise<string> {
  const response = await api.post('/v1/transactions', { type: 'credit', amount, currency: 'EUR' }, { token });
  expectStatus(response, 201);
  return response.body.id;
}

describe('Webhook endpoints', () => {
  const t = useTestApp(WEBHOOK_ENV);
  const receiver = new WebhookReceiver();
  let url: string;
  let admin: LoggedIn;
  before(async () => {
    url = await receiver.start();
    admin = await loginAdmin(t.api);
  });
  after(() => receiver.stop());

  it('shows the secret once, at creation; reads, lists, updates and deletes an endpoint', async () => {
    const owner = await accountOwner(t.api);
    const created = await createEndpoint(t.api, owner.token, { url, enabled_events: ['transaction.created', 'transaction.created'], description: 'orders' });
    assert.match(created.id, idPattern('whe'));
    assert.match(created.secret, /^whsec_[A-Za-z0-9+/]{43}=$/);
    assert.deepEqual(
      { ...created, id: undefined, secret: undefined, created_at: undefined, updated_at: undefined },
      {
        id: undefined,
        secret: undefined,
        created_at: undefined,
        updated_at: undefined,
        account_id: owner.accountId,
        url,
        description: 'orders',
        enabled_events: ['transaction.created'],
        status: 'enabled',
      },
    );
    const read = await t.api.get(`/v1/webhook_endpoints/${created.id}`, { token: owner.token });
    expectStatus(read, 200);
    assert.equal(read.body.secret, undefined);
    assert.deepEqual((await t.api.get('/v1/webhook_endpoints', { token: owner.token })).body.data, [read.body]);
    const patched = await t.api.patch(`/v1/webhook_endpoints/${created.id}`, { enabled_events: ['*'], status: 'disabled' }, { token: owner.token });
    expectStatus(patched, 200);
    assert.deepEqual([patched.body.enabled_events, patched.body.status], [['*'], 'disabled']);
    expectStatus(await t.api.delete(`/v1/webhook_endpoints/${created.id}`, undefined, { token: owner.token }), 200);
    expectError(await t.api.get(`/v1/webhook_endpoints/${created.id}`, { token: owner.token }), 404, 'webhook_endpoint_not_found');
  });

  it("lets only the account's owner and admins manage endpoints; others' read as not found", async () => {
    const owner = await accountOwner(t.api);
    const member = await accountMember(t.api, owner.token, owner.accountId);
    const stranger = await accountOwner(t.api);
    expectError(await t.api.post('/v1/webhook_endpoints', { url, enabled_events: ['*'] }, { token: member.token }), 403, 'insufficient_permissions');
    expectError(await t.api.get('/v1/webhook_endpoints', { token: member.token }), 403, 'insufficient_permissions');
    const endpoint = await createEndpoint(t.api, admin.token, { url, enabled_events: ['*'], account_id: owner.accountId });
    assert.equal(endpoint.account_id, owner.accountId);
    expectStatus(await t.api.get(`/v1/webhook_endpoints/${endpoint.id}`, { token: owner.token }), 200);
    expectError(await t.api.get(`/v1/webhook_endpoints/${endpoint.id}`, { token: stranger.token }), 404, 'webhook_endpoint_not_found');
    expectError(await t.api.post('/v1/webhook_endpoints', { url, enabled_events: ['*'], account_id: owner.accountId }, { token: stranger.token }), 404, 'account_not_found');
    expectError(await t.api.post('/v1/webhook_endpoints', { url, enabled_events: ['account.exploded'] }, { token: owner.token }), 400, 'validation_error');
    expectError(await t.api.post('/v1/webhook_endpoints', { url: 'ftp://example.com/x', enabled_events: ['*'] }, { token: owner.token }), 400, 'webhook_url_not_allowed');
    expectError(
      await t.api.post('/v1/webhook_endpoints', { url: 'https://no-such-host.invalid/x', enabled_events: ['*'] }, { token: owner.token }),
      400,
      'webhook_url_not_allowed',
    );
    await t.api.delete(`/v1/webhook_endpoints/${endpoint.id}`, undefined, { token: admin.token });
  });
});

describe('Webhook deliveries', () => {
  const t = useTestApp(WEBHOOK_ENV);
  const receiver = new WebhookReceiver();
  let url: string;
  let admin: LoggedIn;
  let owner: Owner;
  before(async () => {
    url = await receiver.start();
    admin = await loginAdmin(t.api);
  });
  beforeEach(async () => {
    receiver.received.length = 0;
    receiver.answer = () => 200;
    owner = await accountOwner(t.api);
  });
  after(() => receiver.stop());

  it('delivers each event, signed by the Standard Webhooks scheme, with the body GET /v1/events/{id} shows', async () => {
    const endpoint = await createEndpoint(t.api, owner.token, { url, enabled_events: ['*'] });
    const transactionId = await credit(t.api, owner.token, 250);
    await receiver.waitFor(() => receiver.received.length >= 2, 'two deliveries');
    const [created, balance] = receiver.received.map((webhook) => verified(endpoint.secret, webhook));
    assert.deepEqual([created.type, balance.type], ['transaction.created', 'balance.updated']);
    const first = receiver.received[0];
    assert.equal(first.headers['webhook-id'], created.id);
    assert.equal(first.headers['content-type'], 'application/json');
    assert.ok(Math.abs(Number(first.headers['webhook-timestamp']) - Date.now() / 1000) < 30);
    assert.deepEqual(JSON.parse(first.body), (await t.api.get(`/v1/events/${created.id}`, { token: owner.token })).body);
    assert.equal(JSON.parse(first.body).data.object.id, transactionId);
    assert.throws(() => new Webhook(`whsec_${Buffer.alloc(32, 7).toString('base64')}`).verify(first.body, first.headers as Record<string, string>));
    const deliveries = await deliveriesOnce<{ status: string; attempt: number; status_code: number }>(t.api, owner.token, endpoint.id, (listed) =>
      listed.every((delivery) => delivery.status === 'succeeded'),
    );
    assert.deepEqual(
      deliveries.map((delivery: { status: string; attempt: number; status_code: number }) => [delivery.status, delivery.attempt, delivery.status_code]),
      [
        ['succeeded', 1, 200],
        ['succeeded', 1, 200],
      ],
    );
  });

  it('sends only the enabled event types', async () => {
    await createEndpoint(t.api, owner.token, { url, enabled_events: ['balance.updated'] });
    await credit(t.api, owner.token, 1);
    await credit(t.api, owner.token, 2);
    await receiver.waitFor(() => receiver.received.length >= 2, 'two balance events');
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.deepEqual(
      receiver.accepted().map((event) => event.type),
      ['balance.updated', 'balance.updated'],
    );
  });

  it('retries a failing delivery with backoff until the receiver accepts it, and shows each attempt', async () => {
    const endpoint = await createEndpoint(t.api, owner.token, { url, enabled_events: ['transaction.created'] });
    receiver.answer = ({ index }) => (index < 2 ? 500 : 200);
    await credit(t.api, owner.token, 3);
    await receiver.waitFor(() => receiver.accepted().length === 1, 'the third attempt');
    assert.deepEqual(
      receiver.received.map((webhook) => webhook.status),
      [500, 500, 200],
    );
    assert.equal(new Set(receiver.received.map((webhook) => webhook.headers['webhook-id'])).size, 1, 'the same webhook-id on every attempt');
    const [delivery] = await deliveriesOnce(t.api, owner.token, endpoint.id, ([listed]) => listed?.status !== 'pending');
    assert.deepEqual([delivery.status, delivery.attempt, delivery.status_code, delivery.error, delivery.next_retry_at], ['succeeded', 3, 200, null, null]);
  });

  it('delivers the events of an account in sequence order: a later event waits for the earlier one', async () => {
    await createEndpoint(t.api, owner.token, { url, enabled_events: ['transaction.created'] });
    receiver.answer = ({ body }) =>
      JSON.parse(body).data.object.amount === 10 && receiver.received.filter((webhook) => JSON.parse(webhook.body).data.object.amount === 10).length < 2 ? 503 : 200;
    for (const amount of [10, 20, 30]) await credit(t.api, owner.token, amount);
    await receiver.waitFor(() => receiver.accepted().length === 3, 'three events');
    assert.deepEqual(
      receiver.received.map((webhook) => [JSON.parse(webhook.body).data.object.amount, webhook.status]),
      [
        [10, 503],
        [10, 503],
        [10, 200],
        [20, 200],
        [30, 200],
      ],
    );
    const sequences = receiver.accepted().map((event) => event.sequence);
    assert.deepEqual(
      sequences,
      [...sequences].sort((a, b) => a - b),
    );
  });

  it('follows no redirect: a 3xx is a failed attempt', async () => {
    const endpoint = await createEndpoint(t.api, owner.token, { url, enabled_events: ['transaction.created'] });
    receiver.answer = () => 302;
    await credit(t.api, owner.token, 9);
    await receiver.waitFor(() => receiver.received.length >= 1, 'the first attempt');
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.equal(receiver.received.length, 1, 'the redirect was not followed');
    const [delivery] = await deliveriesOnce(t.api, owner.token, endpoint.id, ([listed]) => listed?.status_code !== null);
    assert.deepEqual([delivery.status, delivery.status_code], ['pending', 302]);
    assert.ok(delivery.next_retry_at !== null);
    receiver.answer = () => 200;
    await receiver.waitFor(() => receiver.accepted().length === 1, 'the retry');
  });

  it("keeps sending the other endpoints' deliveries when one endpoint's secret no longer unseals", async () => {
    const good = await createEndpoint(t.api, owner.token, { url, enabled_events: ['transaction.created'] });
    const broken = await createEndpoint(t.api, owner.token, { url, enabled_events: ['transaction.created'] });
    // As after a wrong key rotation: the stored secret cannot be read back.
    await sql(t.databaseUrl, "UPDATE webhook_endpoints SET sealed_secret = 'not sealed text' WHERE id = $1", [broken.id]);
    await credit(t.api, owner.token, 11);
    await credit(t.api, owner.token, 12);
    await receiver.waitFor(() => receiver.accepted().length === 2, "the good endpoint's two deliveries");
    assert.deepEqual(
      receiver.received.map((webhook) => verified(good.secret, webhook).type),
      ['transaction.created', 'transaction.created'],
    );
    // The broken endpoint's first delivery keeps its lease (another attempt follows once it passes); nothing was sent.
    const deliveries: { status: string }[] = await listItems(t.api, owner.token, `/v1/webhook_endpoints/${broken.id}/deliveries`);
    assert.deepEqual(deliveries.map((delivery) => delivery.status).sort(), ['pending', 'pending']);
    expectStatus(await t.api.get('/health'), 200);
  });

  it('signs with both secrets for a while after a rotation', async () => {
    const endpoint = await createEndpoint(t.api, owner.token, { url, enabled_events: ['transaction.created'] });
    const rotated = await t.api.post(`/v1/webhook_endpoints/${endpoint.id}/rotate_secret`, undefined, { token: owner.token });
    expectStatus(rotated, 200);
    assert.notEqual(rotated.body.secret, endpoint.secret);
    await credit(t.api, owner.token, 4);
    await receiver.waitFor(() => receiver.received.length === 1, 'one delivery');
    const [webhook] = receiver.received;
    assert.equal(String(webhook.headers['webhook-signature']).split(' ').length, 2);
    assert.equal(verified(rotated.body.secret, webhook).type, 'transaction.created');
    assert.equal(verified(endpoint.secret, webhook).type, 'transaction.created');
  });

  it('redelivers an event on request, with the same webhook-id, without waiting for others', async () => {
    const endpoint = await createEndpoint(t.api, owner.token, { url, enabled_events: ['transaction.created'] });
    await credit(t.api, owner.token, 5);
    await receiver.waitFor(() => receiver.received.length === 1, 'the first delivery');
    const eventId = String(receiver.received[0].headers['webhook-id']);
    const redelivery = await t.api.post(`/v1/events/${eventId}/redeliver`, { endpoint_id: endpoint.id }, { token: owner.token });
    expectStatus(redelivery, 202);
    assert.equal(redelivery.body.redelivery, true);
    await receiver.waitFor(() => receiver.received.length === 2, 'the redelivery');
    assert.equal(receiver.received[1].headers['webhook-id'], eventId);
    expectError(await t.api.post(`/v1/events/${eventId}/redeliver`, { endpoint_id: 'whe_01JDQ4Z8X9T2M3N4P5Q6R7S8T9' }, { token: owner.token }), 404, 'webhook_endpoint_not_found');
    expectError(await t.api.post('/v1/events/evt_01JDQ4Z8X9T2M3N4P5Q6R7S8T9/redeliver', { endpoint_id: endpoint.id }, { token: owner.token }), 404, 'event_not_found');
  });

  it('holds queued deliveries while an endpoint is disabled and queues nothing new; enabled again, it sends what it held', async () => {
    const endpoint = await createEndpoint(t.api, owner.token, { url, enabled_events: ['transaction.created'] });
    receiver.answer = () => 503;
    await credit(t.api, owner.token, 6);
    await receiver.waitFor(() => receiver.received.length === 1, 'the first, failed attempt');
    expectStatus(await t.api.patch(`/v1/webhook_endpoints/${endpoint.id}`, { status: 'disabled' }, { token: owner.token }), 200);
    receiver.answer = () => 200;
    await credit(t.api, owner.token, 7);
    // Past the retry wait (1 s): the held delivery does not go out while disabled.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    assert.equal(receiver.received.length, 1);
    expectStatus(await t.api.patch(`/v1/webhook_endpoints/${endpoint.id}`, { status: 'enabled' }, { token: owner.token }), 200);
    await receiver.waitFor(() => receiver.accepted().length === 1, 'the held delivery');
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.deepEqual(
      receiver.accepted().map((event) => event.data.object.amount),
      [6],
      'an event of the disabled time is read from GET /v1/events',
    );
  });

  it("sends a platform-wide endpoint every account's events", async () => {
    const platform = await createEndpoint(t.api, admin.token, { url, enabled_events: ['account.created'] });
    assert.equal(platform.account_id, null);
    const first = await accountOwner(t.api);
    const second = await accountOwner(t.api);
    await receiver.waitFor(() => receiver.received.length >= 2, 'two account.created');
    assert.deepEqual(
      receiver
        .accepted()
        .map((event) => event.account_id)
        .sort(),
      [first.accountId, second.accountId].sort(),
    );
    await t.api.delete(`/v1/webhook_endpoints/${platform.id}`, undefined, { token: admin.token });
  });
});

describe('Webhook endpoints that keep failing', () => {
  const t = useTestApp({ ...WEBHOOK_ENV, WEBHOOK_GIVE_UP_AFTER: '2s' });
  const receiver = new WebhookReceiver();
  let url: string;
  before(async () => {
    url = await receiver.start();
    receiver.answer = () => 500;
  });
  after(() => receiver.stop());

  it('gives a delivery up, and disables the endpoint, once every attempt failed for the give-up time', async () => {
    const owner = await accountOwner(t.api);
    const endpoint = await createEndpoint(t.api, owner.token, { url, enabled_events: ['transaction.created'] });
    await credit(t.api, owner.token, 8);
    // Traffic keeps coming, as on a live account: the endpoint is judged on its streak of failures,
    // which starts at its first failed attempt, a little after the first delivery was created.
    const deadline = Date.now() + 30_000;
    let state = await t.api.get(`/v1/webhook_endpoints/${endpoint.id}`, { token: owner.token });
    while (state.body.status !== 'disabled' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      await credit(t.api, owner.token, 1);
      state = await t.api.get(`/v1/webhook_endpoints/${endpoint.id}`, { token: owner.token });
    }
    assert.equal(state.body.status, 'disabled');
    const deliveries = await listItems(t.api, owner.token, `/v1/webhook_endpoints/${endpoint.id}/deliveries?limit=100`);
    const delivery = deliveries.find((candidate) => candidate.status === 'failed');
    assert.ok(delivery, 'a delivery was given up');
    assert.ok(delivery.attempt >= 2, `attempts: ${delivery.attempt}`);
    assert.equal(delivery.status_code, 500);
    assert.match(delivery.error, /answered 500/);
  });
});
