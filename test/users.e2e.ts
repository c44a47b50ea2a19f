import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ApiClient, ApiResponse } from './support/api-client';
import { accountMember, accountOwner, expectError, expectStatus, LoggedIn, login, loginAdmin, registerAndLogin, signup, STRONG_PASSWORD, uniqueEmail } from './support/factories';
import { idPattern, ISO_TIMESTAMP, USER_FIELDS, walkPages } from './support/shapes';
import { latestToken } from './support/mailed-links';
import { ADMIN_EMAIL, startTestApp, TestApp, useTestApp } from './support/test-app';

const USER_ID = idPattern('usr');

/** Fails when any key anywhere in `value` looks like a password or a hash. */
function assertNoSecrets(value: unknown, path = 'body'): void {
  if (Array.isArray(value)) {
    value.forEach((item, index) => assertNoSecrets(item, `${path}[${index}]`));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      assert.doesNotMatch(key, /pass|hash|secret/i, `${path}.${key} must not be exposed`);
      assertNoSecrets(inner, `${path}.${key}`);
    }
  }
}

/** Asserts the contract's user record, exactly its fields and never a secret, and the expected values. */
function assertUser(user: any, expected: Record<string, unknown> = {}): void {
  assert.deepEqual(Object.keys(user).sort(), USER_FIELDS);
  assertNoSecrets(user);
  assert.match(user.id, USER_ID);
  assert.match(user.created_at, ISO_TIMESTAMP);
  assert.match(user.updated_at, ISO_TIMESTAMP);
  assert.ok(['admin', 'member'].includes(user.role));
  for (const [field, value] of Object.entries(expected)) assert.deepEqual(user[field], value, `user.${field}`);
}

function assertPasswordRefused(response: ApiResponse): void {
  expectError(response, 400, 'validation_error');
  assert.equal(response.body.details.length, 1);
  assert.equal(response.body.details[0].field, 'password');
}

/** Walks a user list page by page; returns the ids in the order served. */
function walkUsers(api: ApiClient, token: string, query: string, between?: () => Promise<unknown>): Promise<string[]> {
  return walkPages(api, token, `/v1/users?${query}`, (user) => assertUser(user), between);
}

function assertNewestFirst(ids: string[]): void {
  for (let i = 1; i < ids.length; i += 1) assert.ok(ids[i - 1] > ids[i], `ids out of order at ${i}: ${ids[i - 1]} then ${ids[i]}`);
}

