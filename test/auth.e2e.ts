import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { before, describe, it } from 'node:test';
import jwt from 'jsonwebtoken';
import { ApiClient, ApiResponse } from './support/api-client';
import { accountMember, accountOwner, expectError, expectStatus, login, LoggedIn, loginAdmin, registerAndLogin, signup, STRONG_PASSWORD, uniqueEmail } from './support/factories';
import { idPattern, ISO_TIMESTAMP, TOKEN_PAIR_FIELDS, USER_FIELDS } from './support/shapes';
import { useTestApp } from './support/test-app';
import { AppConfig } from '../src/config/app-config';

const SESSION_ID = idPattern('ses');
const SESSION_FIELDS = ['client_version', 'created_at', 'current', 'device_id', 'id', 'invalidated_at', 'last_used_at', 'reason', 'status'];
/** A well-formed session id that no session has. */
const UNKNOWN_SESSION_ID = 'ses_01JDQ4Z8X9T2M3N4P5Q6R7S8T9';

function refresh(api: ApiClient, refreshToken: string | undefined, body?: Record<string, unknown>, headers?: Record<string, string>): Promise<ApiResponse> {
  return api.post('/v1/auth/refresh', body, { token: refreshToken, headers });
}

function invalidate(api: ApiClient, token: string, body?: Record<string, unknown>): Promise<ApiResponse> {
  return api.delete('/v1/auth/session', body, { token });
}

async function listSessions(api: ApiClient, token: string, query = ''): Promise<ApiResponse> {
  return api.get(`/v1/auth/sessions${query}`, { token });
}

async function sessionById(api: ApiClient, token: string, sessionId: string): Promise<Record<string, unknown>> {
  const page = await listSessions(api, token, '?limit=100');
  expectStatus(page, 200);
  const session = page.body.data.find((item: { id: string }) => item.id === sessionId);
  assert.ok(session, `session ${sessionId} is not in the caller's list`);
  return session;
}

/** The access token is accepted by a protected route. */
async function expectAccessWorks(api: ApiClient, token: string): Promise<void> {
  expectStatus(await api.get('/v1/users', { token }), 200);
}

async function expectAccessRefused(api: ApiClient, token: string): Promise<void> {
  expectError(await api.get('/v1/users', { token }), 401, 'unauthorized');
}

/** The 200 body of a refresh: the token pair, nothing else. */
function expectTokenPair(response: ApiResponse, sessionId: string): void {
  expectStatus(response, 200);
  assert.deepEqual(Object.keys(response.body).sort(), TOKEN_PAIR_FIELDS);
  assert.equal(response.body.token_type, 'Bearer');
  assert.equal(response.body.session_id, sessionId);
  assert.equal(typeof response.body.access_token, 'string');
  assert.equal(typeof response.body.refresh_token, 'string');
  assert.match(response.body.expires_at, ISO_TIMESTAMP);
  assert.match(response.body.refresh_token_expires_at, ISO_TIMESTAMP);
}

function decodePayload(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
}

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
}

