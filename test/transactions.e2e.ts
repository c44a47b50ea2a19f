import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { ApiClient, ApiResponse } from './support/api-client';
import { accountMember, accountOwner, expectError, expectStatus, expectValidationFields, LoggedIn, loginAdmin, registerAndLogin } from './support/factories';
import { idPattern, ISO_TIMESTAMP, TRANSACTION_FIELDS, walkPages } from './support/shapes';
import { startTestApp, TestApp, useTestApp } from './support/test-app';

const TRANSACTION_ID = idPattern('txn');
const ACCOUNT_ID = idPattern('acc');
const PAYMENT_ID = idPattern('pay');
const TYPES = ['payment', 'credit', 'refund', 'transfer', 'adjustment'];
const STATUSES = ['pending', 'posted', 'canceled'];
const MAX_AMOUNT = 999_999_999_999;
/** Well-formed ids that name nothing. */
const UNKNOWN_TRANSACTION = 'txn_01JDQ4Z8X9T2M3N4P5Q6R7S8T9';
const UNKNOWN_ACCOUNT = 'acc_01JDQ4Z8X9T2M3N4P5Q6R7S8T9';
/** The smallest valid creation body. */
const PAYMENT = { type: 'payment', amount: 1250, currency: 'EUR' };

type Owner = LoggedIn & { accountId: string };

/** What the list tests remember of each transaction they booked, in creation order. */
interface Booked {
  id: string;
  account_id: string;
  counterparty_account_id: string | null;
  type: string;
  status: string;
  currency: string;
  metadata: Record<string, string>;
  created_at: string;
}

/** Asserts the contract's transaction record: exactly its fields, their shapes, and the expected values. */
function assertTransaction(transaction: any, expected: Record<string, unknown> = {}): void {
  assert.deepEqual(Object.keys(transaction).sort(), TRANSACTION_FIELDS);
  assert.match(transaction.id, TRANSACTION_ID);
  assert.match(transaction.account_id, ACCOUNT_ID);
  assert.equal(transaction.livemode, false, "a test-mode account's transaction");
  assert.ok(TYPES.includes(transaction.type), `type ${transaction.type}`);
  assert.ok(STATUSES.includes(transaction.status), `status ${transaction.status}`);
  assert.ok(['debit', 'credit'].includes(transaction.direction), `direction ${transaction.direction}`);
  // PostgreSQL's driver returns BIGINT as a string: the API must still answer a JSON number.
  assert.equal(typeof transaction.amount, 'number', `amount ${JSON.stringify(transaction.amount)} is not a number`);
  assert.ok(Number.isSafeInteger(transaction.amount) && transaction.amount >= 1 && transaction.amount <= MAX_AMOUNT);
  assert.match(transaction.currency, /^[A-Z]{3}$/);
  assert.ok(transaction.description === null || typeof transaction.description === 'string');
  assert.ok(Array.isArray(transaction.reference_ids));
  assert.ok(transaction.reference_ids.every((reference: unknown) => typeof reference === 'string'));
  assert.ok(typeof transaction.metadata === 'object' && transaction.metadata !== null && !Array.isArray(transaction.metadata));
  assert.ok(Object.values(transaction.metadata).every((value) => typeof value === 'string'));
  assert.ok(transaction.notes === null || typeof transaction.notes === 'string');
  if (transaction.counterparty_account_id !== null) assert.match(transaction.counterparty_account_id, ACCOUNT_ID);
  if (transaction.payment_id !== null) assert.match(transaction.payment_id, PAYMENT_ID);
  assert.match(transaction.created_at, ISO_TIMESTAMP);
  assert.match(transaction.updated_at, ISO_TIMESTAMP);
  assert.ok(transaction.updated_at >= transaction.created_at, 'updated_at before created_at');
  if (transaction.status === 'posted') assert.match(transaction.posted_at, ISO_TIMESTAMP);
  else assert.equal(transaction.posted_at, null);
  if (transaction.status === 'canceled') assert.match(transaction.canceled_at, ISO_TIMESTAMP);
  else assert.equal(transaction.canceled_at, null);
  for (const [field, value] of Object.entries(expected)) assert.deepEqual(transaction[field], value, `transaction.${field}`);
}

/** 422 immutable_field whose error_description names the field. */
function assertImmutable(response: ApiResponse, field: string): void {
  expectError(response, 422, 'immutable_field');
  assert.match(response.body.error_description, new RegExp(`\\b${field}\\b`), `error_description does not name ${field}`);
  if (response.body.details !== undefined) {
    assert.deepEqual(
      response.body.details.map((problem: { field: string }) => problem.field),
      [field],
    );
  }
}

async function book(api: ApiClient, token: string, body: Record<string, unknown> = PAYMENT): Promise<any> {
  const response = await api.post('/v1/transactions', body, { token });
  expectStatus(response, 201);
  assertTransaction(response.body);
  return response.body;
}

async function read(api: ApiClient, token: string, id: string): Promise<any> {
  const response = await api.get(`/v1/transactions/${id}`, { token });
  expectStatus(response, 200);
  assertTransaction(response.body);
  return response.body;
}

/** One page of the list (limit 100 unless the query says otherwise), each item checked; the whole body. */
async function listPage(api: ApiClient, token: string, query = ''): Promise<{ data: any[]; has_more: boolean; next_cursor: string | null }> {
  const withLimit = query.includes('limit=') ? query : `limit=100${query ? `&${query}` : ''}`;
  const response = await api.get(`/v1/transactions?${withLimit}`, { token });
  expectStatus(response, 200);
  assert.deepEqual(Object.keys(response.body).sort(), ['data', 'has_more', 'next_cursor']);
  response.body.data.forEach((item: unknown) => assertTransaction(item));
  return response.body;
}

/** The ids of a list that fits one page of 100, in the order served. */
async function listIds(api: ApiClient, token: string, query = ''): Promise<string[]> {
  const page = await listPage(api, token, query);
  assert.equal(page.has_more, false, `more than one page for ${query}`);
  assert.equal(page.next_cursor, null);
  return page.data.map((item) => item.id);
}

async function closeAccount(api: ApiClient, token: string, accountId?: string): Promise<any> {
  const query = accountId === undefined ? '' : `?account_id=${accountId}`;
  const response = await api.delete(`/v1/auth/close${query}`, undefined, { token });
  expectStatus(response, 200);
  return response.body;
}

function statuses(responses: ApiResponse[]): string {
  return responses.map((response) => `${response.status} ${response.body?.error_code ?? ''}`).join(', ');
}

