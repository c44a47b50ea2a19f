import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { expectError, expectStatus, registerAndLogin } from './support/factories';
import { sql } from './support/sql';
import { useTestApp } from './support/test-app';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

describe('sessions end (contract section 18)', () => {
  const t = useTestApp({ SESSION_MAX_AGE: '1h', REFRESH_TOKEN_TTL: '30d' });

  it('never outlive SESSION_MAX_AGE from login: the refresh token expires with the session, and refreshes do not extend it', async () => {
    const user = await registerAndLogin(t.api);
    const login = await t.api.post('/v1/auth/login', { email: user.email, password: user.password });
    expectStatus(login, 200);
    // The session began before its answer came: an hour from then is the latest the refresh token may live.
    const limit = Date.now() + HOUR_MS;
    assert.ok(Date.parse(login.body.refresh_token_expires_at) <= limit, login.body.refresh_token_expires_at);
    const refreshed = await t.api.post('/v1/auth/refresh', {}, { token: login.body.refresh_token });
    expectStatus(refreshed, 200);
    assert.ok(Date.parse(refreshed.body.refresh_token_expires_at) <= Date.parse(login.body.refresh_token_expires_at), 'not extended by a refresh');
  });

  it('refuses a refresh and an access token once the session is older than SESSION_MAX_AGE', async () => {
    const user = await registerAndLogin(t.api);
    await sql(t.databaseUrl, 'UPDATE sessions SET created_at = created_at - $1 WHERE id = $2', [2 * HOUR_MS, user.sessionId]);
    expectError(await t.api.get(`/v1/users/${user.user.id}`, { token: user.token }), 401, 'unauthorized');
    expectError(await t.api.post('/v1/auth/refresh', {}, { token: user.refreshToken }), 401, 'refresh_token_expired');
    // The user's list (from another, younger session) shows it ended, when and why.
    const again = await t.api.post('/v1/auth/login', { email: user.email, password: user.password });
    const listed = (await t.api.get('/v1/auth/sessions', { token: again.body.access_token })).body.data as {
      id: string;
      status: string;
      reason: string | null;
      invalidated_at: string | null;
    }[];
    const aged = listed.find((session) => session.id === user.sessionId)!;
    assert.deepEqual([aged.status, aged.reason], ['invalidated', 'session_max_age']);
    assert.ok(Date.parse(aged.invalidated_at!) < Date.now() - HOUR_MS / 2, aged.invalidated_at!);
    assert.equal(listed.find((session) => session.id === again.body.session_id)?.status, 'active');
  });
});

describe('idle sessions end (contract section 18)', () => {
  const t = useTestApp();

  it('refuses a session unused for SESSION_IDLE_TIMEOUT (default 7 days), refresh and access alike', async () => {
    const user = await registerAndLogin(t.api);
    const active = await registerAndLogin(t.api);
    await sql(t.databaseUrl, 'UPDATE sessions SET last_used_at = last_used_at - $1 WHERE id = $2', [8 * DAY_MS, user.sessionId]);
    await sql(t.databaseUrl, 'UPDATE sessions SET last_used_at = last_used_at - $1 WHERE id = $2', [6 * DAY_MS, active.sessionId]);
    expectError(await t.api.get(`/v1/users/${user.user.id}`, { token: user.token }), 401, 'unauthorized');
    expectError(await t.api.post('/v1/auth/refresh', {}, { token: user.refreshToken }), 401, 'refresh_token_expired');
    expectStatus(await t.api.post('/v1/auth/refresh', {}, { token: active.refreshToken }), 200);
    const again = await t.api.post('/v1/auth/login', { email: user.email, password: user.password });
    const listed = (await t.api.get('/v1/auth/sessions', { token: again.body.access_token })).body.data as { id: string; status: string; reason: string | null }[];
    const idle = listed.find((session) => session.id === user.sessionId)!;
    assert.deepEqual([idle.status, idle.reason], ['invalidated', 'session_idle_timeout']);
  });
});