describe('POST /v1/auth/login', () => {
  const t = useTestApp();

  it('returns 200 with the token pair, the session id and the user without any password field', async () => {
    const user = await signup(t.api, { name: 'Ada Lovelace' });
    const started = Date.now();
    const response = await t.api.post('/v1/auth/login', { email: user.email, password: user.password });
    expectStatus(response, 200);
    const body = response.body;
    assert.deepEqual(Object.keys(body).sort(), [...TOKEN_PAIR_FIELDS, 'user'].sort());
    assert.equal(body.token_type, 'Bearer');
    assert.match(body.session_id, SESSION_ID);
    assert.match(body.expires_at, ISO_TIMESTAMP);
    assert.match(body.refresh_token_expires_at, ISO_TIMESTAMP);
    // Defaults: access 15 minutes, refresh 30 days (JWT times are whole seconds; the clock starts after the password check).
    const accessLifetime = Date.parse(body.expires_at) - started;
    assert.ok(accessLifetime > 15 * 60_000 - 1_000 && accessLifetime < 15 * 60_000 + 10_000, `access lifetime ${accessLifetime} ms`);
    const refreshLifetime = Date.parse(body.refresh_token_expires_at) - started;
    assert.ok(refreshLifetime > 30 * 86_400_000 - 1_000 && refreshLifetime < 30 * 86_400_000 + 10_000, `refresh lifetime ${refreshLifetime} ms`);
    assert.notEqual(body.access_token, body.refresh_token);

    assert.deepEqual(Object.keys(body.user).sort(), USER_FIELDS);
    assert.equal(body.user.id, user.id);
    assert.equal(body.user.email, user.email);
    assert.equal(body.user.name, 'Ada Lovelace');
    assert.equal(body.user.role, 'member');
    assert.equal(body.user.account_id, null);
    assert.doesNotMatch(JSON.stringify(body), /password|hash|argon/i);

    const header = JSON.parse(Buffer.from(body.access_token.split('.')[0], 'base64url').toString('utf8'));
    assert.equal(header.alg, 'HS256');
    const claims = decodePayload(body.access_token);
    assert.equal(claims.sub, user.id);
    assert.equal(claims.sid, body.session_id);
    assert.equal(claims.typ, 'access');
    assert.equal(typeof claims.jti, 'string');
    assert.equal(claims.exp, Date.parse(body.expires_at) / 1000);
    assert.equal(claims.exp - (claims.iat as number), 15 * 60);
  });

  it('answers a wrong password with 401 invalid_credentials', async () => {
    const user = await signup(t.api);
    const response = await t.api.post('/v1/auth/login', { email: user.email, password: STRONG_PASSWORD + ' wrong' });
    expectError(response, 401, 'invalid_credentials');
    assert.equal(response.body.access_token, undefined);
  });

  it('answers an unknown email with the same 401 invalid_credentials as a wrong password', async () => {
    const user = await signup(t.api);
    const unknown = await t.api.post('/v1/auth/login', { email: uniqueEmail('nobody'), password: STRONG_PASSWORD });
    const wrong = await t.api.post('/v1/auth/login', { email: user.email, password: 'not the password at all 123' });
    expectError(unknown, 401, 'invalid_credentials');
    expectError(wrong, 401, 'invalid_credentials');
    assert.equal(unknown.body.error_description, wrong.body.error_description);
  });

  it('matches the email case-insensitively and ignoring surrounding spaces', async () => {
    const user = await signup(t.api);
    const response = await t.api.post('/v1/auth/login', { email: `  ${user.email.toUpperCase()} `, password: user.password });
    expectStatus(response, 200);
    assert.equal(response.body.user.id, user.id);
    assert.equal(response.body.user.email, user.email);
  });

  it('refuses the users of a closed account with 403 account_closed', async () => {
    const owner = await accountOwner(t.api);
    const member = await accountMember(t.api, owner.token, owner.accountId);
    const closed = await t.api.delete('/v1/auth/close', undefined, { token: owner.token });
    expectStatus(closed, 200);
    assert.equal(closed.body.status, 'closed');
    expectError(await t.api.post('/v1/auth/login', { email: owner.email, password: owner.password }), 403, 'account_closed');
    expectError(await t.api.post('/v1/auth/login', { email: member.email, password: member.password }), 403, 'account_closed');
    // The closure ended their sessions: neither token of either user still works.
    await expectAccessRefused(t.api, owner.token);
    await expectAccessRefused(t.api, member.token);
    expectError(await refresh(t.api, member.refreshToken), 401, 'refresh_token_invalid');
  });

  it('still gives a closed-account user with a wrong password 401 invalid_credentials', async () => {
    const owner = await accountOwner(t.api);
    expectStatus(await t.api.delete('/v1/auth/close', undefined, { token: owner.token }), 200);
    expectError(await t.api.post('/v1/auth/login', { email: owner.email, password: 'not the password at all 123' }), 401, 'invalid_credentials');
  });

  it('issues an access token that authorizes GET /v1/users and GET /v1/account', async () => {
    const owner = await accountOwner(t.api);
    const users = await t.api.get('/v1/users', { token: owner.token });
    expectStatus(users, 200);
    assert.deepEqual(
      users.body.data.map((user: { id: string }) => user.id),
      [owner.user.id],
    );
    const account = await t.api.get('/v1/account', { token: owner.token });
    expectStatus(account, 200);
    assert.equal(account.body.id, owner.accountId);
    assert.equal(account.body.owner_user_id, owner.user.id);
  });

  it('starts a new session on every login', async () => {
    const user = await signup(t.api);
    const first = await login(t.api, user.email, user.password);
    const second = await login(t.api, user.email, user.password);
    assert.notEqual(first.sessionId, second.sessionId);
    await expectAccessWorks(t.api, first.token);
    await expectAccessWorks(t.api, second.token);
  });

  it('refuses unknown login fields with 400 validation_error', async () => {
    const user = await signup(t.api);
    const response = await t.api.post('/v1/auth/login', { email: user.email, password: user.password, remember_me: true });
    expectError(response, 400, 'validation_error');
    assert.deepEqual(response.body.details, [{ field: 'remember_me', message: 'is not an accepted field' }]);
  });
});

