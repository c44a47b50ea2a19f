import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { ApiClient } from './support/api-client';
import { accountOwner, expectError, expectStatus, LoggedIn, login, loginAdmin, registerAndLogin, STRONG_PASSWORD } from './support/factories';
import { listItems } from './support/shapes';
import { sql } from './support/sql';
import { TestApp, useTestApp } from './support/test-app';

/** A response as the client received it: the raw body text, and that text parsed. */
interface RawResponse {
  status: number;
  headers: Headers;
  text: string;
  body: any;
}

interface Caller {
  token?: string;
  headers?: Record<string, string>;
}

let sequence = 0;

/** A value no other test in this run uses: for keys, emails, references. */
function unique(label: string): string {
  sequence += 1;
  return `${label}-${process.pid}-${Date.now()}-${sequence}`;
}

/** POSTs JSON with global fetch and keeps the body exactly as received, to compare replays byte for byte. */
async function send(t: TestApp, path: string, body: unknown, caller: Caller, key?: string): Promise<RawResponse> {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...(caller.headers ?? {}) };
  if (caller.token) headers.authorization = `Bearer ${caller.token}`;
  if (key !== undefined) headers['idempotency-key'] = key;
  const response = await fetch(t.baseUrl + path, { method: 'POST', headers, body: JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, body: text === '' ? undefined : JSON.parse(text) };
}

function expectFirstAnswer(response: RawResponse, status: number): void {
  expectStatus(response, status);
  assert.equal(response.headers.get('idempotent-replayed'), null, 'a first answer is not marked as replayed');
}

/** The replay of `first`: same status, the very same bytes, marked Idempotent-Replayed: true. */
function expectReplayOf(replay: RawResponse, first: RawResponse): void {
  assert.equal(replay.status, first.status, `replayed status; body ${replay.text}`);
  assert.equal(replay.text, first.text, 'the replayed body is byte-identical to the first');
  assert.equal(replay.headers.get('idempotent-replayed'), 'true');
  assert.equal(replay.headers.get('content-type'), first.headers.get('content-type'));
  assert.ok(replay.headers.get('x-request-id'), 'a replay has its own X-Request-Id');
}

/** Every item of a list, page after page, 100 at a time. */
function listAll(api: ApiClient, token: string, path: string): Promise<any[]> {
  return listItems(api, token, `${path}${path.includes('?') ? '&' : '?'}limit=100`);
}

function transactionBody(tag: string): Record<string, unknown> {
  return { type: 'payment', amount: 1500, currency: 'EUR', description: `Order ${tag}`, metadata: { order: tag } };
}

function paymentBody(tag: string): Record<string, unknown> {
  return { purpose: 'invoice', amount: 4999, currency: 'EUR', reference_id: tag, customer: { email: 'grace@example.com', name: 'Grace Hopper' } };
}

/** One creating POST route, as the shared tests below drive it. */
interface IdempotentRoute {
  path: string;
  /** A new caller who can create one resource on the route. */
  newCaller(t: TestApp): Promise<Caller>;
  /** A valid creation body; another tag, another body (and resource). */
  body(tag: string): Record<string, unknown>;
  /** How many of the route's resources exist, across all callers. */
  count(t: TestApp, adminToken: string): Promise<number>;
  /** The resource as an admin reads it now. */
  read(t: TestApp, adminToken: string, id: string): Promise<unknown>;
}

async function readOne(api: ApiClient, token: string, path: string): Promise<unknown> {
  const response = await api.get(path, { token });
  expectStatus(response, 200);
  return response.body;
}

let clientAddress = 0;

