import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { PaymentExpiry } from '../src/payments/payment-expiry';
import { ApiClient, ApiResponse } from './support/api-client';
import { accountMember, accountOwner, expectError, expectStatus, expectValidationFields, LoggedIn, login, loginAdmin, registerAndLogin } from './support/factories';
import { idPattern, ISO_TIMESTAMP, listItems, PAYMENT_FIELDS } from './support/shapes';
import { ServerProcess, startServerProcess } from './support/server-process';
import { sql } from './support/sql';
import { createTestDatabase, startTestApp, TestApp, TestDatabase, useTestApp } from './support/test-app';

/**
 * The payment request lifecycle (contract sections 7, 11 and 12): listing with
 * filters, capture, cancel, their races, and expiry by the background job.
 */

type Owner = LoggedIn & { accountId: string };

interface Event {
  id: string;
  type: string;
  account_id: string | null;
  sequence: number;
  created_at: string;
  data: { object: any };
}

const STATUSES = ['pending', 'authorized', 'succeeded', 'failed', 'canceled', 'expired'] as const;
const PURPOSES = ['product', 'subscription', 'invoice'] as const;
const UNKNOWN_PAYMENT = 'pay_01JDQ4Z8X9T2M3N4P5Q6R7S8T9';
/**
 * The job still runs once at start-up, then not again during these tests: a
 * request backdated past expires_at keeps its stored status, and reads must
 * still show it expired.
 */
const JOB_IDLE = { PAYMENT_EXPIRY_INTERVAL: '1d' };
const JOB_EVERY_SECOND = { PAYMENT_EXPIRY_INTERVAL: '1s' };

function paymentBody(fields: Record<string, unknown> = {}): Record<string, unknown> {
  return { purpose: 'invoice', amount: 4999, currency: 'EUR', customer: { email: 'grace@example.com' }, ...fields };
}

async function createPayment(api: ApiClient, token: string, fields: Record<string, unknown> = {}): Promise<any> {
  const response = await api.post('/v1/payments', paymentBody(fields), { token });
  expectStatus(response, 201);
  return response.body;
}

/** A manual-capture request the customer has authorized: funds held, not charged. */
async function authorizedPayment(api: ApiClient, token: string, fields: Record<string, unknown> = {}): Promise<any> {
  const payment = await createPayment(api, token, { capture_method: 'manual', ...fields });
  const authorized = await simulate(api, token, payment.id, 'authorized');
  expectStatus(authorized, 200);
  assert.equal(authorized.body.status, 'authorized');
  return authorized.body;
}

function simulate(api: ApiClient, token: string, paymentId: string, outcome: string): Promise<ApiResponse> {
  return api.post(`/v1/payments/${paymentId}/simulate`, { outcome }, { token });
}

function capture(api: ApiClient, token: string, paymentId: string): Promise<ApiResponse> {
  return api.post(`/v1/payments/${paymentId}/capture`, undefined, { token });
}

function cancel(api: ApiClient, token: string, paymentId: string): Promise<ApiResponse> {
  return api.post(`/v1/payments/${paymentId}/cancel`, undefined, { token });
}

async function readPayment(api: ApiClient, token: string, paymentId: string): Promise<any> {
  const response = await api.get(`/v1/payments/${paymentId}`, { token });
  expectStatus(response, 200);
  return response.body;
}

function assertPayment(payment: any, expected: Record<string, unknown> = {}): void {
  assert.deepEqual(Object.keys(payment).sort(), PAYMENT_FIELDS);
  assert.match(payment.id, idPattern('pay'));
  for (const field of ['created_at', 'updated_at', 'expires_at']) assert.match(payment[field], ISO_TIMESTAMP, field);
  for (const [field, value] of Object.entries(expected)) assert.deepEqual(payment[field], value, `payment.${field}`);
}

/** Every item of a list, following next_cursor, `limit` at a time. */
function listAll(api: ApiClient, token: string, path: string, limit = 100): Promise<any[]> {
  return listItems(api, token, `${path}${path.includes('?') ? '&' : '?'}limit=${limit}`);
}

/** The ids GET /v1/payments serves for `query`, walking every page. */
async function listedIds(api: ApiClient, token: string, query = '', limit = 100): Promise<string[]> {
  const items = await listAll(api, token, `/v1/payments${query === '' ? '' : `?${query}`}`, limit);
  return items.map((item) => item.id);
}

/** The posted credit transactions that settle `paymentId`, as the account's transaction list shows them. */
async function creditsOf(api: ApiClient, token: string, paymentId: string): Promise<any[]> {
  const credits = await listAll(api, token, '/v1/transactions?type=credit');
  return credits.filter((transaction) => transaction.payment_id === paymentId);
}

async function balancesOf(api: ApiClient, token: string): Promise<{ account_id: string; balances: any[] }> {
  const response = await api.get('/v1/account/balances', { token });
  expectStatus(response, 200);
  return response.body;
}

async function postedOf(api: ApiClient, token: string, currency: string): Promise<number> {
  return (await balancesOf(api, token)).balances.find((balance) => balance.currency === currency)?.posted ?? 0;
}

/** Moves the request's expiry into the past in the database (expires_at is epoch milliseconds), as if its time had run out. */
async function backdate(databaseUrl: string, ids: string[]): Promise<void> {
  for (const id of ids) {
    const result = await sql(databaseUrl, 'UPDATE payment_requests SET expires_at = $1 WHERE id = $2', [Date.now() - 60_000, id]);
    assert.equal(result.changes, 1, `payment request ${id} backdated`);
  }
}

/** The status as stored, which only the job (or a transition) changes; reads may show another. */
async function storedStatus(databaseUrl: string, id: string): Promise<string> {
  const result = await sql(databaseUrl, 'SELECT status FROM payment_requests WHERE id = $1', [id]);
  assert.equal(result.rows.length, 1);
  return String(result.rows[0].status);
}

/** Every event of the account, oldest first. */
function streamOf(api: ApiClient, token: string, accountId: string): Promise<Event[]> {
  return listItems(api, token, `/v1/events?after_sequence=0&limit=100&account_id=${accountId}`);
}

/** The events that `write` added to the account's stream (read by an admin). */
async function emitted(api: ApiClient, admin: LoggedIn, accountId: string, write: () => Promise<unknown>): Promise<Event[]> {
  const before = await streamOf(api, admin.token, accountId);
  await write();
  const after = await streamOf(api, admin.token, accountId);
  assert.deepEqual(after.slice(0, before.length), before, 'a stream only grows');
  return after.slice(before.length);
}

