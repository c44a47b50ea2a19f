import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { before, describe, it } from 'node:test';
import { ApiClient } from './support/api-client';
import { accountOwner, expectError, expectStatus, LoggedIn, loginAdmin, registerAndLogin } from './support/factories';
import { builtScript, runScript, ScriptResult } from './support/scripts';
import { ISO_TIMESTAMP } from './support/shapes';
import { sql } from './support/sql';
import { useTestApp } from './support/test-app';

type Owner = LoggedIn & { accountId: string };

interface Figures {
  posted: number;
  pending: number;
  available: number;
}

const ZERO: Figures = { posted: 0, pending: 0, available: 0 };

async function createTransaction(api: ApiClient, token: string, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return api.post('/v1/transactions', body, { token, headers });
}

async function book(api: ApiClient, token: string, body: Record<string, unknown>): Promise<{ id: string; [field: string]: any }> {
  const response = await createTransaction(api, token, body);
  expectStatus(response, 201);
  return response.body;
}

async function post(api: ApiClient, adminToken: string, id: string) {
  const response = await api.post(`/v1/transactions/${id}/post`, undefined, { token: adminToken });
  expectStatus(response, 200);
  return response.body;
}

async function cancel(api: ApiClient, token: string, id: string) {
  const response = await api.delete(`/v1/transactions/${id}`, undefined, { token });
  expectStatus(response, 200);
  return response.body;
}

async function balancesOf(api: ApiClient, token: string, query = ''): Promise<{ account_id: string; as_of?: string; balances: any[] }> {
  const response = await api.get(`/v1/account/balances${query}`, { token });
  expectStatus(response, 200);
  return response.body;
}

/** posted, pending and available of one currency (all zero if the account never used it). */
async function figures(api: ApiClient, token: string, currency: string, query = ''): Promise<Figures> {
  const row = (await balancesOf(api, token, query)).balances.find((balance) => balance.currency === currency);
  return row === undefined ? ZERO : { posted: row.posted, pending: row.pending, available: row.available };
}

/** Credits `amount` to the account and posts it (an admin's deposit), so that it is available. */
async function fund(api: ApiClient, admin: LoggedIn, accountId: string, amount: number, currency = 'EUR'): Promise<void> {
  const credit = await book(api, admin.token, { type: 'credit', amount, currency, account_id: accountId });
  await post(api, admin.token, credit.id);
}