describe('POST /v1/transactions', () => {
  const t = useTestApp();
  let admin: LoggedIn;
  let owner: Owner;
  let other: Owner;
  before(async () => {
    admin = await loginAdmin(t.api);
    owner = await accountOwner(t.api);
    other = await accountOwner(t.api);
  });

  /** Every transaction of the owner's account, read by an admin (so refusals can be checked to store nothing). */
  const ownerTransactionIds = () => listIds(t.api, admin.token, `account_id=${owner.accountId}`);

  it('books a pending transaction with 201 and exactly the contract fields, readable afterwards', async () => {
    const startedAt = new Date().toISOString();
    const response = await t.api.post(
      '/v1/transactions',
      {
        type: 'payment',
        amount: 12_50,
        currency: 'EUR',
        description: 'Office chairs, order 1042',
        reference_ids: ['INV-2026-00042', 'PO-7781'],
        metadata: { order_id: '1042', channel: 'web' },
        notes: 'Approved by finance.',
      },
      { token: owner.token },
    );
    const finishedAt = new Date().toISOString();
    expectStatus(response, 201);
    assertTransaction(response.body, {
      account_id: owner.accountId,
      type: 'payment',
      status: 'pending',
      direction: 'debit',
      amount: 1250,
      currency: 'EUR',
      description: 'Office chairs, order 1042',
      reference_ids: ['INV-2026-00042', 'PO-7781'],
      metadata: { order_id: '1042', channel: 'web' },
      notes: 'Approved by finance.',
      counterparty_account_id: null,
      payment_id: null,
      posted_at: null,
      canceled_at: null,
    });
    assert.equal(response.body.updated_at, response.body.created_at);
    assert.ok(response.body.created_at >= startedAt && response.body.created_at <= finishedAt, 'created_at is not the time of the request');
    assert.deepEqual(await read(t.api, owner.token, response.body.id), response.body);
  });

  it('defaults description and notes to null, reference_ids to [] and metadata to {}', async () => {
    const created = await book(t.api, owner.token, { type: 'credit', amount: 1, currency: 'USD' });
    assertTransaction(created, { description: null, notes: null, reference_ids: [], metadata: {}, direction: 'credit', status: 'pending' });
  });

  it('gives newer transactions greater (time-ordered) ids', async () => {
    const first = await book(t.api, owner.token);
    const second = await book(t.api, owner.token);
    assert.ok(second.id > first.id, `${second.id} is not after ${first.id}`);
    assert.ok(second.created_at >= first.created_at);
  });

  it('implies the direction of payment, credit, refund and transfer, and accepts it when sent and consistent', async () => {
    const implied: [string, string][] = [
      ['payment', 'debit'],
      ['credit', 'credit'],
      ['refund', 'credit'],
      ['transfer', 'debit'],
    ];
    for (const [type, direction] of implied) {
      const extra = type === 'transfer' ? { counterparty_account_id: other.accountId } : {};
      const withoutDirection = await book(t.api, owner.token, { type, amount: 100, currency: 'EUR', ...extra });
      assertTransaction(withoutDirection, { type, direction });
      const withDirection = await book(t.api, owner.token, { type, amount: 100, currency: 'EUR', direction, ...extra });
      assertTransaction(withDirection, { type, direction });
    }
  });

  it('refuses a direction that contradicts the type with 400 naming direction', async () => {
    const before = await ownerTransactionIds();
    const contradicting: [string, string][] = [
      ['payment', 'credit'],
      ['credit', 'debit'],
      ['refund', 'debit'],
      ['transfer', 'credit'],
    ];
    for (const [type, direction] of contradicting) {
      const extra = type === 'transfer' ? { counterparty_account_id: other.accountId } : {};
      const response = await t.api.post('/v1/transactions', { type, amount: 100, currency: 'EUR', direction, ...extra }, { token: owner.token });
      expectValidationFields(response, ['direction']);
    }
    expectValidationFields(await t.api.post('/v1/transactions', { ...PAYMENT, direction: 'sideways' }, { token: owner.token }), ['direction']);
    assert.deepEqual(await ownerTransactionIds(), before);
  });

  it('requires a direction for an adjustment (400 naming direction) and books either one', async () => {
    expectValidationFields(await t.api.post('/v1/transactions', { type: 'adjustment', amount: 5, currency: 'EUR' }, { token: owner.token }), ['direction']);
    for (const direction of ['debit', 'credit']) {
      const created = await book(t.api, owner.token, { type: 'adjustment', amount: 5, currency: 'EUR', direction });
      assertTransaction(created, { type: 'adjustment', direction, counterparty_account_id: null });
    }
  });

  it('refuses a missing or unknown type, amount and currency with 400 naming each', async () => {
    expectValidationFields(await t.api.post('/v1/transactions', {}, { token: owner.token }), ['type', 'amount', 'currency']);
    expectValidationFields(await t.api.post('/v1/transactions', { ...PAYMENT, type: 'gift' }, { token: owner.token }), ['type']);
    expectValidationFields(await t.api.post('/v1/transactions', { type: 'payment', currency: 'EUR' }, { token: owner.token }), ['amount']);
    expectValidationFields(await t.api.post('/v1/transactions', { type: 'payment', amount: 1 }, { token: owner.token }), ['currency']);
  });

  it('refuses amounts that are not integers from 1 to 999999999999 with 400 naming amount', async () => {
    const before = await ownerTransactionIds();
    for (const amount of [0, -1, 1.5, '100', 1_000_000_000_000, null, true, [100], { value: 100 }]) {
      const response = await t.api.post('/v1/transactions', { ...PAYMENT, amount }, { token: owner.token });
      expectValidationFields(response, ['amount']);
    }
    assert.deepEqual(await ownerTransactionIds(), before, 'a refused amount was stored');
  });

  it('accepts the amounts 1 and 999999999999 and returns them exactly, as JSON numbers on create, read and list', async () => {
    for (const amount of [1, MAX_AMOUNT]) {
      const created = await book(t.api, owner.token, { ...PAYMENT, amount });
      assert.equal(created.amount, amount);
      const fetched = await read(t.api, owner.token, created.id);
      assert.strictEqual(fetched.amount, amount);
      const listed = (await listPage(t.api, owner.token)).data.find((item) => item.id === created.id);
      assert.ok(listed, 'not in the list');
      assert.strictEqual(listed.amount, amount);
      const listedByAdmin = (await listPage(t.api, admin.token, `account_id=${owner.accountId}`)).data.find((item) => item.id === created.id);
      assert.strictEqual(listedByAdmin.amount, amount);
    }
  });

  it('refuses currencies that are not upper-case ISO 4217 codes in circulation with 400 naming currency', async () => {
    const before = await ownerTransactionIds();
    for (const currency of ['eur', 'Eur', 'EURO', 'XXX', 'ABC', 'XTS', 'HRK', '', 123, null]) {
      expectValidationFields(await t.api.post('/v1/transactions', { ...PAYMENT, currency }, { token: owner.token }), ['currency']);
    }
    assert.deepEqual(await ownerTransactionIds(), before);
  });

  it('accepts currencies in circulation such as JPY and USD', async () => {
    for (const currency of ['JPY', 'USD', 'GBP']) {
      assertTransaction(await book(t.api, owner.token, { ...PAYMENT, currency }), { currency });
    }
  });

  it('refuses metadata beyond the limits with 400 naming the field or the key', async () => {
    const before = await ownerTransactionIds();
    const tooMany = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`key${i}`, 'v']));
    const longKey = 'k'.repeat(41);
    const cases: [unknown, string][] = [
      [tooMany, 'metadata'],
      [{ [longKey]: 'v' }, `metadata.${longKey}`],
      [{ note: 'v'.repeat(501) }, 'metadata.note'],
      [{ count: 5 }, 'metadata.count'],
      [{ flag: true }, 'metadata.flag'],
      [{ nested: { a: 'b' } }, 'metadata.nested'],
      [{ removed: null }, 'metadata.removed'],
      [['a', 'b'], 'metadata'],
      ['order_id=1', 'metadata'],
      [null, 'metadata'],
    ];
    for (const [metadata, field] of cases) {
      expectValidationFields(await t.api.post('/v1/transactions', { ...PAYMENT, metadata }, { token: owner.token }), [field]);
    }
    assert.deepEqual(await ownerTransactionIds(), before);
  });

  it('accepts metadata at the limits: 50 keys, a 40-character key, a 500-character value', async () => {
    const fifty = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`key${i}`, `value ${i}`]));
    assertTransaction(await book(t.api, owner.token, { ...PAYMENT, metadata: fifty }), { metadata: fifty });
    const edge = { ['k'.repeat(40)]: 'v'.repeat(500), constructor: 'kept', toString: 'plain' };
    const created = await book(t.api, owner.token, { ...PAYMENT, metadata: edge });
    assert.deepEqual(created.metadata, edge);
    assert.deepEqual((await read(t.api, owner.token, created.id)).metadata, edge);
  });

  it('refuses reference_ids beyond the limits with 400 naming reference_ids', async () => {
    const before = await ownerTransactionIds();
    const cases: unknown[] = [Array.from({ length: 11 }, (_, i) => `REF-${i}`), ['x'.repeat(256)], ['ok', 42], [''], 'INV-1', null];
    for (const referenceIds of cases) {
      expectValidationFields(await t.api.post('/v1/transactions', { ...PAYMENT, reference_ids: referenceIds }, { token: owner.token }), ['reference_ids']);
    }
    assert.deepEqual(await ownerTransactionIds(), before);
  });

  it('accepts 10 reference ids of 255 characters', async () => {
    const referenceIds = Array.from({ length: 10 }, (_, i) => String(i).repeat(255));
    assertTransaction(await book(t.api, owner.token, { ...PAYMENT, reference_ids: referenceIds }), { reference_ids: referenceIds });
  });

  it('refuses notes over 2000 and descriptions over 500 characters with 400 naming the field, accepts them at the limit', async () => {
    const before = await ownerTransactionIds();
    expectValidationFields(await t.api.post('/v1/transactions', { ...PAYMENT, notes: 'n'.repeat(2001) }, { token: owner.token }), ['notes']);
    expectValidationFields(await t.api.post('/v1/transactions', { ...PAYMENT, description: 'd'.repeat(501) }, { token: owner.token }), ['description']);
    expectValidationFields(await t.api.post('/v1/transactions', { ...PAYMENT, notes: 7 }, { token: owner.token }), ['notes']);
    expectValidationFields(await t.api.post('/v1/transactions', { ...PAYMENT, description: ['a'] }, { token: owner.token }), ['description']);
    assert.deepEqual(await ownerTransactionIds(), before);
    const created = await book(t.api, owner.token, { ...PAYMENT, notes: 'n'.repeat(2000), description: 'd'.repeat(500) });
    assertTransaction(created, { notes: 'n'.repeat(2000), description: 'd'.repeat(500) });
  });

  it('reports every invalid field of one body at once', async () => {
    const response = await t.api.post(
      '/v1/transactions',
      { type: 'payment', amount: -5, currency: 'eur', notes: 'n'.repeat(2001), metadata: { count: 1 } },
      { token: owner.token },
    );
    expectValidationFields(response, ['amount', 'currency', 'notes', 'metadata.count']);
  });

  it('refuses unknown body fields, also resource fields a client may not set, with 400 validation_error', async () => {
    const before = await ownerTransactionIds();
    for (const field of ['status', 'payment_id', 'posted_at', 'id', 'colour']) {
      const response = await t.api.post('/v1/transactions', { ...PAYMENT, [field]: 'posted' }, { token: owner.token });
      expectError(response, 400, 'validation_error');
      assert.deepEqual(response.body.details, [{ field, message: 'is not an accepted field' }]);
    }
    assert.deepEqual(await ownerTransactionIds(), before);
  });

  it('books a transfer to another open account as a debit naming the counterparty', async () => {
    const created = await book(t.api, owner.token, { type: 'transfer', amount: 2500, currency: 'EUR', counterparty_account_id: other.accountId });
    assertTransaction(created, { account_id: owner.accountId, direction: 'debit', counterparty_account_id: other.accountId, status: 'pending' });
    assert.deepEqual(await read(t.api, owner.token, created.id), created);
  });

  it('refuses a transfer without a counterparty, or to its own account, with 400 naming counterparty_account_id', async () => {
    const before = await ownerTransactionIds();
    const transfer = { type: 'transfer', amount: 100, currency: 'EUR' };
    expectValidationFields(await t.api.post('/v1/transactions', transfer, { token: owner.token }), ['counterparty_account_id']);
    expectValidationFields(await t.api.post('/v1/transactions', { ...transfer, counterparty_account_id: owner.accountId }, { token: owner.token }), ['counterparty_account_id']);
    // Also when an admin names both sides.
    expectValidationFields(await t.api.post('/v1/transactions', { ...transfer, account_id: owner.accountId, counterparty_account_id: owner.accountId }, { token: admin.token }), [
      'counterparty_account_id',
    ]);
    expectValidationFields(await t.api.post('/v1/transactions', { ...transfer, counterparty_account_id: 42 }, { token: owner.token }), ['counterparty_account_id']);
    assert.deepEqual(await ownerTransactionIds(), before);
  });

  it('answers a transfer to an unknown counterparty with 404 account_not_found', async () => {
    const before = await ownerTransactionIds();
    for (const counterparty of [UNKNOWN_ACCOUNT, 'acc_nope', owner.user.id, 'nothing']) {
      const response = await t.api.post('/v1/transactions', { type: 'transfer', amount: 100, currency: 'EUR', counterparty_account_id: counterparty }, { token: owner.token });
      expectError(response, 404, 'account_not_found');
    }
    assert.deepEqual(await ownerTransactionIds(), before);
  });

  it('answers a transfer to a closed counterparty with 403 account_closed', async () => {
    const closed = await accountOwner(t.api);
    await closeAccount(t.api, closed.token);
    const before = await ownerTransactionIds();
    const response = await t.api.post('/v1/transactions', { type: 'transfer', amount: 100, currency: 'EUR', counterparty_account_id: closed.accountId }, { token: owner.token });
    expectError(response, 403, 'account_closed');
    assert.deepEqual(await ownerTransactionIds(), before);
    assert.deepEqual(await listIds(t.api, admin.token, `account_id=${closed.accountId}`), []);
  });

  it('refuses a counterparty on every type but transfer with 400 naming counterparty_account_id', async () => {
    const before = await ownerTransactionIds();
    for (const type of ['payment', 'credit', 'refund', 'adjustment']) {
      const response = await t.api.post(
        '/v1/transactions',
        { type, amount: 100, currency: 'EUR', direction: type === 'adjustment' ? 'credit' : undefined, counterparty_account_id: other.accountId },
        { token: owner.token },
      );
      expectValidationFields(response, ['counterparty_account_id']);
    }
    assert.deepEqual(await ownerTransactionIds(), before);
  });

  it('answers a member without an account with 404 account_not_found, with or without account_id', async () => {
    const loner = await registerAndLogin(t.api);
    expectError(await t.api.post('/v1/transactions', PAYMENT, { token: loner.token }), 404, 'account_not_found');
    expectError(await t.api.post('/v1/transactions', { ...PAYMENT, account_id: other.accountId }, { token: loner.token }), 404, 'account_not_found');
    assert.deepEqual(await listIds(t.api, loner.token), []);
  });

  it("answers a member naming another account's account_id with 404 account_not_found and books nothing there", async () => {
    const before = await listIds(t.api, admin.token, `account_id=${other.accountId}`);
    for (const accountId of [other.accountId, UNKNOWN_ACCOUNT]) {
      expectError(await t.api.post('/v1/transactions', { ...PAYMENT, account_id: accountId }, { token: owner.token }), 404, 'account_not_found');
    }
    assert.deepEqual(await listIds(t.api, admin.token, `account_id=${other.accountId}`), before);
    // Naming its own account is the same as naming none; a member of the account books on it too.
    assertTransaction(await book(t.api, owner.token, { ...PAYMENT, account_id: owner.accountId }), { account_id: owner.accountId });
    const member = await accountMember(t.api, owner.token, owner.accountId);
    assertTransaction(await book(t.api, member.token), { account_id: owner.accountId });
  });

  it('lets an admin book on any account with account_id; without one, or naming an unknown one, 404 account_not_found', async () => {
    const created = await book(t.api, admin.token, { ...PAYMENT, account_id: other.accountId, metadata: { by: 'admin' } });
    assertTransaction(created, { account_id: other.accountId, status: 'pending', metadata: { by: 'admin' } });
    assert.deepEqual(await read(t.api, other.token, created.id), created);
    expectError(await t.api.post('/v1/transactions', PAYMENT, { token: admin.token }), 404, 'account_not_found');
    expectError(await t.api.post('/v1/transactions', { ...PAYMENT, account_id: UNKNOWN_ACCOUNT }, { token: admin.token }), 404, 'account_not_found');
    expectError(await t.api.post('/v1/transactions', { ...PAYMENT, account_id: 'acc_bad' }, { token: admin.token }), 404, 'account_not_found');
  });

  it('refuses a transaction on a closed account with 403 account_closed', async () => {
    const closing = await accountOwner(t.api);
    const kept = await book(t.api, closing.token, { ...PAYMENT, type: 'credit' });
    await closeAccount(t.api, closing.token);
    expectError(await t.api.post('/v1/transactions', { ...PAYMENT, account_id: closing.accountId }, { token: admin.token }), 403, 'account_closed');
    expectError(
      await t.api.post(
        '/v1/transactions',
        { type: 'transfer', amount: 1, currency: 'EUR', account_id: closing.accountId, counterparty_account_id: other.accountId },
        { token: admin.token },
      ),
      403,
      'account_closed',
    );
    const remaining = await listPage(t.api, admin.token, `account_id=${closing.accountId}`);
    assert.deepEqual(
      remaining.data.map((item) => item.id),
      [kept.id],
    );
  });

  it('answers without a token with 401 unauthorized', async () => {
    expectError(await t.api.post('/v1/transactions', PAYMENT), 401, 'unauthorized');
    expectError(await t.api.post('/v1/transactions', PAYMENT, { token: 'not-a-token' }), 401, 'unauthorized');
  });
});