describe('POST /v1/users', () => {
  const t = useTestApp();
  let admin: LoggedIn;
  before(async () => {
    admin = await loginAdmin(t.api);
  });

  it('signs up with 201 and the user record: usr_ id, email trimmed and lower-cased, role member, no account, no password', async () => {
    const local = uniqueEmail('Mixed.Case');
    const response = await t.api.post('/v1/users', { email: `  ${local.toUpperCase()}  `, password: STRONG_PASSWORD, name: 'Ada Lovelace' });
    expectStatus(response, 201);
    assertUser(response.body, { email: local.toLowerCase(), name: 'Ada Lovelace', role: 'member', account_id: null });
    assert.equal(response.body.created_at, response.body.updated_at);
    const loggedIn = await login(t.api, local.toLowerCase(), STRONG_PASSWORD);
    assertUser(loggedIn.user, { id: response.body.id, email: local.toLowerCase() });
  });

  it('refuses an email already registered, in another case, with 409 email_already_registered', async () => {
    const email = uniqueEmail('dup');
    await signup(t.api, { email });
    const response = await t.api.post('/v1/users', { email: email.toUpperCase(), password: STRONG_PASSWORD, name: 'Twin' });
    expectError(response, 409, 'email_already_registered');
    assertNoSecrets(response.body);
  });

  it('of 5 concurrent signups with one email (in different cases) exactly one is 201, the others 409', async () => {
    const email = uniqueEmail('race');
    const variants = [email, email.toUpperCase(), ` ${email} `, email.replace(/^r/, 'R'), email];
    const responses = await Promise.all(variants.map((variant) => t.api.post('/v1/users', { email: variant, password: STRONG_PASSWORD, name: 'Racer' })));
    const created = responses.filter((response) => response.status === 201);
    assert.equal(created.length, 1, `statuses: ${responses.map((response) => response.status).join(',')}`);
    assertUser(created[0].body, { email });
    for (const response of responses) if (response.status !== 201) expectError(response, 409, 'email_already_registered');
    const found = await t.api.get(`/v1/users?email=${encodeURIComponent(email)}`, { token: admin.token });
    assert.deepEqual(found.body.data, [created[0].body]);
  });

  it('refuses a 14-character password and accepts a 15-character one', async () => {
    assertPasswordRefused(await t.api.post('/v1/users', { email: uniqueEmail(), password: 'Tq8#mZ2!vL9@xR', name: 'Short' }));
    const accepted = await t.api.post('/v1/users', { email: uniqueEmail(), password: 'Tq8#mZ2!vL9@xR4', name: 'Exact' });
    expectStatus(accepted, 201);
    assertUser(accepted.body);
  });

  it('refuses a 129-character password and accepts a 128-character one', async () => {
    const long = Array.from({ length: 129 }, (_, i) => 'Zq7#kW2m'[(i * 5 + Math.floor(i / 8)) % 8]).join('');
    assertPasswordRefused(await t.api.post('/v1/users', { email: uniqueEmail(), password: long, name: 'Long' }));
    expectStatus(await t.api.post('/v1/users', { email: uniqueEmail(), password: long.slice(0, 128), name: 'Longest' }), 201);
  });

  it('refuses the email address as password, in any case', async () => {
    const email = uniqueEmail('mailpass');
    assertPasswordRefused(await t.api.post('/v1/users', { email, password: email, name: 'Echo' }));
    assertPasswordRefused(await t.api.post('/v1/users', { email, password: email.toUpperCase(), name: 'Echo' }));
  });

  it('refuses passwords from the common-password list', async () => {
    for (const password of ['passwordpassword', '1qaz2wsx3edc4rfv', 'PasswordStandard', 'momsanaladventure']) {
      assertPasswordRefused(await t.api.post('/v1/users', { email: uniqueEmail(), password, name: 'Common' }));
    }
  });

  it('refuses repeated and sequential patterns', async () => {
    for (const password of ['aaaaaaaaaaaaaaaa', '123456789012345', 'abcabcabcabcabcabc', 'zyxwvutsrqponmlkj']) {
      assertPasswordRefused(await t.api.post('/v1/users', { email: uniqueEmail(), password, name: 'Pattern' }));
    }
  });

  it('accepts unicode passwords and counts characters, not UTF-16 units', async () => {
    const unicode = await t.api.post('/v1/users', { email: uniqueEmail(), password: 'Grüße aus Köln 密码 ✓', name: 'Unicode' });
    expectStatus(unicode, 201);
    await login(t.api, unicode.body.email, 'Grüße aus Köln 密码 ✓');
    // 14 astral characters are 28 UTF-16 units: still too short.
    const fourteen = '🍎🚲🎻🌋🦊📎🧭🎲🪁🛶🧩🌵🐙🎈';
    assertPasswordRefused(await t.api.post('/v1/users', { email: uniqueEmail(), password: fourteen, name: 'Emoji' }));
    expectStatus(await t.api.post('/v1/users', { email: uniqueEmail(), password: fourteen + '🦉', name: 'Emoji' }), 201);
    // 128 astral characters (256 UTF-16 units) are within the limit, and log in.
    const emoji = [...(fourteen + '🦉')];
    const longest = Array.from({ length: 128 }, (_, i) => emoji[(i * 7 + Math.floor(i / 15)) % 15]).join('');
    const email = uniqueEmail('emoji');
    expectStatus(await t.api.post('/v1/users', { email, password: longest, name: 'Emoji' }), 201);
    await login(t.api, email, longest);
    assertPasswordRefused(await t.api.post('/v1/users', { email: uniqueEmail(), password: longest + '🦉', name: 'Emoji' }));
  });

  it('refuses role or account_id from an anonymous caller with 403 insufficient_permissions', async () => {
    const owner = await accountOwner(t.api);
    const withRole = await t.api.post('/v1/users', { email: uniqueEmail(), password: STRONG_PASSWORD, name: 'Anon', role: 'admin' });
    expectError(withRole, 403, 'insufficient_permissions');
    const withMemberRole = await t.api.post('/v1/users', { email: uniqueEmail(), password: STRONG_PASSWORD, name: 'Anon', role: 'member' });
    expectError(withMemberRole, 403, 'insufficient_permissions');
    const withAccount = await t.api.post('/v1/users', { email: uniqueEmail(), password: STRONG_PASSWORD, name: 'Anon', account_id: owner.accountId });
    expectError(withAccount, 403, 'insufficient_permissions');
  });

  it('refuses role from a member with 403 insufficient_permissions', async () => {
    const owner = await accountOwner(t.api);
    const response = await t.api.post(
      '/v1/users',
      { email: uniqueEmail(), password: STRONG_PASSWORD, name: 'Promoted', role: 'admin', account_id: owner.accountId },
      { token: owner.token },
    );
    expectError(response, 403, 'insufficient_permissions');
  });

  it('lets an admin create an admin with role', async () => {
    const email = uniqueEmail('new-admin');
    const response = await t.api.post('/v1/users', { email, password: STRONG_PASSWORD, name: 'Second Admin', role: 'admin' }, { token: admin.token });
    expectStatus(response, 201);
    assertUser(response.body, { email, role: 'admin', account_id: null });
    const second = await login(t.api, email, STRONG_PASSWORD);
    expectStatus(await t.api.get('/v1/auth/accounts', { token: second.token }), 200);
  });

  it('lets an account owner add a member to its account with account_id', async () => {
    const owner = await accountOwner(t.api);
    const email = uniqueEmail('added');
    const response = await t.api.post('/v1/users', { email, password: STRONG_PASSWORD, name: 'New Member', account_id: owner.accountId }, { token: owner.token });
    expectStatus(response, 201);
    assertUser(response.body, { email, role: 'member', account_id: owner.accountId });
    const member = await login(t.api, email, STRONG_PASSWORD);
    assert.equal(member.user.account_id, owner.accountId);
  });

  it('refuses a non-owner member of the account adding a member with 403 insufficient_permissions', async () => {
    const owner = await accountOwner(t.api);
    const member = await accountMember(t.api, owner.token, owner.accountId);
    const response = await t.api.post('/v1/users', { email: uniqueEmail(), password: STRONG_PASSWORD, name: 'Sneaky', account_id: owner.accountId }, { token: member.token });
    expectError(response, 403, 'insufficient_permissions');
  });

  it('answers an owner naming another account with 404 account_not_found', async () => {
    const owner = await accountOwner(t.api);
    const other = await accountOwner(t.api);
    for (const accountId of [other.accountId, 'acc_01JDQ4Z8X9T2M3N4P5Q6R7S8T9', 'not-an-id']) {
      const response = await t.api.post('/v1/users', { email: uniqueEmail(), password: STRONG_PASSWORD, name: 'Elsewhere', account_id: accountId }, { token: owner.token });
      expectError(response, 404, 'account_not_found');
    }
  });

  it('refuses adding a user to a closed account with 403 account_closed', async () => {
    const owner = await accountOwner(t.api);
    expectStatus(await t.api.delete('/v1/auth/close', undefined, { token: owner.token }), 200);
    const email = uniqueEmail('late');
    const response = await t.api.post('/v1/users', { email, password: STRONG_PASSWORD, name: 'Too Late', account_id: owner.accountId }, { token: admin.token });
    expectError(response, 403, 'account_closed');
    // Nothing was created: the email is still free.
    expectStatus(await t.api.post('/v1/users', { email, password: STRONG_PASSWORD, name: 'Free' }), 201);
  });
});