const types = (events: Event[]) => events.map((event) => event.type);

/** Every payment.expired event of the platform, as an admin lists them. */
function expiredEvents(api: ApiClient, admin: LoggedIn): Promise<Event[]> {
  return listAll(api, admin.token, '/v1/events?type=payment.expired');
}

/** Polls `probe` until it returns true, up to `timeoutMs`. */
async function eventually(what: string, probe: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await probe()) return;
    if (Date.now() > deadline) assert.fail(`timed out waiting for ${what}`);
    await sleep(200);
  }
}

const statusCounts = (responses: ApiResponse[]) => responses.map((response) => response.status).join(',');

describe('GET /v1/payments', () => {
  const t = useTestApp(JOB_IDLE);
  let admin: LoggedIn;
  let owner: Owner;
  let other: Owner;
  /** What each request of the app should read as, kept by the tests as they create and move them. */
  const known: { id: string; accountId: string; status: string; purpose: string; email: string; created_at: string }[] = [];
  let overduePending: any;
  let overdueAuthorized: any;

  /** The expected ids, newest first, of the known requests that pass `keep`. */
  const expected = (keep: (item: (typeof known)[number]) => boolean) =>
    known
      .filter(keep)
      .map((item) => item.id)
      .sort()
      .reverse();

  before(async () => {
    admin = await loginAdmin(t.api);
    owner = await accountOwner(t.api);
    other = await accountOwner(t.api);
    // Every status, every purpose, three customers (written in mixed case), twice over.
    const specs: { purpose: string; email: string; to: string; manual?: boolean }[] = [
      { purpose: 'invoice', email: 'ada@example.com', to: 'pending' },
      { purpose: 'product', email: 'Grace@Example.com', to: 'succeeded' },
      { purpose: 'subscription', email: 'ada@example.com', to: 'authorized', manual: true },
      { purpose: 'invoice', email: 'LINUS@example.com', to: 'failed' },
      { purpose: 'product', email: 'ada@example.com', to: 'canceled' },
      { purpose: 'invoice', email: 'grace@example.com', to: 'overdue' },
      { purpose: 'subscription', email: 'linus@example.com', to: 'overdue-authorized', manual: true },
    ];
    for (const round of [1, 2]) {
      for (const spec of specs) {
        const payment = await createPayment(t.api, owner.token, { purpose: spec.purpose, customer: { email: spec.email }, capture_method: spec.manual ? 'manual' : 'automatic' });
        let status: string;
        if (spec.to === 'succeeded' || spec.to === 'failed') expectStatus(await simulate(t.api, owner.token, payment.id, spec.to), 200);
        if (spec.to === 'authorized' || spec.to === 'overdue-authorized') expectStatus(await simulate(t.api, owner.token, payment.id, 'authorized'), 200);
        if (spec.to === 'canceled') expectStatus(await cancel(t.api, owner.token, payment.id), 200);
        if (spec.to.startsWith('overdue')) {
          await backdate(t.databaseUrl, [payment.id]);
          status = 'expired';
          if (round === 1 && spec.to === 'overdue') overduePending = payment;
          if (round === 1 && spec.to === 'overdue-authorized') overdueAuthorized = payment;
        } else {
          status = spec.to;
        }
        known.push({ id: payment.id, accountId: owner.accountId, status, purpose: spec.purpose, email: spec.email.toLowerCase(), created_at: payment.created_at });
      }
    }
    // Another account's requests share customers and purposes: no filter may let them through.
    for (const purpose of PURPOSES) {
      const payment = await createPayment(t.api, other.token, { purpose, customer: { email: 'ada@example.com' } });
      known.push({ id: payment.id, accountId: other.accountId, status: 'pending', purpose, email: 'ada@example.com', created_at: payment.created_at });
    }
  });

  const mine = (item: (typeof known)[number]) => item.accountId === owner.accountId;

  it("lists the account's requests newest first, each exactly as GET /v1/payments/{id} reads it", async () => {
    const items = await listAll(t.api, owner.token, '/v1/payments');
    assert.deepEqual(
      items.map((item) => item.id),
      expected(mine),
    );
    const createdAts = items.map((item) => item.created_at);
    assert.deepEqual(createdAts, [...createdAts].sort().reverse(), 'created_at never increases down the list');
    for (const item of items) {
      assertPayment(item, { account_id: owner.accountId });
      assert.deepEqual(item, await readPayment(t.api, owner.token, item.id));
    }
  });

  it('walks every request exactly once through limit and next_cursor, also with a filter', async () => {
    for (const limit of [1, 3, 5, 14, 15]) {
      const ids = await listedIds(t.api, owner.token, '', limit);
      assert.equal(new Set(ids).size, ids.length, `limit ${limit}: no request twice`);
      assert.deepEqual(ids, expected(mine), `limit ${limit}`);
    }
    const first = await t.api.get('/v1/payments?limit=4', { token: owner.token });
    expectStatus(first, 200);
    assert.equal(first.body.data.length, 4);
    assert.equal(first.body.has_more, true);
    assert.equal(typeof first.body.next_cursor, 'string');
    const invoices = await listedIds(t.api, owner.token, 'purpose=invoice', 2);
    assert.deepEqual(
      invoices,
      expected((item) => mine(item) && item.purpose === 'invoice'),
    );
    const expiredPaged = await listedIds(t.api, owner.token, 'status=expired', 1);
    assert.deepEqual(
      expiredPaged,
      expected((item) => mine(item) && item.status === 'expired'),
    );
  });

  it('filters by each status as requests read now', async () => {
    for (const status of STATUSES) {
      const ids = await listedIds(t.api, owner.token, `status=${status}`);
      assert.deepEqual(
        ids,
        expected((item) => mine(item) && item.status === status),
        `status=${status}`,
      );
      assert.ok(ids.length > 0, `some ${status} request exists`);
    }
  });

  it('status=expired matches open requests past expires_at that the job has not moved yet; pending and authorized no longer match them', async () => {
    // Still stored open: only reads call them expired.
    assert.equal(await storedStatus(t.databaseUrl, overduePending.id), 'pending');
    assert.equal(await storedStatus(t.databaseUrl, overdueAuthorized.id), 'authorized');
    const expiredItems = await listAll(t.api, owner.token, '/v1/payments?status=expired');
    const overdue = expiredItems.filter((item) => item.id === overduePending.id || item.id === overdueAuthorized.id);
    assert.equal(overdue.length, 2);
    for (const item of overdue) assertPayment(item, { status: 'expired', paid_at: null, transaction_id: null });
    for (const status of ['pending', 'authorized']) {
      const ids = await listedIds(t.api, owner.token, `status=${status}`);
      assert.ok(!ids.includes(overduePending.id) && !ids.includes(overdueAuthorized.id), `status=${status} leaves out the overdue requests`);
    }
    assert.equal((await readPayment(t.api, owner.token, overduePending.id)).status, 'expired');
    assert.equal(await storedStatus(t.databaseUrl, overduePending.id), 'pending', 'reading moved nothing');
  });

  it('filters by each purpose', async () => {
    for (const purpose of PURPOSES) {
      assert.deepEqual(
        await listedIds(t.api, owner.token, `purpose=${purpose}`),
        expected((item) => mine(item) && item.purpose === purpose),
        `purpose=${purpose}`,
      );
    }
  });

  it("filters by the customer's exact email, case-insensitively", async () => {
    for (const [query, email] of [
      ['ada@example.com', 'ada@example.com'],
      ['ADA@Example.COM', 'ada@example.com'],
      ['grace@example.com', 'grace@example.com'],
      ['Linus@Example.Com', 'linus@example.com'],
    ]) {
      const ids = await listedIds(t.api, owner.token, `customer_email=${encodeURIComponent(query)}`);
      assert.deepEqual(
        ids,
        expected((item) => mine(item) && item.email === email),
        query,
      );
      assert.ok(ids.length > 0);
    }
    assert.deepEqual(await listedIds(t.api, owner.token, 'customer_email=ada%40example'), [], 'no partial match');
    assert.deepEqual(await listedIds(t.api, owner.token, `customer_email=${encodeURIComponent('nobody@example.com')}`), []);
  });

  it('filters by created_from (inclusive) and created_to (exclusive), alone and together', async () => {
    const own = known.filter(mine).sort((a, b) => (a.id < b.id ? -1 : 1));
    const from = own[3].created_at;
    const to = own[10].created_at;
    assert.ok(from < to, 'the two instants differ');
    const at = (instant: string) => encodeURIComponent(instant);
    assert.deepEqual(
      await listedIds(t.api, owner.token, `created_from=${at(from)}`),
      expected((item) => mine(item) && item.created_at >= from),
    );
    assert.deepEqual(
      await listedIds(t.api, owner.token, `created_to=${at(to)}`),
      expected((item) => mine(item) && item.created_at < to),
    );
    const between = await listedIds(t.api, owner.token, `created_from=${at(from)}&created_to=${at(to)}`, 2);
    assert.deepEqual(
      between,
      expected((item) => mine(item) && item.created_at >= from && item.created_at < to),
    );
    assert.ok(between.includes(own[3].id) && !between.includes(own[10].id));
    // A date alone, and an offset, are instants too.
    const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    assert.deepEqual(await listedIds(t.api, owner.token, `created_from=${tomorrow}`), []);
    assert.deepEqual(await listedIds(t.api, owner.token, `created_to=${tomorrow}`), expected(mine));
    assert.deepEqual(await listedIds(t.api, owner.token, `created_to=${at('2000-01-01T01:00:00+01:00')}`), []);
  });

  it('refuses created_to at or before created_from with 400 validation_error on created_to', async () => {
    const instant = '2026-01-01T00:00:00.000Z';
    for (const query of [`created_from=${instant}&created_to=${instant}`, `created_from=${instant}&created_to=2025-12-31T23:59:59.999Z`]) {
      const response = await t.api.get(`/v1/payments?${query}`, { token: owner.token });
      expectValidationFields(response, ['created_to'], query);
    }
  });

  it('combines filters with AND', async () => {
    const combos: [string, (item: (typeof known)[number]) => boolean][] = [
      ['status=pending&purpose=invoice', (item) => item.status === 'pending' && item.purpose === 'invoice'],
      ['status=expired&purpose=subscription', (item) => item.status === 'expired' && item.purpose === 'subscription'],
      ['status=expired&customer_email=GRACE%40example.com', (item) => item.status === 'expired' && item.email === 'grace@example.com'],
      ['purpose=product&customer_email=ada%40example.com', (item) => item.purpose === 'product' && item.email === 'ada@example.com'],
      ['status=succeeded&purpose=invoice', () => false],
    ];
    const own = known.filter(mine).sort((a, b) => (a.id < b.id ? -1 : 1));
    const from = own[7].created_at;
    combos.push([
      `status=expired&purpose=invoice&customer_email=grace%40example.com&created_from=${encodeURIComponent(from)}`,
      (item) => item.status === 'expired' && item.purpose === 'invoice' && item.email === 'grace@example.com' && item.created_at >= from,
    ]);
    for (const [query, keep] of combos) {
      assert.deepEqual(
        await listedIds(t.api, owner.token, query, 2),
        expected((item) => mine(item) && keep(item)),
        query,
      );
    }
    assert.equal((await listedIds(t.api, owner.token, combos.at(-1)![0])).length, 1, 'the last combination narrows to one request');
  });

  it("shows an admin every account's requests, or one account's with account_id, with the filters", async () => {
    assert.deepEqual(
      await listedIds(t.api, admin.token),
      expected(() => true),
    );
    assert.deepEqual(await listedIds(t.api, admin.token, `account_id=${owner.accountId}`), expected(mine));
    assert.deepEqual(
      await listedIds(t.api, admin.token, `account_id=${other.accountId}`),
      expected((item) => item.accountId === other.accountId),
    );
    assert.deepEqual(
      await listedIds(t.api, admin.token, `customer_email=ada%40example.com&purpose=product`),
      expected((item) => item.email === 'ada@example.com' && item.purpose === 'product'),
    );
    assert.deepEqual(
      await listedIds(t.api, admin.token, `account_id=${other.accountId}&status=pending&purpose=invoice`),
      expected((item) => item.accountId === other.accountId && item.status === 'pending' && item.purpose === 'invoice'),
    );
  });

  it("lets the account's members list and read its requests, and only its own", async () => {
    const member = await accountMember(t.api, owner.token, owner.accountId);
    assert.deepEqual(await listedIds(t.api, member.token), expected(mine));
    assert.deepEqual(await listedIds(t.api, member.token, `account_id=${owner.accountId}`), expected(mine));
    assert.deepEqual(
      await listedIds(t.api, member.token, 'customer_email=ada%40example.com'),
      expected((item) => mine(item) && item.email === 'ada@example.com'),
    );
    const one = known.find(mine)!;
    assert.equal((await readPayment(t.api, member.token, one.id)).id, one.id);
    const othersOne = known.find((item) => item.accountId === other.accountId)!;
    expectError(await t.api.get(`/v1/payments/${othersOne.id}`, { token: member.token }), 404, 'payment_not_found');
    // The other account's owner sees only its own.
    assert.deepEqual(
      await listedIds(t.api, other.token),
      expected((item) => item.accountId === other.accountId),
    );
    // A user without an account sees nothing.
    const loner = await registerAndLogin(t.api);
    assert.deepEqual(await listedIds(t.api, loner.token), []);
  });

  it("refuses a member naming another account's account_id with 403 insufficient_permissions", async () => {
    const member = await accountMember(t.api, owner.token, owner.accountId);
    for (const caller of [owner, member]) {
      expectError(await t.api.get(`/v1/payments?account_id=${other.accountId}`, { token: caller.token }), 403, 'insufficient_permissions');
      expectError(await t.api.get(`/v1/payments?account_id=${UNKNOWN_PAYMENT.replace('pay_', 'acc_')}`, { token: caller.token }), 403, 'insufficient_permissions');
    }
  });

  it('refuses an invalid status, purpose, limit, instant or cursor with 400 validation_error naming the parameter', async () => {
    const cases: [string, string][] = [
      ['status=open', 'status'],
      ['status=PENDING', 'status'],
      ['status=', 'status'],
      ['purpose=donation', 'purpose'],
      ['purpose=Invoice', 'purpose'],
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['limit=abc', 'limit'],
      ['limit=-1', 'limit'],
      ['limit=2.5', 'limit'],
      ['created_from=yesterday', 'created_from'],
      ['created_to=2026-13-01', 'created_to'],
      ['cursor=not-a-cursor', 'cursor'],
      // Repeated parameters are no single value; a parameter the list does not know is refused, not ignored.
      ['status=pending&status=failed', 'status'],
      ['customer_email=a%40example.com&customer_email=b%40example.com', 'customer_email'],
      ['capture_method=manual', 'capture_method'],
    ];
    for (const [query, field] of cases) {
      expectValidationFields(await t.api.get(`/v1/payments?${query}`, { token: owner.token }), [field], query);
    }
    expectError(await t.api.get('/v1/payments'), 401, 'unauthorized');
  });
});