describe('Balances: GET /v1/account/balances', () => {
  const t = useTestApp();
  let admin: LoggedIn;
  before(async () => {
    admin = await loginAdmin(t.api);
  });

  it('starts with no balances, then has one row per currency used, sorted by currency, in the contract shape', async () => {
    const owner = await accountOwner(t.api);
    assert.deepEqual(await balancesOf(t.api, owner.token), { account_id: owner.accountId, balances: [] });
    await book(t.api, owner.token, { type: 'credit', amount: 500, currency: 'USD' });
    await book(t.api, owner.token, { type: 'payment', amount: 200, currency: 'EUR' });
    await book(t.api, owner.token, { type: 'credit', amount: 1000, currency: 'JPY' });
    const body = await balancesOf(t.api, owner.token);
    assert.equal(body.account_id, owner.accountId);
    assert.deepEqual(
      body.balances.map((balance) => balance.currency),
      ['EUR', 'JPY', 'USD'],
    );
    for (const balance of body.balances) {
      assert.deepEqual(Object.keys(balance).sort(), ['available', 'currency', 'pending', 'posted', 'updated_at']);
      assert.match(balance.updated_at, ISO_TIMESTAMP);
    }
  });

  it('follows every formula through create, post and cancel of debits and credits', async () => {
    const owner = await accountOwner(t.api);
    const check = async (expected: Figures, step: string) => assert.deepEqual(await figures(t.api, owner.token, 'EUR'), expected, step);

    const credit = await book(t.api, owner.token, { type: 'credit', amount: 10_000, currency: 'EUR' });
    // Incoming money counts in pending at once, and in available only once it posts.
    await check({ posted: 0, pending: 10_000, available: 0 }, 'pending credit');
    await post(t.api, admin.token, credit.id);
    await check({ posted: 10_000, pending: 10_000, available: 10_000 }, 'posted credit');

    const payment = await book(t.api, owner.token, { type: 'payment', amount: 3_000, currency: 'EUR' });
    // Outgoing money is reserved as soon as it is pending.
    await check({ posted: 10_000, pending: 7_000, available: 7_000 }, 'pending payment');
    await post(t.api, admin.token, payment.id);
    await check({ posted: 7_000, pending: 7_000, available: 7_000 }, 'posted payment');

    const debit = await book(t.api, owner.token, { type: 'adjustment', direction: 'debit', amount: 500, currency: 'EUR' });
    const incoming = await book(t.api, owner.token, { type: 'adjustment', direction: 'credit', amount: 250, currency: 'EUR' });
    await check({ posted: 7_000, pending: 6_750, available: 6_500 }, 'pending adjustments');
    await cancel(t.api, owner.token, debit.id);
    await check({ posted: 7_000, pending: 7_250, available: 7_000 }, 'canceled debit');
    await cancel(t.api, owner.token, incoming.id);
    await check({ posted: 7_000, pending: 7_000, available: 7_000 }, 'canceled credit');

    const refund = await book(t.api, owner.token, { type: 'refund', amount: 100, currency: 'EUR' });
    await post(t.api, admin.token, refund.id);
    await check({ posted: 7_100, pending: 7_100, available: 7_100 }, 'posted refund');
  });

  it('may go negative on an account that allows overdrafts (the default)', async () => {
    const owner = await accountOwner(t.api);
    const payment = await book(t.api, owner.token, { type: 'payment', amount: 900, currency: 'GBP' });
    await post(t.api, admin.token, payment.id);
    assert.deepEqual(await figures(t.api, owner.token, 'GBP'), { posted: -900, pending: -900, available: -900 });
  });

  it("lets an admin read any account's balances with account_id; a member only its own", async () => {
    const owner = await accountOwner(t.api);
    const other = await accountOwner(t.api);
    await book(t.api, owner.token, { type: 'credit', amount: 42, currency: 'EUR' });
    const asAdmin = await balancesOf(t.api, admin.token, `?account_id=${owner.accountId}`);
    assert.deepEqual(asAdmin, await balancesOf(t.api, owner.token));
    expectError(await t.api.get(`/v1/account/balances?account_id=${owner.accountId}`, { token: other.token }), 404, 'account_not_found');
    assert.deepEqual(await balancesOf(t.api, owner.token, `?account_id=${owner.accountId}`), asAdmin);
    expectError(await t.api.get('/v1/account/balances?account_id=acc_01JDQ4Z8X9T2M3N4P5Q6R7S8T9', { token: admin.token }), 404, 'account_not_found');
    expectError(await t.api.get('/v1/account/balances?account_id=nope', { token: admin.token }), 404, 'account_not_found');
    expectError(await t.api.get('/v1/account/balances', { token: admin.token }), 404, 'account_not_found');
    expectError(await t.api.get('/v1/account/balances'), 401, 'unauthorized');
  });

  it('answers a member without an account with 404 account_not_found, and a bad as_of or an unknown parameter with 400', async () => {
    expectError(await t.api.get('/v1/account/balances', { token: (await registerAndLogin(t.api)).token }), 404, 'account_not_found');
    const owner = await accountOwner(t.api);
    expectError(await t.api.get('/v1/account/balances?as_of=yesterday', { token: owner.token }), 400, 'validation_error');
    expectError(await t.api.get('/v1/account/balances?colour=blue', { token: owner.token }), 400, 'validation_error');
  });

  it('gives the posted balance as it stood at an instant with as_of, between posts and before the first', async () => {
    const owner = await accountOwner(t.api);
    const beforeAnything = new Date().toISOString();
    const first = await book(t.api, owner.token, { type: 'credit', amount: 1_000, currency: 'EUR' });
    const second = await book(t.api, owner.token, { type: 'payment', amount: 300, currency: 'EUR' });
    await book(t.api, owner.token, { type: 'credit', amount: 50, currency: 'USD' });
    const firstPosted = await post(t.api, admin.token, first.id);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const between = new Date().toISOString();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const secondPosted = await post(t.api, admin.token, second.id);

    const asOf = async (instant: string) => {
      const body = await balancesOf(t.api, owner.token, `?as_of=${encodeURIComponent(instant)}`);
      assert.equal(body.as_of, new Date(instant).toISOString());
      return Object.fromEntries(body.balances.map((balance) => [balance.currency, balance]));
    };
    assert.deepEqual(await asOf(beforeAnything), { EUR: { currency: 'EUR', posted: 0 }, USD: { currency: 'USD', posted: 0 } });
    assert.deepEqual((await asOf(firstPosted.posted_at)).EUR, { currency: 'EUR', posted: 1_000 }, 'as_of is inclusive');
    assert.deepEqual((await asOf(between)).EUR, { currency: 'EUR', posted: 1_000 });
    assert.deepEqual((await asOf(secondPosted.posted_at)).EUR, { currency: 'EUR', posted: 700 });
    assert.deepEqual((await asOf('2999-01-01T00:00:00.000Z')).EUR, { currency: 'EUR', posted: 700 });
    // RFC 3339 as it comes: lowercase t and z, a fraction past milliseconds (truncated), a year before 0100.
    assert.equal((await balancesOf(t.api, owner.token, '?as_of=2999-01-01t00:00:00.1239z')).as_of, '2999-01-01T00:00:00.123Z');
    assert.equal((await balancesOf(t.api, owner.token, '?as_of=0099-12-31T23:00:00-01:00')).as_of, '0100-01-01T00:00:00.000Z');
    assert.equal((await figures(t.api, owner.token, 'EUR')).posted, 700);
  });
});

