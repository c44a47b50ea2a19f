import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ApiClient } from './support/api-client';
import {
  accountMember,
  accountOwner,
  createAccount,
  expectError,
  expectStatus,
  expectValidationFields,
  LoggedIn,
  login,
  loginAdmin,
  registerAndLogin,
  signup,
} from './support/factories';
import { ACCOUNT_FIELDS, idPattern, ISO_TIMESTAMP, walkPages } from './support/shapes';
import { startTestApp, TestApp, useTestApp } from './support/test-app';

const ACCOUNT_ID = idPattern('acc');
const UNKNOWN_ACCOUNT = 'acc_01JDQ4Z8X9T2M3N4P5Q6R7S8T9';

/** Asserts the contract's account record, exactly its fields, and the expected values. */
function assertAccount(account: any, expected: Record<string, unknown> = {}): void {
  assert.deepEqual(Object.keys(account).sort(), ACCOUNT_FIELDS);
  assert.match(account.id, ACCOUNT_ID);
  assert.ok(['individual', 'business'].includes(account.type));
  assert.ok(['open', 'closed'].includes(account.status));
  assert.match(account.created_at, ISO_TIMESTAMP);
  assert.match(account.updated_at, ISO_TIMESTAMP);
  assert.equal(typeof account.preferences, 'object');
  assert.ok(account.preferences !== null && !Array.isArray(account.preferences));
  // This file's application opens test-mode accounts (the default outside production).
  assert.deepEqual([account.mode, account.livemode], ['test', false]);
  if (account.status === 'open') assert.equal(account.closed_at, null);
  else assert.match(account.closed_at, ISO_TIMESTAMP);
  for (const [field, value] of Object.entries(expected)) assert.deepEqual(account[field], value, `account.${field}`);
}

/** Walks the admin account list page by page; returns the ids in the order served. */
function walkAccounts(api: ApiClient, token: string, query: string): Promise<string[]> {
  return walkPages(api, token, `/v1/auth/accounts?${query}`, (account) => assertAccount(account));
}

async function accountOf(api: ApiClient, adminToken: string, accountId: string): Promise<any> {
  const list = await api.get('/v1/auth/accounts?limit=100', { token: adminToken });
  expectStatus(list, 200);
  return list.body.data.find((account: { id: string }) => account.id === accountId);
}

