import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { ApiClient } from './support/api-client';
import { assertNoForm, createPayment, openPage, submitCard, visibleText } from './support/checkout-page';
import { expectError, expectStatus, expectValidationFields, LoggedIn, login, loginAdmin, registerAndLogin, signup } from './support/factories';
import { listItems } from './support/shapes';
import { useTestApp } from './support/test-app';

type Owner = LoggedIn & { accountId: string };

/** The example payee the service shows outside production when BANK_TRANSFER_* are not set. */
const EXAMPLE_IBAN = 'DE89 3704 0044 0532 0130 00';
const EXAMPLE_BIC = 'COBADEFFXXX';
const EXAMPLE_BENEFICIARY = 'Example Merchant GmbH (test details)';
const RF_REFERENCE = /^RF\d{2}[0-9A-Z]{1,21}$/;
const MAX_AMOUNT = 999_999_999_999;

/** A fresh user, owner of a fresh account of `mode` that an admin opened for them, logged in. */
async function ownerOfMode(api: ApiClient, adminToken: string, mode: 'live' | 'test', fields: Record<string, unknown> = {}): Promise<Owner> {
  const user = await registerAndLogin(api);
  const opened = await api.post(
    '/v1/accounts',
    { type: 'business', name: `A ${mode} shop`, email: 'shop@example.com', owner_user_id: user.user.id, mode, ...fields },
    { token: adminToken },
  );
  expectStatus(opened, 201);
  assert.deepEqual([opened.body.mode, opened.body.livemode], [mode, mode === 'live']);
  // Logged in again, so that the session carries the account it now owns.
  return { ...(await login(api, user.email, user.password)), accountId: opened.body.id };
}

/** A fresh user who opens an account with the deployment's default mode, logged in. */
async function ownerOfDefaultMode(api: ApiClient, fields: Record<string, unknown> = {}): Promise<Owner> {
  const user = await registerAndLogin(api);
  const opened = await api.post('/v1/accounts', { type: 'individual', name: 'Default Mode', email: 'default@example.com', ...fields }, { token: user.token });
  expectStatus(opened, 201);
  return { ...user, accountId: opened.body.id };
}

async function balancesOf(api: ApiClient, token: string): Promise<any[]> {
  const response = await api.get('/v1/account/balances', { token });
  expectStatus(response, 200);
  return response.body.balances;
}

async function transactionsOf(api: ApiClient, token: string): Promise<any[]> {
  return listItems(api, token, '/v1/transactions?limit=100');
}

async function paymentOf(api: ApiClient, token: string, paymentId: string): Promise<any> {
  const response = await api.get(`/v1/payments/${paymentId}`, { token });
  expectStatus(response, 200);
  return response.body;
}

async function eventsOf(api: ApiClient, token: string): Promise<any[]> {
  return listItems(api, token, '/v1/events?after_sequence=0&limit=100');
}

async function assertBooksBalance(api: ApiClient, adminToken: string): Promise<void> {
  const check = await api.get('/v1/ledger/check', { token: adminToken });
  expectStatus(check, 200);
  assert.equal(check.body.ok, true, JSON.stringify(check.body));
}

/** A credit booked and posted by an admin on `accountId`: the money a transfer then moves. */
async function postedCredit(api: ApiClient, adminToken: string, accountId: string, amount: number): Promise<any> {
  const booked = await api.post('/v1/transactions', { type: 'credit', amount, currency: 'EUR', account_id: accountId }, { token: adminToken });
  expectStatus(booked, 201);
  const posted = await api.post(`/v1/transactions/${booked.body.id}/post`, undefined, { token: adminToken });
  expectStatus(posted, 200);
  return posted.body;
}

/** Asserts the bank-transfer page: the payee's details and the request's RF reference, and no card form or test cards. */
function assertBankTransferPage(html: string, payment: any): void {
  const text = visibleText(html);
  for (const shown of ['Pay by bank transfer', EXAMPLE_IBAN, EXAMPLE_BIC, EXAMPLE_BENEFICIARY]) assert.ok(text.includes(shown), `the page shows ${shown}: ${text}`);
  const printed = payment.provider_reference.replace(/(.{4})(?=.)/g, '$1 ');
  assert.ok(text.includes(printed), `the page shows the reference ${printed}`);
  assert.ok(!text.includes('4242 4242 4242 4242') && !/test cards/i.test(text), 'no test cards');
}

