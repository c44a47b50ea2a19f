import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { ApiClient, ApiResponse } from './support/api-client';
import { accountMember, accountOwner, expectError, expectStatus, expectValidationFields, LoggedIn, loginAdmin, registerAndLogin } from './support/factories';
import { idPattern, ISO_TIMESTAMP, listItems, PAYMENT_FIELDS, TRANSACTION_FIELDS } from './support/shapes';
import { sql } from './support/sql';
import { TestApp, useTestApp } from './support/test-app';

const PAYMENT_ID = idPattern('pay');
const TRANSACTION_ID = idPattern('txn');
const STATUS_FIELDS = ['amount', 'currency', 'expires_at', 'failure_code', 'paid_at', 'payment_id', 'status', 'transaction_id', 'updated_at'];
const STATUSES = ['pending', 'authorized', 'succeeded', 'failed', 'canceled', 'expired'];
const UNKNOWN_PAYMENT = 'pay_01JDQ4Z8X9T2M3N4P5Q6R7S8T9';
const MALFORMED_PAYMENT_IDS = ['pay_123', 'txn_01JDQ4Z8X9T2M3N4P5Q6R7S8T9', 'not-a-payment', 'pay_01jdq4z8x9t2m3n4p5q6r7s8t9', UNKNOWN_PAYMENT];
const DAY_MS = 24 * 60 * 60 * 1000;

/** A valid creation body; `fields` override or add. */
function paymentBody(fields: Record<string, unknown> = {}): Record<string, unknown> {
  return { purpose: 'invoice', amount: 4999, currency: 'EUR', customer: { email: 'grace@example.com', name: 'Grace Hopper' }, ...fields };
}

/** Asserts the contract's payment request, exactly its fields, and the expected values. */
function assertPayment(payment: any, expected: Record<string, unknown> = {}): void {
  assert.deepEqual(Object.keys(payment).sort(), PAYMENT_FIELDS);
  assert.match(payment.id, PAYMENT_ID);
  assert.match(payment.account_id, idPattern('acc'));
  assert.ok(['product', 'subscription', 'invoice'].includes(payment.purpose));
  assert.ok(['automatic', 'manual'].includes(payment.capture_method));
  assert.ok(STATUSES.includes(payment.status), payment.status);
  assert.ok(Number.isInteger(payment.amount));
  assert.deepEqual(Object.keys(payment.customer).sort(), ['email', 'name']);
  assert.equal(typeof payment.payment_url, 'string');
  // The hosted page's address: a random token of its own, never the id.
  assert.match(payment.payment_url, /^http:\/\/127\.0\.0\.1:\d+\/pay\/[A-Za-z0-9_-]{32}$/);
  assert.ok(!payment.payment_url.includes(payment.id.slice(4)), 'payment_url does not name the request');
  for (const field of ['created_at', 'updated_at', 'expires_at']) assert.match(payment[field], ISO_TIMESTAMP, field);
  if (payment.paid_at !== null) assert.match(payment.paid_at, ISO_TIMESTAMP);
  if (payment.transaction_id !== null) assert.match(payment.transaction_id, TRANSACTION_ID);
  // This file's accounts are test-mode (the default outside production): the sandbox serves them.
  assert.equal(payment.livemode, false);
  assert.equal(payment.provider, 'sandbox');
  assert.equal(payment.provider_reference, null);
  for (const [field, value] of Object.entries(expected)) assert.deepEqual(payment[field], value, `payment.${field}`);
}

/** The status view of a payment request as the contract lists it. */
function statusOf(payment: any): Record<string, unknown> {
  return {
    payment_id: payment.id,
    status: payment.status,
    failure_code: payment.failure_code,
    amount: payment.amount,
    currency: payment.currency,
    expires_at: payment.expires_at,
    paid_at: payment.paid_at,
    transaction_id: payment.transaction_id,
    updated_at: payment.updated_at,
  };
}

async function createPayment(api: ApiClient, token: string, fields: Record<string, unknown> = {}): Promise<any> {
  const response = await api.post('/v1/payments', paymentBody(fields), { token });
  expectStatus(response, 201);
  return response.body;
}

function simulate(api: ApiClient, token: string, paymentId: string, outcome: unknown): Promise<ApiResponse> {
  return api.post(`/v1/payments/${paymentId}/simulate`, { outcome }, { token });
}

async function readStatus(api: ApiClient, token: string, paymentId: string): Promise<any> {
  const response = await api.get(`/v1/payments/${paymentId}/status`, { token });
  expectStatus(response, 200);
  assert.deepEqual(Object.keys(response.body).sort(), STATUS_FIELDS);
  return response.body;
}

/** Every item of a list, page after page, 100 at a time. */
function listAll(api: ApiClient, token: string, path: string): Promise<any[]> {
  return listItems(api, token, `${path}${path.includes('?') ? '&' : '?'}limit=100`);
}