describe('Two-sided transfers', () => {
  const t = useTestApp();
  let admin: LoggedIn;
  let sender: Owner;
  let receiver: Owner;
  let third: Owner;
  before(async () => {
    admin = await loginAdmin(t.api);
    sender = await accountOwner(t.api);
    receiver = await accountOwner(t.api);
    third = await accountOwner(t.api);
  });

  it('shows the receiver the transfer from its own side, in its list and by id; a third account sees nothing', async () => {
    const transfer = await book(t.api, sender.token, { type: 'transfer', amount: 700, currency: 'EUR', counterparty_account_id: receiver.accountId, metadata: { ref: 'x1' } });
    assert.equal(transfer.direction, 'debit');
    assert.equal(transfer.account_id, sender.accountId);
    assert.equal(transfer.counterparty_account_id, receiver.accountId);

    const seen = await t.api.get(`/v1/transactions/${transfer.id}`, { token: receiver.token });
    expectStatus(seen, 200);
    assert.deepEqual(
      { account_id: seen.body.account_id, counterparty_account_id: seen.body.counterparty_account_id, direction: seen.body.direction },
      { account_id: receiver.accountId, counterparty_account_id: sender.accountId, direction: 'credit' },
    );
    assert.deepEqual(
      { ...seen.body, account_id: undefined, counterparty_account_id: undefined, direction: undefined },
      { ...transfer, account_id: undefined, counterparty_account_id: undefined, direction: undefined, metadata: {} },
    );

    const list = await t.api.get('/v1/transactions', { token: receiver.token });
    assert.deepEqual(list.body.data, [seen.body]);
    for (const query of ['type=transfer', 'status=pending', 'currency=EUR']) {
      assert.deepEqual(
        (await t.api.get(`/v1/transactions?${query}`, { token: receiver.token })).body.data.map((item: { id: string }) => item.id),
        [transfer.id],
        query,
      );
    }
    // The sender's metadata is not the receiver's to filter on (contract section 15).
    for (const query of ['type=payment', 'status=posted', 'currency=USD', 'metadata[ref]=x1', 'metadata[ref]=x2']) {
      assert.deepEqual((await t.api.get(`/v1/transactions?${query}`, { token: receiver.token })).body.data, [], query);
    }
    expectError(await t.api.get(`/v1/transactions/${transfer.id}`, { token: third.token }), 404, 'transaction_not_found');
    assert.deepEqual((await t.api.get('/v1/transactions', { token: third.token })).body.data, []);
    // The sender still reads it from its side; an admin reads it as booked.
    assert.equal((await t.api.get(`/v1/transactions/${transfer.id}`, { token: sender.token })).body.direction, 'debit');
    assert.equal((await t.api.get(`/v1/transactions/${transfer.id}`, { token: admin.token })).body.account_id, sender.accountId);
  });

  it('lets only the sender amend or cancel it (the receiver gets 403), and an admin post it', async () => {
    const transfer = await book(t.api, sender.token, { type: 'transfer', amount: 50, currency: 'EUR', counterparty_account_id: receiver.accountId });
    expectError(await t.api.patch(`/v1/transactions/${transfer.id}`, { notes: 'mine now' }, { token: receiver.token }), 403, 'insufficient_permissions');
    expectError(await t.api.delete(`/v1/transactions/${transfer.id}`, undefined, { token: receiver.token }), 403, 'insufficient_permissions');
    expectError(await t.api.post(`/v1/transactions/${transfer.id}/post`, undefined, { token: receiver.token }), 403, 'insufficient_permissions');
    expectError(await t.api.delete(`/v1/transactions/${transfer.id}`, undefined, { token: third.token }), 404, 'transaction_not_found');
    const amended = await t.api.patch(`/v1/transactions/${transfer.id}`, { notes: 'sent' }, { token: sender.token });
    expectStatus(amended, 200);
    assert.equal((await post(t.api, admin.token, transfer.id)).status, 'posted');
    const seen = await t.api.get(`/v1/transactions/${transfer.id}`, { token: receiver.token });
    assert.deepEqual([seen.body.status, seen.body.notes], ['posted', null]);
  });

  it("counts in both accounts' balances: held from the sender at once, available to the receiver once posted", async () => {
    const from = await accountOwner(t.api);
    const to = await accountOwner(t.api);
    const transfer = await book(t.api, from.token, { type: 'transfer', amount: 1_200, currency: 'CHF', counterparty_account_id: to.accountId });
    assert.deepEqual(await figures(t.api, from.token, 'CHF'), { posted: 0, pending: -1_200, available: -1_200 });
    assert.deepEqual(await figures(t.api, to.token, 'CHF'), { posted: 0, pending: 1_200, available: 0 });
    await post(t.api, admin.token, transfer.id);
    assert.deepEqual(await figures(t.api, from.token, 'CHF'), { posted: -1_200, pending: -1_200, available: -1_200 });
    assert.deepEqual(await figures(t.api, to.token, 'CHF'), { posted: 1_200, pending: 1_200, available: 1_200 });

    const back = await book(t.api, to.token, { type: 'transfer', amount: 200, currency: 'CHF', counterparty_account_id: from.accountId });
    await cancel(t.api, to.token, back.id);
    assert.deepEqual(await figures(t.api, to.token, 'CHF'), { posted: 1_200, pending: 1_200, available: 1_200 });
    assert.deepEqual(await figures(t.api, from.token, 'CHF'), { posted: -1_200, pending: -1_200, available: -1_200 });
  });
});