describe('POST /v1/auth/refresh', () => {
  const t = useTestApp();

  it('rotates the refresh token by default: a new refresh token, a new access token, same session', async () => {
    const session = await registerAndLogin(t.api);
    const response = await refresh(t.api, session.refreshToken);
    expectTokenPair(response, session.sessionId);
    assert.notEqual(response.body.refresh_token, session.refreshToken);
    assert.notEqual(response.body.access_token, session.token);
    await expectAccessWorks(t.api, response.body.access_token);
    // The new refresh token is itself usable.
    const next = await refresh(t.api, response.body.refresh_token);
    expectTokenPair(next, session.sessionId);
    assert.notEqual(next.body.refresh_token, response.body.refresh_token);
  });

  it('gives the just-rotated token, presented again within REFRESH_REUSE_INTERVAL, the same refresh token the winner got', async () => {
    const session = await registerAndLogin(t.api);
    const winner = await refresh(t.api, session.refreshToken);
    expectTokenPair(winner, session.sessionId);
    const late = await refresh(t.api, session.refreshToken);
    expectTokenPair(late, session.sessionId);
    assert.equal(late.body.refresh_token, winner.body.refresh_token);
    assert.equal(late.body.refresh_token_expires_at, winner.body.refresh_token_expires_at);
    // A fresh access token of its own, and both access tokens work.
    assert.notEqual(late.body.access_token, winner.body.access_token);
    await expectAccessWorks(t.api, late.body.access_token);
    await expectAccessWorks(t.api, winner.body.access_token);
    // The session is intact: the shared successor still rotates normally.
    const next = await refresh(t.api, winner.body.refresh_token);
    expectTokenPair(next, session.sessionId);
    assert.equal((await sessionById(t.api, next.body.access_token, session.sessionId)).status, 'active');
  });

  it('answers 8 concurrent refreshes with one token all with 200 and the same new refresh token, minting exactly one', async () => {
    const session = await registerAndLogin(t.api);
    const responses = await Promise.all(Array.from({ length: 8 }, () => refresh(t.api, session.refreshToken)));
    for (const response of responses) expectTokenPair(response, session.sessionId);
    const refreshTokens = new Set(responses.map((response) => response.body.refresh_token));
    assert.equal(refreshTokens.size, 1, 'all racing refreshes end up holding the same refresh token');
    const [successor] = refreshTokens;
    assert.notEqual(successor, session.refreshToken);
    assert.equal(new Set(responses.map((response) => response.body.refresh_token_expires_at)).size, 1);
    assert.equal(new Set(responses.map((response) => response.body.access_token)).size, 8, 'each gets its own access token');

    // The session stays valid: every access token works, the successor rotates.
    for (const response of responses) await expectAccessWorks(t.api, response.body.access_token);
    const viewer = responses[0].body.access_token;
    assert.equal((await sessionById(t.api, viewer, session.sessionId)).status, 'active');
    // Exactly one refresh token was minted: the session holds 1 + 8 access tokens and 1 refresh token.
    const ended = await invalidate(t.api, viewer);
    expectStatus(ended, 200);
    assert.equal(ended.body.revoked_tokens, 10);
  });

  it('keeps the session valid after concurrent refreshes and lets the shared successor rotate', async () => {
    const session = await registerAndLogin(t.api);
    const responses = await Promise.all(Array.from({ length: 8 }, () => refresh(t.api, session.refreshToken)));
    for (const response of responses) expectTokenPair(response, session.sessionId);
    const successor = responses[0].body.refresh_token;
    const next = await refresh(t.api, successor);
    expectTokenPair(next, session.sessionId);
    await expectAccessWorks(t.api, next.body.access_token);
    assert.equal((await sessionById(t.api, next.body.access_token, session.sessionId)).status, 'active');
  });

  it('treats an older ancestor (grandparent) presented within the interval as reuse: 401 and the session ends', async () => {
    const session = await registerAndLogin(t.api);
    const child = await refresh(t.api, session.refreshToken);
    expectTokenPair(child, session.sessionId);
    const grandchild = await refresh(t.api, child.body.refresh_token);
    expectTokenPair(grandchild, session.sessionId);

    expectError(await refresh(t.api, session.refreshToken), 401, 'refresh_token_invalid');

    // The whole session is over: the newest refresh token, its parent and every access token.
    expectError(await refresh(t.api, grandchild.body.refresh_token), 401, 'refresh_token_invalid');
    expectError(await refresh(t.api, child.body.refresh_token), 401, 'refresh_token_invalid');
    await expectAccessRefused(t.api, grandchild.body.access_token);
    await expectAccessRefused(t.api, session.token);

    const other = await login(t.api, session.email, session.password);
    const ended = await sessionById(t.api, other.token, session.sessionId);
    assert.equal(ended.status, 'invalidated');
    assert.equal(ended.reason, 'refresh_token_reuse');
    assert.match(String(ended.invalidated_at), ISO_TIMESTAMP);
  });

  it('with rotate_refresh_token false returns the same refresh token with an unchanged expiry, and it keeps working', async () => {
    const session = await registerAndLogin(t.api);
    const loginExpiry = decodePayload(session.refreshToken).exp as number;
    await sleep(1_100); // a new token would carry a later expiry
    const first = await refresh(t.api, session.refreshToken, { rotate_refresh_token: false });
    expectTokenPair(first, session.sessionId);
    assert.equal(first.body.refresh_token, session.refreshToken);
    assert.equal(first.body.refresh_token_expires_at, new Date(loginExpiry * 1000).toISOString());
    assert.notEqual(first.body.access_token, session.token);
    await expectAccessWorks(t.api, first.body.access_token);

    const second = await refresh(t.api, session.refreshToken, { rotate_refresh_token: false });
    expectTokenPair(second, session.sessionId);
    assert.equal(second.body.refresh_token, session.refreshToken);
    assert.equal(second.body.refresh_token_expires_at, first.body.refresh_token_expires_at);

    // And it can still be rotated afterwards.
    const rotated = await refresh(t.api, session.refreshToken, { rotate_refresh_token: true });
    expectTokenPair(rotated, session.sessionId);
    assert.notEqual(rotated.body.refresh_token, session.refreshToken);
    // A rotation does not extend the session: with REFRESH_TOKEN_TTL = SESSION_MAX_AGE = 30d, it ends when the first token does.
    assert.equal(rotated.body.refresh_token_expires_at, first.body.refresh_token_expires_at);
  });

  it('records device_id and client_version on the session', async () => {
    const session = await registerAndLogin(t.api);
    const before = await sessionById(t.api, session.token, session.sessionId);
    assert.equal(before.device_id, null);
    assert.equal(before.client_version, null);

    const response = await refresh(t.api, session.refreshToken, { device_id: 'ios-4F2A9C', client_version: '3.4.1' });
    expectTokenPair(response, session.sessionId);
    const recorded = await sessionById(t.api, response.body.access_token, session.sessionId);
    assert.equal(recorded.device_id, 'ios-4F2A9C');
    assert.equal(recorded.client_version, '3.4.1');

    // A refresh that names only the version leaves the device as it was.
    const update = await refresh(t.api, response.body.refresh_token, { client_version: '3.5.0' });
    expectTokenPair(update, session.sessionId);
    const updated = await sessionById(t.api, update.body.access_token, session.sessionId);
    assert.equal(updated.device_id, 'ios-4F2A9C');
    assert.equal(updated.client_version, '3.5.0');
  });

  it('refuses an access token presented as refresh token with 401 refresh_token_invalid', async () => {
    const session = await registerAndLogin(t.api);
    expectError(await refresh(t.api, session.token), 401, 'refresh_token_invalid');
    // Nothing happened to the session.
    await expectAccessWorks(t.api, session.token);
    expectTokenPair(await refresh(t.api, session.refreshToken), session.sessionId);
  });

  it('refuses a refresh token presented as access token with 401 unauthorized', async () => {
    const session = await registerAndLogin(t.api);
    expectError(await t.api.get('/v1/users', { token: session.refreshToken }), 401, 'unauthorized');
    expectError(await t.api.get(`/v1/users/${session.user.id}`, { token: session.refreshToken }), 401, 'unauthorized');
    expectError(await listSessions(t.api, session.refreshToken), 401, 'unauthorized');
    expectError(await invalidate(t.api, session.refreshToken), 401, 'unauthorized');
    // The session was not ended by those attempts.
    await expectAccessWorks(t.api, session.token);
  });

  it('answers a missing, empty, garbage or non-Bearer Authorization with 401 refresh_token_invalid', async () => {
    const session = await registerAndLogin(t.api);
    expectError(await refresh(t.api, undefined), 401, 'refresh_token_invalid');
    expectError(await refresh(t.api, undefined, undefined, { authorization: 'Bearer' }), 401, 'refresh_token_invalid');
    expectError(await refresh(t.api, undefined, undefined, { authorization: '' }), 401, 'refresh_token_invalid');
    expectError(await refresh(t.api, 'garbage'), 401, 'refresh_token_invalid');
    expectError(await refresh(t.api, 'a.b.c'), 401, 'refresh_token_invalid');
    expectError(await refresh(t.api, undefined, undefined, { authorization: `Basic ${session.refreshToken}` }), 401, 'refresh_token_invalid');
    expectError(await refresh(t.api, undefined, undefined, { authorization: `Bearer ${session.refreshToken} extra` }), 401, 'refresh_token_invalid');
  });

  it('refuses a refresh token with a tampered payload or a foreign signature with 401 refresh_token_invalid', async () => {
    const session = await registerAndLogin(t.api);
    const [header, payload, signature] = session.refreshToken.split('.');
    const claims = decodePayload(session.refreshToken);
    const tampered = `${header}.${base64url({ ...claims, exp: (claims.exp as number) + 3600 })}.${signature}`;
    expectError(await refresh(t.api, tampered), 401, 'refresh_token_invalid');
    const foreign = jwt.sign(claims, 'another secret that is also quite long!!', { algorithm: 'HS256' });
    expectError(await refresh(t.api, foreign), 401, 'refresh_token_invalid');
    const unsigned = `${base64url({ alg: 'none', typ: 'JWT' })}.${payload}.`;
    expectError(await refresh(t.api, unsigned), 401, 'refresh_token_invalid');
    // None of them was taken for the real token: it still rotates.
    expectTokenPair(await refresh(t.api, session.refreshToken), session.sessionId);
  });

  it('answers a refresh after the user was deleted with 404 session_not_found', async () => {
    const session = await registerAndLogin(t.api);
    const deleted = await t.api.delete(`/v1/users/${session.user.id}`, undefined, { token: session.token });
    expectStatus(deleted, 200);
    assert.deepEqual(deleted.body, { id: session.user.id, deleted: true, revoked_sessions: 1 });
    expectError(await refresh(t.api, session.refreshToken), 404, 'session_not_found');
    await expectAccessRefused(t.api, session.token);
  });

  it('refuses an unknown body field with 400 validation_error and leaves the token unused', async () => {
    const session = await registerAndLogin(t.api);
    const response = await refresh(t.api, session.refreshToken, { device_id: 'web', remember: true });
    expectError(response, 400, 'validation_error');
    assert.deepEqual(response.body.details, [{ field: 'remember', message: 'is not an accepted field' }]);
    const wrongType = await refresh(t.api, session.refreshToken, { rotate_refresh_token: 'no' });
    expectError(wrongType, 400, 'validation_error');
    assert.deepEqual(
      wrongType.body.details.map((problem: { field: string }) => problem.field),
      ['rotate_refresh_token'],
    );
    // The token was not rotated by the refused requests.
    const ok = await refresh(t.api, session.refreshToken);
    expectTokenPair(ok, session.sessionId);
    const replay = await refresh(t.api, session.refreshToken);
    expectTokenPair(replay, session.sessionId);
    assert.equal(replay.body.refresh_token, ok.body.refresh_token);
  });

  it('lets a refresh racing the deletion of its user end in 200, 404 session_not_found or 409 token_rotation_failed, never 500', async () => {
    for (let round = 0; round < 8; round += 1) {
      const session = await registerAndLogin(t.api);
      const [refreshed, deleted] = await Promise.all([refresh(t.api, session.refreshToken), t.api.delete(`/v1/users/${session.user.id}`, undefined, { token: session.token })]);
      expectStatus(deleted, 200);
      assert.equal(deleted.body.revoked_sessions, 1);
      if (refreshed.status === 200) {
        expectTokenPair(refreshed, session.sessionId);
        await expectAccessRefused(t.api, refreshed.body.access_token);
        expectError(await refresh(t.api, refreshed.body.refresh_token), 404, 'session_not_found');
      } else if (refreshed.status === 404) {
        expectError(refreshed, 404, 'session_not_found');
      } else {
        expectError(refreshed, 409, 'token_rotation_failed');
      }
      await expectAccessRefused(t.api, session.token);
    }
  });

  it('refuses the refresh token of an invalidated session with 401 refresh_token_invalid', async () => {
    const session = await registerAndLogin(t.api);
    expectStatus(await invalidate(t.api, session.token), 200);
    expectError(await refresh(t.api, session.refreshToken), 401, 'refresh_token_invalid');
    expectError(await refresh(t.api, session.refreshToken, { rotate_refresh_token: false }), 401, 'refresh_token_invalid');
  });
});