/** The credit transactions that settle `paymentId`, as the account's transaction list shows them. */
async function creditsOf(api: ApiClient, token: string, paymentId: string): Promise<any[]> {
  const credits = await listAll(api, token, '/v1/transactions?type=credit');
  return credits.filter((transaction) => transaction.payment_id === paymentId);
}

/** Moves the request's expiry into the past in the database, as if its time had run out. */
async function expireInDatabase(t: TestApp, paymentId: string): Promise<void> {
  const result = await sql(t.databaseUrl, 'UPDATE payment_requests SET expires_at = $1 WHERE id = $2', [Date.now() - 1000, paymentId]);
  assert.equal(result.changes, 1, 'one payment request expired');
}

async function storedCount(t: TestApp, accountId: string): Promise<number> {
  const result = await sql(t.databaseUrl, 'SELECT COUNT(*) AS n FROM payment_requests WHERE account_id = $1', [accountId]);
  return Number(result.rows[0].n);
}

describe('POST /v1/payments', () => {
  const t = useTestApp();
  let admin: LoggedIn;
  let owner: LoggedIn & { accountId: string };
  before(async () => {
    admin = await loginAdmin(t.api);
    owner = await accountOwner(t.api);
  });

  it('opens a pending request with 201 and exactly the contract fields; capture automatic and 7 days to pay by default', async () => {
    const startedAt = Date.now();
    const response = await t.api.post(
      '/v1/payments',
      {
        purpose: 'invoice',
        amount: 4999,
        currency: 'EUR',
        reference_id: 'INV-2026-00042',
        description: 'Invoice 42: consulting, November',
        customer: { email: 'grace@example.com', name: 'Grace Hopper' },
        metadata: { order_id: '1042', channel: 'email' },
      },
      { token: owner.token },
    );
    const finishedAt = Date.now();
    expectStatus(response, 201);
    const payment = response.body;
    assertPayment(payment, {
      account_id: owner.accountId,
      purpose: 'invoice',
      reference_id: 'INV-2026-00042',
      amount: 4999,
      currency: 'EUR',
      description: 'Invoice 42: consulting, November',
      customer: { email: 'grace@example.com', name: 'Grace Hopper' },
      capture_method: 'automatic',
      status: 'pending',
      metadata: { order_id: '1042', channel: 'email' },
      transaction_id: null,
      paid_at: null,
      failure_code: null,
      last_failure_code: null,
    });
    const createdAt = Date.parse(payment.created_at);
    assert.ok(createdAt >= startedAt - 1 && createdAt <= finishedAt + 1, 'created_at is the time of the request');
    assert.equal(payment.updated_at, payment.created_at);
    assert.equal(Date.parse(payment.expires_at) - createdAt, 7 * DAY_MS, 'expires_at is created_at + 7 days exactly');
    const read = await t.api.get(`/v1/payments/${payment.id}`, { token: owner.token });
    expectStatus(read, 200);
    assert.deepEqual(read.body, payment);
  });

  it('defaults the optional fields: reference_id, description and customer name null, metadata {}', async () => {
    const payment = await createPayment(t.api, owner.token, { purpose: 'product', amount: 1, currency: 'JPY', customer: { email: 'buyer@example.com' } });
    assertPayment(payment, {
      purpose: 'product',
      amount: 1,
      currency: 'JPY',
      reference_id: null,
      description: null,
      customer: { email: 'buyer@example.com', name: null },
      capture_method: 'automatic',
      metadata: {},
      status: 'pending',
    });
  });

  it('accepts every purpose, capture_method manual, the largest amount and an expires_at of its own', async () => {
    for (const purpose of ['product', 'subscription', 'invoice']) {
      assertPayment(await createPayment(t.api, owner.token, { purpose }), { purpose });
    }
    const expiresAt = new Date(Date.now() + 3 * DAY_MS).toISOString();
    const manual = await createPayment(t.api, owner.token, { capture_method: 'manual', amount: 999_999_999_999, expires_at: expiresAt });
    assertPayment(manual, { capture_method: 'manual', amount: 999_999_999_999, expires_at: expiresAt, status: 'pending' });
    // The bounds: a few minutes and 89 days ahead are accepted.
    for (const ahead of [5 * 60 * 1000, 89 * DAY_MS]) {
      const at = new Date(Date.now() + ahead).toISOString();
      assertPayment(await createPayment(t.api, owner.token, { expires_at: at }), { expires_at: at });
    }
  });

  it('normalizes customer.email (trimmed, lower case) and trims the customer name', async () => {
    const payment = await createPayment(t.api, owner.token, { customer: { email: '  Grace.Hopper@Example.COM ', name: '  Grace Hopper ' } });
    assert.deepEqual(payment.customer, { email: 'grace.hopper@example.com', name: 'Grace Hopper' });
    const read = await t.api.get(`/v1/payments/${payment.id}`, { token: owner.token });
    assert.deepEqual(read.body.customer, { email: 'grace.hopper@example.com', name: 'Grace Hopper' });
  });

  it('refuses invalid purpose, amount and currency with 400 validation_error naming the field, and stores nothing', async () => {
    const before = await storedCount(t, owner.accountId);
    const cases: [Record<string, unknown>, string][] = [
      [{ purpose: 'donation' }, 'purpose'],
      [{ purpose: undefined }, 'purpose'],
      [{ amount: 0 }, 'amount'],
      [{ amount: -5 }, 'amount'],
      [{ amount: 1.5 }, 'amount'],
      [{ amount: '1' }, 'amount'],
      [{ amount: 1e12 }, 'amount'],
      [{ amount: null }, 'amount'],
      [{ currency: 'eur' }, 'currency'],
      [{ currency: 'XXX' }, 'currency'],
      [{ currency: 'EURO' }, 'currency'],
      [{ capture_method: 'later' }, 'capture_method'],
      [{ reference_id: '' }, 'reference_id'],
      [{ reference_id: 'r'.repeat(256) }, 'reference_id'],
      [{ description: 'd'.repeat(501) }, 'description'],
    ];
    for (const [fields, field] of cases) {
      expectValidationFields(await t.api.post('/v1/payments', paymentBody(fields), { token: owner.token }), [field], JSON.stringify(fields));
    }
    assert.equal(await storedCount(t, owner.accountId), before);
  });

  it('refuses a missing, non-object or invalid customer with 400 validation_error naming customer or its inner field', async () => {
    const before = await storedCount(t, owner.accountId);
    const cases: [unknown, string[]][] = [
      [undefined, ['customer']],
      [null, ['customer']],
      ['grace@example.com', ['customer']],
      [{}, ['customer.email']],
      [{ email: 'not-an-email' }, ['customer.email']],
      [{ email: 'grace@example.com', name: '   ' }, ['customer.name']],
      [{ email: 'grace@example.com', x: 1 }, ['customer.x']],
    ];
    for (const [customer, fields] of cases) {
      expectValidationFields(await t.api.post('/v1/payments', paymentBody({ customer }), { token: owner.token }), fields, JSON.stringify(customer));
    }
    const unknown = await t.api.post('/v1/payments', paymentBody({ customer: { email: 'grace@example.com', x: 1 } }), { token: owner.token });
    assert.deepEqual(unknown.body.details, [{ field: 'customer.x', message: 'is not an accepted field' }]);
    // An array is no object either (its items may be reported as well).
    const array = await t.api.post('/v1/payments', paymentBody({ customer: ['grace@example.com'] }), { token: owner.token });
    expectError(array, 400, 'validation_error');
    const fields: string[] = array.body.details.map((problem: { field: string }) => problem.field);
    assert.ok(fields.includes('customer') && fields.every((field) => field === 'customer' || field.startsWith('customer.')), fields.join(','));
    assert.equal(await storedCount(t, owner.accountId), before);
  });

  it('refuses an expires_at in the past, under a minute ahead, over 90 days ahead or not ISO 8601 with 400 validation_error', async () => {
    const before = await storedCount(t, owner.accountId);
    const now = Date.now();
    const cases: unknown[] = [
      new Date(now - 60 * 1000).toISOString(),
      new Date(now + 30 * 1000).toISOString(),
      new Date(now + 91 * DAY_MS).toISOString(),
      'next tuesday',
      '2030-01-01 10:00:00',
      // ISO 8601 forms that JavaScript cannot parse, or would read in the server's time zone.
      `${new Date(now + DAY_MS).toISOString().slice(0, 10)}T10Z`,
      `${new Date(now + DAY_MS).toISOString().slice(0, 10)}T10:00:00,5Z`,
      `${new Date(now + DAY_MS).toISOString().slice(0, 10)}T10:00:00`,
      now + DAY_MS,
    ];
    for (const expiresAt of cases) {
      expectValidationFields(await t.api.post('/v1/payments', paymentBody({ expires_at: expiresAt }), { token: owner.token }), ['expires_at'], String(expiresAt));
    }
    assert.equal(await storedCount(t, owner.accountId), before);
  });

  it('refuses metadata that is not string to string, and unknown fields, with 400 validation_error', async () => {
    const before = await storedCount(t, owner.accountId);
    expectValidationFields(await t.api.post('/v1/payments', paymentBody({ metadata: { order_id: 1042 } }), { token: owner.token }), ['metadata.order_id']);
    expectValidationFields(await t.api.post('/v1/payments', paymentBody({ metadata: { nested: { a: 'b' } } }), { token: owner.token }), ['metadata.nested']);
    expectValidationFields(await t.api.post('/v1/payments', paymentBody({ metadata: 'order 1042' }), { token: owner.token }), ['metadata']);
    const tooMany = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`key${i}`, 'v']));
    expectValidationFields(await t.api.post('/v1/payments', paymentBody({ metadata: tooMany }), { token: owner.token }), ['metadata']);
    for (const field of ['status', 'transaction_id', 'paid_at', 'payment_url']) {
      const response = await t.api.post('/v1/payments', paymentBody({ [field]: field === 'status' ? 'succeeded' : 'x' }), { token: owner.token });
      expectError(response, 400, 'validation_error');
      assert.deepEqual(response.body.details, [{ field, message: 'is not an accepted field' }]);
    }
    assert.equal(await storedCount(t, owner.accountId), before);
  });

  it("answers a member without an account, or naming another account's account_id, with 404 account_not_found", async () => {
    const loner = await registerAndLogin(t.api);
    expectError(await t.api.post('/v1/payments', paymentBody(), { token: loner.token }), 404, 'account_not_found');
    const other = await accountOwner(t.api);
    const before = await storedCount(t, other.accountId);
    expectError(await t.api.post('/v1/payments', paymentBody({ account_id: other.accountId }), { token: owner.token }), 404, 'account_not_found');
    expectError(await t.api.post('/v1/payments', paymentBody({ account_id: other.accountId }), { token: loner.token }), 404, 'account_not_found');
    assert.equal(await storedCount(t, other.accountId), before);
    // Naming its own account is allowed.
    const own = await createPayment(t.api, owner.token, { account_id: owner.accountId });
    assert.equal(own.account_id, owner.accountId);
  });

  it('lets an admin open a request on any account with account_id; without one (or an unknown one) 404 account_not_found', async () => {
    const payment = await createPayment(t.api, admin.token, { account_id: owner.accountId });
    assertPayment(payment, { account_id: owner.accountId, status: 'pending' });
    const seen = await t.api.get(`/v1/payments/${payment.id}`, { token: owner.token });
    expectStatus(seen, 200);
    assert.deepEqual(seen.body, payment);
    expectError(await t.api.post('/v1/payments', paymentBody(), { token: admin.token }), 404, 'account_not_found');
    for (const accountId of ['acc_01JDQ4Z8X9T2M3N4P5Q6R7S8T9', 'acme']) {
      expectError(await t.api.post('/v1/payments', paymentBody({ account_id: accountId }), { token: admin.token }), 404, 'account_not_found');
    }
  });

  it('refuses a request on a closed account with 403 account_closed', async () => {
    const closing = await accountOwner(t.api);
    expectStatus(await t.api.delete('/v1/auth/close', undefined, { token: closing.token }), 200);
    expectError(await t.api.post('/v1/payments', paymentBody({ account_id: closing.accountId }), { token: admin.token }), 403, 'account_closed');
    assert.equal(await storedCount(t, closing.accountId), 0);
  });

  it('answers without a token with 401 unauthorized', async () => {
    expectError(await t.api.post('/v1/payments', paymentBody()), 401, 'unauthorized');
  });
});