describe('Overdraft guard', () => {
  const t = useTestApp();
  let admin: LoggedIn;
  before(async () => {
    admin = await loginAdmin(t.api);
  });

  it('is allowed by default, set at creation or with PATCH /v1/accounts, and shown on the account', async () => {
    const owner = await accountOwner(t.api);
    assert.equal((await t.api.get('/v1/account', { token: owner.token })).body.overdraft, 'allowed');
    const patched = await t.api.patch('/v1/accounts', { overdraft: 'forbidden' }, { token: owner.token });
    expectStatus(patched, 200);
    assert.equal(patched.body.overdraft, 'forbidden');
    expectError(await t.api.patch('/v1/accounts', { overdraft: 'sometimes' }, { token: owner.token }), 400, 'validation_error');
    const created = await t.api.post(
      '/v1/accounts',
      { type: 'individual', name: 'Ada', email: 'ada@example.com', overdraft: 'forbidden' },
      { token: (await registerAndLogin(t.api)).token },
    );
    expectStatus(created, 201);
    assert.equal(created.body.overdraft, 'forbidden');
  });

  it('refuses a debit above the available balance with 409 insufficient_funds and writes nothing', async () => {
    const owner = await strictOwner(t.api);
    await fund(t.api, admin, owner.accountId, 100);
    const pendingCredit = await book(t.api, owner.token, { type: 'credit', amount: 1_000, currency: 'EUR' });
    const countBefore = await entryCount(t.databaseUrl, owner.accountId);
    for (const body of [
      { type: 'payment', amount: 101, currency: 'EUR' },
      { type: 'adjustment', direction: 'debit', amount: 101, currency: 'EUR' },
      { type: 'transfer', amount: 101, currency: 'EUR', counterparty_account_id: (await accountOwner(t.api)).accountId },
      { type: 'payment', amount: 1, currency: 'USD' },
    ]) {
      expectError(await createTransaction(t.api, owner.token, body), 409, 'insufficient_funds');
    }
    assert.equal(await entryCount(t.databaseUrl, owner.accountId), countBefore, 'no entry written');
    assert.deepEqual(await figures(t.api, owner.token, 'EUR'), { posted: 100, pending: 1_100, available: 100 });
    assert.deepEqual((await t.api.get('/v1/transactions?type=payment', { token: owner.token })).body.data, []);
    // Credits are never refused; a debit that fits exactly is accepted, after which nothing is available.
    await book(t.api, owner.token, { type: 'refund', amount: 5, currency: 'USD' });
    await book(t.api, owner.token, { type: 'payment', amount: 100, currency: 'EUR' });
    expectError(await createTransaction(t.api, owner.token, { type: 'payment', amount: 1, currency: 'EUR' }), 409, 'insufficient_funds');
    await cancel(t.api, owner.token, pendingCredit.id);
  });

  it('makes room again when a pending debit is canceled', async () => {
    const owner = await strictOwner(t.api);
    await fund(t.api, admin, owner.accountId, 60);
    const first = await book(t.api, owner.token, { type: 'payment', amount: 60, currency: 'EUR' });
    expectError(await createTransaction(t.api, owner.token, { type: 'payment', amount: 60, currency: 'EUR' }), 409, 'insufficient_funds');
    await cancel(t.api, owner.token, first.id);
    await book(t.api, owner.token, { type: 'payment', amount: 60, currency: 'EUR' });
  });

  it('accepts exactly 3 of 20 concurrent debits of 30 against 100 available, and never goes below zero', async () => {
    const owner = await strictOwner(t.api);
    await fund(t.api, admin, owner.accountId, 100);
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        createTransaction(
          t.api,
          owner.token,
          index % 2 === 0 ? { type: 'payment', amount: 30, currency: 'EUR' } : { type: 'adjustment', direction: 'debit', amount: 30, currency: 'EUR' },
        ),
      ),
    );
    const statuses = responses.map((response) => response.status);
    assert.equal(statuses.filter((status) => status === 201).length, 3, statuses.join(','));
    for (const response of responses.filter((candidate) => candidate.status !== 201)) expectError(response, 409, 'insufficient_funds');
    assert.deepEqual(await figures(t.api, owner.token, 'EUR'), { posted: 100, pending: 10, available: 10 });
  });
});