describe('POST /v1/auth/refresh after the reuse interval (REFRESH_REUSE_INTERVAL=1)', () => {
  const t = useTestApp({ REFRESH_REUSE_INTERVAL: '1' });

  it('treats the rotated token presented after the interval as reuse: 401 refresh_token_invalid and the whole session ends', async () => {
    const session = await registerAndLogin(t.api);
    const rotated = await refresh(t.api, session.refreshToken);
    expectTokenPair(rotated, session.sessionId);
    assert.notEqual(rotated.body.refresh_token, session.refreshToken);
    await sleep(1_300);

    expectError(await refresh(t.api, session.refreshToken), 401, 'refresh_token_invalid');

    // The newest refresh token and every access token of the session stop working.
    expectError(await refresh(t.api, rotated.body.refresh_token), 401, 'refresh_token_invalid');
    await expectAccessRefused(t.api, rotated.body.access_token);
    await expectAccessRefused(t.api, session.token);
    // Presenting the old token again changes nothing: still refused.
    expectError(await refresh(t.api, session.refreshToken), 401, 'refresh_token_invalid');

    const other = await login(t.api, session.email, session.password);
    const ended = await sessionById(t.api, other.token, session.sessionId);
    assert.equal(ended.status, 'invalidated');
    assert.equal(ended.reason, 'refresh_token_reuse');
    // Only the replayed session ended; the user's other session is fine.
    await expectAccessWorks(t.api, other.token);
  });
});