describe('GET /v1/payments/{payment_id} and /v1/payments/{payment_id}/status', () => {
  const t = useTestApp();
  let admin: LoggedIn;
  let owner: LoggedIn & { accountId: string };
  let payment: any;
  before(async () => {
    admin = await loginAdmin(t.api);
    owner = await accountOwner(t.api);
    payment = await createPayment(t.api, owner.token, { metadata: { order_id: '7' }, reference_id: 'ORDER-7' });
  });

  it("returns the request and its status, with exactly the status fields, to the owner and the account's members", async () => {
    const member = await accountMember(t.api, owner.token, owner.accountId);
    for (const caller of [owner, member]) {
      const read = await t.api.get(`/v1/payments/${payment.id}`, { token: caller.token });
      expectStatus(read, 200);
      assert.deepEqual(read.body, payment);
      const status = await readStatus(t.api, caller.token, payment.id);
      assert.deepEqual(status, {
        payment_id: payment.id,
        status: 'pending',
        failure_code: null,
        amount: 4999,
        currency: 'EUR',
        expires_at: payment.expires_at,
        paid_at: null,
        transaction_id: null,
        updated_at: payment.updated_at,
      });
    }
  });

  it("answers another account's request with 404 payment_not_found, and an admin sees any", async () => {
    const other = await accountOwner(t.api);
    const loner = await registerAndLogin(t.api);
    for (const caller of [other, loner]) {
      expectError(await t.api.get(`/v1/payments/${payment.id}`, { token: caller.token }), 404, 'payment_not_found');
      expectError(await t.api.get(`/v1/payments/${payment.id}/status`, { token: caller.token }), 404, 'payment_not_found');
    }
    const read = await t.api.get(`/v1/payments/${payment.id}`, { token: admin.token });
    expectStatus(read, 200);
    assert.deepEqual(read.body, payment);
    assert.deepEqual(await readStatus(t.api, admin.token, payment.id), statusOf(payment));
  });

  it('answers a malformed, wrong-prefix, over-long, badly encoded or unknown id with 404 payment_not_found', async () => {
    for (const id of [...MALFORMED_PAYMENT_IDS, `pay_${'A'.repeat(600)}`, 'pay_%E0%A4%A']) {
      expectError(await t.api.get(`/v1/payments/${id}`, { token: owner.token }), 404, 'payment_not_found');
      expectError(await t.api.get(`/v1/payments/${id}/status`, { token: owner.token }), 404, 'payment_not_found');
      expectError(await t.api.get(`/v1/payments/${id}`, { token: admin.token }), 404, 'payment_not_found');
    }
  });

  it('answers without a token with 401 unauthorized', async () => {
    expectError(await t.api.get(`/v1/payments/${payment.id}`), 401, 'unauthorized');
    expectError(await t.api.get(`/v1/payments/${payment.id}/status`), 401, 'unauthorized');
  });
});

