import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ApiClient } from './support/api-client';
import { accountOwner, expectError, expectStatus, login, LoggedIn, loginAdmin, registerAndLogin, signup, STRONG_PASSWORD, uniqueEmail } from './support/factories';
import { SmtpInbox } from './support/smtp-inbox';
import { sql } from './support/sql';
import { ADMIN_EMAIL, ADMIN_PASSWORD, TestApp, useTestApp } from './support/test-app';
import { awayFromStepEdge, codeFor, totpCode } from './support/totp';

/**
 * Two factors (contract section 22), through HTTP on the real application: TOTP enrolment and confirmation, recovery
 * codes, the two-step login, replay and drift, the end of an mfa_token after five wrong codes, step-up on each
 * sensitive operation, the admins' enrolment-only mode, secrets sealed at rest, the notices people receive (through
 * a real SMTP server), and one winner among concurrent uses of one code. Codes are computed here per RFC 6238, with
 * node:crypto, independently of the service's library.
 */

const RECOVERY_CODE = /^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/;
const isPostgres = (process.env.TEST_DATABASE_URL ?? '') !== '';

interface Enrolled {
  secret: string;
  recoveryCodes: string[];
}

async function enrol(api: ApiClient, person: LoggedIn): Promise<Enrolled> {
  await awayFromStepEdge();
  const started = await api.post('/v1/auth/mfa/totp', { current_password: person.password }, { token: person.token });
  expectStatus(started, 200);
  // The previous step: the steps after it stay free for the test's next codes.
  const confirmed = await api.post('/v1/auth/mfa/totp/confirm', { code: codeFor(started.body.secret, -1) }, { token: person.token });
  expectStatus(confirmed, 200);
  return { secret: started.body.secret, recoveryCodes: confirmed.body.recovery_codes };
}

/** Codes are accepted once each, and only for later steps: a test that needs more codes than steps forgets the last one. */
async function forgetUsedCodes(t: TestApp, userId: string): Promise<void> {
  await sql(t.databaseUrl, 'UPDATE mfa_totp_factors SET last_used_step = NULL WHERE user_id = $1', [userId]);
}

async function firstStep(api: ApiClient, email: string, password: string): Promise<string> {
  const response = await api.post('/v1/auth/login', { email, password });
  expectError(response, 401, 'mfa_required');
  assert.match(response.body.details.mfa_token, /^mfa_[A-Za-z0-9_-]{43}$/);
  const expiresIn = Date.parse(response.body.details.expires_at) - Date.now();
  assert.ok(expiresIn > 290_000 && expiresIn <= 300_000, `the mfa_token lives 5 minutes, got ${expiresIn} ms`);
  return response.body.details.mfa_token;
}

async function auditActions(t: TestApp, userId: string): Promise<{ action: string; outcome: string; reason: string | null }[]> {
  const rows = await sql(t.databaseUrl, "SELECT action, outcome, reason FROM audit_log WHERE target_type = 'user' AND target_id = $1 ORDER BY created_at, id", [userId]);
  return rows.rows as never;
}

describe('RFC 6238 in the tests', () => {
  it('gives the SHA-1 codes of the RFC appendix B test vectors', () => {
    const secret = Buffer.from('12345678901234567890');
    const vectors: [number, string][] = [
      [59, '94287082'],
      [1111111109, '07081804'],
      [1111111111, '14050471'],
      [1234567890, '89005924'],
      [2000000000, '69279037'],
      [20000000000, '65353130'],
    ];
    for (const [time, code] of vectors) assert.equal(totpCode(secret, time, { digits: 8 }), code, `T = ${time}`);
  });
});