describe('token expiry (ACCESS_TOKEN_TTL=3, REFRESH_TOKEN_TTL=1)', () => {
  // JWT times are whole seconds: a 3 s access token issued after the wait still lives 2 s or more.
  const t = useTestApp({ ACCESS_TOKEN_TTL: '3', REFRESH_TOKEN_TTL: '1' });
  let expired: LoggedIn;
  before(async () => {
    expired = await registerAndLogin(t.api);
    const claims = decodePayload(expired.token);
    assert.equal((claims.exp as number) - (claims.iat as number), 3);
    await sleep(3_100);
  });

  it('answers an expired refresh token with 401 refresh_token_expired', async () => {
    expectError(await refresh(t.api, expired.refreshToken), 401, 'refresh_token_expired');
    expectError(await refresh(t.api, expired.refreshToken, { rotate_refresh_token: false }), 401, 'refresh_token_expired');
  });

  it('answers an expired access token with 401 unauthorized', async () => {
    expectError(await t.api.get('/v1/users', { token: expired.token }), 401, 'unauthorized');
    expectError(await listSessions(t.api, expired.token), 401, 'unauthorized');
  });

  it('does not count expired tokens in revoked_tokens', async () => {
    const fresh = await login(t.api, expired.email, expired.password);
    const response = await invalidate(t.api, fresh.token, { session_id: expired.sessionId });
    expectStatus(response, 200);
    assert.equal(response.body.invalidated_session_id, expired.sessionId);
    assert.equal(response.body.revoked_tokens, 0);
  });
});

describe('access tokens', () => {
  const secret = 'auth-e2e-secret-that-is-at-least-32-bytes!';
  /** The key tokens are signed with: derived from JWT_SECRET (contract section 18), as the service derives it. */
  const serviceKey = new AppConfig({ JWT_SECRET: secret }).jwtKey;
  const t = useTestApp({ JWT_SECRET: secret });
  let session: LoggedIn;
  let claims: Record<string, unknown>;
  before(async () => {
    session = await registerAndLogin(t.api);
    claims = decodePayload(session.token);
  });

  it('accepts the issued token and the same claims signed again with the service key (control)', async () => {
    await expectAccessWorks(t.api, session.token);
    await expectAccessWorks(t.api, jwt.sign(claims, serviceKey, { algorithm: 'HS256' }));
  });

  it('refuses an alg none token with 401 unauthorized', async () => {
    const unsigned = `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(claims)}.`;
    expectError(await t.api.get('/v1/users', { token: unsigned }), 401, 'unauthorized');
    const noneUpper = `${base64url({ alg: 'NONE', typ: 'JWT' })}.${base64url(claims)}.`;
    expectError(await t.api.get('/v1/users', { token: noneUpper }), 401, 'unauthorized');
  });

  it('refuses a token signed with another secret with 401 unauthorized', async () => {
    const foreign = jwt.sign(claims, 'another secret that is also quite long!!', { algorithm: 'HS256' });
    expectError(await t.api.get('/v1/users', { token: foreign }), 401, 'unauthorized');
  });

  it('refuses a token signed with the service key but another algorithm with 401 unauthorized', async () => {
    const hs512 = jwt.sign(claims, serviceKey, { algorithm: 'HS512' });
    expectError(await t.api.get('/v1/users', { token: hs512 }), 401, 'unauthorized');
  });

  it('refuses a token with a tampered payload with 401 unauthorized', async () => {
    const admin = await loginAdmin(t.api);
    const [header, , signature] = session.token.split('.');
    const escalated = `${header}.${base64url({ ...claims, sub: admin.user.id, sid: admin.sessionId })}.${signature}`;
    expectError(await t.api.get('/v1/users', { token: escalated }), 401, 'unauthorized');
    const extended = `${header}.${base64url({ ...claims, exp: (claims.exp as number) + 86_400 })}.${signature}`;
    expectError(await t.api.get('/v1/users', { token: extended }), 401, 'unauthorized');
  });

  it('refuses a validly signed token that is not an access token with 401 unauthorized', async () => {
    for (const typ of ['refresh', 'id', undefined]) {
      const token = jwt.sign({ ...claims, typ }, serviceKey, { algorithm: 'HS256' });
      expectError(await t.api.get('/v1/users', { token }), 401, 'unauthorized');
    }
  });

  it('refuses garbage and a non-Bearer scheme with 401 unauthorized', async () => {
    expectError(await t.api.get('/v1/users', { token: 'garbage' }), 401, 'unauthorized');
    expectError(await t.api.get('/v1/users', { headers: { authorization: `Basic ${session.token}` } }), 401, 'unauthorized');
  });
});