describe('POST /v1/payments/{payment_id}/simulate', () => {
  const t = useTestApp();
  let admin: LoggedIn;
  let owner: LoggedIn & { accountId: string };
  before(async () => {
    admin = await loginAdmin(t.api);
    owner = await accountOwner(t.api);
  });

  it('automatic capture: succeeded moves pending to succeeded with paid_at and books one posted credit carrying payment_id and the metadata', async () => {
    const payment = await createPayment(t.api, owner.token, { amount: 12345, currency: 'GBP', metadata: { order_id: '1042', channel: 'web' } });
    const startedAt = Date.now();
    const response = await simulate(t.api, owner.token, payment.id, 'succeeded');
    const finishedAt = Date.now();
    expectStatus(response, 200);
    const paid = response.body;
    assertPayment(paid, { ...payment, status: 'succeeded', amount_captured: 12345, paid_at: paid.paid_at, transaction_id: paid.transaction_id, updated_at: paid.updated_at });
    assert.match(paid.paid_at, ISO_TIMESTAMP);
    assert.match(paid.transaction_id, TRANSACTION_ID);
    const paidAt = Date.parse(paid.paid_at);
    assert.ok(paidAt >= startedAt - 1 && paidAt <= finishedAt + 1, 'paid_at is the time of the success');
    assert.equal(paid.updated_at, paid.paid_at);

    const read = await t.api.get(`/v1/payments/${payment.id}`, { token: owner.token });
    assert.deepEqual(read.body, paid);
    assert.deepEqual(await readStatus(t.api, owner.token, payment.id), statusOf(paid));

    const transaction = await t.api.get(`/v1/transactions/${paid.transaction_id}`, { token: owner.token });
    expectStatus(transaction, 200);
    assert.deepEqual(Object.keys(transaction.body).sort(), TRANSACTION_FIELDS);
    const credit = transaction.body;
    assert.equal(credit.id, paid.transaction_id);
    assert.equal(credit.account_id, owner.accountId);
    assert.equal(credit.type, 'credit');
    assert.equal(credit.direction, 'credit');
    assert.equal(credit.status, 'posted');
    assert.equal(credit.amount, 12345);
    assert.equal(credit.currency, 'GBP');
    assert.equal(credit.payment_id, payment.id);
    assert.deepEqual(credit.metadata, { order_id: '1042', channel: 'web' });
    assert.equal(credit.counterparty_account_id, null);
    assert.equal(credit.canceled_at, null);
    assert.match(credit.posted_at, ISO_TIMESTAMP);
    const postedAt = Date.parse(credit.posted_at);
    assert.ok(postedAt >= startedAt - 1 && postedAt <= finishedAt + 1, 'posted_at is the time of the success');

    // The credit is settled: it cannot be canceled.
    expectError(await t.api.delete(`/v1/transactions/${credit.id}`, undefined, { token: owner.token }), 409, 'transaction_not_pending');
    const posted = await listAll(t.api, owner.token, '/v1/transactions?type=credit&status=posted');
    assert.deepEqual(
      posted.filter((item) => item.id === credit.id),
      [credit],
    );
    const byMetadata = await listAll(t.api, owner.token, '/v1/transactions?metadata[order_id]=1042');
    assert.deepEqual(
      byMetadata.map((item) => item.id),
      [credit.id],
    );
  });

  it('automatic capture: authorized is refused with 409 payment_not_pending and the request stays pending', async () => {
    const payment = await createPayment(t.api, owner.token);
    expectError(await simulate(t.api, owner.token, payment.id, 'authorized'), 409, 'payment_not_pending');
    assert.deepEqual(await readStatus(t.api, owner.token, payment.id), statusOf(payment));
    assert.deepEqual(await creditsOf(t.api, owner.token, payment.id), []);
  });

  it('manual capture: pending -> authorized (no credit yet) -> succeeded books exactly one credit; then nothing moves it (409)', async () => {
    const payment = await createPayment(t.api, owner.token, { capture_method: 'manual', amount: 700 });
    const authorized = await simulate(t.api, owner.token, payment.id, 'authorized');
    expectStatus(authorized, 200);
    assertPayment(authorized.body, { ...payment, status: 'authorized', paid_at: null, transaction_id: null, updated_at: authorized.body.updated_at });
    assert.deepEqual(await readStatus(t.api, owner.token, payment.id), statusOf(authorized.body));
    assert.deepEqual(await creditsOf(t.api, owner.token, payment.id), []);
    expectError(await simulate(t.api, owner.token, payment.id, 'authorized'), 409, 'payment_not_pending');

    const captured = await simulate(t.api, owner.token, payment.id, 'succeeded');
    expectStatus(captured, 200);
    assertPayment(captured.body, {
      ...payment,
      status: 'succeeded',
      capture_method: 'manual',
      amount_captured: payment.amount,
      updated_at: captured.body.updated_at,
      paid_at: captured.body.paid_at,
      transaction_id: captured.body.transaction_id,
    });
    assert.match(captured.body.paid_at, ISO_TIMESTAMP);
    assert.match(captured.body.transaction_id, TRANSACTION_ID);
    for (const outcome of ['succeeded', 'authorized', 'failed']) {
      expectError(await simulate(t.api, owner.token, payment.id, outcome), 409, 'payment_not_pending');
    }
    const credits = await creditsOf(t.api, owner.token, payment.id);
    assert.equal(credits.length, 1);
    assert.equal(credits[0].id, captured.body.transaction_id);
    assert.equal(credits[0].amount, 700);
    assert.equal(credits[0].status, 'posted');
    assert.deepEqual(await readStatus(t.api, owner.token, payment.id), statusOf(captured.body));
  });

  it('manual capture: an authorized request cannot fail (409 payment_not_pending) and stays authorized', async () => {
    const payment = await createPayment(t.api, owner.token, { capture_method: 'manual' });
    const authorized = await simulate(t.api, owner.token, payment.id, 'authorized');
    expectStatus(authorized, 200);
    expectError(await simulate(t.api, owner.token, payment.id, 'failed'), 409, 'payment_not_pending');
    assert.deepEqual(await readStatus(t.api, owner.token, payment.id), statusOf(authorized.body));
  });

  it('failed moves pending to failed without a credit; afterwards every outcome is 409 payment_not_pending', async () => {
    for (const captureMethod of ['automatic', 'manual']) {
      const payment = await createPayment(t.api, owner.token, { capture_method: captureMethod });
      const failed = await simulate(t.api, owner.token, payment.id, 'failed');
      expectStatus(failed, 200);
      assertPayment(failed.body, { ...payment, status: 'failed', failure_code: 'card_declined', paid_at: null, transaction_id: null, updated_at: failed.body.updated_at });
      for (const outcome of ['succeeded', 'authorized', 'failed']) {
        expectError(await simulate(t.api, owner.token, payment.id, outcome), 409, 'payment_not_pending');
      }
      assert.deepEqual(await readStatus(t.api, owner.token, payment.id), statusOf(failed.body));
      assert.deepEqual(await creditsOf(t.api, owner.token, payment.id), []);
    }
  });

  it('succeeded twice: the second is 409 payment_not_pending and there is still exactly one credit transaction', async () => {
    const payment = await createPayment(t.api, owner.token);
    const first = await simulate(t.api, owner.token, payment.id, 'succeeded');
    expectStatus(first, 200);
    expectError(await simulate(t.api, owner.token, payment.id, 'succeeded'), 409, 'payment_not_pending');
    expectError(await simulate(t.api, owner.token, payment.id, 'failed'), 409, 'payment_not_pending');
    const credits = await creditsOf(t.api, owner.token, payment.id);
    assert.deepEqual(
      credits.map((credit) => credit.id),
      [first.body.transaction_id],
    );
    assert.deepEqual(await readStatus(t.api, owner.token, payment.id), statusOf(first.body));
  });

  it('refuses a member who is not the account owner with 403 insufficient_permissions; an admin may drive any request', async () => {
    const payment = await createPayment(t.api, owner.token);
    const member = await accountMember(t.api, owner.token, owner.accountId);
    expectStatus(await t.api.get(`/v1/payments/${payment.id}`, { token: member.token }), 200);
    for (const outcome of ['succeeded', 'failed']) {
      expectError(await simulate(t.api, member.token, payment.id, outcome), 403, 'insufficient_permissions');
    }
    assert.deepEqual(await readStatus(t.api, owner.token, payment.id), statusOf(payment));
    const byAdmin = await simulate(t.api, admin.token, payment.id, 'succeeded');
    expectStatus(byAdmin, 200);
    assertPayment(byAdmin.body, { id: payment.id, account_id: owner.accountId, status: 'succeeded' });
    assert.equal((await creditsOf(t.api, owner.token, payment.id)).length, 1);
  });

  it("answers another account's request, or a malformed or unknown id, with 404 payment_not_found", async () => {
    const payment = await createPayment(t.api, owner.token);
    const other = await accountOwner(t.api);
    const loner = await registerAndLogin(t.api);
    for (const caller of [other, loner]) {
      expectError(await simulate(t.api, caller.token, payment.id, 'succeeded'), 404, 'payment_not_found');
    }
    assert.deepEqual(await readStatus(t.api, owner.token, payment.id), statusOf(payment));
    for (const id of MALFORMED_PAYMENT_IDS) {
      expectError(await simulate(t.api, owner.token, id, 'succeeded'), 404, 'payment_not_found');
      expectError(await simulate(t.api, admin.token, id, 'succeeded'), 404, 'payment_not_found');
    }
  });

  it('refuses an unknown outcome or an unknown body field with 400 validation_error and leaves the request pending', async () => {
    const payment = await createPayment(t.api, owner.token, { capture_method: 'manual' });
    for (const outcome of ['captured', 'SUCCEEDED', 'pending', 'canceled', 'expired', '', null, 1]) {
      expectValidationFields(await simulate(t.api, owner.token, payment.id, outcome), ['outcome'], String(outcome));
    }
    expectValidationFields(await t.api.post(`/v1/payments/${payment.id}/simulate`, {}, { token: owner.token }), ['outcome']);
    const unknown = await t.api.post(`/v1/payments/${payment.id}/simulate`, { outcome: 'succeeded', amount: 1 }, { token: owner.token });
    expectError(unknown, 400, 'validation_error');
    assert.deepEqual(unknown.body.details, [{ field: 'amount', message: 'is not an accepted field' }]);
    assert.deepEqual(await readStatus(t.api, owner.token, payment.id), statusOf(payment));
    assert.deepEqual(await creditsOf(t.api, owner.token, payment.id), []);
  });

  it('answers without a token with 401 unauthorized', async () => {
    const payment = await createPayment(t.api, owner.token);
    expectError(await t.api.post(`/v1/payments/${payment.id}/simulate`, { outcome: 'succeeded' }), 401, 'unauthorized');
    assert.equal((await readStatus(t.api, owner.token, payment.id)).status, 'pending');
  });

  it('of 10 concurrent succeeded outcomes exactly one is 200, nine are 409 payment_not_pending, and one credit exists', async () => {
    const payment = await createPayment(t.api, owner.token, { amount: 2500 });
    const responses = await Promise.all(Array.from({ length: 10 }, () => simulate(t.api, owner.token, payment.id, 'succeeded')));
    const winners = responses.filter((response) => response.status === 200);
    assert.equal(winners.length, 1, `statuses: ${responses.map((response) => response.status).join(',')}`);
    for (const response of responses) if (response.status !== 200) expectError(response, 409, 'payment_not_pending');
    const credits = await creditsOf(t.api, owner.token, payment.id);
    assert.deepEqual(
      credits.map((credit) => credit.id),
      [winners[0].body.transaction_id],
    );
    assert.equal(credits[0].amount, 2500);
    assert.deepEqual(await readStatus(t.api, owner.token, payment.id), statusOf(winners[0].body));
  });
});