describe('GET /v1/users', () => {
  let t: TestApp;
  let admin: LoggedIn;
  let ownerA: LoggedIn & { accountId: string };
  let memberA1: LoggedIn;
  let memberA2: LoggedIn;
  let ownerB: LoggedIn & { accountId: string };
  let memberB1: LoggedIn;
  let loner: LoggedIn;
  /** Every user in the database, oldest first. */
  let everyone: string[];

  before(async () => {
    t = await startTestApp();
    admin = await loginAdmin(t.api);
    ownerA = await accountOwner(t.api);
    memberA1 = await accountMember(t.api, ownerA.token, ownerA.accountId);
    memberA2 = await accountMember(t.api, ownerA.token, ownerA.accountId);
    ownerB = await accountOwner(t.api);
    memberB1 = await accountMember(t.api, ownerB.token, ownerB.accountId);
    loner = await registerAndLogin(t.api);
    everyone = [admin, ownerA, memberA1, memberA2, ownerB, memberB1, loner].map((user) => user.user.id);
  });
  after(() => t.close());

  it('shows an admin every user', async () => {
    const response = await t.api.get('/v1/users?limit=100', { token: admin.token });
    expectStatus(response, 200);
    assert.deepEqual(
      response.body.data.map((user: { id: string }) => user.id),
      [...everyone].reverse(),
    );
    assert.equal(response.body.has_more, false);
    assert.equal(response.body.next_cursor, null);
    response.body.data.forEach((user: unknown) => assertUser(user));
  });

  it("shows a member exactly its account's users", async () => {
    const expectedA = [ownerA, memberA1, memberA2].map((user) => user.user.id).reverse();
    for (const caller of [ownerA, memberA1]) {
      const response = await t.api.get('/v1/users', { token: caller.token });
      expectStatus(response, 200);
      assert.deepEqual(
        response.body.data.map((user: { id: string }) => user.id),
        expectedA,
      );
      response.body.data.forEach((user: any) => assertUser(user, { account_id: ownerA.accountId }));
    }
    const responseB = await t.api.get('/v1/users', { token: memberB1.token });
    assert.deepEqual(
      responseB.body.data.map((user: { id: string }) => user.id),
      [memberB1.user.id, ownerB.user.id],
    );
  });

  it('shows a member without an account only itself', async () => {
    const response = await t.api.get('/v1/users', { token: loner.token });
    expectStatus(response, 200);
    assert.equal(response.body.data.length, 1);
    assertUser(response.body.data[0], { id: loner.user.id, account_id: null });
    assert.equal(response.body.has_more, false);
  });

  it("filters by email, case-insensitively, within the caller's scope", async () => {
    const byAdmin = await t.api.get(`/v1/users?email=${encodeURIComponent(memberA1.email.toUpperCase())}`, { token: admin.token });
    expectStatus(byAdmin, 200);
    assert.deepEqual(
      byAdmin.body.data.map((user: { id: string }) => user.id),
      [memberA1.user.id],
    );
    const sameAccount = await t.api.get(`/v1/users?email=${encodeURIComponent(memberA2.email)}`, { token: memberA1.token });
    assert.deepEqual(
      sameAccount.body.data.map((user: { id: string }) => user.id),
      [memberA2.user.id],
    );
    const otherAccount = await t.api.get(`/v1/users?email=${encodeURIComponent(memberB1.email)}`, { token: memberA1.token });
    expectStatus(otherAccount, 200);
    assert.deepEqual(otherAccount.body, { data: [], has_more: false, next_cursor: null });
  });

  it('filters by role', async () => {
    const admins = await t.api.get('/v1/users?role=admin', { token: admin.token });
    expectStatus(admins, 200);
    assert.deepEqual(
      admins.body.data.map((user: { id: string }) => user.id),
      [admin.user.id],
    );
    const members = await t.api.get('/v1/users?role=member&limit=100', { token: admin.token });
    assert.deepEqual(
      members.body.data.map((user: { id: string }) => user.id),
      everyone.slice(1).reverse(),
    );
    const memberAsksForAdmins = await t.api.get('/v1/users?role=admin', { token: memberA1.token });
    assert.deepEqual(memberAsksForAdmins.body.data, []);
    expectError(await t.api.get('/v1/users?role=owner', { token: admin.token }), 400, 'validation_error');
  });

  it('walks every user exactly once, newest first, with limit=2 and keyset cursors', async () => {
    const ids = await walkUsers(t.api, admin.token, 'limit=2');
    assert.deepEqual(ids, [...everyone].reverse());
    assertNewestFirst(ids);
    const scoped = await walkUsers(t.api, memberA2.token, 'limit=2');
    assert.deepEqual(
      scoped,
      [memberA2, memberA1, ownerA].map((user) => user.user.id),
    );
  });

  it('loses and repeats nothing when users are inserted during a walk', async () => {
    const before = await walkUsers(t.api, admin.token, 'limit=100');
    const inserted: string[] = [];
    const ids = await walkUsers(t.api, admin.token, 'limit=2', async () => {
      inserted.push((await signup(t.api)).id);
    });
    assert.equal(new Set(ids).size, ids.length, 'no user is served twice');
    assertNewestFirst(ids);
    for (const id of before) assert.ok(ids.includes(id), `${id} was lost`);
    assert.ok(inserted.length >= 3);
    // Users inserted meanwhile are newer than the cursor: they only show up on a page that was read after them.
    assert.ok(ids.every((id) => before.includes(id) || inserted.includes(id)));
    everyone.push(...inserted);
    const after = await walkUsers(t.api, admin.token, 'limit=2');
    assert.deepEqual(after, [...everyone].reverse());
  });
});