describe('DELETE /v1/auth/session', () => {
  const t = useTestApp();

  it("invalidates the caller's own session without a body: 200 with success, id, revoked_tokens and revoked_at", async () => {
    const session = await registerAndLogin(t.api);
    const before = Date.now();
    const response = await invalidate(t.api, session.token);
    expectStatus(response, 200);
    assert.deepEqual(Object.keys(response.body).sort(), ['invalidated_session_id', 'revoked_at', 'revoked_tokens', 'success']);
    assert.equal(response.body.success, true);
    assert.equal(response.body.invalidated_session_id, session.sessionId);
    // Login issued one access and one refresh token.
    assert.equal(response.body.revoked_tokens, 2);
    assert.match(response.body.revoked_at, ISO_TIMESTAMP);
    const revokedAt = Date.parse(response.body.revoked_at);
    assert.ok(revokedAt >= before - 1 && revokedAt <= Date.now() + 1);
  });

  it('counts the unexpired access and refresh tokens of the session in revoked_tokens (login + one rotation = 3)', async () => {
    const session = await registerAndLogin(t.api);
    const rotated = await refresh(t.api, session.refreshToken);
    expectTokenPair(rotated, session.sessionId);
    // Two access tokens and the current refresh token; the rotated refresh token no longer counts.
    const response = await invalidate(t.api, rotated.body.access_token);
    expectStatus(response, 200);
    assert.equal(response.body.revoked_tokens, 3);
  });

  it('counts a refresh token kept by rotate_refresh_token false once (login + one refresh without rotation = 3)', async () => {
    const session = await registerAndLogin(t.api);
    expectTokenPair(await refresh(t.api, session.refreshToken, { rotate_refresh_token: false }), session.sessionId);
    const response = await invalidate(t.api, session.token);
    expectStatus(response, 200);
    assert.equal(response.body.revoked_tokens, 3);
  });

  it('refuses the access token on the very next request with 401 unauthorized, and the refresh token too', async () => {
    const session = await registerAndLogin(t.api);
    expectStatus(await invalidate(t.api, session.token), 200);
    expectError(await t.api.get('/v1/users', { token: session.token }), 401, 'unauthorized');
    expectError(await invalidate(t.api, session.token), 401, 'unauthorized');
    expectError(await refresh(t.api, session.refreshToken), 401, 'refresh_token_invalid');
  });

  it("ends only the named session: the caller's other sessions keep working", async () => {
    const a = await registerAndLogin(t.api);
    const b = await login(t.api, a.email, a.password);
    const response = await invalidate(t.api, a.token, { session_id: b.sessionId });
    expectStatus(response, 200);
    assert.equal(response.body.invalidated_session_id, b.sessionId);
    assert.equal(response.body.revoked_tokens, 2);
    await expectAccessRefused(t.api, b.token);
    await expectAccessWorks(t.api, a.token);
    expectTokenPair(await refresh(t.api, a.refreshToken), a.sessionId);
  });

  it("refuses another user's session to a member with 403 insufficient_permissions", async () => {
    const victim = await registerAndLogin(t.api);
    const member = await registerAndLogin(t.api);
    expectError(await invalidate(t.api, member.token, { session_id: victim.sessionId }), 403, 'insufficient_permissions');
    // Not even the owner of the victim's account may end it: only admins.
    const owner = await accountOwner(t.api);
    const colleague = await accountMember(t.api, owner.token, owner.accountId);
    expectError(await invalidate(t.api, owner.token, { session_id: colleague.sessionId }), 403, 'insufficient_permissions');
    await expectAccessWorks(t.api, victim.token);
    await expectAccessWorks(t.api, colleague.token);
  });

  it("lets the admin invalidate another user's session with 200", async () => {
    const admin = await loginAdmin(t.api);
    const victim = await registerAndLogin(t.api);
    const response = await invalidate(t.api, admin.token, { session_id: victim.sessionId, reason: 'compromised credentials' });
    expectStatus(response, 200);
    assert.equal(response.body.success, true);
    assert.equal(response.body.invalidated_session_id, victim.sessionId);
    assert.equal(response.body.revoked_tokens, 2);
    await expectAccessRefused(t.api, victim.token);
    expectError(await refresh(t.api, victim.refreshToken), 401, 'refresh_token_invalid');
    await expectAccessWorks(t.api, admin.token);
    const victimAgain = await login(t.api, victim.email, victim.password);
    assert.equal((await sessionById(t.api, victimAgain.token, victim.sessionId)).reason, 'compromised credentials');
  });

  it('lets a refresh racing the invalidation of its session end in 200, 401 or 409 token_rotation_failed, never 500, and revokes every token', async () => {
    const a = await registerAndLogin(t.api);
    for (let round = 0; round < 10; round += 1) {
      const b = await login(t.api, a.email, a.password);
      const [refreshed, ended] = await Promise.all([refresh(t.api, b.refreshToken), invalidate(t.api, a.token, { session_id: b.sessionId })]);
      expectStatus(ended, 200);
      if (refreshed.status === 200) {
        expectTokenPair(refreshed, b.sessionId);
        // The refresh committed first: its access and refresh tokens were revoked with the login's access token.
        assert.equal(ended.body.revoked_tokens, 3);
        await expectAccessRefused(t.api, refreshed.body.access_token);
        expectError(await refresh(t.api, refreshed.body.refresh_token), 401, 'refresh_token_invalid');
      } else {
        if (refreshed.status === 401) expectError(refreshed, 401, 'refresh_token_invalid');
        else expectError(refreshed, 409, 'token_rotation_failed');
        assert.equal(ended.body.revoked_tokens, 2);
      }
      await expectAccessRefused(t.api, b.token);
      expectError(await refresh(t.api, b.refreshToken), 401, 'refresh_token_invalid');
    }
    await expectAccessWorks(t.api, a.token);
  });

  it('answers an unknown or malformed session id with 404 session_not_found', async () => {
    const session = await registerAndLogin(t.api);
    for (const sessionId of [UNKNOWN_SESSION_ID, 'nope', '', 'usr_01JDQ4Z8X9T2M3N4P5Q6R7S8T9', `${session.sessionId.toLowerCase()}`, "ses_'; DROP TABLE sessions; --"]) {
      expectError(await invalidate(t.api, session.token, { session_id: sessionId }), 404, 'session_not_found');
    }
    const admin = await loginAdmin(t.api);
    expectError(await invalidate(t.api, admin.token, { session_id: UNKNOWN_SESSION_ID }), 404, 'session_not_found');
    await expectAccessWorks(t.api, session.token);
  });

  it('answers an already invalidated session with 409 session_already_invalidated', async () => {
    const a = await registerAndLogin(t.api);
    const b = await login(t.api, a.email, a.password);
    expectStatus(await invalidate(t.api, a.token, { session_id: b.sessionId }), 200);
    expectError(await invalidate(t.api, a.token, { session_id: b.sessionId }), 409, 'session_already_invalidated');
    const admin = await loginAdmin(t.api);
    expectError(await invalidate(t.api, admin.token, { session_id: b.sessionId }), 409, 'session_already_invalidated');
  });

  it('stores the reason, visible in the sessions list', async () => {
    const a = await registerAndLogin(t.api);
    const b = await login(t.api, a.email, a.password, { device_id: 'android-7', client_version: '2.0.0' });
    const response = await invalidate(t.api, a.token, { session_id: b.sessionId, reason: 'lost phone' });
    expectStatus(response, 200);
    const ended = await sessionById(t.api, a.token, b.sessionId);
    assert.equal(ended.status, 'invalidated');
    assert.equal(ended.reason, 'lost phone');
    assert.equal(ended.invalidated_at, response.body.revoked_at);
    assert.equal(ended.device_id, 'android-7');
    assert.equal(ended.current, false);
  });

  it('refuses an unknown body field or a reason over 255 characters with 400 validation_error', async () => {
    const session = await registerAndLogin(t.api);
    const unknown = await invalidate(t.api, session.token, { session_id: session.sessionId, everywhere: true });
    expectError(unknown, 400, 'validation_error');
    assert.deepEqual(unknown.body.details, [{ field: 'everywhere', message: 'is not an accepted field' }]);
    const long = await invalidate(t.api, session.token, { reason: 'x'.repeat(256) });
    expectError(long, 400, 'validation_error');
    assert.deepEqual(
      long.body.details.map((problem: { field: string }) => problem.field),
      ['reason'],
    );
    // Nothing was invalidated by the refused requests; 255 characters are fine.
    const ok = await invalidate(t.api, session.token, { reason: 'y'.repeat(255) });
    expectStatus(ok, 200);
    assert.equal(ok.body.invalidated_session_id, session.sessionId);
  });

  it('of 8 concurrent invalidations of one session lets exactly one succeed and answers the others 409', async () => {
    const a = await registerAndLogin(t.api);
    const b = await login(t.api, a.email, a.password);
    const responses = await Promise.all(Array.from({ length: 8 }, () => invalidate(t.api, a.token, { session_id: b.sessionId })));
    const winners = responses.filter((response) => response.status === 200);
    assert.equal(winners.length, 1, `statuses: ${responses.map((response) => response.status).join(', ')}`);
    assert.equal(winners[0].body.invalidated_session_id, b.sessionId);
    assert.equal(winners[0].body.revoked_tokens, 2);
    for (const response of responses) {
      if (response.status !== 200) expectError(response, 409, 'session_already_invalidated');
    }
    await expectAccessRefused(t.api, b.token);
    await expectAccessWorks(t.api, a.token);
  });
});