describe('live and test modes', () => {
  const t = useTestApp();
  let admin: LoggedIn;
  let liveOwner: Owner;
  let testOwner: Owner;
  before(async () => {
    admin = await loginAdmin(t.api);
    liveOwner = await ownerOfMode(t.api, admin.token, 'live', { overdraft: 'forbidden' });
    testOwner = await ownerOfDefaultMode(t.api);
  });

  it('opens test-mode accounts by default here; a user asking for live is 403 insufficient_permissions, an admin may open either', async () => {
    const account = await t.api.get('/v1/account', { token: testOwner.token });
    expectStatus(account, 200);
    assert.deepEqual([account.body.mode, account.body.livemode], ['test', false]);
    const user = await registerAndLogin(t.api);
    expectError(
      await t.api.post('/v1/accounts', { type: 'individual', name: 'Wants live', email: 'live@example.com', mode: 'live' }, { token: user.token }),
      403,
      'insufficient_permissions',
    );
    expectValidationFields(await t.api.post('/v1/accounts', { type: 'individual', name: 'Wants demo', email: 'demo@example.com', mode: 'demo' }, { token: user.token }), ['mode']);
    const named = await t.api.post('/v1/accounts', { type: 'individual', name: 'Names the default', email: 'test@example.com', mode: 'test' }, { token: user.token });
    expectStatus(named, 201);
    assert.deepEqual([named.body.mode, named.body.livemode], ['test', false]);
    const live = await t.api.get('/v1/account', { token: liveOwner.token });
    assert.deepEqual([live.body.mode, live.body.livemode, live.body.overdraft], ['live', true, 'forbidden']);
    const listed = await listItems(t.api, admin.token, '/v1/auth/accounts?limit=100');
    assert.deepEqual(
      listed
        .filter((item) => [liveOwner.accountId, testOwner.accountId].includes(item.id))
        .map((item) => [item.id, item.mode, item.livemode])
        .sort(),
      [
        [liveOwner.accountId, 'live', true],
        [testOwner.accountId, 'test', false],
      ].sort(),
    );
  });

  it('refuses simulate on a live request with 403 test_mode_only, to its owner and to an admin, and moves no money', async () => {
    const payment = await createPayment(t.api, liveOwner.token, { amount: MAX_AMOUNT });
    assert.equal(payment.livemode, true);
    assert.equal(payment.provider, 'bank_transfer', 'the first provider that serves live accounts');
    assert.match(payment.provider_reference, RF_REFERENCE);
    for (const caller of [liveOwner, admin]) {
      for (const outcome of ['succeeded', 'authorized', 'failed']) {
        expectError(await t.api.post(`/v1/payments/${payment.id}/simulate`, { outcome }, { token: caller.token }), 403, 'test_mode_only');
      }
    }
    const read = await paymentOf(t.api, liveOwner.token, payment.id);
    assert.deepEqual([read.status, read.transaction_id, read.paid_at], ['pending', null, null]);
    assert.deepEqual(await balancesOf(t.api, liveOwner.token), []);
    assert.deepEqual(await transactionsOf(t.api, liveOwner.token), []);
    // Nothing to spend: the account forbids overdraft and holds nothing.
    expectError(
      await t.api.post(
        '/v1/transactions',
        { type: 'transfer', amount: MAX_AMOUNT / 2 - 0.5, currency: 'EUR', counterparty_account_id: (await ownerOfMode(t.api, admin.token, 'live')).accountId },
        { token: liveOwner.token },
      ),
      409,
      'insufficient_funds',
    );
    await assertBooksBalance(t.api, admin.token);
  });

  it('refuses the sandbox for a live request (400 naming provider), and manual capture with bank_transfer (400 naming capture_method)', async () => {
    const body = { purpose: 'invoice', amount: 4999, currency: 'EUR', customer: { email: 'grace@example.com' } };
    expectValidationFields(await t.api.post('/v1/payments', { ...body, provider: 'sandbox' }, { token: liveOwner.token }), ['provider'], 'sandbox on live');
    expectValidationFields(await t.api.post('/v1/payments', { ...body, provider: 'acme_acquirer' }, { token: liveOwner.token }), ['provider'], 'unknown provider');
    expectValidationFields(await t.api.post('/v1/payments', { ...body, capture_method: 'manual' }, { token: liveOwner.token }), ['capture_method'], 'manual on bank_transfer');
    expectValidationFields(
      await t.api.post('/v1/payments', { ...body, provider: 'bank_transfer', capture_method: 'manual' }, { token: testOwner.token }),
      ['capture_method'],
      'manual on bank_transfer, test mode',
    );
    assert.deepEqual(await listItems(t.api, liveOwner.token, '/v1/payments?limit=100').then((items) => items.filter((item) => item.amount === 4999)), [], 'nothing was opened');
  });

  it("shows the live request's page with the payee's bank details and its RF reference, no card form, and a test card posted to it moves nothing", async () => {
    const payment = await createPayment(t.api, liveOwner.token, { amount: 12_500 });
    const page = await openPage(payment.payment_url);
    assert.equal(page.status, 200);
    assertBankTransferPage(page.html, payment);
    assertNoForm(page);
    assert.ok(!visibleText(page.html).includes('Test mode'), 'a live page does not read as a test');
    for (const antiForgery of ['', 'forged-value']) {
      const answer = await submitCard(payment.payment_url, { ...page, antiForgery }, '4242 4242 4242 4242');
      assert.equal(answer.status, 403, 'no form was issued, so no submission is taken');
    }
    const read = await paymentOf(t.api, liveOwner.token, payment.id);
    assert.deepEqual([read.status, read.last_failure_code, read.transaction_id], ['pending', null, null]);
    assert.deepEqual(await balancesOf(t.api, liveOwner.token), []);
  });

  it('keeps test-mode accounts working as today: the sandbox by default, its page takes test cards, simulate books the credit', async () => {
    const payment = await createPayment(t.api, testOwner.token, { amount: 2_000 });
    assert.deepEqual([payment.provider, payment.provider_reference, payment.livemode], ['sandbox', null, false]);
    const page = await openPage(payment.payment_url);
    assert.notEqual(page.antiForgery, null, 'the card form');
    assert.ok(visibleText(page.html).includes('Test mode: no real money moves.'));
    const simulated = await t.api.post(`/v1/payments/${payment.id}/simulate`, { outcome: 'succeeded' }, { token: testOwner.token });
    expectStatus(simulated, 200);
    assert.equal(simulated.body.status, 'succeeded');
    const credit = (await transactionsOf(t.api, testOwner.token)).find((transaction) => transaction.payment_id === payment.id);
    assert.deepEqual([credit?.amount, credit?.status, credit?.livemode], [2_000, 'posted', false]);
    const byBank = await createPayment(t.api, testOwner.token, { provider: 'bank_transfer' });
    assert.deepEqual([byBank.provider, byBank.livemode], ['bank_transfer', false]);
    assert.match(byBank.provider_reference, RF_REFERENCE);
    const bankPage = await openPage(byBank.payment_url);
    assertBankTransferPage(bankPage.html, byBank);
    assert.ok(visibleText(bankPage.html).includes('Test mode: no real money moves.'));
  });

  it('refuses a transfer to an account of the other mode with 400 naming counterparty_account_id, both ways; within a mode it is booked', async () => {
    const otherLive = await ownerOfMode(t.api, admin.token, 'live');
    const otherTest = await ownerOfDefaultMode(t.api);
    await postedCredit(t.api, admin.token, otherLive.accountId, 10_000);
    await postedCredit(t.api, admin.token, otherTest.accountId, 10_000);
    const transfer = (counterparty: string) => ({ type: 'transfer', amount: 1_000, currency: 'EUR', counterparty_account_id: counterparty });
    expectValidationFields(await t.api.post('/v1/transactions', transfer(otherTest.accountId), { token: otherLive.token }), ['counterparty_account_id'], 'live to test');
    expectValidationFields(await t.api.post('/v1/transactions', transfer(otherLive.accountId), { token: otherTest.token }), ['counterparty_account_id'], 'test to live');
    expectValidationFields(
      await t.api.post('/v1/transactions', { ...transfer(otherTest.accountId), account_id: otherLive.accountId }, { token: admin.token }),
      ['counterparty_account_id'],
      'an admin neither',
    );
    assert.equal((await transactionsOf(t.api, otherLive.token)).length, 1, 'only the credit');
    const withinLive = await t.api.post('/v1/transactions', transfer(liveOwner.accountId), { token: otherLive.token });
    expectStatus(withinLive, 201);
    assert.equal(withinLive.body.livemode, true);
    const withinTest = await t.api.post('/v1/transactions', transfer(testOwner.accountId), { token: otherTest.token });
    expectStatus(withinTest, 201);
    assert.equal(withinTest.body.livemode, false);
    await assertBooksBalance(t.api, admin.token);
  });

  it('shows livemode on the accounts, transactions, payment requests and events of each mode', async () => {
    const live = await ownerOfMode(t.api, admin.token, 'live');
    const test = await ownerOfDefaultMode(t.api);
    for (const [owner, livemode] of [
      [live, true],
      [test, false],
    ] as const) {
      await postedCredit(t.api, admin.token, owner.accountId, 5_000);
      const payment = await createPayment(t.api, owner.token);
      assert.equal(payment.livemode, livemode);
      assert.equal((await t.api.get('/v1/account', { token: owner.token })).body.livemode, livemode);
      const transactions = await transactionsOf(t.api, owner.token);
      assert.ok(transactions.length > 0);
      for (const transaction of transactions) assert.equal(transaction.livemode, livemode, `transaction ${transaction.id}`);
      const listed = await listItems(t.api, owner.token, '/v1/payments?limit=100');
      assert.deepEqual(
        listed.map((item) => [item.id, item.livemode]),
        [[payment.id, livemode]],
      );
      const events = await eventsOf(t.api, owner.token);
      assert.deepEqual(
        events.map((event) => event.type),
        ['account.created', 'user.updated', 'transaction.created', 'balance.updated', 'transaction.posted', 'balance.updated', 'payment.created'],
      );
      for (const event of events) {
        assert.equal(event.livemode, livemode, `${event.type} of a ${livemode ? 'live' : 'test'} account`);
        const one = await t.api.get(`/v1/events/${event.id}`, { token: owner.token });
        assert.equal(one.body.livemode, livemode);
      }
      const created = events.find((event) => event.type === 'payment.created');
      assert.equal(created.data.object.livemode, livemode);
    }
    // An admin's list mixes both modes, each event telling its own.
    const all = await listItems(t.api, admin.token, `/v1/events?account_id=${live.accountId}&limit=100`);
    assert.ok(all.length > 0 && all.every((event) => event.livemode === true));
  });

  it('lists the enabled providers in order of preference with the modes they serve and their capabilities', async () => {
    const response = await t.api.get('/v1/payment_providers', { token: testOwner.token });
    expectStatus(response, 200);
    assert.deepEqual(response.body, {
      data: [
        {
          name: 'sandbox',
          modes: ['test'],
          checkout: 'card_form',
          capabilities: { card_on_page: true, manual_capture: true, refunds: true, asynchronous_settlement: false },
        },
        {
          name: 'bank_transfer',
          modes: ['live', 'test'],
          checkout: 'bank_transfer',
          capabilities: { card_on_page: false, manual_capture: false, refunds: true, asynchronous_settlement: true },
        },
      ],
    });
    expectError(await t.api.get('/v1/payment_providers'), 401, 'unauthorized');
  });
});