describe('GET /v1/users/{user_id}', () => {
  const t = useTestApp();
  let admin: LoggedIn;
  let owner: LoggedIn & { accountId: string };
  let member: LoggedIn;
  let stranger: LoggedIn & { accountId: string };
  before(async () => {
    admin = await loginAdmin(t.api);
    owner = await accountOwner(t.api);
    member = await accountMember(t.api, owner.token, owner.accountId);
    stranger = await accountOwner(t.api);
  });

  it('returns the caller itself', async () => {
    const response = await t.api.get(`/v1/users/${member.user.id}`, { token: member.token });
    expectStatus(response, 200);
    assertUser(response.body, { id: member.user.id, email: member.email, role: 'member', account_id: owner.accountId, name: 'Test User' });
  });

  it('returns a user of the same account', async () => {
    const response = await t.api.get(`/v1/users/${owner.user.id}`, { token: member.token });
    expectStatus(response, 200);
    assertUser(response.body, { id: owner.user.id, account_id: owner.accountId });
  });

  it('returns any user to an admin', async () => {
    for (const user of [owner, member, stranger]) {
      const response = await t.api.get(`/v1/users/${user.user.id}`, { token: admin.token });
      expectStatus(response, 200);
      assertUser(response.body, { id: user.user.id, email: user.email });
    }
  });

  it("answers another account's user, an unknown id and a malformed id with 404 user_not_found", async () => {
    expectError(await t.api.get(`/v1/users/${stranger.user.id}`, { token: member.token }), 404, 'user_not_found');
    expectError(await t.api.get(`/v1/users/${member.user.id}`, { token: stranger.token }), 404, 'user_not_found');
    expectError(await t.api.get(`/v1/users/${admin.user.id}`, { token: owner.token }), 404, 'user_not_found');
    expectError(await t.api.get('/v1/users/usr_01JDQ4Z8X9T2M3N4P5Q6R7S8T9', { token: admin.token }), 404, 'user_not_found');
    expectError(await t.api.get('/v1/users/nope', { token: admin.token }), 404, 'user_not_found');
  });

  it('answers without a token with 401 unauthorized', async () => {
    expectError(await t.api.get(`/v1/users/${member.user.id}`), 401, 'unauthorized');
  });
});