describe('POST /v1/accounts', () => {
  const t = useTestApp();
  let admin: LoggedIn;
  before(async () => {
    admin = await loginAdmin(t.api);
  });

  it('opens an account with 201 and the account record; the caller becomes its owner and joins it', async () => {
    const user = await registerAndLogin(t.api);
    const response = await t.api.post(
      '/v1/accounts',
      { type: 'individual', name: '  Ada Trading ', email: ' Billing@Ada.Example ', preferences: { locale: 'en-GB', statement_day: 1 } },
      { token: user.token },
    );
    expectStatus(response, 201);
    assertAccount(response.body, {
      type: 'individual',
      name: 'Ada Trading',
      email: 'billing@ada.example',
      preferences: { locale: 'en-GB', statement_day: 1 },
      status: 'open',
      owner_user_id: user.user.id,
      closed_at: null,
    });
    assert.equal(response.body.created_at, response.body.updated_at);
    const owner = await t.api.get(`/v1/users/${user.user.id}`, { token: user.token });
    expectStatus(owner, 200);
    assert.equal(owner.body.account_id, response.body.id);
    const own = await t.api.get('/v1/account', { token: user.token });
    expectStatus(own, 200);
    assert.deepEqual(own.body, response.body);
  });

  it('defaults preferences to an empty object', async () => {
    const user = await registerAndLogin(t.api);
    const response = await t.api.post('/v1/accounts', { type: 'business', name: 'Plain Ltd', email: 'plain@example.com' }, { token: user.token });
    expectStatus(response, 201);
    assertAccount(response.body, { preferences: {}, type: 'business' });
  });

  it('refuses a second account with 409 account_already_exists, also for a member of an account', async () => {
    const owner = await accountOwner(t.api);
    const second = await t.api.post('/v1/accounts', { type: 'business', name: 'Second', email: 'second@example.com' }, { token: owner.token });
    expectError(second, 409, 'account_already_exists');
    const member = await accountMember(t.api, owner.token, owner.accountId);
    const byMember = await t.api.post('/v1/accounts', { type: 'individual', name: 'Mine', email: 'mine@example.com' }, { token: member.token });
    expectError(byMember, 409, 'account_already_exists');
    const own = await t.api.get('/v1/account', { token: member.token });
    assert.equal(own.body.id, owner.accountId);
  });

  it('of 10 concurrent creations by one user, exactly one is 201 and the others 409; one account exists', async () => {
    const user = await registerAndLogin(t.api);
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) => t.api.post('/v1/accounts', { type: 'business', name: `Race ${i}`, email: `race${i}@example.com` }, { token: user.token })),
    );
    const created = responses.filter((response) => response.status === 201);
    assert.equal(created.length, 1, `statuses: ${responses.map((response) => response.status).join(',')}`);
    for (const response of responses) if (response.status !== 201) expectError(response, 409, 'account_already_exists');
    const all = await t.api.get('/v1/auth/accounts?limit=100', { token: admin.token });
    const owned = all.body.data.filter((account: { owner_user_id: string }) => account.owner_user_id === user.user.id);
    assert.deepEqual(owned, [created[0].body]);
    const own = await t.api.get('/v1/account', { token: user.token });
    assert.deepEqual(own.body, created[0].body);
  });

  it('refuses owner_user_id from a member with 403 insufficient_permissions', async () => {
    const user = await registerAndLogin(t.api);
    const other = await signup(t.api);
    for (const ownerUserId of [other.id, user.user.id]) {
      const response = await t.api.post('/v1/accounts', { type: 'business', name: 'Proxy', email: 'proxy@example.com', owner_user_id: ownerUserId }, { token: user.token });
      expectError(response, 403, 'insufficient_permissions');
    }
    expectError(await t.api.get('/v1/account', { token: user.token }), 404, 'account_not_found');
  });

  it('lets an admin open an account for another user with owner_user_id', async () => {
    const user = await registerAndLogin(t.api);
    const response = await t.api.post('/v1/accounts', { type: 'business', name: 'Managed Ltd', email: 'managed@example.com', owner_user_id: user.user.id }, { token: admin.token });
    expectStatus(response, 201);
    assertAccount(response.body, { owner_user_id: user.user.id, status: 'open', name: 'Managed Ltd' });
    const own = await t.api.get('/v1/account', { token: user.token });
    expectStatus(own, 200);
    assert.deepEqual(own.body, response.body);
    // The admin itself did not join it.
    expectError(await t.api.get('/v1/account', { token: admin.token }), 404, 'account_not_found');
  });

  it('refuses an admin opening an account for a user who already has one with 409 account_already_exists', async () => {
    const owner = await accountOwner(t.api);
    const response = await t.api.post('/v1/accounts', { type: 'business', name: 'Another', email: 'another@example.com', owner_user_id: owner.user.id }, { token: admin.token });
    expectError(response, 409, 'account_already_exists');
    const own = await t.api.get('/v1/account', { token: owner.token });
    assert.equal(own.body.id, owner.accountId);
  });

  it('answers an admin naming an unknown user with 404 user_not_found', async () => {
    for (const ownerUserId of ['usr_01JDQ4Z8X9T2M3N4P5Q6R7S8T9', 'nobody']) {
      const response = await t.api.post('/v1/accounts', { type: 'business', name: 'Ghost', email: 'ghost@example.com', owner_user_id: ownerUserId }, { token: admin.token });
      expectError(response, 404, 'user_not_found');
    }
  });

  it('refuses an invalid body with 400 validation_error naming each field', async () => {
    const user = await registerAndLogin(t.api);
    const valid = { type: 'business', name: 'Valid', email: 'valid@example.com' };
    expectValidationFields(await t.api.post('/v1/accounts', { ...valid, type: 'charity' }, { token: user.token }), ['type']);
    expectValidationFields(await t.api.post('/v1/accounts', { ...valid, email: 'not-an-email' }, { token: user.token }), ['email']);
    expectValidationFields(await t.api.post('/v1/accounts', { ...valid, name: '   ' }, { token: user.token }), ['name']);
    expectValidationFields(await t.api.post('/v1/accounts', { ...valid, preferences: ['a'] }, { token: user.token }), ['preferences']);
    expectValidationFields(await t.api.post('/v1/accounts', { type: 'business' }, { token: user.token }), ['name', 'email']);
    const unknown = await t.api.post('/v1/accounts', { ...valid, status: 'closed' }, { token: user.token });
    expectError(unknown, 400, 'validation_error');
    assert.deepEqual(unknown.body.details, [{ field: 'status', message: 'is not an accepted field' }]);
    expectError(await t.api.get('/v1/account', { token: user.token }), 404, 'account_not_found');
  });

  it('refuses too many preferences on creation with 400 validation_error', async () => {
    const user = await registerAndLogin(t.api);
    const preferences = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`key${i}`, i]));
    const response = await t.api.post('/v1/accounts', { type: 'business', name: 'Many', email: 'many@example.com', preferences }, { token: user.token });
    expectValidationFields(response, ['preferences']);
  });

  it('answers without a token with 401 unauthorized', async () => {
    expectError(await t.api.post('/v1/accounts', { type: 'business', name: 'Anon', email: 'anon@example.com' }), 401, 'unauthorized');
  });
});