describe('GET /v1/auth/sessions', () => {
  const t = useTestApp();

  it("lists the caller's sessions newest first with the contract's fields, current only for the caller's", async () => {
    const user = await signup(t.api);
    const first = await login(t.api, user.email, user.password, { device_id: 'laptop-1', client_version: '1.0.0' });
    const second = await login(t.api, user.email, user.password);
    const third = await login(t.api, user.email, user.password, { device_id: 'phone-2' });
    expectStatus(await invalidate(t.api, third.token, { session_id: first.sessionId, reason: 'old laptop' }), 200);
    // Someone else's session never shows up.
    await registerAndLogin(t.api);

    const page = await listSessions(t.api, third.token);
    expectStatus(page, 200);
    assert.deepEqual(Object.keys(page.body).sort(), ['data', 'has_more', 'next_cursor']);
    assert.equal(page.body.has_more, false);
    assert.equal(page.body.next_cursor, null);
    assert.deepEqual(
      page.body.data.map((session: { id: string }) => session.id),
      [third.sessionId, second.sessionId, first.sessionId],
    );
    for (const session of page.body.data) {
      assert.deepEqual(Object.keys(session).sort(), SESSION_FIELDS);
      assert.match(session.created_at, ISO_TIMESTAMP);
      assert.match(session.last_used_at, ISO_TIMESTAMP);
    }
    const [newest, middle, oldest] = page.body.data;
    assert.ok(newest.created_at >= middle.created_at && middle.created_at >= oldest.created_at);
    assert.deepEqual(
      page.body.data.map((session: { current: boolean }) => session.current),
      [true, false, false],
    );
    assert.deepEqual(
      { status: newest.status, device_id: newest.device_id, client_version: newest.client_version, invalidated_at: newest.invalidated_at, reason: newest.reason },
      { status: 'active', device_id: 'phone-2', client_version: null, invalidated_at: null, reason: null },
    );
    assert.equal(middle.status, 'active');
    assert.equal(middle.device_id, null);
    assert.deepEqual(
      { status: oldest.status, device_id: oldest.device_id, client_version: oldest.client_version, reason: oldest.reason },
      { status: 'invalidated', device_id: 'laptop-1', client_version: '1.0.0', reason: 'old laptop' },
    );
    assert.match(oldest.invalidated_at, ISO_TIMESTAMP);

    // Seen from another session, `current` moves with the caller.
    const fromSecond = await listSessions(t.api, second.token);
    expectStatus(fromSecond, 200);
    assert.deepEqual(
      fromSecond.body.data.map((session: { id: string; current: boolean }) => [session.id, session.current]),
      [
        [third.sessionId, false],
        [second.sessionId, true],
        [first.sessionId, false],
      ],
    );
  });

  it('walks all sessions with limit=1 and next_cursor without repeats', async () => {
    const user = await signup(t.api);
    const sessions: LoggedIn[] = [];
    for (let i = 0; i < 4; i += 1) sessions.push(await login(t.api, user.email, user.password));
    const token = sessions[3].token;
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let pageNumber = 0; pageNumber < 10; pageNumber += 1) {
      const query: string = cursor === null ? '?limit=1' : `?limit=1&cursor=${encodeURIComponent(cursor)}`;
      const page = await listSessions(t.api, token, query);
      expectStatus(page, 200);
      assert.equal(page.body.data.length, 1);
      seen.push(page.body.data[0].id);
      if (!page.body.has_more) {
        assert.equal(page.body.next_cursor, null);
        break;
      }
      assert.equal(typeof page.body.next_cursor, 'string');
      cursor = page.body.next_cursor;
    }
    assert.deepEqual(seen, sessions.map((session) => session.sessionId).reverse());
    assert.equal(new Set(seen).size, 4);
  });

  it('refuses a cursor that does not decode and an out-of-range limit with 400 validation_error', async () => {
    const session = await registerAndLogin(t.api);
    expectError(await listSessions(t.api, session.token, '?cursor=not-a-cursor'), 400, 'validation_error');
    expectError(await listSessions(t.api, session.token, '?limit=0'), 400, 'validation_error');
    expectError(await listSessions(t.api, session.token, '?limit=101'), 400, 'validation_error');
  });
});