describe('Idempotency-Key on POST /v1/transactions', () => {
  const t = useTestApp();

  it('replays the first response for the same key and body and books exactly one transaction', async () => {
    const owner = await accountOwner(t.api);
    const headers = { 'idempotency-key': 'order-1042-attempt' };
    const first = await t.api.post('/v1/transactions', PAYMENT, { token: owner.token, headers });
    expectStatus(first, 201);
    assert.equal(first.headers.get('idempotent-replayed'), null);
    const second = await t.api.post('/v1/transactions', PAYMENT, { token: owner.token, headers });
    expectStatus(second, 201);
    assert.equal(second.headers.get('idempotent-replayed'), 'true');
    assert.deepEqual(second.body, first.body);
    assert.deepEqual(await listIds(t.api, owner.token), [first.body.id]);
    const reused = await t.api.post('/v1/transactions', { ...PAYMENT, amount: 9999 }, { token: owner.token, headers });
    expectError(reused, 422, 'idempotency_key_reused');
    assert.deepEqual(await listIds(t.api, owner.token), [first.body.id]);
  });

  it('books exactly one transaction for 5 concurrent requests with one key', async () => {
    const owner = await accountOwner(t.api);
    const headers = { 'idempotency-key': 'concurrent-key' };
    const responses = await Promise.all(Array.from({ length: 5 }, () => t.api.post('/v1/transactions', PAYMENT, { token: owner.token, headers })));
    const created = responses.filter((response) => response.status === 201);
    assert.ok(created.length >= 1, statuses(responses));
    for (const response of responses) {
      if (response.status === 201) assert.deepEqual(response.body, created[0].body);
      else expectError(response, 409, 'idempotency_request_in_progress');
    }
    assert.deepEqual(await listIds(t.api, owner.token), [created[0].body.id]);
  });
});

describe('GET /v1/transactions/{transaction_id}', () => {
  const t = useTestApp();
  let admin: LoggedIn;
  let owner: Owner;
  let other: Owner;
  let own: any;
  let foreign: any;
  before(async () => {
    admin = await loginAdmin(t.api);
    owner = await accountOwner(t.api);
    other = await accountOwner(t.api);
    own = await book(t.api, owner.token, { ...PAYMENT, metadata: { order_id: '1' } });
    foreign = await book(t.api, other.token, { ...PAYMENT, type: 'refund' });
  });

  it("returns one of the caller's account's transactions, to its owner and its members", async () => {
    assert.deepEqual(await read(t.api, owner.token, own.id), own);
    const member = await accountMember(t.api, owner.token, owner.accountId);
    assert.deepEqual(await read(t.api, member.token, own.id), own);
  });

  it("answers another account's transaction with 404 transaction_not_found", async () => {
    expectError(await t.api.get(`/v1/transactions/${foreign.id}`, { token: owner.token }), 404, 'transaction_not_found');
    expectError(await t.api.get(`/v1/transactions/${own.id}`, { token: other.token }), 404, 'transaction_not_found');
    const loner = await registerAndLogin(t.api);
    expectError(await t.api.get(`/v1/transactions/${own.id}`, { token: loner.token }), 404, 'transaction_not_found');
  });

  it('answers unknown, malformed and wrong-prefix ids with 404 transaction_not_found', async () => {
    const ids = [
      UNKNOWN_TRANSACTION,
      'nope',
      'txn_123',
      own.id.toLowerCase(),
      `${own.id}0`,
      owner.user.id,
      owner.accountId,
      own.id.replace('txn_', 'usr_'),
      encodeURIComponent("txn_' OR 1=1 --"),
    ];
    for (const id of ids) expectError(await t.api.get(`/v1/transactions/${id}`, { token: owner.token }), 404, 'transaction_not_found');
  });

  it("lets an admin read any account's transaction", async () => {
    assert.deepEqual(await read(t.api, admin.token, own.id), own);
    assert.deepEqual(await read(t.api, admin.token, foreign.id), foreign);
    expectError(await t.api.get(`/v1/transactions/${UNKNOWN_TRANSACTION}`, { token: admin.token }), 404, 'transaction_not_found');
  });

  it('answers without a token with 401 unauthorized', async () => {
    expectError(await t.api.get(`/v1/transactions/${own.id}`), 401, 'unauthorized');
  });
});