describe('GET /v1/account', () => {
  const t = useTestApp();

  it("returns the caller's account to its owner and its members", async () => {
    const owner = await registerAndLogin(t.api);
    const account = await createAccount(t.api, owner.token, { type: 'individual', name: 'Mine', email: 'mine@example.com', preferences: { theme: 'dark' } });
    const member = await accountMember(t.api, owner.token, account.id);
    for (const caller of [owner, member]) {
      const response = await t.api.get('/v1/account', { token: caller.token });
      expectStatus(response, 200);
      assertAccount(response.body, { ...account, status: 'open' });
    }
  });

  it('answers a caller without an account with 404 account_not_found', async () => {
    const loner = await registerAndLogin(t.api);
    expectError(await t.api.get('/v1/account', { token: loner.token }), 404, 'account_not_found');
    const admin = await loginAdmin(t.api);
    expectError(await t.api.get('/v1/account', { token: admin.token }), 404, 'account_not_found');
  });
});

describe('PATCH /v1/accounts', () => {
  const t = useTestApp();
  let admin: LoggedIn;
  before(async () => {
    admin = await loginAdmin(t.api);
  });

  it('keeps preference keys named like Object.prototype members', async () => {
    const owner = await accountOwner(t.api);
    const response = await t.api.patch('/v1/accounts', { preferences: { constructor: 'x', toString: 2, hasOwnProperty: true } }, { token: owner.token });
    expectStatus(response, 200);
    assert.deepEqual(response.body.preferences, { constructor: 'x', toString: 2, hasOwnProperty: true });
  });

  it('lets the owner change name and email', async () => {
    const owner = await accountOwner(t.api);
    const before = await t.api.get('/v1/account', { token: owner.token });
    const response = await t.api.patch('/v1/accounts', { name: ' Renamed plc ', email: ' Accounts@Renamed.Example ' }, { token: owner.token });
    expectStatus(response, 200);
    assertAccount(response.body, {
      id: owner.accountId,
      name: 'Renamed plc',
      email: 'accounts@renamed.example',
      type: before.body.type,
      preferences: before.body.preferences,
      created_at: before.body.created_at,
      owner_user_id: owner.user.id,
      status: 'open',
    });
    assert.ok(response.body.updated_at >= before.body.updated_at);
    const after = await t.api.get('/v1/account', { token: owner.token });
    assert.deepEqual(after.body, response.body);
  });

  it('merges preferences key by key and removes a key set to null', async () => {
    const owner = await registerAndLogin(t.api);
    await createAccount(t.api, owner.token, { preferences: { locale: 'en-GB', statement_day: 1, theme: 'dark' } });
    const first = await t.api.patch('/v1/accounts', { preferences: { statement_day: null, theme: 'light', alerts: { email: true } } }, { token: owner.token });
    expectStatus(first, 200);
    assert.deepEqual(first.body.preferences, { locale: 'en-GB', theme: 'light', alerts: { email: true } });
    const second = await t.api.patch('/v1/accounts', { preferences: { locale: 'fr-FR', missing: null } }, { token: owner.token });
    expectStatus(second, 200);
    assert.deepEqual(second.body.preferences, { locale: 'fr-FR', theme: 'light', alerts: { email: true } });
    const nameOnly = await t.api.patch('/v1/accounts', { name: 'Kept Preferences' }, { token: owner.token });
    assert.deepEqual(nameOnly.body.preferences, second.body.preferences);
    const read = await t.api.get('/v1/account', { token: owner.token });
    assert.deepEqual(read.body.preferences, { locale: 'fr-FR', theme: 'light', alerts: { email: true } });
  });

  it('refuses preferences over 50 keys or 8 KiB with 400 validation_error and stores nothing', async () => {
    const owner = await registerAndLogin(t.api);
    const thirty = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`a${i}`, i]));
    await createAccount(t.api, owner.token, { preferences: thirty });
    const twenty = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`b${i}`, i]));
    const fifty = await t.api.patch('/v1/accounts', { preferences: twenty }, { token: owner.token });
    expectStatus(fifty, 200);
    assert.equal(Object.keys(fifty.body.preferences).length, 50);
    expectValidationFields(await t.api.patch('/v1/accounts', { preferences: { one_more: true } }, { token: owner.token }), ['preferences']);
    // Replacing a key and removing another keeps 50: accepted.
    const swapped = await t.api.patch('/v1/accounts', { preferences: { a0: null, c0: 'new' } }, { token: owner.token });
    expectStatus(swapped, 200);
    assert.equal(Object.keys(swapped.body.preferences).length, 50);
    expectValidationFields(await t.api.patch('/v1/accounts', { preferences: { a1: null, big: 'x'.repeat(8 * 1024) } }, { token: owner.token }), ['preferences']);
    const read = await t.api.get('/v1/account', { token: owner.token });
    assert.deepEqual(read.body.preferences, swapped.body.preferences);
  });

  it('refuses an empty body and unknown fields with 400 validation_error', async () => {
    const owner = await accountOwner(t.api);
    expectError(await t.api.patch('/v1/accounts', {}, { token: owner.token }), 400, 'validation_error');
    for (const field of ['status', 'type', 'owner_user_id']) {
      const response = await t.api.patch('/v1/accounts', { name: 'X', [field]: 'closed' }, { token: owner.token });
      expectError(response, 400, 'validation_error');
      assert.deepEqual(response.body.details, [{ field, message: 'is not an accepted field' }]);
    }
    expectValidationFields(await t.api.patch('/v1/accounts', { email: 'nope' }, { token: owner.token }), ['email']);
    expectValidationFields(await t.api.patch('/v1/accounts', { preferences: 'dark' }, { token: owner.token }), ['preferences']);
  });

  it('refuses a non-owner member with 403 insufficient_permissions', async () => {
    const owner = await accountOwner(t.api);
    const member = await accountMember(t.api, owner.token, owner.accountId);
    expectError(await t.api.patch('/v1/accounts', { name: 'Taken Over' }, { token: member.token }), 403, 'insufficient_permissions');
    expectError(await t.api.patch(`/v1/accounts?account_id=${owner.accountId}`, { name: 'Taken Over' }, { token: member.token }), 403, 'insufficient_permissions');
    const read = await t.api.get('/v1/account', { token: owner.token });
    assert.equal(read.body.name, 'Acme Ltd');
  });

  it('lets an admin update any account with ?account_id=', async () => {
    const owner = await accountOwner(t.api);
    const response = await t.api.patch(`/v1/accounts?account_id=${owner.accountId}`, { name: 'Admin Edit', preferences: { flagged: true } }, { token: admin.token });
    expectStatus(response, 200);
    assertAccount(response.body, { id: owner.accountId, name: 'Admin Edit', preferences: { flagged: true }, owner_user_id: owner.user.id });
    const read = await t.api.get('/v1/account', { token: owner.token });
    assert.deepEqual(read.body, response.body);
    expectError(await t.api.patch(`/v1/accounts?account_id=${UNKNOWN_ACCOUNT}`, { name: 'X' }, { token: admin.token }), 404, 'account_not_found');
    // An admin without an account of its own must name one.
    expectError(await t.api.patch('/v1/accounts', { name: 'X' }, { token: admin.token }), 404, 'account_not_found');
  });

  it("answers a member naming another account's ?account_id= with 404 account_not_found", async () => {
    const owner = await accountOwner(t.api);
    const other = await accountOwner(t.api);
    expectError(await t.api.patch(`/v1/accounts?account_id=${other.accountId}`, { name: 'Hijack' }, { token: owner.token }), 404, 'account_not_found');
    const read = await t.api.get('/v1/account', { token: other.token });
    assert.equal(read.body.name, 'Acme Ltd');
    // Naming its own account is allowed.
    expectStatus(await t.api.patch(`/v1/accounts?account_id=${owner.accountId}`, { name: 'Own' }, { token: owner.token }), 200);
    const loner = await registerAndLogin(t.api);
    expectError(await t.api.patch('/v1/accounts', { name: 'None' }, { token: loner.token }), 404, 'account_not_found');
  });

  it('refuses a patch of a closed account with 403 account_closed', async () => {
    const owner = await accountOwner(t.api);
    expectStatus(await t.api.delete('/v1/auth/close', undefined, { token: owner.token }), 200);
    expectError(await t.api.patch(`/v1/accounts?account_id=${owner.accountId}`, { name: 'Reopened?' }, { token: admin.token }), 403, 'account_closed');
    const account = await accountOf(t.api, admin.token, owner.accountId);
    assert.equal(account.name, 'Acme Ltd');
    assert.equal(account.status, 'closed');
  });

  it('keeps every key when preferences are patched concurrently', async () => {
    const owner = await accountOwner(t.api);
    const responses = await Promise.all(Array.from({ length: 8 }, (_, i) => t.api.patch('/v1/accounts', { preferences: { [`key${i}`]: i } }, { token: owner.token })));
    responses.forEach((response) => expectStatus(response, 200));
    const read = await t.api.get('/v1/account', { token: owner.token });
    assert.deepEqual(read.body.preferences, Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`key${i}`, i])));
  });
});