const ROUTES: IdempotentRoute[] = [
  {
    path: '/v1/accounts',
    newCaller: async (t) => ({ token: (await registerAndLogin(t.api)).token }),
    body: (tag) => ({ type: 'business', name: `Acme ${tag}`, email: 'billing@acme.example' }),
    count: async (t, adminToken) => (await listAll(t.api, adminToken, '/v1/auth/accounts')).length,
    read: async (t, adminToken, id) => (await listAll(t.api, adminToken, '/v1/auth/accounts')).find((account) => account.id === id),
  },
  {
    // Signup has no token: the key is scoped to the client address. The app trusts the loopback proxy,
    // so each caller presents its own address in X-Forwarded-For.
    path: '/v1/users',
    newCaller: async () => {
      clientAddress += 1;
      return { headers: { 'x-forwarded-for': `198.51.100.${clientAddress}` } };
    },
    body: (tag) => ({ email: `${tag}@example.com`, password: STRONG_PASSWORD, name: 'Idempotent Signup' }),
    count: async (t, adminToken) => (await listAll(t.api, adminToken, '/v1/users')).length,
    read: (t, adminToken, id) => readOne(t.api, adminToken, `/v1/users/${id}`),
  },
  {
    path: '/v1/transactions',
    newCaller: async (t) => ({ token: (await accountOwner(t.api)).token }),
    body: transactionBody,
    count: async (t, adminToken) => (await listAll(t.api, adminToken, '/v1/transactions')).length,
    read: (t, adminToken, id) => readOne(t.api, adminToken, `/v1/transactions/${id}`),
  },
  {
    path: '/v1/payments',
    newCaller: async (t) => ({ token: (await accountOwner(t.api)).token }),
    body: paymentBody,
    // There is no list of payment requests: the rows are counted in the database.
    count: async (t) => Number((await sql(t.databaseUrl, 'SELECT COUNT(*) AS n FROM payment_requests')).rows[0].n),
    read: (t, adminToken, id) => readOne(t.api, adminToken, `/v1/payments/${id}`),
  },
];

for (const route of ROUTES) {
  describe(`Idempotency-Key on POST ${route.path}`, () => {
    const t = useTestApp({ TRUST_PROXY: '127.0.0.1' });
    let admin: LoggedIn;
    before(async () => {
      admin = await loginAdmin(t.api);
    });

    it('replays the first answer to the same key and body: same status, byte-identical body, Idempotent-Replayed: true; one resource', async () => {
      const caller = await route.newCaller(t);
      const before = await route.count(t, admin.token);
      const key = unique('key');
      const body = route.body(unique('idem'));
      const first = await send(t, route.path, body, caller, key);
      expectFirstAnswer(first, 201);
      for (let retry = 0; retry < 2; retry += 1) expectReplayOf(await send(t, route.path, body, caller, key), first);
      assert.equal(await route.count(t, admin.token), before + 1, 'exactly one resource was created');
      assert.deepEqual(await route.read(t, admin.token, first.body.id), first.body, 'the replayed resource is the stored one');
    });

    it('refuses the same key with another body with 422 idempotency_key_reused and creates nothing more', async () => {
      const caller = await route.newCaller(t);
      const key = unique('key');
      const body = route.body(unique('idem'));
      const first = await send(t, route.path, body, caller, key);
      expectFirstAnswer(first, 201);
      const after = await route.count(t, admin.token);
      const reused = await send(t, route.path, route.body(unique('other')), caller, key);
      expectError(reused, 422, 'idempotency_key_reused');
      assert.equal(reused.headers.get('idempotent-replayed'), null);
      assert.equal(await route.count(t, admin.token), after, 'no second resource');
      // The key still belongs to the first request.
      expectReplayOf(await send(t, route.path, body, caller, key), first);
    });

    it('answers the same key with another body that fails validation 422 idempotency_key_reused, not 400: the key is checked first', async () => {
      const caller = await route.newCaller(t);
      const key = unique('key');
      const body = route.body(unique('idem'));
      const first = await send(t, route.path, body, caller, key);
      expectFirstAnswer(first, 201);
      expectError(await send(t, route.path, { ...body, name: 7, amount: 'seven', email: 7 }, caller, key), 422, 'idempotency_key_reused');
      expectReplayOf(await send(t, route.path, body, caller, key), first);
    });

    it("scopes the key to the caller: another caller's request with the same key creates its own resource (201, not a replay)", async () => {
      const caller = await route.newCaller(t);
      const other = await route.newCaller(t);
      const key = unique('key');
      const tag = unique('idem');
      const before = await route.count(t, admin.token);
      const first = await send(t, route.path, route.body(tag), caller, key);
      expectFirstAnswer(first, 201);
      // Signup emails are unique, so the other client signs up another address; elsewhere the body is the same.
      const otherBody = route.path === '/v1/users' ? route.body(unique('idem')) : route.body(tag);
      const second = await send(t, route.path, otherBody, other, key);
      expectFirstAnswer(second, 201);
      assert.notEqual(second.body.id, first.body.id);
      assert.equal(await route.count(t, admin.token), before + 2);
      expectReplayOf(await send(t, route.path, route.body(tag), caller, key), first);
      expectReplayOf(await send(t, route.path, otherBody, other, key), second);
    });
  });
}

