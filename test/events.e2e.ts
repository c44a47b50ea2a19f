import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { AppConfig, ConfigValidationError } from '../src/config/app-config';
import { HousekeepingScheduler } from '../src/housekeeping/housekeeping.scheduler';
import { ApiClient } from './support/api-client';
import { accountOwner, expectError, expectStatus, LoggedIn, login, loginAdmin, signup } from './support/factories';
import { idPattern, ISO_TIMESTAMP, listItems } from './support/shapes';
import { useTestApp } from './support/test-app';

type Owner = LoggedIn & { accountId: string };

interface Event {
  id: string;
  type: string;
  account_id: string | null;
  sequence: number;
  livemode: boolean;
  created_at: string;
  data: { object: any };
}

/** Every event of the account, oldest first (catching up from sequence 0). */
async function streamOf(api: ApiClient, token: string, accountId?: string): Promise<Event[]> {
  const query = accountId === undefined ? '' : `&account_id=${accountId}`;
  return listItems(api, token, `/v1/events?after_sequence=0&limit=100${query}`);
}

/** The events that `write` added to the account's stream. */
async function emitted(api: ApiClient, admin: LoggedIn, accountId: string, write: () => Promise<unknown>): Promise<Event[]> {
  const before = await streamOf(api, admin.token, accountId);
  await write();
  const after = await streamOf(api, admin.token, accountId);
  assert.deepEqual(after.slice(0, before.length), before, 'a stream only grows');
  return after.slice(before.length);
}

const types = (events: Event[]) => events.map((event) => event.type);