describe('DELETE /v1/auth/close', () => {
  const t = useTestApp();
  let admin: LoggedIn;
  before(async () => {
    admin = await loginAdmin(t.api);
  });

  it("closes the owner's account: 200 with the counts, every member's session ends, logins get 403, closing again 403", async () => {
    const owner = await accountOwner(t.api);
    const member = await accountMember(t.api, owner.token, owner.accountId);
    const memberSecond = await login(t.api, member.email, member.password);
    const outsider = await registerAndLogin(t.api);
    const response = await t.api.delete('/v1/auth/close', undefined, { token: owner.token });
    expectStatus(response, 200);
    assert.deepEqual(Object.keys(response.body).sort(), ['account_id', 'canceled_payments', 'canceled_transactions', 'closed_at', 'revoked_sessions', 'status']);
    assert.match(response.body.closed_at, ISO_TIMESTAMP);
    assert.deepEqual(response.body, {
      account_id: owner.accountId,
      status: 'closed',
      closed_at: response.body.closed_at,
      revoked_sessions: 3,
      canceled_transactions: 0,
      canceled_payments: 0,
    });
    for (const session of [owner, member, memberSecond]) {
      expectError(await t.api.get('/v1/account', { token: session.token }), 401, 'unauthorized');
      expectError(await t.api.post('/v1/auth/refresh', {}, { token: session.refreshToken }), 401, 'refresh_token_invalid');
    }
    for (const user of [owner, member]) {
      expectError(await t.api.post('/v1/auth/login', { email: user.email, password: user.password }), 403, 'account_closed');
    }
    // Others are untouched.
    expectStatus(await t.api.get(`/v1/users/${outsider.user.id}`, { token: outsider.token }), 200);
    const account = await accountOf(t.api, admin.token, owner.accountId);
    assertAccount(account, { status: 'closed', closed_at: response.body.closed_at, owner_user_id: owner.user.id });
    // The owner's session is gone: only an admin can still name it, and it is closed for good.
    expectError(await t.api.delete(`/v1/auth/close?account_id=${owner.accountId}`, undefined, { token: admin.token }), 403, 'account_closed');
  });

  it('refuses a non-owner member with 403 insufficient_permissions and leaves the account open', async () => {
    const owner = await accountOwner(t.api);
    const member = await accountMember(t.api, owner.token, owner.accountId);
    expectError(await t.api.delete('/v1/auth/close', undefined, { token: member.token }), 403, 'insufficient_permissions');
    const read = await t.api.get('/v1/account', { token: owner.token });
    assertAccount(read.body, { status: 'open', closed_at: null });
    expectStatus(await t.api.get('/v1/account', { token: member.token }), 200);
  });

  it('answers a member naming another account, or a caller without one, with 404 account_not_found', async () => {
    const owner = await accountOwner(t.api);
    const other = await accountOwner(t.api);
    expectError(await t.api.delete(`/v1/auth/close?account_id=${other.accountId}`, undefined, { token: owner.token }), 404, 'account_not_found');
    const loner = await registerAndLogin(t.api);
    expectError(await t.api.delete('/v1/auth/close', undefined, { token: loner.token }), 404, 'account_not_found');
    expectError(await t.api.delete('/v1/auth/close', undefined, { token: admin.token }), 404, 'account_not_found');
    expectError(await t.api.delete(`/v1/auth/close?account_id=${UNKNOWN_ACCOUNT}`, undefined, { token: admin.token }), 404, 'account_not_found');
    expectStatus(await t.api.get('/v1/account', { token: other.token }), 200);
  });

  it('lets an admin close any account with ?account_id=', async () => {
    const owner = await accountOwner(t.api);
    const member = await accountMember(t.api, owner.token, owner.accountId);
    const response = await t.api.delete(`/v1/auth/close?account_id=${owner.accountId}`, undefined, { token: admin.token });
    expectStatus(response, 200);
    assert.deepEqual(response.body, {
      account_id: owner.accountId,
      status: 'closed',
      closed_at: response.body.closed_at,
      revoked_sessions: 2,
      canceled_transactions: 0,
      canceled_payments: 0,
    });
    for (const session of [owner, member]) expectError(await t.api.get('/v1/account', { token: session.token }), 401, 'unauthorized');
    // The admin's own session is not part of the account.
    expectStatus(await t.api.get('/v1/auth/accounts', { token: admin.token }), 200);
  });

  it('of 5 concurrent closes exactly one is 200 and the others 403 account_closed', async () => {
    const owner = await accountOwner(t.api);
    await accountMember(t.api, owner.token, owner.accountId);
    const responses = await Promise.all(Array.from({ length: 5 }, () => t.api.delete(`/v1/auth/close?account_id=${owner.accountId}`, undefined, { token: admin.token })));
    const winners = responses.filter((response) => response.status === 200);
    assert.equal(winners.length, 1, `statuses: ${responses.map((response) => response.status).join(',')}`);
    assert.equal(winners[0].body.revoked_sessions, 2);
    for (const response of responses) if (response.status !== 200) expectError(response, 403, 'account_closed');
    const account = await accountOf(t.api, admin.token, owner.accountId);
    assert.equal(account.closed_at, winners[0].body.closed_at);
  });
});