describe('GET /v1/transactions', () => {
  let t: TestApp;
  let admin: LoggedIn;
  let ownerA: Owner;
  let memberA: LoggedIn;
  let ownerB: Owner;
  /** Every transaction of this application, oldest first. */
  const booked: Booked[] = [];

  async function add(caller: Owner, body: Record<string, unknown>, then?: 'post' | 'cancel'): Promise<void> {
    let transaction = await book(t.api, caller.token, body);
    if (then === 'post') {
      const posted = await t.api.post(`/v1/transactions/${transaction.id}/post`, undefined, { token: admin.token });
      expectStatus(posted, 200);
      transaction = posted.body;
    } else if (then === 'cancel') {
      const canceled = await t.api.delete(`/v1/transactions/${transaction.id}`, undefined, { token: caller.token });
      expectStatus(canceled, 200);
      transaction = canceled.body;
    }
    const { id, account_id, counterparty_account_id, type, status, currency, metadata, created_at } = transaction;
    booked.push({ id, account_id, counterparty_account_id, type, status, currency, metadata, created_at });
  }

  /** The ids the list must return: those matching, newest first. */
  const expected = (match: (transaction: Booked) => boolean): string[] =>
    booked
      .filter(match)
      .map((transaction) => transaction.id)
      .reverse();
  /** An account's list: what it booked, and the transfers it receives. */
  const inA = (transaction: Booked) => transaction.account_id === ownerA.accountId || transaction.counterparty_account_id === ownerA.accountId;
  const inB = (transaction: Booked) => transaction.account_id === ownerB.accountId || transaction.counterparty_account_id === ownerB.accountId;

  before(async () => {
    t = await startTestApp();
    admin = await loginAdmin(t.api);
    ownerA = await accountOwner(t.api);
    memberA = await accountMember(t.api, ownerA.token, ownerA.accountId);
    ownerB = await accountOwner(t.api);
    // Interleaved across the two accounts; B carries the same metadata so that leaks would show.
    await add(ownerA, { type: 'payment', amount: 100, currency: 'EUR', metadata: { order_id: '1', channel: 'web' } });
    await add(ownerB, { type: 'payment', amount: 100, currency: 'EUR', metadata: { order_id: '1', channel: 'web' } });
    await add(ownerA, { type: 'credit', amount: 200, currency: 'USD', metadata: { order_id: '2', channel: 'web' } });
    await add(ownerA, { type: 'refund', amount: 300, currency: 'EUR', metadata: { order_id: '1', channel: 'phone' } });
    await add(ownerA, { type: 'adjustment', direction: 'credit', amount: 400, currency: 'JPY', metadata: { 'order id': 'a&b', channel: 'web' } });
    await add(ownerB, { type: 'credit', amount: 500, currency: 'USD', metadata: { order_id: '2' } });
    await add(ownerA, { type: 'transfer', amount: 600, currency: 'EUR', counterparty_account_id: ownerB.accountId, metadata: { channel: 'web' } });
    await add(ownerA, { type: 'payment', amount: 700, currency: 'USD', metadata: { order_id: '3' } });
    await add(ownerA, { type: 'payment', amount: 800, currency: 'EUR' }, 'post');
    await add(ownerA, { type: 'credit', amount: 900, currency: 'EUR', metadata: { order_id: '1' } }, 'cancel');
    await add(ownerB, { type: 'refund', amount: 1000, currency: 'EUR', metadata: { order_id: '1' } }, 'post');
    await add(ownerA, { type: 'adjustment', direction: 'debit', amount: 1100, currency: 'EUR', metadata: { order_id: '2', channel: 'web' } }, 'post');
    await add(ownerA, { type: 'payment', amount: 1200, currency: 'GBP', metadata: { order_id: '1' } });
    await add(ownerA, { type: 'payment', amount: 1300, currency: 'EUR', metadata: { order_id: '1', channel: 'web' } });
  });
  after(() => t.close());

  it("lists the caller's account's transactions and incoming transfers newest first, to its owner and its members, never another account's", async () => {
    const all = expected(inA);
    assert.equal(all.length, 11);
    for (const caller of [ownerA, memberA]) {
      const page = await listPage(t.api, caller.token);
      assert.deepEqual(
        page.data.map((item) => item.id),
        all,
      );
      assert.equal(page.has_more, false);
      assert.equal(page.next_cursor, null);
      for (const item of page.data) assert.deepEqual(item, await read(t.api, caller.token, item.id));
    }
    assert.deepEqual(await listIds(t.api, ownerB.token), expected(inB));
  });

  it('gives a member without an account an empty list', async () => {
    const loner = await registerAndLogin(t.api);
    const page = await listPage(t.api, loner.token);
    assert.deepEqual(page, { data: [], has_more: false, next_cursor: null });
  });

  it("shows an admin every account's transactions, newest first, or one account's with account_id", async () => {
    assert.deepEqual(
      await listIds(t.api, admin.token),
      expected(() => true),
    );
    assert.deepEqual(await listIds(t.api, admin.token, `account_id=${ownerA.accountId}`), expected(inA));
    assert.deepEqual(await listIds(t.api, admin.token, `account_id=${ownerB.accountId}`), expected(inB));
    assert.deepEqual(await listIds(t.api, admin.token, `account_id=${UNKNOWN_ACCOUNT}`), []);
  });

  it("answers a member naming another account's account_id with 403 insufficient_permissions; its own is fine", async () => {
    expectError(await t.api.get(`/v1/transactions?account_id=${ownerB.accountId}`, { token: ownerA.token }), 403, 'insufficient_permissions');
    expectError(await t.api.get(`/v1/transactions?account_id=${ownerA.accountId}`, { token: ownerB.token }), 403, 'insufficient_permissions');
    expectError(await t.api.get(`/v1/transactions?account_id=${ownerB.accountId}`, { token: memberA.token }), 403, 'insufficient_permissions');
    assert.deepEqual(await listIds(t.api, memberA.token, `account_id=${ownerA.accountId}`), expected(inA));
  });

  it('filters by status', async () => {
    for (const status of STATUSES) {
      const ids = await listIds(t.api, ownerA.token, `status=${status}`);
      assert.deepEqual(
        ids,
        expected((transaction) => inA(transaction) && transaction.status === status),
        status,
      );
      assert.ok(ids.length > 0, `no ${status} transaction in the fixture`);
    }
    assert.deepEqual(
      await listIds(t.api, admin.token, 'status=posted'),
      expected((transaction) => transaction.status === 'posted'),
    );
  });

  it('filters by type', async () => {
    for (const type of TYPES) {
      const ids = await listIds(t.api, ownerA.token, `type=${type}`);
      assert.deepEqual(
        ids,
        expected((transaction) => inA(transaction) && transaction.type === type),
        type,
      );
      assert.ok(ids.length > 0, `no ${type} in the fixture`);
    }
  });

  it('filters by currency', async () => {
    for (const currency of ['EUR', 'USD', 'JPY', 'GBP', 'CHF']) {
      const ids = await listIds(t.api, ownerA.token, `currency=${currency}`);
      assert.deepEqual(
        ids,
        expected((transaction) => inA(transaction) && transaction.currency === currency),
        currency,
      );
    }
  });

  it('filters by created_from (inclusive) and created_to (exclusive)', async () => {
    const own = booked.filter(inA);
    const middle = own[5];
    const from = await listIds(t.api, ownerA.token, `created_from=${middle.created_at}`);
    assert.ok(from.includes(middle.id), 'created_from excluded the transaction created at that instant');
    assert.deepEqual(
      from,
      expected((transaction) => inA(transaction) && transaction.created_at >= middle.created_at),
    );
    const to = await listIds(t.api, ownerA.token, `created_to=${middle.created_at}`);
    assert.ok(!to.includes(middle.id), 'created_to included the transaction created at that instant');
    assert.deepEqual(
      to,
      expected((transaction) => inA(transaction) && transaction.created_at < middle.created_at),
    );
    assert.deepEqual([...to, ...from].sort(), own.map((transaction) => transaction.id).sort());
    const [start, end] = [own[2].created_at, own[8].created_at];
    assert.deepEqual(
      await listIds(t.api, ownerA.token, `created_from=${start}&created_to=${end}`),
      expected((transaction) => inA(transaction) && transaction.created_at >= start && transaction.created_at < end),
    );
    // One millisecond after the middle one excludes it from created_from and includes it in created_to.
    const later = new Date(Date.parse(middle.created_at) + 1).toISOString();
    assert.ok(!(await listIds(t.api, ownerA.token, `created_from=${later}`)).includes(middle.id));
    assert.ok((await listIds(t.api, ownerA.token, `created_to=${later}`)).includes(middle.id));
    assert.deepEqual(await listIds(t.api, ownerA.token, `created_from=${new Date(Date.now() + 60_000).toISOString()}`), []);
    assert.deepEqual(await listIds(t.api, ownerA.token, 'created_to=2000-01-01T00:00:00.000Z'), []);
  });

  it('reads created_from and created_to with a UTC offset as the same instant', async () => {
    const middle = booked.filter(inA)[5];
    const shifted = new Date(Date.parse(middle.created_at) + 2 * 3_600_000).toISOString();
    const withOffset = `${shifted.slice(0, -1)}+02:00`;
    assert.deepEqual(
      await listIds(t.api, ownerA.token, `created_from=${encodeURIComponent(withOffset)}`),
      expected((transaction) => inA(transaction) && transaction.created_at >= middle.created_at),
    );
    assert.deepEqual(
      await listIds(t.api, ownerA.token, `created_to=${encodeURIComponent(withOffset)}`),
      expected((transaction) => inA(transaction) && transaction.created_at < middle.created_at),
    );
  });

  it('refuses created_from at or after created_to with 400 validation_error', async () => {
    const own = booked.filter(inA);
    for (const [from, to] of [
      [own[3].created_at, own[3].created_at],
      [own[8].created_at, own[2].created_at],
    ]) {
      const response = await t.api.get(`/v1/transactions?created_from=${from}&created_to=${to}`, { token: ownerA.token });
      expectError(response, 400, 'validation_error');
      const fields = response.body.details.map((problem: { field: string }) => problem.field);
      assert.ok(fields.length > 0 && fields.every((field: string) => field === 'created_from' || field === 'created_to'), JSON.stringify(fields));
    }
  });

  it('refuses dates that are not ISO 8601 instants with 400 naming the parameter', async () => {
    for (const value of ['yesterday', '2026-13-01T00:00:00.000Z', '2026-02-30T00:00:00.000Z', '21/11/2026', '', '2020-01-01T10Z', '2020-01-01T10:00:00', '2020-01-01T1000Z']) {
      expectValidationFields(await t.api.get(`/v1/transactions?created_from=${encodeURIComponent(value)}`, { token: ownerA.token }), ['created_from']);
      expectValidationFields(await t.api.get(`/v1/transactions?created_to=${encodeURIComponent(value)}`, { token: ownerA.token }), ['created_to']);
    }
  });

  it('filters by metadata[key]=value, exactly', async () => {
    const byOrder1 = await listIds(t.api, ownerA.token, 'metadata[order_id]=1');
    assert.deepEqual(
      byOrder1,
      expected((transaction) => inA(transaction) && transaction.metadata.order_id === '1'),
    );
    assert.equal(byOrder1.length, 5);
    assert.deepEqual(
      await listIds(t.api, ownerA.token, 'metadata[order_id]=2'),
      expected((transaction) => inA(transaction) && transaction.metadata.order_id === '2'),
    );
    // Exact: no prefix, no case folding, no other key's value.
    for (const query of ['metadata[channel]=we', 'metadata[channel]=WEB', 'metadata[channel]=web%20', 'metadata[order_id]=web', 'metadata[nothing]=1']) {
      assert.deepEqual(await listIds(t.api, ownerA.token, query), [], query);
    }
  });

  it('combines two metadata filters with AND', async () => {
    const both = await listIds(t.api, ownerA.token, 'metadata[order_id]=1&metadata[channel]=web');
    assert.deepEqual(
      both,
      expected((transaction) => inA(transaction) && transaction.metadata.order_id === '1' && transaction.metadata.channel === 'web'),
    );
    assert.equal(both.length, 2);
    assert.deepEqual(
      await listIds(t.api, ownerA.token, 'metadata[order_id]=1&metadata[channel]=phone'),
      expected((transaction) => inA(transaction) && transaction.metadata.order_id === '1' && transaction.metadata.channel === 'phone'),
    );
    assert.deepEqual(await listIds(t.api, ownerA.token, 'metadata[order_id]=3&metadata[channel]=web'), []);
  });

  it('keeps the metadata filter within what the caller sees, and lets an admin filter across or within accounts', async () => {
    assert.deepEqual(
      await listIds(t.api, ownerB.token, 'metadata[order_id]=1'),
      expected((transaction) => inB(transaction) && transaction.metadata.order_id === '1'),
    );
    assert.deepEqual(
      await listIds(t.api, admin.token, 'metadata[order_id]=1'),
      expected((transaction) => transaction.metadata.order_id === '1'),
    );
    assert.deepEqual(
      await listIds(t.api, admin.token, `account_id=${ownerB.accountId}&metadata[order_id]=1&metadata[channel]=web`),
      expected((transaction) => inB(transaction) && transaction.metadata.order_id === '1' && transaction.metadata.channel === 'web'),
    );
  });

  it('decodes URL-encoded metadata keys and values', async () => {
    const target = booked.find((transaction) => transaction.metadata['order id'] === 'a&b');
    assert.ok(target);
    assert.deepEqual(await listIds(t.api, ownerA.token, 'metadata%5Border%20id%5D=a%26b'), [target.id]);
    assert.deepEqual(await listIds(t.api, ownerA.token, `metadata[${encodeURIComponent('order id')}]=${encodeURIComponent('a&b')}`), [target.id]);
    // An unencoded & ends the value.
    expectStatus(await t.api.get('/v1/transactions?metadata%5Border%20id%5D=a', { token: ownerA.token }), 200);
    assert.deepEqual(await listIds(t.api, ownerA.token, 'metadata%5Border%20id%5D=a'), []);
  });

  it('refuses the same metadata key twice, and malformed metadata filters, with 400 validation_error', async () => {
    for (const query of [
      'metadata[order_id]=1&metadata[order_id]=2',
      'metadata[order_id]=1&metadata[order_id]=1',
      `metadata[${'k'.repeat(41)}]=1`,
      `metadata[order_id]=${'v'.repeat(501)}`,
      'metadata[]=1',
      'metadata=order_id',
      Array.from({ length: 11 }, (_, i) => `metadata[key${i}]=v`).join('&'),
    ]) {
      const response = await t.api.get(`/v1/transactions?${query}`, { token: ownerA.token });
      expectError(response, 400, 'validation_error');
      assert.ok(
        response.body.details.every((problem: { field: string }) => problem.field.startsWith('metadata')),
        `${query}: ${JSON.stringify(response.body.details)}`,
      );
    }
  });

  it('combines every filter with AND', async () => {
    const own = booked.filter(inA);
    const match = (transaction: Booked) =>
      inA(transaction) && transaction.status === 'pending' && transaction.type === 'payment' && transaction.currency === 'EUR' && transaction.metadata.order_id === '1';
    const combined = await listIds(t.api, ownerA.token, 'status=pending&type=payment&currency=EUR&metadata[order_id]=1');
    assert.deepEqual(combined, expected(match));
    assert.equal(combined.length, 2);
    // From the second transaction to just after the last: the first one drops out, the last one stays in.
    const from = own[1].created_at;
    const to = new Date(Date.parse(own[own.length - 1].created_at) + 1).toISOString();
    const ranged = await listIds(t.api, memberA.token, `status=pending&type=payment&currency=EUR&metadata[order_id]=1&created_from=${from}&created_to=${to}`);
    assert.deepEqual(
      ranged,
      expected((transaction) => match(transaction) && transaction.created_at >= from && transaction.created_at < to),
    );
    assert.equal(ranged.length, combined.length - 1);
    assert.deepEqual(
      await listIds(t.api, admin.token, `account_id=${ownerA.accountId}&status=posted&type=adjustment&metadata[channel]=web`),
      expected((transaction) => inA(transaction) && transaction.status === 'posted' && transaction.type === 'adjustment' && transaction.metadata.channel === 'web'),
    );
  });

  it('refuses invalid filter values and unknown parameters with 400 naming the parameter', async () => {
    const cases: [string, string][] = [
      ['status=done', 'status'],
      ['status=pending&status=posted', 'status'],
      ['type=gift', 'type'],
      ['currency=eur', 'currency'],
      ['currency=XXX', 'currency'],
      ['sort=amount', 'sort'],
    ];
    for (const [query, field] of cases) expectValidationFields(await t.api.get(`/v1/transactions?${query}`, { token: ownerA.token }), [field]);
  });

  it('pages with limit and refuses a limit outside 1..100 with 400 naming limit', async () => {
    const first = await listPage(t.api, ownerA.token, 'limit=1');
    assert.deepEqual(
      first.data.map((item) => item.id),
      expected(inA).slice(0, 1),
    );
    assert.equal(first.has_more, true);
    assert.equal(typeof first.next_cursor, 'string');
    const exact = await listPage(t.api, ownerA.token, `limit=${expected(inA).length}`);
    assert.equal(exact.has_more, false);
    assert.equal(exact.next_cursor, null);
    for (const limit of ['0', '101', 'abc', '-1', '1.5', '']) {
      expectValidationFields(await t.api.get(`/v1/transactions?limit=${limit}`, { token: ownerA.token }), ['limit']);
    }
  });

  it('refuses a cursor that does not decode with 400 validation_error', async () => {
    const cursors = [
      'garbage!',
      Buffer.from('not json').toString('base64url'),
      Buffer.from(JSON.stringify({ id: 'nope' })).toString('base64url'),
      Buffer.from(JSON.stringify({ offset: 20 })).toString('base64url'),
      Buffer.from('null').toString('base64url'),
    ];
    for (const cursor of cursors) {
      expectValidationFields(await t.api.get(`/v1/transactions?cursor=${encodeURIComponent(cursor)}`, { token: ownerA.token }), ['cursor']);
    }
  });

  it('answers without a token with 401 unauthorized', async () => {
    expectError(await t.api.get('/v1/transactions'), 401, 'unauthorized');
  });
});