describe('Events: recorded with every change', () => {
  const t = useTestApp();
  let admin: LoggedIn;
  before(async () => {
    admin = await loginAdmin(t.api);
  });

  it("numbers an account's events 1, 2, 3... from its creation, with the contract shape", async () => {
    const owner = await accountOwner(t.api);
    const events = await streamOf(t.api, owner.token);
    assert.deepEqual(types(events), ['account.created', 'user.updated']);
    assert.deepEqual(
      events.map((event) => event.sequence),
      [1, 2],
    );
    for (const event of events) {
      assert.deepEqual(Object.keys(event).sort(), ['account_id', 'actor', 'created_at', 'data', 'id', 'livemode', 'sequence', 'type']);
      assert.match(event.id, idPattern('evt'));
      assert.equal(event.livemode, false, "a test-mode account's event");
      assert.match(event.created_at, ISO_TIMESTAMP);
      assert.equal(event.account_id, owner.accountId);
    }
    const account = await t.api.get('/v1/account', { token: owner.token });
    assert.deepEqual(events[0].data.object, account.body);
    assert.equal(events[1].data.object.account_id, owner.accountId);
    const one = await t.api.get(`/v1/events/${events[0].id}`, { token: owner.token });
    expectStatus(one, 200);
    assert.deepEqual(one.body, events[0]);
  });

  it('records a signup without an account in the platform stream, which only admins see', async () => {
    const user = await signup(t.api);
    const platform = await listItems(t.api, admin.token, '/v1/events?type=user.created&limit=100');
    const event = platform.find((candidate: Event) => candidate.data.object.id === user.id);
    assert.ok(event, 'user.created of the signup');
    assert.equal(event.account_id, null);
    assert.equal(event.livemode, false, "the platform's events follow the deployment's default mode (test here)");
    const self = await login(t.api, user.email, user.password);
    assert.deepEqual((await t.api.get('/v1/events', { token: self.token })).body.data, []);
    expectError(await t.api.get(`/v1/events/${event.id}`, { token: self.token }), 404, 'event_not_found');
  });

  it('emits exactly the documented events for account and user writes', async () => {
    const owner = await accountOwner(t.api);
    const patched = await emitted(t.api, admin, owner.accountId, async () => {
      const response = await t.api.patch('/v1/accounts', { name: 'Renamed Ltd' }, { token: owner.token });
      expectStatus(response, 200);
      return response;
    });
    assert.deepEqual(types(patched), ['account.updated']);
    assert.equal(patched[0].data.object.name, 'Renamed Ltd');

    let memberId = '';
    const added = await emitted(t.api, admin, owner.accountId, async () => {
      memberId = (await signup(t.api, { account_id: owner.accountId }, owner.token)).id;
    });
    assert.deepEqual(types(added), ['user.created']);
    assert.equal(added[0].data.object.id, memberId);
    const renamed = await emitted(t.api, admin, owner.accountId, () => t.api.patch(`/v1/users/${memberId}`, { name: 'New Name' }, { token: admin.token }));
    assert.deepEqual(types(renamed), ['user.updated']);
    assert.equal(renamed[0].data.object.name, 'New Name');
    const deleted = await emitted(t.api, admin, owner.accountId, () => t.api.delete(`/v1/users/${memberId}`, undefined, { token: owner.token }));
    assert.deepEqual(types(deleted), ['user.deleted']);
    assert.equal(deleted[0].data.object.id, memberId);
  });

  it('emits the transaction events, the balance events, and each side of a transfer its own view', async () => {
    const sender = await accountOwner(t.api);
    const receiver = await accountOwner(t.api);
    let transferId = '';
    const receiverEvents = await emitted(t.api, admin, receiver.accountId, async () => {
      const sent = await emitted(t.api, admin, sender.accountId, async () => {
        const response = await t.api.post(
          '/v1/transactions',
          { type: 'transfer', amount: 300, currency: 'EUR', counterparty_account_id: receiver.accountId },
          { token: sender.token },
        );
        expectStatus(response, 201);
        transferId = response.body.id;
        return response;
      });
      assert.deepEqual(types(sent), ['transaction.created', 'balance.updated']);
      assert.deepEqual(sent[0].data.object, (await t.api.get(`/v1/transactions/${transferId}`, { token: sender.token })).body);
      assert.deepEqual(sent[1].data.object, { account_id: sender.accountId, ...(await t.api.get('/v1/account/balances', { token: sender.token })).body.balances[0] });
    });
    assert.deepEqual(types(receiverEvents), ['transaction.created', 'balance.updated']);
    assert.deepEqual(receiverEvents[0].data.object, (await t.api.get(`/v1/transactions/${transferId}`, { token: receiver.token })).body);
    assert.equal(receiverEvents[0].data.object.direction, 'credit');

    const amended = await emitted(t.api, admin, receiver.accountId, () => t.api.patch(`/v1/transactions/${transferId}`, { notes: 'rent' }, { token: sender.token }));
    assert.deepEqual(types(amended), ['transaction.updated']);
    const posted = await emitted(t.api, admin, sender.accountId, () => t.api.post(`/v1/transactions/${transferId}/post`, undefined, { token: admin.token }));
    assert.deepEqual(types(posted), ['transaction.posted', 'balance.updated']);
    assert.equal(posted[0].data.object.status, 'posted');

    const payment = await t.api.post('/v1/transactions', { type: 'payment', amount: 100, currency: 'EUR' }, { token: sender.token });
    const refunded = await emitted(t.api, admin, sender.accountId, () =>
      t.api.post('/v1/transactions', { type: 'refund', amount: 40, currency: 'EUR', refunded_transaction_id: payment.body.id }, { token: sender.token }),
    );
    assert.deepEqual(types(refunded), ['transaction.created', 'transaction.updated', 'balance.updated']);
    assert.equal(refunded[1].data.object.amount_refunded, 40);
    const canceled = await emitted(t.api, admin, sender.accountId, () => t.api.delete(`/v1/transactions/${refunded[0].data.object.id}`, undefined, { token: sender.token }));
    assert.deepEqual(types(canceled), ['transaction.canceled', 'transaction.updated', 'balance.updated']);
    assert.equal(canceled[1].data.object.amount_refunded, 0);
  });

  it('emits the payment request events, with the settlement credit and its balance on success', async () => {
    const owner = await accountOwner(t.api);
    const body = { amount: 900, currency: 'EUR', purpose: 'invoice', customer: { email: 'payer@example.com' } };
    let paymentId = '';
    const created = await emitted(t.api, admin, owner.accountId, async () => {
      paymentId = (await t.api.post('/v1/payments', body, { token: owner.token })).body.id;
    });
    assert.deepEqual(types(created), ['payment.created']);
    const succeeded = await emitted(t.api, admin, owner.accountId, () => t.api.post(`/v1/payments/${paymentId}/simulate`, { outcome: 'succeeded' }, { token: owner.token }));
    assert.deepEqual(types(succeeded), ['payment.succeeded', 'transaction.created', 'balance.updated']);
    assert.deepEqual(succeeded[0].data.object, (await t.api.get(`/v1/payments/${paymentId}`, { token: owner.token })).body);
    assert.equal(succeeded[1].data.object.payment_id, paymentId);
    assert.equal(succeeded[2].data.object.posted, 900);

    const manual = (await t.api.post('/v1/payments', { ...body, capture_method: 'manual' }, { token: owner.token })).body.id;
    const authorized = await emitted(t.api, admin, owner.accountId, () => t.api.post(`/v1/payments/${manual}/simulate`, { outcome: 'authorized' }, { token: owner.token }));
    assert.deepEqual(types(authorized), ['payment.authorized']);
    const failing = (await t.api.post('/v1/payments', body, { token: owner.token })).body.id;
    const failed = await emitted(t.api, admin, owner.accountId, () => t.api.post(`/v1/payments/${failing}/simulate`, { outcome: 'failed' }, { token: owner.token }));
    assert.deepEqual(types(failed), ['payment.failed']);
  });

  it('emits what a closure canceled, then account.closed', async () => {
    const owner = await accountOwner(t.api);
    const partner = await accountOwner(t.api);
    await t.api.post('/v1/transactions', { type: 'payment', amount: 10, currency: 'EUR' }, { token: owner.token });
    await t.api.post('/v1/transactions', { type: 'transfer', amount: 20, currency: 'EUR', counterparty_account_id: owner.accountId }, { token: partner.token });
    await t.api.post('/v1/payments', { amount: 900, currency: 'EUR', purpose: 'invoice', customer: { email: 'payer@example.com' } }, { token: owner.token });
    let partnerEvents: Event[] = [];
    const closing = await emitted(t.api, admin, owner.accountId, async () => {
      partnerEvents = await emitted(t.api, admin, partner.accountId, async () => expectStatus(await t.api.delete('/v1/auth/close', undefined, { token: owner.token }), 200));
    });
    assert.deepEqual(types(closing), ['transaction.canceled', 'transaction.canceled', 'payment.canceled', 'balance.updated', 'account.closed']);
    assert.equal(closing.at(-1)!.data.object.status, 'closed');
    assert.deepEqual(types(partnerEvents), ['transaction.canceled', 'balance.updated']);
  });

  it('emits nothing for a request that fails', async () => {
    const owner = await accountOwner(t.api);
    expectStatus(await t.api.patch('/v1/accounts', { overdraft: 'forbidden' }, { token: owner.token }), 200);
    const nothing = await emitted(t.api, admin, owner.accountId, async () => {
      expectError(await t.api.post('/v1/transactions', { type: 'payment', amount: 10, currency: 'EUR' }, { token: owner.token }), 409, 'insufficient_funds');
      expectError(await t.api.post('/v1/transactions', { type: 'payment', amount: -1, currency: 'EUR' }, { token: owner.token }), 400, 'validation_error');
      expectError(await t.api.post('/v1/transactions/txn_01JDQ4Z8X9T2M3N4P5Q6R7S8T9/post', undefined, { token: admin.token }), 404, 'transaction_not_found');
      expectError(await t.api.patch('/v1/accounts', { name: '' }, { token: owner.token }), 400, 'validation_error');
    });
    assert.deepEqual(nothing, []);
  });

  it('keeps sequences gapless and in commit order under 20 concurrent writes', async () => {
    const owner = await accountOwner(t.api);
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) => t.api.post('/v1/transactions', { type: 'credit', amount: index + 1, currency: 'EUR' }, { token: owner.token })),
    );
    responses.forEach((response) => expectStatus(response, 201));
    const events = await streamOf(t.api, owner.token);
    assert.deepEqual(
      events.map((event) => event.sequence),
      Array.from({ length: events.length }, (_, index) => index + 1),
    );
    assert.equal(events.filter((event) => event.type === 'transaction.created').length, 20);
    // Each write's balance.updated follows its transaction.created, and the balances grow with the sequence.
    const pendings = events.filter((event) => event.type === 'balance.updated').map((event) => event.data.object.pending);
    assert.deepEqual(
      pendings,
      [...pendings].sort((a, b) => a - b),
    );
    assert.equal(pendings.at(-1), 210);
  });
});