describe('POST /v1/payments/{payment_id}/cancel', () => {
  const t = useTestApp(JOB_IDLE);
  let admin: LoggedIn;
  let owner: Owner;
  before(async () => {
    admin = await loginAdmin(t.api);
    owner = await accountOwner(t.api);
    // A settled payment gives the account a balance that a cancellation must leave alone.
    const paid = await createPayment(t.api, owner.token, { amount: 1000 });
    expectStatus(await simulate(t.api, owner.token, paid.id, 'succeeded'), 200);
  });

  it('withdraws a pending request: 200 canceled, no credit, and reads agree', async () => {
    const payment = await createPayment(t.api, owner.token, { amount: 300 });
    const balances = await balancesOf(t.api, owner.token);
    const startedAt = Date.now();
    const response = await cancel(t.api, owner.token, payment.id);
    expectStatus(response, 200);
    assertPayment(response.body, { ...payment, status: 'canceled', updated_at: response.body.updated_at });
    assert.ok(Date.parse(response.body.updated_at) >= startedAt - 1, 'updated_at is the time of the cancellation');
    assert.deepEqual(await readPayment(t.api, owner.token, payment.id), response.body);
    const status = await t.api.get(`/v1/payments/${payment.id}/status`, { token: owner.token });
    assert.equal(status.body.status, 'canceled');
    assert.deepEqual(await creditsOf(t.api, owner.token, payment.id), []);
    assert.deepEqual(await balancesOf(t.api, owner.token), balances);
  });

  it('releases an authorized request: 200 canceled, no credit transaction, balances unchanged', async () => {
    const payment = await authorizedPayment(t.api, owner.token, { amount: 700 });
    const balances = await balancesOf(t.api, owner.token);
    assert.equal(balances.balances.length, 1);
    const response = await cancel(t.api, owner.token, payment.id);
    expectStatus(response, 200);
    assertPayment(response.body, { ...payment, status: 'canceled', paid_at: null, transaction_id: null, updated_at: response.body.updated_at });
    assert.deepEqual(await readPayment(t.api, owner.token, payment.id), response.body);
    assert.deepEqual(await creditsOf(t.api, owner.token, payment.id), []);
    assert.deepEqual(await balancesOf(t.api, owner.token), balances);
    // A released authorization cannot be captured any more.
    expectError(await capture(t.api, owner.token, payment.id), 409, 'payment_not_pending');
  });

  it('refuses a succeeded, failed, canceled or expired request with 409 payment_not_pending and leaves it as it was', async () => {
    const succeeded = await createPayment(t.api, owner.token);
    expectStatus(await simulate(t.api, owner.token, succeeded.id, 'succeeded'), 200);
    const captured = await authorizedPayment(t.api, owner.token);
    expectStatus(await capture(t.api, owner.token, captured.id), 200);
    const failed = await createPayment(t.api, owner.token);
    expectStatus(await simulate(t.api, owner.token, failed.id, 'failed'), 200);
    const canceled = await createPayment(t.api, owner.token);
    expectStatus(await cancel(t.api, owner.token, canceled.id), 200);
    const expiredPending = await createPayment(t.api, owner.token);
    const expiredAuthorized = await authorizedPayment(t.api, owner.token);
    await backdate(t.databaseUrl, [expiredPending.id, expiredAuthorized.id]);
    const balances = await balancesOf(t.api, owner.token);
    for (const payment of [succeeded, captured, failed, canceled, expiredPending, expiredAuthorized]) {
      const before = await readPayment(t.api, owner.token, payment.id);
      const response = await cancel(t.api, owner.token, payment.id);
      expectError(response, 409, 'payment_not_pending');
      assert.ok(response.body.error_description.includes(before.status), `the description names ${before.status}`);
      assert.deepEqual(await readPayment(t.api, owner.token, payment.id), before);
      // Also as an admin.
      expectError(await cancel(t.api, admin.token, payment.id), 409, 'payment_not_pending');
    }
    assert.equal((await readPayment(t.api, owner.token, expiredPending.id)).status, 'expired');
    assert.equal(await storedStatus(t.databaseUrl, expiredAuthorized.id), 'authorized', 'a refused cancel changes nothing stored');
    assert.deepEqual(await balancesOf(t.api, owner.token), balances);
  });

  it('refuses a member who is not the owner with 403 insufficient_permissions; the request stays pending', async () => {
    const payment = await createPayment(t.api, owner.token);
    const member = await accountMember(t.api, owner.token, owner.accountId);
    expectError(await cancel(t.api, member.token, payment.id), 403, 'insufficient_permissions');
    assert.deepEqual(await readPayment(t.api, member.token, payment.id), payment);
  });

  it("answers another account's request, or a malformed or unknown id, with 404 payment_not_found", async () => {
    const payment = await createPayment(t.api, owner.token);
    const stranger = await accountOwner(t.api);
    const loner = await registerAndLogin(t.api);
    for (const caller of [stranger, loner]) expectError(await cancel(t.api, caller.token, payment.id), 404, 'payment_not_found');
    for (const id of [UNKNOWN_PAYMENT, 'pay_123', 'txn_01JDQ4Z8X9T2M3N4P5Q6R7S8T9']) {
      expectError(await cancel(t.api, owner.token, id), 404, 'payment_not_found');
      expectError(await cancel(t.api, admin.token, id), 404, 'payment_not_found');
    }
    assert.deepEqual(await readPayment(t.api, owner.token, payment.id), payment);
    expectError(await t.api.post(`/v1/payments/${payment.id}/cancel`), 401, 'unauthorized');
  });

  it("lets an admin cancel any account's pending or authorized request", async () => {
    const pending = await createPayment(t.api, owner.token);
    const authorized = await authorizedPayment(t.api, owner.token);
    for (const payment of [pending, authorized]) {
      const response = await cancel(t.api, admin.token, payment.id);
      expectStatus(response, 200);
      assertPayment(response.body, { id: payment.id, account_id: owner.accountId, status: 'canceled' });
      assert.deepEqual(await readPayment(t.api, owner.token, payment.id), response.body);
    }
  });
});