describe('GET /v1/transactions pagination', () => {
  const t = useTestApp();

  it('defaults to pages of 20', async () => {
    const owner = await accountOwner(t.api);
    for (let i = 0; i < 21; i += 1) await book(t.api, owner.token, { ...PAYMENT, amount: i + 1 });
    const page = await t.api.get('/v1/transactions', { token: owner.token });
    expectStatus(page, 200);
    assert.equal(page.body.data.length, 20);
    assert.equal(page.body.has_more, true);
    const rest = await listPage(t.api, owner.token, `cursor=${encodeURIComponent(page.body.next_cursor)}`);
    assert.equal(rest.data.length, 1);
    assert.equal(rest.data[0].amount, 1);
  });

  it('walks 20 transactions with limit=3 while new ones are booked: every existing one exactly once, newest first', async () => {
    const owner = await accountOwner(t.api);
    const other = await accountOwner(t.api);
    const initial: string[] = [];
    for (let i = 0; i < 20; i += 1) {
      initial.push((await book(t.api, owner.token, { ...PAYMENT, amount: 100 + i, metadata: { batch: 'initial', parity: i % 2 === 0 ? 'even' : 'odd' } })).id);
      if (i % 5 === 0) await book(t.api, other.token);
    }
    const inserted: string[] = [];
    const insertOne = async () => {
      inserted.push((await book(t.api, owner.token, { ...PAYMENT, metadata: { batch: 'during' } })).id);
    };
    const walked = await walkPages(t.api, owner.token, '/v1/transactions?limit=3', (item: any) => assertTransaction(item, { account_id: owner.accountId }), insertOne);
    assert.ok(inserted.length >= 7, `only ${inserted.length} inserts ran alongside the walk`);
    assert.equal(new Set(walked).size, walked.length, 'a transaction was served twice');
    for (let i = 1; i < walked.length; i += 1) assert.ok(walked[i] < walked[i - 1], `not newest first at position ${i}`);
    assert.deepEqual(
      walked.filter((id) => initial.includes(id)),
      [...initial].reverse(),
      'an existing transaction was lost or reordered',
    );
    const newcomers = walked.filter((id) => !initial.includes(id));
    assert.ok(
      newcomers.every((id) => inserted.includes(id)),
      'a transaction of another account or from nowhere was served',
    );
    // Rows booked during the walk are newer than every existing one: they can only show up before them.
    assert.deepEqual(walked.slice(0, newcomers.length), newcomers);
    // Once the writes stopped, a walk sees everything exactly once.
    const everything = await walkPages(t.api, owner.token, '/v1/transactions?limit=3', (item) => assertTransaction(item));
    assert.deepEqual(everything, [...initial, ...inserted].sort().reverse());
  });

  it('walks a filtered list page by page with the filter kept across pages', async () => {
    const owner = await accountOwner(t.api);
    const even: string[] = [];
    for (let i = 0; i < 10; i += 1) {
      const created = await book(t.api, owner.token, { ...PAYMENT, currency: i % 3 === 0 ? 'USD' : 'EUR', metadata: { parity: i % 2 === 0 ? 'even' : 'odd' } });
      if (i % 2 === 0) even.push(created.id);
    }
    const walked = await walkPages(t.api, owner.token, '/v1/transactions?limit=2&metadata[parity]=even', (item: any) => assertTransaction(item, { metadata: { parity: 'even' } }));
    assert.deepEqual(walked, [...even].reverse());
    const walkedEur = await walkPages(t.api, owner.token, '/v1/transactions?limit=2&currency=EUR', (item: any) => assertTransaction(item, { currency: 'EUR' }));
    assert.equal(walkedEur.length, 6);
  });
});