describe('two factors (TOTP)', () => {
  const inbox = new SmtpInbox();
  const env: Record<string, string> = {
    MAIL_FROM: 'Payments <no-reply@payments.example>',
    MAIL_RETRY_WAITS: '1s',
    MFA_ISSUER: 'Payments Test',
    REQUIRE_ADMIN_MFA: 'false',
    WEBHOOK_ALLOW_HTTP: 'true',
    WEBHOOK_ALLOW_PRIVATE: 'true',
  };
  before(async () => {
    env.SMTP_URL = await inbox.start();
  });
  const t = useTestApp(env);
  after(() => inbox.stop());

  const mailTo = async (to: string, subject: string) => {
    await inbox.waitFor(() => inbox.received.some((mail) => mail.to === to && mail.subject === subject), `"${subject}" to ${to}`);
    return inbox.received.find((mail) => mail.to === to && mail.subject === subject)!;
  };

  it('enrols: a secret and its otpauth URI, replaced by a new start, confirmed by a code, with ten recovery codes once; a notice is mailed', async () => {
    const person = await registerAndLogin(t.api);
    expectError(await t.api.post('/v1/auth/mfa/totp/confirm', { code: '123456' }, { token: person.token }), 409, 'mfa_enrollment_not_started');
    expectError(await t.api.post('/v1/auth/mfa/totp', { current_password: 'not my password at all' }, { token: person.token }), 401, 'invalid_credentials');

    const first = await t.api.post('/v1/auth/mfa/totp', { current_password: person.password }, { token: person.token });
    expectStatus(first, 200);
    assert.deepEqual(Object.keys(first.body).sort(), ['otpauth_uri', 'secret']);
    assert.match(first.body.secret, /^[A-Z2-7]{32}$/, '160 bits in base32');
    const uri = new URL(first.body.otpauth_uri);
    assert.equal(uri.protocol, 'otpauth:');
    assert.equal(uri.host, 'totp');
    assert.equal(decodeURIComponent(uri.pathname), `/Payments Test:${person.email}`);
    assert.deepEqual(Object.fromEntries(uri.searchParams), { issuer: 'Payments Test', secret: first.body.secret, algorithm: 'SHA1', digits: '6', period: '30' });

    const second = await t.api.post('/v1/auth/mfa/totp', { current_password: person.password }, { token: person.token });
    expectStatus(second, 200);
    assert.notEqual(second.body.secret, first.body.secret);
    expectError(await t.api.post('/v1/auth/mfa/totp/confirm', { code: codeFor(first.body.secret) }, { token: person.token }), 401, 'mfa_code_invalid');
    assert.equal((await t.api.get(`/v1/users/${person.user.id}`, { token: person.token })).body.mfa_enabled, false, 'still off');

    const confirmed = await t.api.post('/v1/auth/mfa/totp/confirm', { code: codeFor(second.body.secret) }, { token: person.token });
    expectStatus(confirmed, 200);
    assert.equal(confirmed.body.mfa_enabled, true);
    assert.equal(confirmed.body.recovery_codes.length, 10);
    assert.equal(new Set(confirmed.body.recovery_codes).size, 10);
    for (const code of confirmed.body.recovery_codes) assert.match(code, RECOVERY_CODE);

    // Enabling keeps the session that enrolled.
    const me = await t.api.get(`/v1/users/${person.user.id}`, { token: person.token });
    expectStatus(me, 200);
    assert.equal(me.body.mfa_enabled, true);
    expectError(await t.api.post('/v1/auth/mfa/totp', { current_password: person.password }, { token: person.token }), 409, 'mfa_already_enabled');
    expectError(await t.api.post('/v1/auth/mfa/totp/confirm', { code: codeFor(second.body.secret, 1) }, { token: person.token }), 409, 'mfa_already_enabled');

    // The change is an event of the user, as any other.
    const events = await sql(t.databaseUrl, "SELECT data FROM events WHERE type = 'user.updated' ORDER BY id");
    assert.ok(events.rows.some((row) => String(row.data).includes(`"id":"${person.user.id}"`) && String(row.data).includes('"mfa_enabled":true')));
    const notice = await mailTo(person.email, 'Two-factor sign-in is on');
    assert.match(notice.text, /authenticator app/);
    assert.match(notice.html, /<p>/);
    assert.deepEqual(
      (await auditActions(t, person.user.id))
        .filter((entry) => entry.action.startsWith('mfa.') || entry.action === 'auth.mfa_failed')
        .map((entry) => [entry.action, entry.outcome]),
      [
        ['auth.mfa_failed', 'failure'],
        ['mfa.enabled', 'success'],
      ],
    );
  });

  it('keeps the secret sealed and the recovery codes hashed in the database', async () => {
    const person = await registerAndLogin(t.api);
    const { secret, recoveryCodes } = await enrol(t.api, person);
    const factor = (await sql(t.databaseUrl, 'SELECT sealed_secret, status FROM mfa_totp_factors WHERE user_id = $1', [person.user.id])).rows[0];
    assert.equal(factor.status, 'active');
    assert.match(String(factor.sealed_secret), /^v1\./);
    assert.ok(!String(factor.sealed_secret).includes(secret));
    const hashes = (await sql(t.databaseUrl, 'SELECT code_hash FROM mfa_recovery_codes WHERE user_id = $1', [person.user.id])).rows.map((row) => String(row.code_hash));
    assert.equal(hashes.length, 10);
    for (const hash of hashes) {
      assert.match(hash, /^[0-9a-f]{64}$/);
      assert.ok(!recoveryCodes.includes(hash));
    }
    const tokenHashes = await sql(t.databaseUrl, 'SELECT token_hash FROM mfa_challenges');
    const token = await firstStep(t.api, person.email, person.password);
    const after = (await sql(t.databaseUrl, 'SELECT token_hash FROM mfa_challenges')).rows.map((row) => String(row.token_hash));
    assert.equal(after.length, tokenHashes.rows.length + 1);
    assert.ok(!after.includes(token) && !after.some((hash) => token.includes(hash)));
  });

  it('logs in in two steps, with a code accepted once: the mfa_token and the code are single use', async () => {
    const person = await registerAndLogin(t.api);
    const { secret } = await enrol(t.api, person);
    const token = await firstStep(t.api, person.email, person.password);
    const code = codeFor(secret);
    expectError(await t.api.post('/v1/auth/login/mfa', { mfa_token: token }), 401, 'mfa_code_invalid');
    expectError(await t.api.post('/v1/auth/login/mfa', { mfa_token: token, code, recovery_code: 'aaaa-bbbb-cccc' }), 401, 'mfa_code_invalid');
    const signedIn = await t.api.post('/v1/auth/login/mfa', { mfa_token: token, code, device_id: 'phone-1' });
    expectStatus(signedIn, 200);
    assert.equal(signedIn.body.token_type, 'Bearer');
    assert.equal(signedIn.body.user.id, person.user.id);
    assert.equal(signedIn.body.user.mfa_enabled, true);
    const sessions = await t.api.get('/v1/auth/sessions', { token: signedIn.body.access_token });
    expectStatus(sessions, 200);
    assert.equal(sessions.body.data.find((session: { current: boolean }) => session.current).device_id, 'phone-1');
    expectStatus(await t.api.post('/v1/auth/refresh', {}, { token: signedIn.body.refresh_token }), 200);

    expectError(await t.api.post('/v1/auth/login/mfa', { mfa_token: token, code: codeFor(secret, 1) }), 401, 'mfa_code_invalid');
    // Replay: the same code with a new token, in its window.
    const again = await firstStep(t.api, person.email, person.password);
    expectError(await t.api.post('/v1/auth/login/mfa', { mfa_token: again, code }), 401, 'mfa_code_invalid');
    expectError(await t.api.post('/v1/auth/login/mfa', { mfa_token: `mfa_${'A'.repeat(43)}`, code: codeFor(secret, 1) }), 401, 'mfa_code_invalid');
    expectStatus(await t.api.post('/v1/auth/login/mfa', { mfa_token: again, code: codeFor(secret, 1) }), 200);
    // A password changed since the first step ends its token.
    const before = await firstStep(t.api, person.email, person.password);
    await forgetUsedCodes(t, person.user.id);
    const newPassword = `${STRONG_PASSWORD} changed`;
    const changed = await t.api.patch(
      `/v1/users/${person.user.id}`,
      { password: newPassword, current_password: person.password, mfa_code: codeFor(secret) },
      { token: signedIn.body.access_token },
    );
    expectStatus(changed, 200);
    await forgetUsedCodes(t, person.user.id);
    expectError(await t.api.post('/v1/auth/login/mfa', { mfa_token: before, code: codeFor(secret) }), 401, 'mfa_code_invalid');
    expectStatus(await t.api.post('/v1/auth/login/mfa', { mfa_token: await firstStep(t.api, person.email, newPassword), code: codeFor(secret) }), 200);
    // A wrong password is still the password's answer, before any code.
    expectError(await t.api.post('/v1/auth/login', { email: person.email, password: 'a wrong password for sure' }), 401, 'invalid_credentials');
  });

  it('accepts one step of drift either way, not two', async () => {
    const person = await registerAndLogin(t.api);
    const { secret } = await enrol(t.api, person);
    for (const [offset, accepted] of [
      [2, false],
      [-2, false],
      [1, true],
      [-1, true],
    ] as const) {
      await forgetUsedCodes(t, person.user.id);
      await awayFromStepEdge();
      const token = await firstStep(t.api, person.email, person.password);
      const response = await t.api.post('/v1/auth/login/mfa', { mfa_token: token, code: codeFor(secret, offset) });
      if (accepted) expectStatus(response, 200);
      else expectError(response, 401, 'mfa_code_invalid');
    }
  });

  it('ends the mfa_token after five wrong codes, each committed and audited; the right code then no longer helps', async () => {
    const person = await registerAndLogin(t.api);
    const { secret } = await enrol(t.api, person);
    const right = codeFor(secret);
    const wrong = right === '000000' ? '111111' : '000000';
    const token = await firstStep(t.api, person.email, person.password);
    for (let attempt = 1; attempt <= 5; attempt += 1) expectError(await t.api.post('/v1/auth/login/mfa', { mfa_token: token, code: wrong }), 401, 'mfa_code_invalid');
    const challenge = (await sql(t.databaseUrl, 'SELECT attempts, used_at FROM mfa_challenges WHERE user_id = $1', [person.user.id])).rows[0];
    assert.equal(Number(challenge.attempts), 5);
    assert.equal(challenge.used_at, null);
    expectError(await t.api.post('/v1/auth/login/mfa', { mfa_token: token, code: right }), 401, 'mfa_code_invalid');
    const failures = (await auditActions(t, person.user.id)).filter((entry) => entry.action === 'auth.mfa_failed');
    assert.equal(failures.length, 5);
    // The code was not used up: a new token takes it.
    expectStatus(await t.api.post('/v1/auth/login/mfa', { mfa_token: await firstStep(t.api, person.email, person.password), code: right }), 200);
  });

  it('takes each recovery code once, audited', async () => {
    const person = await registerAndLogin(t.api);
    const { recoveryCodes } = await enrol(t.api, person);
    const [first, second] = recoveryCodes;
    expectStatus(await t.api.post('/v1/auth/login/mfa', { mfa_token: await firstStep(t.api, person.email, person.password), recovery_code: first.toUpperCase() }), 200);
    expectError(await t.api.post('/v1/auth/login/mfa', { mfa_token: await firstStep(t.api, person.email, person.password), recovery_code: first }), 401, 'mfa_code_invalid');
    expectStatus(await t.api.post('/v1/auth/login/mfa', { mfa_token: await firstStep(t.api, person.email, person.password), recovery_code: second }), 200);
    const used = (await auditActions(t, person.user.id)).filter((entry) => entry.action === 'auth.recovery_code_used');
    assert.deepEqual(
      used.map((entry) => [entry.outcome, entry.reason]),
      [
        ['success', 'login'],
        ['success', 'login'],
      ],
    );
    const unused = await sql(t.databaseUrl, 'SELECT count(*) AS n FROM mfa_recovery_codes WHERE user_id = $1 AND used_at IS NULL', [person.user.id]);
    assert.equal(Number(unused.rows[0].n), 8);
  });

  it('lets one of concurrent logins with one code win, and one of concurrent uses of one mfa_token', async () => {
    const person = await registerAndLogin(t.api);
    const { secret, recoveryCodes } = await enrol(t.api, person);
    await awayFromStepEdge();
    const tokens = await Promise.all(Array.from({ length: 4 }, () => firstStep(t.api, person.email, person.password)));
    const code = codeFor(secret);
    const answers = await Promise.all(tokens.map((mfaToken) => t.api.post('/v1/auth/login/mfa', { mfa_token: mfaToken, code })));
    assert.deepEqual(answers.map((answer) => answer.status).sort(), [200, 401, 401, 401], isPostgres ? 'PostgreSQL' : 'SQLite');

    const token = await firstStep(t.api, person.email, person.password);
    const racing = await Promise.all(recoveryCodes.slice(0, 4).map((recovery) => t.api.post('/v1/auth/login/mfa', { mfa_token: token, recovery_code: recovery })));
    assert.deepEqual(racing.map((answer) => answer.status).sort(), [200, 401, 401, 401]);
    const used = await sql(t.databaseUrl, 'SELECT count(*) AS n FROM mfa_recovery_codes WHERE user_id = $1 AND used_at IS NOT NULL', [person.user.id]);
    assert.equal(Number(used.rows[0].n), 1, 'the losers used up no recovery code');
  });

  it('asks a person with TOTP for a code to create an API key, rotate a webhook secret, change an email or a password; a key is not asked', async () => {
    const owner = await accountOwner(t.api);
    const { secret } = await enrol(t.api, owner);
    const owned = await login(t.api, owner.email, owner.password).catch(() => null);
    assert.equal(owned, null, 'a login now needs the second step');
    const keyBody = { name: 'Orders', scopes: ['webhooks:write'] };
    const code = codeFor(secret);
    expectError(await t.api.post('/v1/api_keys', keyBody, { token: owner.token }), 403, 'mfa_code_required');
    expectError(await t.api.post('/v1/api_keys', { ...keyBody, mfa_code: '12345x' }, { token: owner.token }), 401, 'mfa_code_invalid');
    const key = await t.api.post('/v1/api_keys', { ...keyBody, mfa_code: code }, { token: owner.token });
    expectStatus(key, 201);
    const keyNotice = await mailTo(owner.email, 'A new API key was created');
    assert.match(keyNotice.text, /Orders/);
    assert.ok(!keyNotice.text.includes(key.body.secret), 'the notice never holds the secret');

    const endpoint = await t.api.post('/v1/webhook_endpoints', { url: 'http://127.0.0.1:9/hook', enabled_events: ['*'] }, { token: owner.token });
    expectStatus(endpoint, 201);
    const rotate = `/v1/webhook_endpoints/${endpoint.body.id}/rotate_secret`;
    expectError(await t.api.post(rotate, undefined, { token: owner.token }), 403, 'mfa_code_required');
    expectError(await t.api.post(rotate, { mfa_code: code }, { token: owner.token }), 401, 'mfa_code_invalid');
    expectStatus(await t.api.post(rotate, { mfa_code: codeFor(secret, 1) }, { token: owner.token }), 200);
    // An API key is no person: no step-up.
    expectStatus(await t.api.post(rotate, undefined, { token: key.body.secret }), 200);

    await forgetUsedCodes(t, owner.user.id);
    await awayFromStepEdge();
    const patch = `/v1/users/${owner.user.id}`;
    const newEmail = uniqueEmail('renamed');
    expectError(await t.api.patch(patch, { email: newEmail, current_password: owner.password }, { token: owner.token }), 403, 'mfa_code_required');
    expectError(await t.api.patch(patch, { name: 'Only a name', mfa_code: codeFor(secret) }, { token: owner.token }), 400, 'validation_error');
    expectStatus(await t.api.patch(patch, { name: 'Only a name' }, { token: owner.token }), 200);
    expectStatus(await t.api.patch(patch, { email: newEmail, current_password: owner.password, mfa_code: codeFor(secret, -1) }, { token: owner.token }), 200);
    const newPassword = `${STRONG_PASSWORD} and more`;
    expectError(await t.api.patch(patch, { password: newPassword, current_password: owner.password }, { token: owner.token }), 403, 'mfa_code_required');
    expectError(
      await t.api.patch(patch, { password: newPassword, current_password: owner.password, mfa_code: codeFor(secret, -1) }, { token: owner.token }),
      401,
      'mfa_code_invalid',
    );
    expectStatus(await t.api.patch(patch, { password: newPassword, current_password: owner.password, mfa_code: codeFor(secret) }, { token: owner.token }), 200);
  });

  it("asks an admin with TOTP for its own code to change a user's role", async () => {
    const rootAdmin = await loginAdmin(t.api);
    const adminUser = await signup(t.api, { role: 'admin' }, rootAdmin.token);
    const admin = await login(t.api, adminUser.email, adminUser.password);
    const { secret } = await enrol(t.api, admin);
    const member = await registerAndLogin(t.api);
    const patch = `/v1/users/${member.user.id}`;
    expectError(await t.api.patch(patch, { role: 'admin' }, { token: admin.token }), 403, 'mfa_code_required');
    expectError(await t.api.patch(patch, { role: 'admin', mfa_code: codeFor(secret, -1) }, { token: admin.token }), 401, 'mfa_code_invalid');
    const changed = await t.api.patch(patch, { role: 'admin', mfa_code: codeFor(secret) }, { token: admin.token });
    expectStatus(changed, 200);
    assert.equal(changed.body.role, 'admin');
    // The member has no TOTP: its own changes need none, an admin without TOTP needs none either.
    expectStatus(await t.api.patch(patch, { role: 'member' }, { token: rootAdmin.token }), 200);
  });

  it('removes TOTP with the password and a code (or a recovery code), ends the other sessions and mails a notice', async () => {
    const person = await registerAndLogin(t.api);
    const { secret, recoveryCodes } = await enrol(t.api, person);
    const other = await t.api.post('/v1/auth/login/mfa', { mfa_token: await firstStep(t.api, person.email, person.password), code: codeFor(secret) });
    expectStatus(other, 200);
    expectError(await t.api.delete('/v1/auth/mfa/totp', { current_password: person.password }, { token: person.token }), 403, 'mfa_code_required');
    expectError(
      await t.api.delete('/v1/auth/mfa/totp', { current_password: 'a wrong password for sure', mfa_code: codeFor(secret, 1) }, { token: person.token }),
      401,
      'invalid_credentials',
    );
    expectError(await t.api.delete('/v1/auth/mfa/totp', { current_password: person.password, mfa_code: codeFor(secret) }, { token: person.token }), 401, 'mfa_code_invalid');
    expectError(await t.api.delete('/v1/auth/mfa/totp', { current_password: person.password, mfa_code: 'zzzz-zzzz-zzzz' }, { token: person.token }), 401, 'mfa_code_invalid');
    const removed = await t.api.delete('/v1/auth/mfa/totp', { current_password: person.password, mfa_code: recoveryCodes[0] }, { token: person.token });
    expectStatus(removed, 200);
    assert.equal(removed.body.mfa_enabled, false);
    assert.equal(removed.body.revoked_sessions, 1);
    expectError(await t.api.get(`/v1/users/${person.user.id}`, { token: other.body.access_token }), 401, 'unauthorized');
    const me = await t.api.get(`/v1/users/${person.user.id}`, { token: person.token });
    expectStatus(me, 200);
    assert.equal(me.body.mfa_enabled, false);
    expectError(await t.api.delete('/v1/auth/mfa/totp', { current_password: person.password, mfa_code: codeFor(secret, 1) }, { token: person.token }), 409, 'mfa_not_enabled');
    for (const table of ['mfa_totp_factors', 'mfa_recovery_codes', 'mfa_challenges']) {
      assert.equal(Number((await sql(t.databaseUrl, `SELECT count(*) AS n FROM ${table} WHERE user_id = $1`, [person.user.id])).rows[0].n), 0, table);
    }
    await login(t.api, person.email, person.password);
    await mailTo(person.email, 'Two-factor sign-in was turned off');
    const actions = (await auditActions(t, person.user.id)).map((entry) => entry.action);
    assert.ok(actions.includes('mfa.disabled') && actions.includes('auth.recovery_code_used'));

    // With a code of the app as well, on a second enrolment.
    const again = await enrol(t.api, person);
    expectStatus(await t.api.delete('/v1/auth/mfa/totp', { current_password: person.password, mfa_code: codeFor(again.secret) }, { token: person.token }), 200);
  });
});