describe('POST /v1/payments/{payment_id}/capture', () => {
  const t = useTestApp(JOB_IDLE);
  let admin: LoggedIn;
  let owner: Owner;
  before(async () => {
    admin = await loginAdmin(t.api);
    owner = await accountOwner(t.api);
  });

  it('charges an authorized request: 200 succeeded with transaction_id, one posted credit with payment_id, and the balance shows it', async () => {
    const payment = await authorizedPayment(t.api, owner.token, { amount: 4321, currency: 'GBP', metadata: { order_id: '77' } });
    const postedBefore = await postedOf(t.api, owner.token, 'GBP');
    const startedAt = Date.now();
    const response = await capture(t.api, owner.token, payment.id);
    const finishedAt = Date.now();
    expectStatus(response, 200);
    const captured = response.body;
    assertPayment(captured, {
      ...payment,
      status: 'succeeded',
      amount_captured: payment.amount,
      updated_at: captured.updated_at,
      paid_at: captured.paid_at,
      transaction_id: captured.transaction_id,
    });
    assert.match(captured.transaction_id, idPattern('txn'));
    assert.match(captured.paid_at, ISO_TIMESTAMP);
    const paidAt = Date.parse(captured.paid_at);
    assert.ok(paidAt >= startedAt - 1 && paidAt <= finishedAt + 1, 'paid_at is the time of the capture');
    assert.deepEqual(await readPayment(t.api, owner.token, payment.id), captured);

    const credits = await creditsOf(t.api, owner.token, payment.id);
    assert.equal(credits.length, 1);
    const [credit] = credits;
    assert.equal(credit.id, captured.transaction_id);
    assert.equal(credit.payment_id, payment.id);
    assert.equal(credit.type, 'credit');
    assert.equal(credit.status, 'posted');
    assert.equal(credit.amount, 4321);
    assert.equal(credit.currency, 'GBP');
    assert.deepEqual(credit.metadata, { order_id: '77' });
    assert.equal(await postedOf(t.api, owner.token, 'GBP'), postedBefore + 4321);
  });

  it('refuses a second capture with 409 payment_not_pending: still one credit, the balance counts it once', async () => {
    const payment = await authorizedPayment(t.api, owner.token, { amount: 250 });
    const first = await capture(t.api, owner.token, payment.id);
    expectStatus(first, 200);
    const posted = await postedOf(t.api, owner.token, 'EUR');
    expectError(await capture(t.api, owner.token, payment.id), 409, 'payment_not_pending');
    expectError(await capture(t.api, admin.token, payment.id), 409, 'payment_not_pending');
    expectError(await cancel(t.api, owner.token, payment.id), 409, 'payment_not_pending');
    assert.deepEqual(
      (await creditsOf(t.api, owner.token, payment.id)).map((credit) => credit.id),
      [first.body.transaction_id],
    );
    assert.equal(await postedOf(t.api, owner.token, 'EUR'), posted);
    assert.deepEqual(await readPayment(t.api, owner.token, payment.id), first.body);
  });

  it('refuses a pending manual request, and any automatic-capture request, with 409 payment_not_pending and books nothing', async () => {
    const pendingManual = await createPayment(t.api, owner.token, { capture_method: 'manual' });
    const pendingAutomatic = await createPayment(t.api, owner.token);
    const paidAutomatic = await createPayment(t.api, owner.token);
    const paid = await simulate(t.api, owner.token, paidAutomatic.id, 'succeeded');
    expectStatus(paid, 200);
    const balances = await balancesOf(t.api, owner.token);
    for (const payment of [pendingManual, pendingAutomatic, paidAutomatic]) {
      const before = await readPayment(t.api, owner.token, payment.id);
      const response = await capture(t.api, owner.token, payment.id);
      expectError(response, 409, 'payment_not_pending');
      assert.deepEqual(await readPayment(t.api, owner.token, payment.id), before);
    }
    assert.deepEqual(await creditsOf(t.api, owner.token, pendingManual.id), []);
    assert.deepEqual(await creditsOf(t.api, owner.token, pendingAutomatic.id), []);
    assert.equal((await creditsOf(t.api, owner.token, paidAutomatic.id)).length, 1);
    assert.deepEqual(await balancesOf(t.api, owner.token), balances);
  });

  it('refuses a canceled, failed or expired request with 409 payment_not_pending', async () => {
    const canceled = await authorizedPayment(t.api, owner.token);
    expectStatus(await cancel(t.api, owner.token, canceled.id), 200);
    const failed = await createPayment(t.api, owner.token, { capture_method: 'manual' });
    expectStatus(await simulate(t.api, owner.token, failed.id, 'failed'), 200);
    const expired = await authorizedPayment(t.api, owner.token);
    await backdate(t.databaseUrl, [expired.id]);
    for (const payment of [canceled, failed, expired]) {
      const before = await readPayment(t.api, owner.token, payment.id);
      expectError(await capture(t.api, owner.token, payment.id), 409, 'payment_not_pending');
      assert.deepEqual(await readPayment(t.api, owner.token, payment.id), before);
      assert.deepEqual(await creditsOf(t.api, owner.token, payment.id), []);
    }
    assert.equal(await storedStatus(t.databaseUrl, expired.id), 'authorized');
  });

  it("refuses a member who is not the owner with 403, another account's caller with 404; an admin may capture", async () => {
    const payment = await authorizedPayment(t.api, owner.token, { amount: 90 });
    const member = await accountMember(t.api, owner.token, owner.accountId);
    expectError(await capture(t.api, member.token, payment.id), 403, 'insufficient_permissions');
    const stranger = await accountOwner(t.api);
    expectError(await capture(t.api, stranger.token, payment.id), 404, 'payment_not_found');
    expectError(await capture(t.api, owner.token, UNKNOWN_PAYMENT), 404, 'payment_not_found');
    expectError(await t.api.post(`/v1/payments/${payment.id}/capture`), 401, 'unauthorized');
    assert.deepEqual(await readPayment(t.api, owner.token, payment.id), payment);
    assert.deepEqual(await creditsOf(t.api, owner.token, payment.id), []);

    const byAdmin = await capture(t.api, admin.token, payment.id);
    expectStatus(byAdmin, 200);
    assertPayment(byAdmin.body, { id: payment.id, account_id: owner.accountId, status: 'succeeded' });
    assert.deepEqual(
      (await creditsOf(t.api, owner.token, payment.id)).map((credit) => credit.id),
      [byAdmin.body.transaction_id],
    );
  });
});