describe('PATCH /v1/transactions/{transaction_id}', () => {
  const t = useTestApp();
  let admin: LoggedIn;
  before(async () => {
    admin = await loginAdmin(t.api);
  });

  it('merges metadata key by key, null removes a key, and the metadata filter follows', async () => {
    const owner = await accountOwner(t.api);
    const created = await book(t.api, owner.token, { ...PAYMENT, metadata: { order_id: '1042', channel: 'web', campaign: 'spring' } });
    const untouched = await book(t.api, owner.token, { ...PAYMENT, metadata: { order_id: '1042', channel: 'web', campaign: 'spring' } });
    await delay(5);
    const response = await t.api.patch(`/v1/transactions/${created.id}`, { metadata: { channel: 'phone', campaign: null, agent: 'ada' } }, { token: owner.token });
    expectStatus(response, 200);
    assertTransaction(response.body, { ...created, metadata: { order_id: '1042', channel: 'phone', agent: 'ada' }, updated_at: response.body.updated_at });
    assert.ok(response.body.updated_at > created.updated_at, 'updated_at did not advance');
    assert.equal(response.body.created_at, created.created_at);
    assert.deepEqual(await read(t.api, owner.token, created.id), response.body);
    // The filter finds it by the new values, no longer by the removed or replaced ones.
    assert.deepEqual(await listIds(t.api, owner.token, 'metadata[agent]=ada'), [created.id]);
    assert.deepEqual(await listIds(t.api, owner.token, 'metadata[channel]=phone'), [created.id]);
    assert.deepEqual(await listIds(t.api, owner.token, 'metadata[channel]=web'), [untouched.id]);
    assert.deepEqual(await listIds(t.api, owner.token, 'metadata[campaign]=spring'), [untouched.id]);
    assert.deepEqual(await listIds(t.api, owner.token, 'metadata[order_id]=1042'), [untouched.id, created.id]);
    assert.deepEqual(await listIds(t.api, owner.token, 'metadata[order_id]=1042&metadata[agent]=ada'), [created.id]);
    assert.deepEqual(await listIds(t.api, admin.token, `account_id=${owner.accountId}&metadata[agent]=ada`), [created.id]);
    // Removing every key leaves {} and no filter finds it.
    const emptied = await t.api.patch(`/v1/transactions/${created.id}`, { metadata: { order_id: null, channel: null, agent: null } }, { token: owner.token });
    expectStatus(emptied, 200);
    assert.deepEqual(emptied.body.metadata, {});
    assert.deepEqual(await listIds(t.api, owner.token, 'metadata[order_id]=1042'), [untouched.id]);
    assert.deepEqual(await listIds(t.api, owner.token, 'metadata[agent]=ada'), []);
    // Removing a key that is not there changes nothing.
    const noop = await t.api.patch(`/v1/transactions/${untouched.id}`, { metadata: { absent: null } }, { token: owner.token });
    expectStatus(noop, 200);
    assert.deepEqual(noop.body.metadata, untouched.metadata);
  });

  it('replaces reference_ids, and sets and clears notes', async () => {
    const owner = await accountOwner(t.api);
    const created = await book(t.api, owner.token, { ...PAYMENT, reference_ids: ['INV-1', 'INV-2'], metadata: { keep: 'yes' } });
    const replaced = await t.api.patch(`/v1/transactions/${created.id}`, { reference_ids: ['PO-9'] }, { token: owner.token });
    expectStatus(replaced, 200);
    assertTransaction(replaced.body, { ...created, reference_ids: ['PO-9'], updated_at: replaced.body.updated_at });
    const emptied = await t.api.patch(`/v1/transactions/${created.id}`, { reference_ids: [] }, { token: owner.token });
    assertTransaction(emptied.body, { reference_ids: [] });
    const noted = await t.api.patch(`/v1/transactions/${created.id}`, { notes: 'Customer confirmed by phone.' }, { token: owner.token });
    expectStatus(noted, 200);
    assertTransaction(noted.body, { notes: 'Customer confirmed by phone.', reference_ids: [], metadata: { keep: 'yes' } });
    assert.equal((await read(t.api, owner.token, created.id)).notes, 'Customer confirmed by phone.');
    const cleared = await t.api.patch(`/v1/transactions/${created.id}`, { notes: null }, { token: owner.token });
    expectStatus(cleared, 200);
    assertTransaction(cleared.body, { notes: null, metadata: { keep: 'yes' } });
    assert.deepEqual(await read(t.api, owner.token, created.id), cleared.body);
    // Everything at once.
    const all = await t.api.patch(`/v1/transactions/${created.id}`, { metadata: { keep: null, new: 'x' }, reference_ids: ['A'], notes: 'n' }, { token: owner.token });
    expectStatus(all, 200);
    assertTransaction(all.body, { ...created, metadata: { new: 'x' }, reference_ids: ['A'], notes: 'n', updated_at: all.body.updated_at });
  });

  it('advances updated_at on every amendment and never changes created_at', async () => {
    const owner = await accountOwner(t.api);
    const created = await book(t.api, owner.token);
    let previous = created.updated_at;
    for (const body of [{ notes: 'one' }, { metadata: { a: '1' } }, { reference_ids: ['R'] }]) {
      await delay(5);
      const response = await t.api.patch(`/v1/transactions/${created.id}`, body, { token: owner.token });
      expectStatus(response, 200);
      assert.ok(response.body.updated_at > previous, `updated_at did not advance for ${JSON.stringify(body)}`);
      assert.equal(response.body.created_at, created.created_at);
      previous = response.body.updated_at;
    }
  });

  it('refuses an empty body with 400 validation_error and changes nothing', async () => {
    const owner = await accountOwner(t.api);
    const created = await book(t.api, owner.token);
    expectError(await t.api.patch(`/v1/transactions/${created.id}`, {}, { token: owner.token }), 400, 'validation_error');
    expectError(await t.api.patch(`/v1/transactions/${created.id}`, undefined, { token: owner.token }), 400, 'validation_error');
    assert.deepEqual(await read(t.api, owner.token, created.id), created);
  });

  it('refuses each field fixed at creation with 422 immutable_field naming it, even with other changes, and changes nothing', async () => {
    const owner = await accountOwner(t.api);
    const other = await accountOwner(t.api);
    const created = await book(t.api, owner.token, { ...PAYMENT, description: 'fixed', metadata: { a: '1' } });
    const attempts: [string, unknown][] = [
      ['amount', 1],
      ['currency', 'USD'],
      ['type', 'credit'],
      ['direction', 'credit'],
      ['account_id', other.accountId],
      ['status', 'posted'],
      ['description', 'changed'],
      ['counterparty_account_id', other.accountId],
    ];
    for (const [field, value] of attempts) {
      assertImmutable(await t.api.patch(`/v1/transactions/${created.id}`, { [field]: value }, { token: owner.token }), field);
      assertImmutable(await t.api.patch(`/v1/transactions/${created.id}`, { metadata: { b: '2' }, [field]: value }, { token: owner.token }), field);
    }
    // Also when the value is what it already is, and for an admin.
    assertImmutable(await t.api.patch(`/v1/transactions/${created.id}`, { amount: created.amount }, { token: owner.token }), 'amount');
    assertImmutable(await t.api.patch(`/v1/transactions/${created.id}`, { status: 'canceled' }, { token: admin.token }), 'status');
    assert.deepEqual(await read(t.api, owner.token, created.id), created);
    assert.deepEqual(await listIds(t.api, owner.token, 'metadata[b]=2'), []);
  });

  it('refuses fields that are no part of an amendment with 400 validation_error', async () => {
    const owner = await accountOwner(t.api);
    const created = await book(t.api, owner.token);
    for (const field of ['created_at', 'posted_at', 'payment_id', 'colour']) {
      const response = await t.api.patch(`/v1/transactions/${created.id}`, { notes: 'x', [field]: 'y' }, { token: owner.token });
      expectError(response, 400, 'validation_error');
      assert.deepEqual(response.body.details, [{ field, message: 'is not an accepted field' }]);
    }
    assert.deepEqual(await read(t.api, owner.token, created.id), created);
  });

  it('refuses metadata, reference_ids and notes beyond the limits with 400 naming the field', async () => {
    const owner = await accountOwner(t.api);
    const created = await book(t.api, owner.token, { ...PAYMENT, metadata: { a: '1' } });
    const longKey = 'k'.repeat(41);
    const cases: [Record<string, unknown>, string][] = [
      [{ metadata: { [longKey]: 'v' } }, `metadata.${longKey}`],
      [{ metadata: { a: 'v'.repeat(501) } }, 'metadata.a'],
      [{ metadata: { a: 5 } }, 'metadata.a'],
      [{ metadata: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, 'v'])) }, 'metadata'],
      [{ metadata: null }, 'metadata'],
      [{ metadata: ['a'] }, 'metadata'],
      [{ reference_ids: Array.from({ length: 11 }, (_, i) => `R${i}`) }, 'reference_ids'],
      [{ reference_ids: ['x'.repeat(256)] }, 'reference_ids'],
      [{ reference_ids: [1] }, 'reference_ids'],
      [{ reference_ids: null }, 'reference_ids'],
      [{ notes: 'n'.repeat(2001) }, 'notes'],
      [{ notes: 5 }, 'notes'],
    ];
    for (const [body, field] of cases) {
      expectValidationFields(await t.api.patch(`/v1/transactions/${created.id}`, body, { token: owner.token }), [field]);
    }
    assert.deepEqual(await read(t.api, owner.token, created.id), created);
  });

  it('refuses a merge that would leave more than 50 keys with 400 naming metadata, and accepts exactly 50', async () => {
    const owner = await accountOwner(t.api);
    const fortyNine = Object.fromEntries(Array.from({ length: 49 }, (_, i) => [`key${i}`, 'v']));
    const created = await book(t.api, owner.token, { ...PAYMENT, metadata: fortyNine });
    const past = await t.api.patch(`/v1/transactions/${created.id}`, { metadata: { extra1: 'v', extra2: 'v' } }, { token: owner.token });
    expectValidationFields(past, ['metadata']);
    assert.deepEqual(await read(t.api, owner.token, created.id), created);
    assert.deepEqual(await listIds(t.api, owner.token, 'metadata[extra1]=v'), []);
    // 49 - 1 + 2 = 50: removals count before the limit is checked.
    const swap = await t.api.patch(`/v1/transactions/${created.id}`, { metadata: { key0: null, extra1: 'v', extra2: 'v' } }, { token: owner.token });
    expectStatus(swap, 200);
    assert.equal(Object.keys(swap.body.metadata).length, 50);
    assert.deepEqual(await listIds(t.api, owner.token, 'metadata[extra2]=v'), [created.id]);
    expectValidationFields(await t.api.patch(`/v1/transactions/${created.id}`, { metadata: { one_more: 'v' } }, { token: owner.token }), ['metadata']);
  });

  it('amends posted and canceled transactions too', async () => {
    const owner = await accountOwner(t.api);
    const posted = await book(t.api, owner.token);
    const postedBody = (await t.api.post(`/v1/transactions/${posted.id}/post`, undefined, { token: admin.token })).body;
    const canceled = await book(t.api, owner.token);
    const canceledBody = (await t.api.delete(`/v1/transactions/${canceled.id}`, undefined, { token: owner.token })).body;
    for (const before of [postedBody, canceledBody]) {
      const response = await t.api.patch(`/v1/transactions/${before.id}`, { metadata: { reconciled: 'yes' }, notes: 'after the fact' }, { token: owner.token });
      expectStatus(response, 200);
      assertTransaction(response.body, { ...before, metadata: { reconciled: 'yes' }, notes: 'after the fact', updated_at: response.body.updated_at });
    }
    assert.deepEqual(await listIds(t.api, owner.token, 'metadata[reconciled]=yes'), [canceled.id, posted.id]);
  });

  it("lets members of the account and admins amend; another account's is 404 transaction_not_found", async () => {
    const owner = await accountOwner(t.api);
    const other = await accountOwner(t.api);
    const created = await book(t.api, owner.token, { ...PAYMENT, metadata: { a: '1' } });
    const member = await accountMember(t.api, owner.token, owner.accountId);
    expectStatus(await t.api.patch(`/v1/transactions/${created.id}`, { metadata: { member: 'yes' } }, { token: member.token }), 200);
    expectStatus(await t.api.patch(`/v1/transactions/${created.id}`, { metadata: { admin: 'yes' } }, { token: admin.token }), 200);
    expectError(await t.api.patch(`/v1/transactions/${created.id}`, { metadata: { other: 'yes' } }, { token: other.token }), 404, 'transaction_not_found');
    const loner = await registerAndLogin(t.api);
    expectError(await t.api.patch(`/v1/transactions/${created.id}`, { notes: 'x' }, { token: loner.token }), 404, 'transaction_not_found');
    assert.deepEqual((await read(t.api, owner.token, created.id)).metadata, { a: '1', member: 'yes', admin: 'yes' });
    for (const id of [UNKNOWN_TRANSACTION, 'nope', owner.user.id]) {
      expectError(await t.api.patch(`/v1/transactions/${id}`, { notes: 'x' }, { token: owner.token }), 404, 'transaction_not_found');
    }
    expectError(await t.api.patch(`/v1/transactions/${created.id}`, { notes: 'x' }), 401, 'unauthorized');
  });
});