describe('wrong codes count as password guesses (LOGIN_MAX_FAILURES)', () => {
  const t = useTestApp({ LOGIN_MAX_FAILURES: '3', LOGIN_FAILURE_WINDOW: '15m' });

  it('answers 429 once a user has sent too many wrong codes from one address, at login and at step-up alike; a right code resets the count', async () => {
    const owner = await accountOwner(t.api);
    const { secret } = await enrol(t.api, owner);
    const right = codeFor(secret);
    const wrong = right === '000000' ? '111111' : '000000';
    const body = { name: 'Orders', scopes: ['transactions:read'] };
    expectError(await t.api.post('/v1/api_keys', { ...body, mfa_code: wrong }, { token: owner.token }), 401, 'mfa_code_invalid');
    expectStatus(await t.api.post('/v1/api_keys', { ...body, mfa_code: right }, { token: owner.token }), 201);
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      expectError(await t.api.post('/v1/api_keys', { ...body, mfa_code: wrong }, { token: owner.token }), 401, 'mfa_code_invalid');
    }
    const limited = await t.api.post('/v1/api_keys', { ...body, mfa_code: codeFor(secret, 1) }, { token: owner.token });
    expectError(limited, 429, 'rate_limited');
    assert.ok(Number(limited.headers.get('retry-after')) > 0);
    // The second step of a login counts for the same user.
    const token = await firstStep(t.api, owner.email, owner.password);
    expectError(await t.api.post('/v1/auth/login/mfa', { mfa_token: token, code: codeFor(secret, 1) }), 429, 'rate_limited');
  });
});