describe('with SANDBOX=false', () => {
  const t = useTestApp({ SANDBOX: 'false' });
  let owner: Owner;
  before(async () => {
    owner = await ownerOfDefaultMode(t.api);
  });

  it('has no simulate route at all: 404 not_found, whoever asks', async () => {
    const payment = await createPayment(t.api, owner.token);
    const admin = await loginAdmin(t.api);
    for (const token of [owner.token, admin.token]) {
      expectError(await t.api.post(`/v1/payments/${payment.id}/simulate`, { outcome: 'succeeded' }, { token }), 404, 'not_found');
    }
    assert.equal((await paymentOf(t.api, owner.token, payment.id)).status, 'pending');
    assert.ok(!t.routes.some((route) => route.url.endsWith('/simulate')), 'the route is not registered');
  });

  it('lists only bank_transfer, sends a request without provider there, and refuses provider sandbox with 400 naming provider', async () => {
    const providers = await t.api.get('/v1/payment_providers', { token: owner.token });
    expectStatus(providers, 200);
    assert.deepEqual(
      providers.body.data.map((provider: any) => provider.name),
      ['bank_transfer'],
    );
    const payment = await createPayment(t.api, owner.token);
    assert.deepEqual([payment.provider, payment.livemode], ['bank_transfer', false]);
    assert.match(payment.provider_reference, RF_REFERENCE);
    expectValidationFields(
      await t.api.post('/v1/payments', { purpose: 'invoice', amount: 100, currency: 'EUR', customer: { email: 'grace@example.com' }, provider: 'sandbox' }, { token: owner.token }),
      ['provider'],
    );
    const page = await openPage(payment.payment_url);
    assertBankTransferPage(page.html, payment);
    assertNoForm(page);
  });
});