describe('capture and cancel under concurrency', () => {
  const t = useTestApp(JOB_IDLE);
  let admin: LoggedIn;
  let owner: Owner;
  before(async () => {
    admin = await loginAdmin(t.api);
    owner = await accountOwner(t.api);
  });

  it('of 10 concurrent captures of one authorized request exactly one is 200, nine are 409, and one credit is booked', async () => {
    const payment = await authorizedPayment(t.api, owner.token, { amount: 2500, currency: 'USD' });
    const postedBefore = await postedOf(t.api, owner.token, 'USD');
    const responses = await Promise.all(Array.from({ length: 10 }, (_, index) => capture(t.api, index % 2 === 0 ? owner.token : admin.token, payment.id)));
    const winners = responses.filter((response) => response.status === 200);
    assert.equal(winners.length, 1, `statuses: ${statusCounts(responses)}`);
    for (const response of responses) if (response.status !== 200) expectError(response, 409, 'payment_not_pending');
    const credits = await creditsOf(t.api, owner.token, payment.id);
    assert.deepEqual(
      credits.map((credit) => credit.id),
      [winners[0].body.transaction_id],
    );
    assert.equal(await postedOf(t.api, owner.token, 'USD'), postedBefore + 2500);
    assert.deepEqual(await readPayment(t.api, owner.token, payment.id), winners[0].body);
    const settled = (await streamOf(t.api, admin.token, owner.accountId)).filter((event) => event.data.object.id === payment.id && event.type === 'payment.succeeded');
    assert.equal(settled.length, 1, 'one payment.succeeded');
  });

  it('capture racing cancel: in each of 10 rounds exactly one wins and the request ends as the winner left it', async (context) => {
    const postedBefore = await postedOf(t.api, owner.token, 'JPY');
    let capturedTotal = 0;
    const outcomes: string[] = [];
    const ids: string[] = [];
    for (let round = 0; round < 10; round += 1) {
      const amount = 100 + round;
      const payment = await authorizedPayment(t.api, owner.token, { amount, currency: 'JPY' });
      ids.push(payment.id);
      // Two of each, fired together, in alternating order; the cancels a little later each round (0 to 9 ms),
      // as a capture does more before it moves the request: the rounds sweep the window where both are in flight.
      const captureIt = () => capture(t.api, owner.token, payment.id);
      const cancelIt = () => sleep(round).then(() => cancel(t.api, owner.token, payment.id));
      const order = round % 2 === 0 ? [captureIt, cancelIt, captureIt, cancelIt] : [cancelIt, captureIt, cancelIt, captureIt];
      const responses = await Promise.all(order.map((send) => send()));
      const winners = responses.filter((response) => response.status === 200);
      assert.equal(winners.length, 1, `round ${round}: ${statusCounts(responses)}`);
      for (const response of responses) if (response.status !== 200) expectError(response, 409, 'payment_not_pending');
      const [winner] = winners;
      const read = await readPayment(t.api, owner.token, payment.id);
      assert.deepEqual(read, winner.body, `round ${round}: the request reads as the winner answered`);
      const credits = await creditsOf(t.api, owner.token, payment.id);
      if (winner.body.status === 'succeeded') {
        assert.deepEqual(
          credits.map((credit) => credit.id),
          [winner.body.transaction_id],
          `round ${round}: captured, one credit`,
        );
        capturedTotal += amount;
      } else {
        assert.equal(winner.body.status, 'canceled');
        assert.equal(winner.body.transaction_id, null);
        assert.deepEqual(credits, [], `round ${round}: canceled, no credit`);
      }
      outcomes.push(winner.body.status);
    }
    context.diagnostic(`winners: ${outcomes.join(',')}`);
    assert.equal(await postedOf(t.api, owner.token, 'JPY'), postedBefore + capturedTotal, `outcomes: ${outcomes.join(',')}`);
    // Each request ended with exactly one event, the one of its winner.
    const events = await streamOf(t.api, admin.token, owner.accountId);
    for (const [index, id] of ids.entries()) {
      const ends = events.filter((event) => event.data.object.id === id && ['payment.succeeded', 'payment.canceled'].includes(event.type));
      assert.deepEqual(types(ends), [`payment.${outcomes[index]}`], `round ${index}`);
    }
  });
});