describe('GET /v1/auth/accounts', () => {
  let t: TestApp;
  let admin: LoggedIn;
  /** Every account, oldest first. */
  let accounts: { id: string; type: string; status: string }[];
  before(async () => {
    t = await startTestApp();
    admin = await loginAdmin(t.api);
    accounts = [];
    for (const type of ['business', 'individual', 'business', 'individual', 'business']) {
      const owner = await registerAndLogin(t.api);
      const account = await createAccount(t.api, owner.token, { type });
      accounts.push({ id: account.id, type, status: 'open' });
    }
    for (const index of [1, 2]) {
      expectStatus(await t.api.delete(`/v1/auth/close?account_id=${accounts[index].id}`, undefined, { token: admin.token }), 200);
      accounts[index].status = 'closed';
    }
  });
  after(() => t.close());

  it('refuses members, owners included, with 403 insufficient_permissions and anonymous callers with 401', async () => {
    const owner = await accountOwner(t.api);
    accounts.push({ id: owner.accountId, type: 'business', status: 'open' });
    expectError(await t.api.get('/v1/auth/accounts', { token: owner.token }), 403, 'insufficient_permissions');
    const loner = await registerAndLogin(t.api);
    expectError(await t.api.get('/v1/auth/accounts', { token: loner.token }), 403, 'insufficient_permissions');
    expectError(await t.api.get('/v1/auth/accounts'), 401, 'unauthorized');
  });

  it('lists every account to an admin, newest first', async () => {
    const response = await t.api.get('/v1/auth/accounts', { token: admin.token });
    expectStatus(response, 200);
    assert.deepEqual(
      response.body.data.map((account: { id: string }) => account.id),
      accounts.map((account) => account.id).reverse(),
    );
    assert.equal(response.body.has_more, false);
    assert.equal(response.body.next_cursor, null);
    for (const account of response.body.data) {
      const expected = accounts.find((item) => item.id === account.id)!;
      assertAccount(account, { type: expected.type, status: expected.status });
    }
  });

  it('filters by type and by status, also combined', async () => {
    const expect = (filter: (account: { type: string; status: string }) => boolean) =>
      accounts
        .filter(filter)
        .map((account) => account.id)
        .reverse();
    const cases: [string, (account: { type: string; status: string }) => boolean][] = [
      ['type=business', (account) => account.type === 'business'],
      ['type=individual', (account) => account.type === 'individual'],
      ['status=open', (account) => account.status === 'open'],
      ['status=closed', (account) => account.status === 'closed'],
      ['type=business&status=closed', (account) => account.type === 'business' && account.status === 'closed'],
    ];
    for (const [query, filter] of cases) {
      const response = await t.api.get(`/v1/auth/accounts?${query}`, { token: admin.token });
      expectStatus(response, 200);
      assert.deepEqual(
        response.body.data.map((account: { id: string }) => account.id),
        expect(filter),
        query,
      );
    }
    for (const query of ['type=charity', 'status=frozen', 'owner=me']) {
      expectError(await t.api.get(`/v1/auth/accounts?${query}`, { token: admin.token }), 400, 'validation_error');
    }
  });

  it('paginates with limit=2 and keyset cursors, every account exactly once', async () => {
    const ids = await walkAccounts(t.api, admin.token, 'limit=2');
    assert.deepEqual(ids, accounts.map((account) => account.id).reverse());
    const open = await walkAccounts(t.api, admin.token, 'limit=2&status=open');
    assert.deepEqual(
      open,
      accounts
        .filter((account) => account.status === 'open')
        .map((account) => account.id)
        .reverse(),
    );
    const first = await t.api.get('/v1/auth/accounts?limit=2', { token: admin.token });
    assert.equal(first.body.data.length, 2);
    assert.equal(first.body.has_more, true);
    expectError(await t.api.get('/v1/auth/accounts?cursor=garbage!', { token: admin.token }), 400, 'validation_error');
  });
});