describe('DELETE /v1/transactions/{transaction_id}', () => {
  const t = useTestApp();
  let admin: LoggedIn;
  before(async () => {
    admin = await loginAdmin(t.api);
  });

  it('cancels a pending transaction: 200 with status canceled and canceled_at, the rest unchanged', async () => {
    const owner = await accountOwner(t.api);
    const created = await book(t.api, owner.token, { ...PAYMENT, metadata: { a: '1' }, notes: 'n' });
    const startedAt = new Date().toISOString();
    const response = await t.api.delete(`/v1/transactions/${created.id}`, undefined, { token: owner.token });
    expectStatus(response, 200);
    assertTransaction(response.body, {
      ...created,
      status: 'canceled',
      canceled_at: response.body.canceled_at,
      updated_at: response.body.updated_at,
      posted_at: null,
    });
    assert.ok(response.body.canceled_at >= startedAt && response.body.canceled_at >= created.created_at);
    assert.ok(response.body.updated_at >= response.body.canceled_at);
    assert.deepEqual(await read(t.api, owner.token, created.id), response.body);
    assert.deepEqual(await listIds(t.api, owner.token, 'status=canceled'), [created.id]);
    assert.deepEqual(await listIds(t.api, owner.token, 'status=pending'), []);
  });

  it('answers a second cancel with 409 transaction_not_pending and keeps the first canceled_at', async () => {
    const owner = await accountOwner(t.api);
    const created = await book(t.api, owner.token);
    const first = await t.api.delete(`/v1/transactions/${created.id}`, undefined, { token: owner.token });
    expectStatus(first, 200);
    await delay(5);
    expectError(await t.api.delete(`/v1/transactions/${created.id}`, undefined, { token: owner.token }), 409, 'transaction_not_pending');
    expectError(await t.api.delete(`/v1/transactions/${created.id}`, undefined, { token: admin.token }), 409, 'transaction_not_pending');
    assert.deepEqual(await read(t.api, owner.token, created.id), first.body);
  });

  it('answers a cancel of a posted transaction with 409 transaction_not_pending and leaves it posted', async () => {
    const owner = await accountOwner(t.api);
    const created = await book(t.api, owner.token);
    const posted = await t.api.post(`/v1/transactions/${created.id}/post`, undefined, { token: admin.token });
    expectStatus(posted, 200);
    expectError(await t.api.delete(`/v1/transactions/${created.id}`, undefined, { token: owner.token }), 409, 'transaction_not_pending');
    assert.deepEqual(await read(t.api, owner.token, created.id), posted.body);
  });

  it("answers another account's transaction with 404 transaction_not_found and leaves it pending; admins may cancel any", async () => {
    const owner = await accountOwner(t.api);
    const other = await accountOwner(t.api);
    const created = await book(t.api, owner.token);
    expectError(await t.api.delete(`/v1/transactions/${created.id}`, undefined, { token: other.token }), 404, 'transaction_not_found');
    assert.deepEqual(await read(t.api, owner.token, created.id), created);
    const byAdmin = await t.api.delete(`/v1/transactions/${created.id}`, undefined, { token: admin.token });
    expectStatus(byAdmin, 200);
    assertTransaction(byAdmin.body, { id: created.id, status: 'canceled', account_id: owner.accountId });
    const member = await accountMember(t.api, owner.token, owner.accountId);
    const second = await book(t.api, owner.token);
    assertTransaction((await t.api.delete(`/v1/transactions/${second.id}`, undefined, { token: member.token })).body, { status: 'canceled' });
  });

  it('answers unknown and malformed ids with 404 transaction_not_found', async () => {
    const owner = await accountOwner(t.api);
    for (const id of [UNKNOWN_TRANSACTION, 'nope', owner.accountId, owner.user.id]) {
      expectError(await t.api.delete(`/v1/transactions/${id}`, undefined, { token: owner.token }), 404, 'transaction_not_found');
    }
  });

  it('refuses a request body with 400 validation_error and leaves the transaction pending', async () => {
    const owner = await accountOwner(t.api);
    const created = await book(t.api, owner.token);
    const response = await t.api.delete(`/v1/transactions/${created.id}`, { reason: 'duplicate' }, { token: owner.token });
    expectError(response, 400, 'validation_error');
    assert.deepEqual(
      response.body.details.map((problem: { field: string }) => problem.field),
      ['body'],
    );
    assert.deepEqual(await read(t.api, owner.token, created.id), created);
    expectError(await t.api.delete(`/v1/transactions/${created.id}`), 401, 'unauthorized');
    assert.deepEqual(await read(t.api, owner.token, created.id), created);
  });
});

describe('POST /v1/transactions/{transaction_id}/post', () => {
  const t = useTestApp();
  let admin: LoggedIn;
  before(async () => {
    admin = await loginAdmin(t.api);
  });

  it('lets an admin post a pending transaction: 200 with status posted and posted_at', async () => {
    const owner = await accountOwner(t.api);
    const created = await book(t.api, owner.token, { ...PAYMENT, metadata: { a: '1' } });
    const startedAt = new Date().toISOString();
    const response = await t.api.post(`/v1/transactions/${created.id}/post`, undefined, { token: admin.token });
    expectStatus(response, 200);
    assertTransaction(response.body, { ...created, status: 'posted', posted_at: response.body.posted_at, updated_at: response.body.updated_at, canceled_at: null });
    assert.ok(response.body.posted_at >= startedAt);
    assert.deepEqual(await read(t.api, owner.token, created.id), response.body);
    assert.deepEqual(await listIds(t.api, owner.token, 'status=posted'), [created.id]);
  });

  it('refuses members, the owner included, with 403 insufficient_permissions and leaves the transaction pending', async () => {
    const owner = await accountOwner(t.api);
    const member = await accountMember(t.api, owner.token, owner.accountId);
    const other = await accountOwner(t.api);
    const created = await book(t.api, owner.token);
    for (const caller of [owner, member, other]) {
      expectError(await t.api.post(`/v1/transactions/${created.id}/post`, undefined, { token: caller.token }), 403, 'insufficient_permissions');
    }
    assert.deepEqual(await read(t.api, owner.token, created.id), created);
    expectError(await t.api.post(`/v1/transactions/${created.id}/post`), 401, 'unauthorized');
  });

  it('answers a posted or canceled transaction with 409 transaction_not_pending and changes nothing', async () => {
    const owner = await accountOwner(t.api);
    const created = await book(t.api, owner.token);
    const posted = await t.api.post(`/v1/transactions/${created.id}/post`, undefined, { token: admin.token });
    expectStatus(posted, 200);
    expectError(await t.api.post(`/v1/transactions/${created.id}/post`, undefined, { token: admin.token }), 409, 'transaction_not_pending');
    assert.deepEqual(await read(t.api, owner.token, created.id), posted.body);
    const other = await book(t.api, owner.token);
    const canceled = await t.api.delete(`/v1/transactions/${other.id}`, undefined, { token: owner.token });
    expectError(await t.api.post(`/v1/transactions/${other.id}/post`, undefined, { token: admin.token }), 409, 'transaction_not_pending');
    assert.deepEqual(await read(t.api, owner.token, other.id), canceled.body);
  });

  it('answers unknown and malformed ids with 404 transaction_not_found', async () => {
    for (const id of [UNKNOWN_TRANSACTION, 'nope', UNKNOWN_ACCOUNT]) {
      expectError(await t.api.post(`/v1/transactions/${id}/post`, undefined, { token: admin.token }), 404, 'transaction_not_found');
    }
  });

  it('refuses a request body with 400 validation_error', async () => {
    const owner = await accountOwner(t.api);
    const created = await book(t.api, owner.token);
    expectError(await t.api.post(`/v1/transactions/${created.id}/post`, { status: 'posted' }, { token: admin.token }), 400, 'validation_error');
    assert.deepEqual(await read(t.api, owner.token, created.id), created);
  });
});