describe('payment request expiry', () => {
  const t = useTestApp();
  let owner: LoggedIn & { accountId: string };
  before(async () => {
    owner = await accountOwner(t.api);
  });

  it('reads a pending request past expires_at as expired, and refuses every outcome with 409 payment_not_pending', async () => {
    const payment = await createPayment(t.api, owner.token, { capture_method: 'manual' });
    await expireInDatabase(t, payment.id);
    const status = await readStatus(t.api, owner.token, payment.id);
    assert.equal(status.status, 'expired');
    assert.equal(status.paid_at, null);
    assert.equal(status.transaction_id, null);
    assert.ok(Date.parse(status.expires_at) < Date.now());
    const read = await t.api.get(`/v1/payments/${payment.id}`, { token: owner.token });
    expectStatus(read, 200);
    assertPayment(read.body, { status: 'expired', paid_at: null, transaction_id: null });
    for (const outcome of ['succeeded', 'authorized', 'failed']) {
      expectError(await simulate(t.api, owner.token, payment.id, outcome), 409, 'payment_not_pending');
    }
    assert.equal((await readStatus(t.api, owner.token, payment.id)).status, 'expired');
    assert.deepEqual(await creditsOf(t.api, owner.token, payment.id), []);
  });

  it('reads an authorized request past expires_at as expired, and refuses its capture with 409 payment_not_pending', async () => {
    const payment = await createPayment(t.api, owner.token, { capture_method: 'manual' });
    expectStatus(await simulate(t.api, owner.token, payment.id, 'authorized'), 200);
    await expireInDatabase(t, payment.id);
    assert.equal((await readStatus(t.api, owner.token, payment.id)).status, 'expired');
    expectError(await simulate(t.api, owner.token, payment.id, 'succeeded'), 409, 'payment_not_pending');
    expectError(await simulate(t.api, owner.token, payment.id, 'failed'), 409, 'payment_not_pending');
    const read = await t.api.get(`/v1/payments/${payment.id}`, { token: owner.token });
    assertPayment(read.body, { status: 'expired', paid_at: null, transaction_id: null });
    assert.deepEqual(await creditsOf(t.api, owner.token, payment.id), []);
  });

  it('keeps a succeeded request succeeded past its expires_at', async () => {
    const payment = await createPayment(t.api, owner.token);
    const paid = await simulate(t.api, owner.token, payment.id, 'succeeded');
    expectStatus(paid, 200);
    await expireInDatabase(t, payment.id);
    const status = await readStatus(t.api, owner.token, payment.id);
    assert.equal(status.status, 'succeeded');
    assert.equal(status.transaction_id, paid.body.transaction_id);
  });
});