describe('with ACCOUNTS_DEFAULT_MODE=live (as in production)', () => {
  const t = useTestApp({ ACCOUNTS_DEFAULT_MODE: 'live' });

  it('refuses the exploit: a new live account cannot mint money by simulate or by test card, and cannot spend what it does not have', async () => {
    const owner = await ownerOfDefaultMode(t.api, { overdraft: 'forbidden' });
    assert.equal((await t.api.get('/v1/account', { token: owner.token })).body.mode, 'live');
    const payment = await createPayment(t.api, owner.token, { amount: MAX_AMOUNT });
    assert.deepEqual([payment.provider, payment.livemode], ['bank_transfer', true]);
    expectError(await t.api.post(`/v1/payments/${payment.id}/simulate`, { outcome: 'succeeded' }, { token: owner.token }), 403, 'test_mode_only');
    const page = await openPage(payment.payment_url);
    assertNoForm(page);
    assert.equal((await submitCard(payment.payment_url, page, '4242 4242 4242 4242')).status, 403);
    const other = await ownerOfDefaultMode(t.api);
    expectError(
      await t.api.post('/v1/transactions', { type: 'transfer', amount: 499_999_999_999, currency: 'EUR', counterparty_account_id: other.accountId }, { token: owner.token }),
      409,
      'insufficient_funds',
    );
    assert.equal((await paymentOf(t.api, owner.token, payment.id)).status, 'pending');
    assert.deepEqual(await balancesOf(t.api, owner.token), []);
    const admin = await loginAdmin(t.api);
    await assertBooksBalance(t.api, admin.token);
  });

  it('lets only an admin open a test-mode account; the platform events of a live deployment read livemode true', async () => {
    const user = await registerAndLogin(t.api);
    expectError(
      await t.api.post('/v1/accounts', { type: 'individual', name: 'Wants test', email: 'test@example.com', mode: 'test' }, { token: user.token }),
      403,
      'insufficient_permissions',
    );
    const admin = await loginAdmin(t.api);
    const opened = await t.api.post(
      '/v1/accounts',
      { type: 'individual', name: 'A test shop', email: 'test@example.com', mode: 'test', owner_user_id: user.user.id },
      { token: admin.token },
    );
    expectStatus(opened, 201);
    assert.deepEqual([opened.body.mode, opened.body.livemode], ['test', false]);
    const signedUp = await signup(t.api);
    const platform = await listItems(t.api, admin.token, '/v1/events?type=user.created&limit=100');
    const event = platform.find((candidate) => candidate.data.object.id === signedUp.id);
    assert.equal(event?.livemode, true);
  });
});