describe('Idempotency-Key: scope, concurrency, kept answers, header, retention', () => {
  const t = useTestApp();
  let owner: LoggedIn & { accountId: string };
  before(async () => {
    owner = await accountOwner(t.api);
  });

  async function accountTransactions(token: string): Promise<any[]> {
    return listAll(t.api, token, '/v1/transactions');
  }

  it('scopes the key to the route: the same key on /v1/transactions and /v1/payments creates one of each', async () => {
    const caller = await accountOwner(t.api);
    const key = unique('key');
    const transaction = await send(t, '/v1/transactions', transactionBody('shared'), caller, key);
    expectFirstAnswer(transaction, 201);
    const payment = await send(t, '/v1/payments', paymentBody('shared'), caller, key);
    expectFirstAnswer(payment, 201);
    assert.match(transaction.body.id, /^txn_/);
    assert.match(payment.body.id, /^pay_/);
    expectReplayOf(await send(t, '/v1/transactions', transactionBody('shared'), caller, key), transaction);
    expectReplayOf(await send(t, '/v1/payments', paymentBody('shared'), caller, key), payment);
    assert.deepEqual(
      (await accountTransactions(caller.token)).map((item) => item.id),
      [transaction.body.id],
    );
  });

  it('scopes the key to the route as registered, not as spelled: a percent-encoded path gets the replay', async () => {
    const caller = await accountOwner(t.api);
    const key = unique('key');
    const first = await send(t, '/v1/transactions', transactionBody('spelled'), caller, key);
    expectFirstAnswer(first, 201);
    expectReplayOf(await send(t, '/v1/%74ransactions', transactionBody('spelled'), caller, key), first);
    assert.deepEqual(
      (await accountTransactions(caller.token)).map((item) => item.id),
      [first.body.id],
    );
  });

  it('scopes the key to the user, not the session: the same user in another session gets the replay', async () => {
    const caller = await accountOwner(t.api);
    const key = unique('key');
    const first = await send(t, '/v1/transactions', transactionBody('sessions'), caller, key);
    expectFirstAnswer(first, 201);
    const secondSession = await login(t.api, caller.email, caller.password);
    expectReplayOf(await send(t, '/v1/transactions', transactionBody('sessions'), secondSession, key), first);
    assert.deepEqual(
      (await accountTransactions(caller.token)).map((item) => item.id),
      [first.body.id],
    );
  });

  it('creates exactly one resource for 10 concurrent requests with one key: each answer is 201 (one id) or 409 idempotency_request_in_progress', async () => {
    const caller = await accountOwner(t.api);
    const key = unique('key');
    const body = transactionBody('race');
    const responses = await Promise.all(Array.from({ length: 10 }, () => send(t, '/v1/transactions', body, caller, key)));
    const statuses = responses.map((response) => response.status).join(',');
    const created = responses.filter((response) => response.status === 201);
    assert.ok(created.length >= 1, `statuses: ${statuses}`);
    for (const response of responses) if (response.status !== 201) expectError(response, 409, 'idempotency_request_in_progress');
    assert.equal(new Set(created.map((response) => response.body.id)).size, 1, 'every 201 carries the same id');
    const originals = created.filter((response) => response.headers.get('idempotent-replayed') === null);
    assert.equal(originals.length, 1, `exactly one answer is the original; statuses: ${statuses}`);
    for (const response of created) if (response !== originals[0]) expectReplayOf(response, originals[0]);
    const transactions = await accountTransactions(caller.token);
    assert.deepEqual(
      transactions.map((item) => item.id),
      [created[0].body.id],
    );
    // Once the first has finished, the key replays it.
    expectReplayOf(await send(t, '/v1/transactions', body, caller, key), originals[0]);
  });

  it('keeps an error answer that is neither 5xx nor 400: 409 account_already_exists is replayed byte for byte', async () => {
    const key = unique('key');
    const body = { type: 'business', name: 'Second Account', email: 'second@example.com' };
    const first = await send(t, '/v1/accounts', body, owner, key);
    expectFirstAnswer(first, 409);
    expectError(first, 409, 'account_already_exists');
    const replay = await send(t, '/v1/accounts', body, owner, key);
    expectReplayOf(replay, first);
    // The very answer of the first request, request_id included.
    assert.equal(replay.body.request_id, first.headers.get('x-request-id'));
    assert.equal((await t.api.get('/v1/account', { token: owner.token })).body.id, owner.accountId);
  });

  it('keeps a 404 answer even once a retry would now succeed: the key is used up by its first answer', async () => {
    const user = await registerAndLogin(t.api);
    const key = unique('key');
    const body = transactionBody('before-account');
    const first = await send(t, '/v1/transactions', body, user, key);
    expectError(first, 404, 'account_not_found');
    // Opening an account does not end the session: the same token now has an account to book on.
    expectStatus(await t.api.post('/v1/accounts', { type: 'individual', name: 'Late', email: 'late@example.com' }, { token: user.token }), 201);
    expectReplayOf(await send(t, '/v1/transactions', body, user, key), first);
    assert.deepEqual(await accountTransactions(user.token), []);
    expectFirstAnswer(await send(t, '/v1/transactions', body, user, unique('key')), 201);
  });

  it('does not store validation failures (as Stripe does): after a 400 the same key with a corrected body creates the resource (201)', async () => {
    const caller = await accountOwner(t.api);
    const key = unique('key');
    const invalid = { ...transactionBody('fixed'), amount: 1.5 };
    const refused = await send(t, '/v1/transactions', invalid, caller, key);
    expectError(refused, 400, 'validation_error');
    // The same invalid body again is validated again, not replayed.
    const again = await send(t, '/v1/transactions', invalid, caller, key);
    expectError(again, 400, 'validation_error');
    assert.equal(again.headers.get('idempotent-replayed'), null);
    assert.notEqual(again.body.request_id, refused.body.request_id);
    const corrected = await send(t, '/v1/transactions', transactionBody('fixed'), caller, key);
    expectFirstAnswer(corrected, 201);
    expectReplayOf(await send(t, '/v1/transactions', transactionBody('fixed'), caller, key), corrected);
    assert.deepEqual(
      (await accountTransactions(caller.token)).map((item) => item.id),
      [corrected.body.id],
    );
  });

  it('validates the header: an empty key or one of 256 characters is 400 validation_error and creates nothing; 255 characters are accepted', async () => {
    const caller = await accountOwner(t.api);
    for (const key of ['', 'k'.repeat(256)]) {
      const response = await send(t, '/v1/transactions', transactionBody('header'), caller, key);
      expectError(response, 400, 'validation_error');
      assert.ok(Array.isArray(response.body.details) && response.body.details.length > 0);
      assert.equal(response.body.details[0].field.toLowerCase(), 'idempotency-key');
    }
    assert.deepEqual(await accountTransactions(caller.token), []);
    const longest = 'k'.repeat(255);
    const first = await send(t, '/v1/transactions', transactionBody('header'), caller, longest);
    expectFirstAnswer(first, 201);
    expectReplayOf(await send(t, '/v1/transactions', transactionBody('header'), caller, longest), first);
    assert.equal((await accountTransactions(caller.token)).length, 1);
  });

  it('forgets a key after 24 hours: once its row has expired, the same key with another body creates a new resource (201)', async () => {
    const caller = await accountOwner(t.api);
    const key = unique('key');
    const usedFrom = Date.now();
    const first = await send(t, '/v1/transactions', transactionBody('day-one'), caller, key);
    expectFirstAnswer(first, 201);
    expectError(await send(t, '/v1/transactions', transactionBody('day-two'), caller, key), 422, 'idempotency_key_reused');
    const expired = await sql(t.databaseUrl, 'UPDATE idempotency_keys SET expires_at = $1 WHERE created_at >= $2', [Date.now() - 1000, usedFrom]);
    assert.equal(expired.changes, 1, 'the one key used since the start of this test');
    const second = await send(t, '/v1/transactions', transactionBody('day-two'), caller, key);
    expectFirstAnswer(second, 201);
    assert.notEqual(second.body.id, first.body.id);
    expectReplayOf(await send(t, '/v1/transactions', transactionBody('day-two'), caller, key), second);
    assert.deepEqual((await accountTransactions(caller.token)).map((item) => item.id).sort(), [first.body.id, second.body.id].sort());
  });

  it('never deduplicates requests without the header: two identical POSTs create two resources', async () => {
    const caller = await accountOwner(t.api);
    const transactions = [await send(t, '/v1/transactions', transactionBody('twice'), caller), await send(t, '/v1/transactions', transactionBody('twice'), caller)];
    const payments = [await send(t, '/v1/payments', paymentBody('twice'), caller), await send(t, '/v1/payments', paymentBody('twice'), caller)];
    for (const response of [...transactions, ...payments]) expectFirstAnswer(response, 201);
    assert.notEqual(transactions[0].body.id, transactions[1].body.id);
    assert.notEqual(payments[0].body.id, payments[1].body.id);
    assert.equal((await accountTransactions(caller.token)).length, 2);
    const stored = await sql(t.databaseUrl, 'SELECT COUNT(*) AS n FROM payment_requests WHERE account_id = $1', [payments[0].body.account_id]);
    assert.equal(Number(stored.rows[0].n), 2);
  });
});