describe('REQUIRE_ADMIN_MFA=true: admins without TOTP may only enrol', () => {
  const t = useTestApp({ REQUIRE_ADMIN_MFA: 'true' });

  it('lets an admin without TOTP log in, enrol, refresh and end its own session; everything else is 403 mfa_enrollment_required', async () => {
    const admin = await loginAdmin(t.api);
    expectError(await t.api.get('/v1/users', { token: admin.token }), 403, 'mfa_enrollment_required');
    expectError(await t.api.post('/v1/users', { email: uniqueEmail(), password: STRONG_PASSWORD, name: 'New' }, { token: admin.token }), 403, 'mfa_enrollment_required');
    expectError(await t.api.get('/v1/auth/sessions', { token: admin.token }), 403, 'mfa_enrollment_required');
    const denied = await sql(t.databaseUrl, "SELECT count(*) AS n FROM audit_log WHERE action = 'permission.denied' AND reason LIKE 'Admins must set up two factors%'");
    assert.ok(Number(denied.rows[0].n) >= 3, 'every refusal is audited');

    // A member is not concerned.
    const member = await registerAndLogin(t.api);
    expectStatus(await t.api.get('/v1/users', { token: member.token }), 200);
    expectError(await t.api.delete('/v1/auth/session', { session_id: member.sessionId }, { token: admin.token }), 403, 'mfa_enrollment_required');

    const refreshed = await t.api.post('/v1/auth/refresh', {}, { token: admin.refreshToken });
    expectStatus(refreshed, 200);
    const second = await login(t.api, ADMIN_EMAIL, ADMIN_PASSWORD);
    expectStatus(await t.api.delete('/v1/auth/session', {}, { token: second.token }), 200);

    const token = refreshed.body.access_token;
    const started = await t.api.post('/v1/auth/mfa/totp', { current_password: ADMIN_PASSWORD }, { token });
    expectStatus(started, 200);
    expectStatus(await t.api.post('/v1/auth/mfa/totp/confirm', { code: codeFor(started.body.secret) }, { token }), 200);
    // The same session, on the very next request.
    expectStatus(await t.api.get('/v1/users', { token }), 200);
  });
});