describe('payment requests of a closed account', () => {
  // The expiry job idle: the expired request is compared as read before the closure, and the job storing its
  // expiry meanwhile would change its updated_at (a tick inside the test's window failed it now and then).
  const t = useTestApp({ PAYMENT_EXPIRY_INTERVAL: '1d' });
  let admin: LoggedIn;
  before(async () => {
    admin = await loginAdmin(t.api);
  });

  it('closing cancels exactly the pending and authorized requests, not the succeeded or expired ones; the account then refuses simulate and create with 403', async () => {
    const owner = await accountOwner(t.api);
    const pending = await createPayment(t.api, owner.token);
    const authorizedRequest = await createPayment(t.api, owner.token, { capture_method: 'manual' });
    const authorized = await simulate(t.api, owner.token, authorizedRequest.id, 'authorized');
    expectStatus(authorized, 200);
    const succeededRequest = await createPayment(t.api, owner.token);
    const succeeded = await simulate(t.api, owner.token, succeededRequest.id, 'succeeded');
    expectStatus(succeeded, 200);
    const expired = await createPayment(t.api, owner.token);
    await expireInDatabase(t, expired.id);
    const expiredBefore = await readStatus(t.api, owner.token, expired.id);
    assert.equal(expiredBefore.status, 'expired');
    const failedRequest = await createPayment(t.api, owner.token);
    const failed = await simulate(t.api, owner.token, failedRequest.id, 'failed');
    expectStatus(failed, 200);
    // Another account's open request is left alone.
    const other = await accountOwner(t.api);
    const othersPending = await createPayment(t.api, other.token);

    const closed = await t.api.delete('/v1/auth/close', undefined, { token: owner.token });
    expectStatus(closed, 200);
    assert.deepEqual(closed.body, {
      account_id: owner.accountId,
      status: 'closed',
      closed_at: closed.body.closed_at,
      revoked_sessions: 1,
      canceled_transactions: 0,
      canceled_payments: 2,
    });
    assert.match(closed.body.closed_at, ISO_TIMESTAMP);

    for (const payment of [pending, authorized.body]) {
      assert.deepEqual(await readStatus(t.api, admin.token, payment.id), {
        ...statusOf(payment),
        status: 'canceled',
        updated_at: closed.body.closed_at,
      });
      const read = await t.api.get(`/v1/payments/${payment.id}`, { token: admin.token });
      assertPayment(read.body, { ...payment, status: 'canceled', updated_at: closed.body.closed_at });
    }
    const succeededAfter = await t.api.get(`/v1/payments/${succeededRequest.id}`, { token: admin.token });
    assert.deepEqual(succeededAfter.body, succeeded.body);
    assert.deepEqual(await readStatus(t.api, admin.token, expired.id), expiredBefore);
    assert.deepEqual((await t.api.get(`/v1/payments/${failedRequest.id}`, { token: admin.token })).body, failed.body);
    const credit = await t.api.get(`/v1/transactions/${succeeded.body.transaction_id}`, { token: admin.token });
    expectStatus(credit, 200);
    assert.equal(credit.body.status, 'posted');
    assert.deepEqual(await readStatus(t.api, other.token, othersPending.id), statusOf(othersPending));

    for (const payment of [pending, authorized.body, succeededRequest]) {
      expectError(await simulate(t.api, admin.token, payment.id, 'succeeded'), 403, 'account_closed');
    }
    assert.equal((await readStatus(t.api, admin.token, pending.id)).status, 'canceled');
    expectError(await t.api.post('/v1/payments', paymentBody({ account_id: owner.accountId }), { token: admin.token }), 403, 'account_closed');
    assert.equal(await storedCount(t, owner.accountId), 5);
  });

  it('an account without open requests closes with canceled_payments 0', async () => {
    const owner = await accountOwner(t.api);
    const payment = await createPayment(t.api, owner.token);
    expectStatus(await simulate(t.api, owner.token, payment.id, 'failed'), 200);
    const closed = await t.api.delete(`/v1/auth/close?account_id=${owner.accountId}`, undefined, { token: admin.token });
    expectStatus(closed, 200);
    assert.equal(closed.body.canceled_payments, 0);
    assert.equal((await readStatus(t.api, admin.token, payment.id)).status, 'failed');
  });
});