describe('GET /v1/events', () => {
  const t = useTestApp();
  let admin: LoggedIn;
  let owner: Owner;
  let other: Owner;
  before(async () => {
    admin = await loginAdmin(t.api);
    owner = await accountOwner(t.api);
    other = await accountOwner(t.api);
    for (const amount of [1, 2, 3]) await t.api.post('/v1/transactions', { type: 'credit', amount, currency: 'EUR' }, { token: owner.token });
    await t.api.post('/v1/transactions', { type: 'credit', amount: 4, currency: 'EUR' }, { token: other.token });
  });

  it("lists the caller's account's events newest first, never another account's", async () => {
    const page = await t.api.get('/v1/events?limit=100', { token: owner.token });
    expectStatus(page, 200);
    const sequences = page.body.data.map((event: Event) => event.sequence);
    assert.deepEqual(sequences, [8, 7, 6, 5, 4, 3, 2, 1]);
    assert.ok(page.body.data.every((event: Event) => event.account_id === owner.accountId));
    const foreign = (await t.api.get('/v1/events?limit=1', { token: other.token })).body.data[0];
    expectError(await t.api.get(`/v1/events/${foreign.id}`, { token: owner.token }), 404, 'event_not_found');
    expectError(await t.api.get('/v1/events/evt_nope', { token: owner.token }), 404, 'event_not_found');
    expectError(await t.api.get(`/v1/events?account_id=${other.accountId}`, { token: owner.token }), 403, 'insufficient_permissions');
  });

  it('filters by type, repeated or comma-separated, and refuses unknown types', async () => {
    const only = async (query: string) => (await listItems(t.api, owner.token, `/v1/events?${query}`)).map((event: Event) => event.type);
    assert.deepEqual(await only('type=transaction.created'), ['transaction.created', 'transaction.created', 'transaction.created']);
    assert.deepEqual((await only('type=account.created&type=user.updated')).sort(), ['account.created', 'user.updated']);
    assert.deepEqual((await only('type=account.created,user.updated')).sort(), ['account.created', 'user.updated']);
    expectError(await t.api.get('/v1/events?type=account.exploded', { token: owner.token }), 400, 'validation_error');
  });

  it('filters by created_from and created_to', async () => {
    const all = await listItems(t.api, owner.token, '/v1/events');
    const middle = all[3].created_at;
    const from = await listItems(t.api, owner.token, `/v1/events?created_from=${middle}`);
    assert.deepEqual(
      from.map((event: Event) => event.id),
      all.filter((event: Event) => event.created_at >= middle).map((event: Event) => event.id),
    );
    const to = await listItems(t.api, owner.token, `/v1/events?created_to=${middle}`);
    assert.deepEqual(
      to.map((event: Event) => event.id),
      all.filter((event: Event) => event.created_at < middle).map((event: Event) => event.id),
    );
  });

  it('catches up after a sequence, oldest first, page by page; admins name the account', async () => {
    const after = await listItems(t.api, owner.token, '/v1/events?after_sequence=5&limit=2');
    assert.deepEqual(
      after.map((event: Event) => event.sequence),
      [6, 7, 8],
    );
    const asAdmin = await listItems(t.api, admin.token, `/v1/events?after_sequence=5&account_id=${owner.accountId}`);
    assert.deepEqual(asAdmin, after);
    expectError(await t.api.get('/v1/events?after_sequence=5', { token: admin.token }), 400, 'validation_error');
    expectError(await t.api.get('/v1/events?after_sequence=-1', { token: owner.token }), 400, 'validation_error');
    // Every integer the schema allows, up to Number.MAX_SAFE_INTEGER (16 digits), and nothing past it.
    for (const sequence of ['1000000000000000', String(Number.MAX_SAFE_INTEGER)]) {
      expectStatus(await t.api.get(`/v1/events?after_sequence=${sequence}`, { token: owner.token }), 200);
    }
    for (const sequence of ['9007199254740992', '99999999999999999999']) {
      expectError(await t.api.get(`/v1/events?after_sequence=${sequence}`, { token: owner.token }), 400, 'validation_error');
    }
  });

  it('reads created_from and created_to as RFC 3339: long fractions, lowercase t and z, years before 0100', async () => {
    for (const instant of ['2026-09-19T00:48:00.763403Z', '2026-09-19t00:48:00z', '0050-01-01T00:00:00+01:00', '0000-01-01T00:00:00Z']) {
      expectStatus(await t.api.get(`/v1/events?created_from=${encodeURIComponent(instant)}`, { token: owner.token }), 200);
    }
    const all = await listItems(t.api, owner.token, '/v1/events');
    assert.deepEqual(await listItems(t.api, owner.token, '/v1/events?created_to=0099-12-31t23:59:59.9999999z'), []);
    assert.equal((await listItems(t.api, owner.token, '/v1/events?created_from=0099-12-31T23:59:59.123456Z')).length, all.length);
  });

  it("shows an admin every account's events, or one account's", async () => {
    const all = await listItems(t.api, admin.token, '/v1/events?limit=100');
    assert.ok(all.some((event: Event) => event.account_id === owner.accountId) && all.some((event: Event) => event.account_id === other.accountId));
    const one = await listItems(t.api, admin.token, `/v1/events?account_id=${other.accountId}`);
    assert.ok(one.length > 0 && one.every((event: Event) => event.account_id === other.accountId));
  });

  it('keeps events for the retention and deletes older ones', async () => {
    const housekeeping = t.app.get(HousekeepingScheduler);
    assert.equal(await housekeeping.runNow('events', new Date()), 0);
    const newest = (await t.api.get('/v1/events?limit=1', { token: admin.token })).body.data[0];
    const deleted = await housekeeping.runNow('events', new Date(Date.parse(newest.created_at) + 31 * 24 * 60 * 60 * 1000));
    assert.ok(deleted > 0);
    assert.deepEqual((await t.api.get('/v1/events', { token: admin.token })).body.data, []);
    // Sequences go on from where they were.
    await t.api.post('/v1/transactions', { type: 'credit', amount: 5, currency: 'EUR' }, { token: owner.token });
    assert.deepEqual(
      (await listItems(t.api, owner.token, '/v1/events')).map((event: Event) => event.sequence),
      [10, 9],
    );
    assert.throws(() => new AppConfig({ EVENT_RETENTION: '7d' }), ConfigValidationError);
  });
});