describe('Linked refunds', () => {
  const t = useTestApp();
  let admin: LoggedIn;
  let owner: Owner;
  before(async () => {
    admin = await loginAdmin(t.api);
    owner = await accountOwner(t.api);
  });

  const refund = (paymentId: string, amount: number, currency = 'EUR') =>
    createTransaction(t.api, owner.token, { type: 'refund', amount, currency, refunded_transaction_id: paymentId });

  it('links a refund to its payment and shows amount_refunded on the payment, null on other types', async () => {
    const payment = await book(t.api, owner.token, { type: 'payment', amount: 1_000, currency: 'EUR' });
    assert.equal(payment.amount_refunded, 0);
    assert.equal(payment.refunded_transaction_id, null);
    const first = await refund(payment.id, 400);
    expectStatus(first, 201);
    assert.equal(first.body.refunded_transaction_id, payment.id);
    assert.equal(first.body.amount_refunded, null);
    const read = await t.api.get(`/v1/transactions/${payment.id}`, { token: owner.token });
    assert.equal(read.body.amount_refunded, 400);
    expectStatus(await refund(payment.id, 600), 201);
    expectError(await refund(payment.id, 1), 409, 'refund_exceeds_payment');
    assert.equal((await t.api.get(`/v1/transactions/${payment.id}`, { token: owner.token })).body.amount_refunded, 1_000);
    // A canceled refund no longer counts.
    await cancel(t.api, owner.token, first.body.id);
    assert.equal((await t.api.get(`/v1/transactions/${payment.id}`, { token: owner.token })).body.amount_refunded, 600);
    expectStatus(await refund(payment.id, 400), 201);
  });

  it('refuses with 400 a refund of another account, of a non-payment, in another currency, of a canceled payment, or on another type', async () => {
    const other = await accountOwner(t.api);
    const foreign = await book(t.api, other.token, { type: 'payment', amount: 100, currency: 'EUR' });
    const adjustment = await book(t.api, owner.token, { type: 'adjustment', direction: 'credit', amount: 100, currency: 'EUR' });
    const payment = await book(t.api, owner.token, { type: 'payment', amount: 100, currency: 'EUR' });
    const canceled = await book(t.api, owner.token, { type: 'payment', amount: 100, currency: 'EUR' });
    await cancel(t.api, owner.token, canceled.id);
    for (const [id, currency] of [
      [foreign.id, 'EUR'],
      [adjustment.id, 'EUR'],
      [payment.id, 'USD'],
      [canceled.id, 'EUR'],
      ['txn_01JDQ4Z8X9T2M3N4P5Q6R7S8T9', 'EUR'],
      ['not-an-id', 'EUR'],
    ]) {
      const response = await refund(id, 10, currency);
      expectError(response, 400, 'validation_error');
      assert.equal(response.body.details[0].field, 'refunded_transaction_id');
    }
    const notARefund = await createTransaction(t.api, owner.token, { type: 'credit', amount: 10, currency: 'EUR', refunded_transaction_id: payment.id });
    expectError(notARefund, 400, 'validation_error');
    assert.equal((await t.api.get(`/v1/transactions/${payment.id}`, { token: owner.token })).body.amount_refunded, 0);
  });

  it('refuses to cancel a payment whose refunds are not canceled (they would exceed it)', async () => {
    const payment = await book(t.api, owner.token, { type: 'payment', amount: 300, currency: 'EUR' });
    const linked = await refund(payment.id, 100);
    expectError(await t.api.delete(`/v1/transactions/${payment.id}`, undefined, { token: owner.token }), 409, 'refund_exceeds_payment');
    await cancel(t.api, owner.token, linked.body.id);
    assert.equal((await cancel(t.api, owner.token, payment.id)).status, 'canceled');
  });

  it('of 10 concurrent refunds of 30 against a payment of 100, accepts exactly 3', async () => {
    const payment = await book(t.api, owner.token, { type: 'payment', amount: 100, currency: 'EUR' });
    await post(t.api, admin.token, payment.id);
    const responses = await Promise.all(Array.from({ length: 10 }, () => refund(payment.id, 30)));
    assert.equal(responses.filter((response) => response.status === 201).length, 3, responses.map((response) => response.status).join(','));
    for (const response of responses.filter((candidate) => candidate.status !== 201)) expectError(response, 409, 'refund_exceeds_payment');
    assert.equal((await t.api.get(`/v1/transactions/${payment.id}`, { token: owner.token })).body.amount_refunded, 90);
  });
});