describe('PATCH /v1/users/{user_id}', () => {
  const t = useTestApp();
  let admin: LoggedIn;
  before(async () => {
    admin = await loginAdmin(t.api);
  });

  it('lets a user change its own name and email; the email is stored trimmed and lower-cased', async () => {
    const user = await registerAndLogin(t.api);
    const email = uniqueEmail('Renamed');
    const response = await t.api.patch(
      `/v1/users/${user.user.id}`,
      { name: '  Ada King ', email: ` ${email.toUpperCase()} `, current_password: user.password },
      { token: user.token },
    );
    expectStatus(response, 200);
    // The new address takes effect once the link mailed to it is followed (contract section 22).
    assertUser(response.body, { id: user.user.id, name: 'Ada King', email: user.email, pending_email: email.toLowerCase(), role: 'member', account_id: null });
    assert.ok(response.body.updated_at >= response.body.created_at);
    const read = await t.api.get(`/v1/users/${user.user.id}`, { token: user.token });
    assert.deepEqual(read.body, response.body);
    const verified = await t.api.post('/v1/auth/verify_email', { token: await latestToken(t, email.toLowerCase(), /new email/) });
    expectStatus(verified, 200);
    assertUser(verified.body, { email: email.toLowerCase(), pending_email: null, email_verified: true, name: 'Ada King' });
    await login(t.api, email.toLowerCase(), user.password);
  });

  it('changes only the fields sent', async () => {
    const user = await registerAndLogin(t.api, { name: 'Kept Name' });
    const response = await t.api.patch(`/v1/users/${user.user.id}`, { name: 'Only Name' }, { token: user.token });
    expectStatus(response, 200);
    assertUser(response.body, { name: 'Only Name', email: user.email, role: 'member' });
  });

  it('requires at least one field: an empty body is 400 validation_error', async () => {
    const user = await registerAndLogin(t.api);
    expectError(await t.api.patch(`/v1/users/${user.user.id}`, {}, { token: user.token }), 400, 'validation_error');
  });

  it('refuses an unknown field with 400 validation_error naming it', async () => {
    const user = await registerAndLogin(t.api);
    const response = await t.api.patch(`/v1/users/${user.user.id}`, { name: 'X', account_id: 'acc_01JDQ4Z8X9T2M3N4P5Q6R7S8T9' }, { token: user.token });
    expectError(response, 400, 'validation_error');
    assert.deepEqual(response.body.details, [{ field: 'account_id', message: 'is not an accepted field' }]);
  });

  it('refuses a role change by a non-admin with 403 and lets an admin change it', async () => {
    const user = await registerAndLogin(t.api);
    expectError(await t.api.patch(`/v1/users/${user.user.id}`, { role: 'admin' }, { token: user.token }), 403, 'insufficient_permissions');
    expectError(await t.api.get('/v1/auth/accounts', { token: user.token }), 403, 'insufficient_permissions');
    const promoted = await t.api.patch(`/v1/users/${user.user.id}`, { role: 'admin' }, { token: admin.token });
    expectStatus(promoted, 200);
    assertUser(promoted.body, { id: user.user.id, role: 'admin' });
    // The role is read on every request: the existing session has the new role at once.
    expectStatus(await t.api.get('/v1/auth/accounts', { token: user.token }), 200);
  });

  it('refuses a member changing another user: 403 in the same account, 404 in another', async () => {
    const owner = await accountOwner(t.api);
    const member = await accountMember(t.api, owner.token, owner.accountId);
    const stranger = await registerAndLogin(t.api);
    expectError(await t.api.patch(`/v1/users/${owner.user.id}`, { name: 'Hijacked' }, { token: member.token }), 403, 'insufficient_permissions');
    expectError(await t.api.patch(`/v1/users/${member.user.id}`, { name: 'Hijacked' }, { token: owner.token }), 403, 'insufficient_permissions');
    expectError(await t.api.patch(`/v1/users/${stranger.user.id}`, { name: 'Hijacked' }, { token: member.token }), 404, 'user_not_found');
    const unchanged = await t.api.get(`/v1/users/${owner.user.id}`, { token: admin.token });
    assert.equal(unchanged.body.name, 'Test User');
  });

  it('refuses an own password change without current_password with 400 validation_error', async () => {
    const user = await registerAndLogin(t.api);
    const response = await t.api.patch(`/v1/users/${user.user.id}`, { password: 'a brand new passphrase 42' }, { token: user.token });
    expectError(response, 400, 'validation_error');
    assert.deepEqual(
      response.body.details.map((problem: { field: string }) => problem.field),
      ['current_password'],
    );
    await login(t.api, user.email, user.password);
  });

  it('refuses an own password change with a wrong current_password with 401 invalid_credentials', async () => {
    const user = await registerAndLogin(t.api);
    const response = await t.api.patch(
      `/v1/users/${user.user.id}`,
      { password: 'a brand new passphrase 42', current_password: 'not the current passphrase' },
      { token: user.token },
    );
    expectError(response, 401, 'invalid_credentials');
    // The session that asked is still valid and the password unchanged.
    expectStatus(await t.api.get(`/v1/users/${user.user.id}`, { token: user.token }), 200);
    await login(t.api, user.email, user.password);
  });

  it('refuses a weak new password with 400 validation_error', async () => {
    const user = await registerAndLogin(t.api);
    const response = await t.api.patch(`/v1/users/${user.user.id}`, { password: 'passwordpassword', current_password: user.password }, { token: user.token });
    assertPasswordRefused(response);
  });

  it("changes the own password: the user's other sessions end, the current one stays, only the new password logs in", async () => {
    const user = await registerAndLogin(t.api);
    const other = await login(t.api, user.email, user.password);
    const newPassword = 'a brand new passphrase 42';
    const response = await t.api.patch(`/v1/users/${user.user.id}`, { password: newPassword, current_password: user.password }, { token: user.token });
    expectStatus(response, 200);
    assertUser(response.body, { id: user.user.id, email: user.email });
    expectError(await t.api.get(`/v1/users/${user.user.id}`, { token: other.token }), 401, 'unauthorized');
    expectError(await t.api.post('/v1/auth/refresh', {}, { token: other.refreshToken }), 401, 'refresh_token_invalid');
    expectStatus(await t.api.get(`/v1/users/${user.user.id}`, { token: user.token }), 200);
    expectError(await t.api.post('/v1/auth/login', { email: user.email, password: user.password }), 401, 'invalid_credentials');
    const fresh = await login(t.api, user.email, newPassword);
    assertUser(fresh.user, { id: user.user.id });
  });

  it("lets an admin reset someone's password, ending all of that user's sessions", async () => {
    const user = await registerAndLogin(t.api);
    const second = await login(t.api, user.email, user.password);
    const newPassword = 'reset by the administrator 9';
    const response = await t.api.patch(`/v1/users/${user.user.id}`, { password: newPassword }, { token: admin.token });
    expectStatus(response, 200);
    assertUser(response.body, { id: user.user.id });
    for (const session of [user, second]) {
      expectError(await t.api.get(`/v1/users/${user.user.id}`, { token: session.token }), 401, 'unauthorized');
    }
    expectStatus(await t.api.get(`/v1/users/${admin.user.id}`, { token: admin.token }), 200);
    expectError(await t.api.post('/v1/auth/login', { email: user.email, password: user.password }), 401, 'invalid_credentials');
    await login(t.api, user.email, newPassword);
  });

  it('refuses an own email change without current_password (400) or with a wrong one (401 invalid_credentials): a stolen session cannot take the account over', async () => {
    const user = await registerAndLogin(t.api);
    const missing = await t.api.patch(`/v1/users/${user.user.id}`, { email: uniqueEmail('thief') }, { token: user.token });
    expectError(missing, 400, 'validation_error');
    assert.deepEqual(
      missing.body.details.map((problem: { field: string }) => problem.field),
      ['current_password'],
    );
    const wrong = await t.api.patch(`/v1/users/${user.user.id}`, { email: uniqueEmail('thief'), current_password: 'not the current passphrase' }, { token: user.token });
    expectError(wrong, 401, 'invalid_credentials');
    assert.equal((await t.api.get(`/v1/users/${user.user.id}`, { token: user.token })).body.email, user.email);
    await login(t.api, user.email, user.password);
  });

  it("changes the own email with current_password: the user's other sessions end, the current one stays", async () => {
    const user = await registerAndLogin(t.api);
    const other = await login(t.api, user.email, user.password);
    const email = uniqueEmail('moved');
    const response = await t.api.patch(`/v1/users/${user.user.id}`, { email, current_password: user.password }, { token: user.token });
    expectStatus(response, 200);
    assert.equal(response.body.pending_email, email);
    expectStatus(await t.api.post('/v1/auth/verify_email', { token: await latestToken(t, email, /new email/) }), 200);
    expectError(await t.api.get(`/v1/users/${user.user.id}`, { token: other.token }), 401, 'unauthorized');
    expectError(await t.api.post('/v1/auth/refresh', {}, { token: other.refreshToken }), 401, 'refresh_token_invalid');
    expectStatus(await t.api.get(`/v1/users/${user.user.id}`, { token: user.token }), 200);
    await login(t.api, email, user.password);
  });

  it('refuses an email change to a taken email (any case) with 409 email_already_registered', async () => {
    const user = await registerAndLogin(t.api);
    const taken = await signup(t.api);
    const response = await t.api.patch(`/v1/users/${user.user.id}`, { email: taken.email.toUpperCase(), current_password: user.password }, { token: user.token });
    expectError(response, 409, 'email_already_registered');
    const unchanged = await t.api.get(`/v1/users/${user.user.id}`, { token: user.token });
    assert.equal(unchanged.body.email, user.email);
    // Its own address in another case is not a conflict.
    const same = await t.api.patch(`/v1/users/${user.user.id}`, { email: user.email.toUpperCase(), current_password: user.password }, { token: user.token });
    expectStatus(same, 200);
    assert.equal(same.body.email, user.email);
  });
});