describe('expiry by the background job', () => {
  const t = useTestApp(JOB_EVERY_SECOND);
  let admin: LoggedIn;
  let owner: Owner;
  before(async () => {
    admin = await loginAdmin(t.api);
    owner = await accountOwner(t.api);
  });

  it('moves pending and authorized requests past expires_at to a stored expired, once, with one payment.expired each; leaves the rest alone', async () => {
    const pending = await createPayment(t.api, owner.token);
    const authorized = await authorizedPayment(t.api, owner.token);
    const succeeded = await createPayment(t.api, owner.token);
    const paid = await simulate(t.api, owner.token, succeeded.id, 'succeeded');
    expectStatus(paid, 200);
    const failed = await createPayment(t.api, owner.token);
    expectStatus(await simulate(t.api, owner.token, failed.id, 'failed'), 200);
    const canceled = await createPayment(t.api, owner.token);
    expectStatus(await cancel(t.api, owner.token, canceled.id), 200);
    const future = await createPayment(t.api, owner.token);
    // Ended requests are backdated too: past expires_at they still are what they were.
    await backdate(t.databaseUrl, [pending.id, authorized.id, succeeded.id, failed.id, canceled.id]);
    const settledBefore = await Promise.all([succeeded, failed, canceled].map((payment) => readPayment(t.api, owner.token, payment.id)));

    await eventually(
      'the job to store expired',
      async () => (await storedStatus(t.databaseUrl, pending.id)) === 'expired' && (await storedStatus(t.databaseUrl, authorized.id)) === 'expired',
    );
    // A few more runs of the job change nothing further.
    await sleep(2500);

    const expired = await expiredEvents(t.api, admin);
    for (const payment of [pending, authorized]) {
      const read = await readPayment(t.api, owner.token, payment.id);
      assertPayment(read, { id: payment.id, status: 'expired', paid_at: null, transaction_id: null });
      assert.ok(read.updated_at > payment.updated_at, 'updated_at is the time of the expiry');
      const events = expired.filter((event) => event.data.object.id === payment.id);
      assert.equal(events.length, 1, `one payment.expired for ${payment.id}`);
      assert.equal(events[0].account_id, owner.accountId);
      assert.equal(events[0].data.object.status, 'expired');
      assert.deepEqual(events[0].data.object, read, 'the event carries the request as the API reads it');
      expectError(await capture(t.api, owner.token, payment.id), 409, 'payment_not_pending');
      expectError(await cancel(t.api, owner.token, payment.id), 409, 'payment_not_pending');
      expectError(await simulate(t.api, owner.token, payment.id, 'succeeded'), 409, 'payment_not_pending');
      assert.deepEqual(await creditsOf(t.api, owner.token, payment.id), []);
    }
    for (const payment of [succeeded, failed, canceled, future]) {
      assert.equal(expired.filter((event) => event.data.object.id === payment.id).length, 0, `no payment.expired for the ${payment.status} request`);
    }
    assert.deepEqual(await Promise.all([succeeded, failed, canceled].map((payment) => readPayment(t.api, owner.token, payment.id))), settledBefore);
    assert.equal(await storedStatus(t.databaseUrl, succeeded.id), 'succeeded');
    assert.equal((await readPayment(t.api, owner.token, succeeded.id)).transaction_id, paid.body.transaction_id);
    assert.equal(await storedStatus(t.databaseUrl, future.id), 'pending');
    assert.deepEqual(await readPayment(t.api, owner.token, future.id), future);

    const expiredIds = await listedIds(t.api, owner.token, 'status=expired');
    assert.deepEqual([...expiredIds].sort(), [pending.id, authorized.id].sort());
    assert.deepEqual(await listedIds(t.api, owner.token, 'status=pending'), [future.id]);
  });
});