describe('protected auth routes without a token', () => {
  const t = useTestApp();

  it('answers every protected auth route without a token with 401 unauthorized', async () => {
    const requests: Array<[string, string, unknown]> = [
      ['DELETE', '/v1/auth/session', undefined],
      ['DELETE', '/v1/auth/session', { session_id: UNKNOWN_SESSION_ID }],
      ['GET', '/v1/auth/sessions', undefined],
      ['GET', '/v1/auth/accounts', undefined],
      ['DELETE', '/v1/auth/close', undefined],
    ];
    for (const [method, path, body] of requests) {
      expectError(await t.api.request(method, path, body), 401, 'unauthorized');
      expectError(await t.api.request(method, path, body, { headers: { authorization: 'Bearer' } }), 401, 'unauthorized');
      expectError(await t.api.request(method, path, body, { token: 'not.a.token' }), 401, 'unauthorized');
    }
  });

  it('leaves login and refresh open without an access token', async () => {
    const user = await signup(t.api);
    const session = await login(t.api, user.email, user.password);
    expectTokenPair(await refresh(t.api, session.refreshToken), session.sessionId);
  });
});

describe('logins racing changes to the user or its account', () => {
  const t = useTestApp();

  it('never leaves a working session made with a password that was changed meanwhile', async () => {
    for (let round = 0; round < 6; round += 1) {
      const user = await registerAndLogin(t.api);
      const [loginResponse, change] = await Promise.all([
        t.api.post('/v1/auth/login', { email: user.email, password: user.password }),
        t.api.patch(`/v1/users/${user.user.id}`, { password: `a changed passphrase, round ${round}`, current_password: user.password }, { token: user.token }),
      ]);
      expectStatus(change, 200);
      if (loginResponse.status === 200) {
        // The change ends every session but the one that made it: a racing login's session included.
        expectError(await t.api.get('/v1/users', { token: loginResponse.body.access_token }), 401, 'unauthorized');
        expectError(await refresh(t.api, loginResponse.body.refresh_token), 401, 'refresh_token_invalid');
      } else {
        expectError(loginResponse, 401, 'invalid_credentials');
      }
    }
  });

  it('never leaves a working session in an account that was closed meanwhile', async () => {
    for (let round = 0; round < 6; round += 1) {
      const owner = await accountOwner(t.api);
      const member = await accountMember(t.api, owner.token, owner.accountId);
      const [loginResponse, close] = await Promise.all([
        t.api.post('/v1/auth/login', { email: member.email, password: member.password }),
        t.api.delete('/v1/auth/close', undefined, { token: owner.token }),
      ]);
      expectStatus(close, 200);
      if (loginResponse.status === 200) {
        expectError(await t.api.get('/v1/users', { token: loginResponse.body.access_token }), 401, 'unauthorized');
        expectError(await refresh(t.api, loginResponse.body.refresh_token), 401, 'refresh_token_invalid');
        const admin = await loginAdmin(t.api);
        const sessions = await t.api.delete('/v1/auth/session', { session_id: loginResponse.body.session_id }, { token: admin.token });
        expectError(sessions, 409, 'session_already_invalidated');
      } else {
        expectError(loginResponse, 403, 'account_closed');
      }
    }
  });

  it('answers a login racing the deletion of its user without a 500', async () => {
    for (let round = 0; round < 4; round += 1) {
      const user = await registerAndLogin(t.api);
      const [loginResponse, deletion] = await Promise.all([
        t.api.post('/v1/auth/login', { email: user.email, password: user.password }),
        t.api.delete(`/v1/users/${user.user.id}`, undefined, { token: user.token }),
      ]);
      expectStatus(deletion, 200);
      if (loginResponse.status === 200) {
        expectError(await t.api.get('/v1/users', { token: loginResponse.body.access_token }), 401, 'unauthorized');
      } else {
        expectError(loginResponse, 401, 'invalid_credentials');
      }
    }
  });
});