describe('The books through closures, payments and idempotent replays', () => {
  const t = useTestApp();
  let admin: LoggedIn;
  before(async () => {
    admin = await loginAdmin(t.api);
  });

  it('releases what pending transactions held when their account is closed, also on the other side of transfers', async () => {
    const closing = await accountOwner(t.api);
    const partner = await accountOwner(t.api);
    await fund(t.api, admin, closing.accountId, 1_000);
    await book(t.api, closing.token, { type: 'payment', amount: 100, currency: 'EUR' });
    await book(t.api, closing.token, { type: 'transfer', amount: 200, currency: 'EUR', counterparty_account_id: partner.accountId });
    await book(t.api, partner.token, { type: 'transfer', amount: 300, currency: 'EUR', counterparty_account_id: closing.accountId });
    const payment = await book(t.api, closing.token, { type: 'payment', amount: 50, currency: 'EUR' });
    await book(t.api, closing.token, { type: 'refund', amount: 20, currency: 'EUR', refunded_transaction_id: payment.id });
    assert.deepEqual(await figures(t.api, partner.token, 'EUR'), { posted: 0, pending: -100, available: -300 });

    const closed = await t.api.delete('/v1/auth/close', undefined, { token: closing.token });
    expectStatus(closed, 200);
    assert.equal(closed.body.canceled_transactions, 5);
    assert.deepEqual(await figures(t.api, admin.token, 'EUR', `?account_id=${closing.accountId}`), { posted: 1_000, pending: 1_000, available: 1_000 });
    assert.deepEqual(await figures(t.api, partner.token, 'EUR'), ZERO);
    assert.equal((await t.api.get(`/v1/transactions/${payment.id}`, { token: admin.token })).body.amount_refunded, 0);
  });

  it('books the posted credit of a succeeded payment request in the balances', async () => {
    const owner = await accountOwner(t.api);
    const created = await t.api.post('/v1/payments', { amount: 2_500, currency: 'EUR', purpose: 'invoice', customer: { email: 'payer@example.com' } }, { token: owner.token });
    expectStatus(created, 201);
    expectStatus(await t.api.post(`/v1/payments/${created.body.id}/simulate`, { outcome: 'succeeded' }, { token: owner.token }), 200);
    assert.deepEqual(await figures(t.api, owner.token, 'EUR'), { posted: 2_500, pending: 2_500, available: 2_500 });
  });

  it('counts an idempotent replay once', async () => {
    const owner = await accountOwner(t.api);
    const headers = { 'idempotency-key': randomUUID() };
    const body = { type: 'credit', amount: 777, currency: 'EUR' };
    const first = await createTransaction(t.api, owner.token, body, headers);
    const replay = await createTransaction(t.api, owner.token, body, headers);
    expectStatus(first, 201);
    assert.equal(replay.headers.get('idempotent-replayed'), 'true');
    assert.deepEqual(replay.body, first.body);
    assert.deepEqual(await figures(t.api, owner.token, 'EUR'), { posted: 0, pending: 777, available: 0 });
    assert.equal(await entryCount(t.databaseUrl, owner.accountId), 1);
  });
});