describe('expiry by the job with two instances on one database', () => {
  // One instance in this process, the other in a process of its own (as deployed): better-sqlite3
  // waits for a lock synchronously, so two instances in one process would wait on each other.
  let database: TestDatabase;
  let one: TestApp;
  let two: ServerProcess;
  before(async () => {
    database = await createTestDatabase();
    one = await startTestApp(JOB_EVERY_SECOND, database);
    two = await startServerProcess(database, JOB_EVERY_SECOND);
  });
  after(async () => {
    try {
      await two?.stop();
      await one?.close();
    } finally {
      await database?.drop();
    }
  });

  it('expires each overdue request exactly once, with exactly one payment.expired, while both instances run the job', async (context) => {
    const admin = await loginAdmin(one.api);
    const owner = await accountOwner(one.api);
    const ownerOnTwo = await login(two.api, owner.email, owner.password);
    const instances = [
      { api: one.api, token: owner.token },
      { api: two.api, token: ownerOnTwo.token },
    ];
    const ids: string[] = [];
    // More than two batches of the job (100 each), created through both instances.
    for (let start = 0; start < 240; start += 20) {
      const created = await Promise.all(
        Array.from({ length: 20 }, (_, index) => {
          const { api, token } = instances[index % 2];
          return createPayment(api, token, { capture_method: 'manual', amount: start + index + 1 });
        }),
      );
      ids.push(...created.map((payment) => payment.id));
    }
    const authorized = await Promise.all(ids.slice(0, 40).map((id, index) => simulate(instances[index % 2].api, instances[index % 2].token, id, 'authorized')));
    authorized.forEach((response) => expectStatus(response, 200));
    const untouched = await createPayment(one.api, owner.token);

    // The other instance logs what its runs expired.
    let expiredThere = 0;
    two.process.stdout!.on('data', (chunk: Buffer) => {
      for (const match of chunk.toString('utf8').matchAll(/expired (\d+) unpaid payment requests/g)) expiredThere += Number(match[1]);
    });
    const expiry = one.app.get(PaymentExpiry);
    const storedExpired = async () => {
      const { rows } = await sql(database.url, "SELECT COUNT(*) AS n FROM payment_requests WHERE account_id = $1 AND status = 'expired'", [owner.accountId]);
      return Number(rows[0].n);
    };
    // In order of id, each chunk backdated by one statement: due all at once.
    const sorted = [...ids].sort();
    const backdateAll = async (chunk: string[]) => {
      const params = [Date.now() - 60_000, owner.accountId, chunk[0], chunk.at(-1)];
      const result = await sql(database.url, 'UPDATE payment_requests SET expires_at = $1 WHERE account_id = $2 AND id >= $3 AND id <= $4', params);
      assert.equal(result.changes, chunk.length);
    };
    let expiredHere = 0;
    // First half at once, then four runs of the job side by side: on PostgreSQL four connections race
    // for the same rows (more than one batch of 100), as instances would.
    await backdateAll(sorted.slice(0, 120));
    expiredHere += (await Promise.all([1, 2, 3, 4].map(() => expiry.expireDue()))).reduce((sum, count) => sum + count, 0);
    // The second half ten at a time over about four seconds; after each, this instance waits a little and runs
    // the job twice side by side, and the other instance's ticks (every second) land among these runs.
    // (Never a statement of the test's own while this instance is inside a transaction: better-sqlite3
    // waits for a lock synchronously, which would hold up the instance that has it.)
    for (let start = 120; start < ids.length; start += 10) {
      await backdateAll(sorted.slice(start, start + 10));
      for (const wait of [300, 50]) {
        await sleep(wait);
        expiredHere += (await Promise.all([expiry.expireDue(), expiry.expireDue()])).reduce((sum, count) => sum + count, 0);
      }
    }
    await eventually('every overdue request stored as expired', async () => (await storedExpired()) === ids.length);
    assert.ok(expiredHere <= ids.length, `this instance's direct runs report ${expiredHere} of ${ids.length}`);
    // Both timers get a few more turns.
    await sleep(2500);
    context.diagnostic(`expired by direct runs here: ${expiredHere}, by the other instance: ${expiredThere}, by this instance's timer: the rest of ${ids.length}`);

    const events = await expiredEvents(one.api, admin);
    const perRequest = new Map<string, number>();
    for (const event of events) perRequest.set(event.data.object.id, (perRequest.get(event.data.object.id) ?? 0) + 1);
    assert.equal(events.length, ids.length, 'as many payment.expired events as expired requests');
    for (const id of ids) assert.equal(perRequest.get(id), 1, `one payment.expired for ${id}`);
    assert.ok(events.every((event) => event.data.object.status === 'expired' && event.account_id === owner.accountId));
    assert.equal(perRequest.get(untouched.id), undefined);
    // The account's sequence has no gaps and no repeats.
    const stream = await streamOf(one.api, admin.token, owner.accountId);
    assert.deepEqual(
      stream.map((event) => event.sequence),
      Array.from({ length: stream.length }, (_, index) => index + 1),
    );
    assert.equal((await readPayment(two.api, ownerOnTwo.token, untouched.id)).status, 'pending');
  });
});