describe('idempotency never stores a secret (contract section 18)', () => {
  const t = useTestApp({ WEBHOOK_ALLOW_PRIVATE: 'true' });

  it('refuses Idempotency-Key on webhook endpoint creation and secret rotation (400), whose answers carry the secret', async () => {
    const owner = await accountOwner(t.api);
    const body = { url: 'https://127.0.0.1:9/hook', enabled_events: ['*'] };
    const refused = await send(t, '/v1/webhook_endpoints', body, owner, unique('key'));
    expectError(refused, 400, 'validation_error');
    assert.equal(refused.body.details[0].field, 'Idempotency-Key');
    const created = await send(t, '/v1/webhook_endpoints', body, owner);
    expectStatus(created, 201);
    assert.match(created.body.secret, /^whsec_/);
    const rotation = await send(t, `/v1/webhook_endpoints/${created.body.id}/rotate_secret`, {}, owner, unique('key'));
    expectError(rotation, 400, 'validation_error');
  });

  it('no stored idempotent answer contains a secret (whsec_, sk_), whatever was created with a key', async () => {
    const owner = await accountOwner(t.api);
    // Before section 18 this was 201 and its answer, secret included, was kept for replays.
    await send(t, '/v1/webhook_endpoints', { url: 'https://127.0.0.1:9/hook', enabled_events: ['*'] }, owner, unique('key'));
    await send(t, '/v1/transactions', transactionBody(unique('t')), owner, unique('key'));
    await send(t, '/v1/payments', paymentBody(unique('p')), owner, unique('key'));
    const stored = await sql(t.databaseUrl, 'SELECT response_body FROM idempotency_keys');
    assert.ok(stored.rows.length >= 2, `${stored.rows.length} stored answers`);
    for (const row of stored.rows) assert.doesNotMatch(String(row.response_body), /whsec_|sk_/);
  });
});