describe('DELETE /v1/users/{user_id}', () => {
  const t = useTestApp();
  let admin: LoggedIn;
  before(async () => {
    admin = await loginAdmin(t.api);
  });

  it('deletes the caller itself: {id, deleted, revoked_sessions}, its tokens stop working, its email can register again', async () => {
    const user = await registerAndLogin(t.api);
    const second = await login(t.api, user.email, user.password);
    const response = await t.api.delete(`/v1/users/${user.user.id}`, undefined, { token: user.token });
    expectStatus(response, 200);
    assert.deepEqual(response.body, { id: user.user.id, deleted: true, revoked_sessions: 2 });
    for (const session of [user, second]) {
      expectError(await t.api.get(`/v1/users/${user.user.id}`, { token: session.token }), 401, 'unauthorized');
    }
    expectError(await t.api.post('/v1/auth/refresh', {}, { token: second.refreshToken }), 404, 'session_not_found');
    expectError(await t.api.get(`/v1/users/${user.user.id}`, { token: admin.token }), 404, 'user_not_found');
    expectError(await t.api.post('/v1/auth/login', { email: user.email, password: user.password }), 401, 'invalid_credentials');
    const again = await t.api.post('/v1/users', { email: user.email, password: STRONG_PASSWORD, name: 'Second Life' });
    expectStatus(again, 201);
    assertUser(again.body, { email: user.email, account_id: null });
    assert.notEqual(again.body.id, user.user.id);
  });

  it('lets an account owner delete a member of its account', async () => {
    const owner = await accountOwner(t.api);
    const member = await accountMember(t.api, owner.token, owner.accountId);
    const response = await t.api.delete(`/v1/users/${member.user.id}`, undefined, { token: owner.token });
    expectStatus(response, 200);
    assert.deepEqual(response.body, { id: member.user.id, deleted: true, revoked_sessions: 1 });
    expectError(await t.api.get(`/v1/users/${member.user.id}`, { token: member.token }), 401, 'unauthorized');
    const remaining = await t.api.get('/v1/users', { token: owner.token });
    assert.deepEqual(
      remaining.body.data.map((user: { id: string }) => user.id),
      [owner.user.id],
    );
  });

  it("refuses a member deleting another member of its account with 403, and another account's user with 404", async () => {
    const owner = await accountOwner(t.api);
    const member = await accountMember(t.api, owner.token, owner.accountId);
    const otherMember = await accountMember(t.api, owner.token, owner.accountId);
    const stranger = await registerAndLogin(t.api);
    expectError(await t.api.delete(`/v1/users/${otherMember.user.id}`, undefined, { token: member.token }), 403, 'insufficient_permissions');
    expectError(await t.api.delete(`/v1/users/${owner.user.id}`, undefined, { token: member.token }), 403, 'insufficient_permissions');
    expectError(await t.api.delete(`/v1/users/${stranger.user.id}`, undefined, { token: member.token }), 404, 'user_not_found');
    expectStatus(await t.api.get(`/v1/users/${otherMember.user.id}`, { token: otherMember.token }), 200);
    expectStatus(await t.api.get(`/v1/users/${stranger.user.id}`, { token: stranger.token }), 200);
  });

  it('refuses the owner of an open account deleting itself with 409 user_owns_account', async () => {
    const owner = await accountOwner(t.api);
    expectError(await t.api.delete(`/v1/users/${owner.user.id}`, undefined, { token: owner.token }), 409, 'user_owns_account');
    expectError(await t.api.delete(`/v1/users/${owner.user.id}`, undefined, { token: admin.token }), 409, 'user_owns_account');
    expectStatus(await t.api.get(`/v1/users/${owner.user.id}`, { token: owner.token }), 200);
  });

  it('lets the owner be deleted once its account is closed (its own sessions ended with the close)', async () => {
    const owner = await accountOwner(t.api);
    expectStatus(await t.api.delete('/v1/auth/close', undefined, { token: owner.token }), 200);
    // Closing ended every session of the account's users, the owner's included, and it can no longer log in.
    expectError(await t.api.delete(`/v1/users/${owner.user.id}`, undefined, { token: owner.token }), 401, 'unauthorized');
    expectError(await t.api.post('/v1/auth/login', { email: owner.email, password: owner.password }), 403, 'account_closed');
    const response = await t.api.delete(`/v1/users/${owner.user.id}`, undefined, { token: admin.token });
    expectStatus(response, 200);
    assert.deepEqual(response.body, { id: owner.user.id, deleted: true, revoked_sessions: 0 });
    expectError(await t.api.get(`/v1/users/${owner.user.id}`, { token: admin.token }), 404, 'user_not_found');
    const accounts = await t.api.get('/v1/auth/accounts?limit=100', { token: admin.token });
    const account = accounts.body.data.find((item: { id: string }) => item.id === owner.accountId);
    assert.equal(account.status, 'closed');
    assert.equal(account.owner_user_id, null);
  });

  it('lets an admin delete any user', async () => {
    const owner = await accountOwner(t.api);
    const member = await accountMember(t.api, owner.token, owner.accountId);
    const loner = await registerAndLogin(t.api);
    for (const user of [member, loner]) {
      const response = await t.api.delete(`/v1/users/${user.user.id}`, undefined, { token: admin.token });
      expectStatus(response, 200);
      assert.deepEqual(response.body, { id: user.user.id, deleted: true, revoked_sessions: 1 });
      expectError(await t.api.get(`/v1/users/${user.user.id}`, { token: user.token }), 401, 'unauthorized');
      expectError(await t.api.get(`/v1/users/${user.user.id}`, { token: admin.token }), 404, 'user_not_found');
    }
    expectError(await t.api.delete(`/v1/users/${loner.user.id}`, undefined, { token: admin.token }), 404, 'user_not_found');
  });

  it('never exposes a password or hash field in a listed user body', async () => {
    const list = await t.api.get('/v1/users?limit=100', { token: admin.token });
    expectStatus(list, 200);
    assertNoSecrets(list.body);
    const self = list.body.data.find((user: { email: string }) => user.email === ADMIN_EMAIL);
    assertUser(self, { role: 'admin', account_id: null });
  });
});