describe('Concurrent changes to one transaction', () => {
  const t = useTestApp();
  let admin: LoggedIn;
  let owner: Owner;
  before(async () => {
    admin = await loginAdmin(t.api);
    owner = await accountOwner(t.api);
  });

  it('of 10 concurrent cancels exactly one is 200 and nine 409 transaction_not_pending', async () => {
    const created = await book(t.api, owner.token);
    const responses = await Promise.all(Array.from({ length: 10 }, () => t.api.delete(`/v1/transactions/${created.id}`, undefined, { token: owner.token })));
    const winners = responses.filter((response) => response.status === 200);
    assert.equal(winners.length, 1, statuses(responses));
    for (const response of responses) if (response.status !== 200) expectError(response, 409, 'transaction_not_pending');
    assert.deepEqual(await read(t.api, owner.token, created.id), winners[0].body);
  });

  it('of 10 concurrent posts exactly one is 200 and nine 409 transaction_not_pending', async () => {
    const created = await book(t.api, owner.token);
    const responses = await Promise.all(Array.from({ length: 10 }, () => t.api.post(`/v1/transactions/${created.id}/post`, undefined, { token: admin.token })));
    const winners = responses.filter((response) => response.status === 200);
    assert.equal(winners.length, 1, statuses(responses));
    for (const response of responses) if (response.status !== 200) expectError(response, 409, 'transaction_not_pending');
    assert.deepEqual(await read(t.api, owner.token, created.id), winners[0].body);
  });

  it('of a concurrent cancel and post exactly one wins and the final state is the winner', async () => {
    for (let round = 0; round < 6; round += 1) {
      const created = await book(t.api, owner.token);
      const cancel = () => t.api.delete(`/v1/transactions/${created.id}`, undefined, { token: round % 2 === 0 ? owner.token : admin.token });
      const post = () => t.api.post(`/v1/transactions/${created.id}/post`, undefined, { token: admin.token });
      const responses = round % 2 === 0 ? await Promise.all([cancel(), post()]) : await Promise.all([post(), cancel()]);
      const winners = responses.filter((response) => response.status === 200);
      assert.equal(winners.length, 1, statuses(responses));
      for (const response of responses) if (response.status !== 200) expectError(response, 409, 'transaction_not_pending');
      const final = await read(t.api, owner.token, created.id);
      assert.deepEqual(final, winners[0].body);
      assert.ok(['posted', 'canceled'].includes(final.status));
    }
  });

  it('keeps every key of 10 concurrent metadata amendments, in the record and in the metadata filter', async () => {
    const created = await book(t.api, owner.token, { ...PAYMENT, metadata: { origin: 'race' } });
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) => t.api.patch(`/v1/transactions/${created.id}`, { metadata: { [`key${i}`]: `value${i}` } }, { token: owner.token })),
    );
    responses.forEach((response) => expectStatus(response, 200));
    const expectedMetadata = { origin: 'race', ...Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`key${i}`, `value${i}`])) };
    assert.deepEqual((await read(t.api, owner.token, created.id)).metadata, expectedMetadata);
    for (const [key, value] of Object.entries(expectedMetadata)) {
      assert.deepEqual(await listIds(t.api, owner.token, `metadata[${key}]=${value}`), [created.id], `metadata filter lost ${key}`);
    }
  });

  it('keeps every change of concurrent amendments to different fields', async () => {
    const created = await book(t.api, owner.token);
    const responses = await Promise.all([
      t.api.patch(`/v1/transactions/${created.id}`, { notes: 'noted' }, { token: owner.token }),
      t.api.patch(`/v1/transactions/${created.id}`, { reference_ids: ['R-1'] }, { token: owner.token }),
      t.api.patch(`/v1/transactions/${created.id}`, { metadata: { m: '1' } }, { token: owner.token }),
      t.api.delete(`/v1/transactions/${created.id}`, undefined, { token: owner.token }),
    ]);
    responses.forEach((response) => expectStatus(response, 200));
    assertTransaction(await read(t.api, owner.token, created.id), { notes: 'noted', reference_ids: ['R-1'], metadata: { m: '1' }, status: 'canceled' });
  });
});

describe('Account closure and transactions', () => {
  const t = useTestApp();
  let admin: LoggedIn;
  before(async () => {
    admin = await loginAdmin(t.api);
  });

  it('cancels the pending transactions of the account and pending transfers to it, leaves the rest, and refuses writes afterwards', async () => {
    const closing = await accountOwner(t.api);
    const member = await accountMember(t.api, closing.token, closing.accountId);
    const sender = await accountOwner(t.api);
    const third = await accountOwner(t.api);
    const pending = [
      await book(t.api, closing.token, { ...PAYMENT, metadata: { k: 'v' } }),
      await book(t.api, member.token, { type: 'credit', amount: 5, currency: 'USD' }),
      await book(t.api, closing.token, { type: 'transfer', amount: 7, currency: 'EUR', counterparty_account_id: sender.accountId }),
    ];
    const postedSource = await book(t.api, closing.token, { type: 'refund', amount: 9, currency: 'EUR' });
    const posted = (await t.api.post(`/v1/transactions/${postedSource.id}/post`, undefined, { token: admin.token })).body;
    const canceledSource = await book(t.api, closing.token);
    const canceled = (await t.api.delete(`/v1/transactions/${canceledSource.id}`, undefined, { token: closing.token })).body;
    const incoming = await book(t.api, sender.token, { type: 'transfer', amount: 11, currency: 'EUR', counterparty_account_id: closing.accountId });
    const senderOwn = await book(t.api, sender.token);
    const senderToThird = await book(t.api, sender.token, { type: 'transfer', amount: 13, currency: 'EUR', counterparty_account_id: third.accountId });
    const incomingPostedSource = await book(t.api, sender.token, { type: 'transfer', amount: 15, currency: 'EUR', counterparty_account_id: closing.accountId });
    const incomingPosted = (await t.api.post(`/v1/transactions/${incomingPostedSource.id}/post`, undefined, { token: admin.token })).body;

    const closed = await closeAccount(t.api, closing.token);
    assert.equal(closed.account_id, closing.accountId);
    assert.equal(closed.status, 'closed');
    assert.equal(closed.canceled_transactions, pending.length + 1, `expected ${pending.length} pending of the account + 1 incoming transfer`);

    for (const before of [...pending, incoming]) {
      const after = await read(t.api, admin.token, before.id);
      assertTransaction(after, { ...before, status: 'canceled', canceled_at: after.canceled_at, updated_at: after.updated_at, posted_at: null });
      assert.ok(after.canceled_at >= before.created_at);
    }
    assert.deepEqual(await read(t.api, admin.token, posted.id), posted);
    assert.deepEqual(await read(t.api, admin.token, canceled.id), canceled);
    assert.deepEqual(await read(t.api, admin.token, incomingPosted.id), incomingPosted);
    assert.deepEqual(await read(t.api, sender.token, senderOwn.id), senderOwn);
    assert.deepEqual(await read(t.api, sender.token, senderToThird.id), senderToThird);
    assert.deepEqual(await listIds(t.api, admin.token, `account_id=${closing.accountId}&status=pending`), []);
    assert.deepEqual(
      await listIds(t.api, admin.token, `account_id=${closing.accountId}`),
      [...pending, posted, canceled, incoming, incomingPosted]
        .map((transaction) => transaction.id)
        .sort()
        .reverse(),
    );

    // Writes on the closed account's transactions, by an admin: 403 account_closed, nothing changes.
    for (const target of [pending[0], posted, canceled]) {
      const before = await read(t.api, admin.token, target.id);
      expectError(await t.api.patch(`/v1/transactions/${target.id}`, { notes: 'after closure' }, { token: admin.token }), 403, 'account_closed');
      expectError(await t.api.delete(`/v1/transactions/${target.id}`, undefined, { token: admin.token }), 403, 'account_closed');
      expectError(await t.api.post(`/v1/transactions/${target.id}/post`, undefined, { token: admin.token }), 403, 'account_closed');
      assert.deepEqual(await read(t.api, admin.token, target.id), before);
    }
    // Nothing new to or on it.
    expectError(
      await t.api.post('/v1/transactions', { type: 'transfer', amount: 1, currency: 'EUR', counterparty_account_id: closing.accountId }, { token: sender.token }),
      403,
      'account_closed',
    );
    expectError(await t.api.post('/v1/transactions', { ...PAYMENT, account_id: closing.accountId }, { token: admin.token }), 403, 'account_closed');
    // The closed account's sessions ended with it.
    expectError(await t.api.get('/v1/transactions', { token: closing.token }), 401, 'unauthorized');
  });

  it('counts only what it canceled when nothing is pending', async () => {
    const closing = await accountOwner(t.api);
    const created = await book(t.api, closing.token);
    const posted = (await t.api.post(`/v1/transactions/${created.id}/post`, undefined, { token: admin.token })).body;
    const closed = await closeAccount(t.api, admin.token, closing.accountId);
    assert.equal(closed.canceled_transactions, 0);
    assert.deepEqual(await read(t.api, admin.token, created.id), posted);
  });

  it('never leaves a transaction pending on an account closed while transactions are being booked', async () => {
    const closing = await accountOwner(t.api);
    const sender = await accountOwner(t.api);
    const bookings = Array.from({ length: 8 }, (_, i) =>
      i % 2 === 0
        ? t.api.post('/v1/transactions', { ...PAYMENT, account_id: closing.accountId }, { token: admin.token })
        : t.api.post('/v1/transactions', { type: 'transfer', amount: 1, currency: 'EUR', counterparty_account_id: closing.accountId }, { token: sender.token }),
    );
    const [close, ...responses] = await Promise.all([t.api.delete('/v1/auth/close', undefined, { token: closing.token }), ...bookings]);
    expectStatus(close, 200);
    const booked = responses.filter((response) => response.status === 201);
    for (const response of responses) if (response.status !== 201) expectError(response, 403, 'account_closed');
    assert.equal(close.body.canceled_transactions, booked.length, statuses(responses));
    for (const response of booked) {
      const after = await read(t.api, admin.token, response.body.id);
      assert.equal(after.status, 'canceled', `${after.id} was left ${after.status}`);
    }
  });
});