describe('events of capture and cancel', () => {
  const t = useTestApp(JOB_IDLE);
  let admin: LoggedIn;
  let owner: Owner;
  before(async () => {
    admin = await loginAdmin(t.api);
    owner = await accountOwner(t.api);
  });

  it('cancel emits exactly payment.canceled, carrying the request as the cancel answered it', async () => {
    for (const payment of [await createPayment(t.api, owner.token), await authorizedPayment(t.api, owner.token)]) {
      let response: ApiResponse | undefined;
      const events = await emitted(t.api, admin, owner.accountId, async () => {
        response = await cancel(t.api, owner.token, payment.id);
        expectStatus(response, 200);
      });
      assert.deepEqual(types(events), ['payment.canceled']);
      assert.deepEqual(events[0].data.object, response!.body);
      assert.equal(events[0].account_id, owner.accountId);
    }
  });

  it('capture emits payment.succeeded, transaction.created and balance.updated, as simulate succeeded does', async () => {
    const payment = await authorizedPayment(t.api, owner.token, { amount: 900 });
    const postedBefore = await postedOf(t.api, owner.token, 'EUR');
    let response: ApiResponse | undefined;
    const events = await emitted(t.api, admin, owner.accountId, async () => {
      response = await capture(t.api, owner.token, payment.id);
      expectStatus(response, 200);
    });
    assert.deepEqual(types(events), ['payment.succeeded', 'transaction.created', 'balance.updated']);
    assert.deepEqual(events[0].data.object, response!.body);
    assert.deepEqual(events[0].data.object, await readPayment(t.api, owner.token, payment.id));
    const credit = await t.api.get(`/v1/transactions/${response!.body.transaction_id}`, { token: owner.token });
    expectStatus(credit, 200);
    assert.deepEqual(events[1].data.object, credit.body);
    assert.equal(events[1].data.object.payment_id, payment.id);
    const balance = (await balancesOf(t.api, owner.token)).balances.find((row) => row.currency === 'EUR');
    assert.deepEqual(events[2].data.object, { account_id: owner.accountId, ...balance });
    assert.equal(events[2].data.object.posted, postedBefore + 900);
  });

  it('a refused cancel or capture (409, 403 or 404) emits nothing', async () => {
    const pending = await createPayment(t.api, owner.token, { capture_method: 'manual' });
    const captured = await authorizedPayment(t.api, owner.token);
    expectStatus(await capture(t.api, owner.token, captured.id), 200);
    const canceled = await createPayment(t.api, owner.token);
    expectStatus(await cancel(t.api, owner.token, canceled.id), 200);
    const authorized = await authorizedPayment(t.api, owner.token);
    const member = await accountMember(t.api, owner.token, owner.accountId);
    const nothing = await emitted(t.api, admin, owner.accountId, async () => {
      expectError(await capture(t.api, owner.token, pending.id), 409, 'payment_not_pending');
      expectError(await capture(t.api, owner.token, captured.id), 409, 'payment_not_pending');
      expectError(await cancel(t.api, owner.token, captured.id), 409, 'payment_not_pending');
      expectError(await cancel(t.api, owner.token, canceled.id), 409, 'payment_not_pending');
      expectError(await capture(t.api, owner.token, canceled.id), 409, 'payment_not_pending');
      expectError(await capture(t.api, member.token, authorized.id), 403, 'insufficient_permissions');
      expectError(await cancel(t.api, member.token, authorized.id), 403, 'insufficient_permissions');
      expectError(await cancel(t.api, owner.token, UNKNOWN_PAYMENT), 404, 'payment_not_found');
    });
    assert.deepEqual(nothing, []);
  });
});