describe('Checking the books: GET /v1/ledger/check', () => {
  const t = useTestApp();
  let admin: LoggedIn;
  before(async () => {
    admin = await loginAdmin(t.api);
  });

  it('reports balanced books to an admin, with the sums per currency; members get 403', async () => {
    const owner = await accountOwner(t.api);
    const partner = await accountOwner(t.api);
    const credit = await book(t.api, owner.token, { type: 'credit', amount: 900, currency: 'EUR' });
    await post(t.api, admin.token, credit.id);
    await book(t.api, owner.token, { type: 'transfer', amount: 400, currency: 'EUR', counterparty_account_id: partner.accountId });
    await book(t.api, owner.token, { type: 'payment', amount: 100, currency: 'USD' });
    const report = await t.api.get('/v1/ledger/check', { token: admin.token });
    expectStatus(report, 200);
    assert.equal(report.body.ok, true);
    assert.deepEqual(report.body.differences, []);
    assert.equal(report.body.difference_count, 0);
    assert.equal(report.body.entries_checked, 6);
    assert.equal(report.body.balances_checked, 3);
    assert.deepEqual(report.body.currencies, [
      { currency: 'EUR', posted_debits: 900, posted_credits: 900, pending_debits: 400, pending_credits: 400 },
      { currency: 'USD', posted_debits: 0, posted_credits: 0, pending_debits: 100, pending_credits: 100 },
    ]);
    expectError(await t.api.get('/v1/ledger/check', { token: owner.token }), 403, 'insufficient_permissions');
  });

  it('lists what differs when a balance, an entry or a pair is tampered with', async () => {
    const owner = await accountOwner(t.api);
    const payment = await book(t.api, owner.token, { type: 'payment', amount: 250, currency: 'EUR' });
    const tamper = async (statement: string, params: unknown[]) => (await sql(t.databaseUrl, statement, params)).changes;
    try {
      assert.equal(await tamper('UPDATE ledger_balances SET pending_debits = pending_debits + 1 WHERE account_id = $1', [owner.accountId]), 1);
      assert.equal(await tamper("UPDATE ledger_entries SET amount = amount + 5 WHERE transaction_id = $1 AND side = 'credit'", [payment.id]), 1);
      const report = (await t.api.get('/v1/ledger/check', { token: admin.token })).body;
      assert.equal(report.ok, false);
      const kinds = report.differences.map((difference: { kind: string }) => difference.kind).sort();
      assert.deepEqual(kinds, ['balance_mismatch', 'transaction_entries_mismatch', 'unbalanced_currency', 'unpaired_entries']);
      const mismatch = report.differences.find((difference: { kind: string }) => difference.kind === 'balance_mismatch');
      assert.deepEqual(
        { account_id: mismatch.account_id, currency: mismatch.currency, field: mismatch.field, expected: mismatch.expected, actual: mismatch.actual },
        { account_id: owner.accountId, currency: 'EUR', field: 'pending_debits', expected: 250, actual: 251 },
      );
      assert.equal(report.differences.find((difference: { kind: string }) => difference.kind === 'unpaired_entries').transaction_id, payment.id);
    } finally {
      await tamper('UPDATE ledger_balances SET pending_debits = pending_debits - 1 WHERE account_id = $1', [owner.accountId]);
      await tamper("UPDATE ledger_entries SET amount = amount - 5 WHERE transaction_id = $1 AND side = 'credit'", [payment.id]);
    }
    assert.equal((await t.api.get('/v1/ledger/check', { token: admin.token })).body.ok, true);
  });

  it('runs from the command line: exit 0 when the books balance, 1 with the list of differences when not', async () => {
    const owner = await accountOwner(t.api);
    await book(t.api, owner.token, { type: 'credit', amount: 120, currency: 'SEK' });
    const balanced = await runCli(t.databaseUrl, ['ledger-check']);
    assert.equal(balanced.code, 0, balanced.stderr);
    assert.match(balanced.stdout, /^Checked \d+ entries and \d+ balances in [\d.]+ s\.$/m);
    assert.match(balanced.stdout, /SEK: posted debits 0 \/ credits 0, pending debits 120 \/ credits 120/);
    assert.match(balanced.stdout, /^ {2}ok {3}credits_given_back_within_amount \(\d+ ms\)$/m);
    assert.match(balanced.stdout, /The books balance and every invariant holds\./);

    await sql(t.databaseUrl, "UPDATE ledger_balances SET posted = posted + 7 WHERE account_id = $1 AND currency = 'SEK'", [owner.accountId]);
    try {
      const off = await runCli(t.databaseUrl, ['ledger-check']);
      assert.equal(off.code, 1, off.stderr);
      assert.match(off.stdout, /2 difference\(s\):/);
      assert.match(off.stdout, /^ {2}FAIL balances_equal_entries \(\d+ ms\): 2 difference\(s\)$/m);
      assert.match(off.stdout, new RegExp(`balance_mismatch ${owner.accountId} SEK posted: the stored posted differs from the sum of the entries \\(expected: 0, stored: 7\\)`));
      assert.match(off.stdout, new RegExp(`running_balance_mismatch ${owner.accountId} SEK balance_after`));
      const json = await runCli(t.databaseUrl, ['ledger-check', '--json']);
      assert.equal(json.code, 1);
      assert.equal(JSON.parse(json.stdout).difference_count, 2);
    } finally {
      await sql(t.databaseUrl, "UPDATE ledger_balances SET posted = posted - 7 WHERE account_id = $1 AND currency = 'SEK'", [owner.accountId]);
    }
  });
});

/** The built CLI on the test application's database, in a process of its own. */
function runCli(databaseUrl: string, args: string[]): Promise<ScriptResult> {
  return runScript(builtScript('cli.js'), args, databaseUrl, { LOG_LEVEL: 'silent' });
}

/** Ledger entries on the account (not counting the other side). */
async function entryCount(databaseUrl: string, accountId: string): Promise<number> {
  const { rows } = await sql(databaseUrl, 'SELECT COUNT(*) AS count FROM ledger_entries WHERE account_id = $1', [accountId]);
  return Number(rows[0].count);
}

/** An account owner whose account forbids overdrafts. */
async function strictOwner(api: ApiClient): Promise<Owner> {
  const owner = await accountOwner(api);
  expectStatus(await api.patch('/v1/accounts', { overdraft: 'forbidden' }, { token: owner.token }), 200);
  return owner;
}
