import assert from 'node:assert/strict';
import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { after, before, describe, it } from 'node:test';
import { expectError, expectStatus, login, registerAndLogin, signup, STRONG_PASSWORD, uniqueEmail } from './support/factories';
import { latestToken, mailsOnceQueued, mailsTo, tokenIn } from './support/mailed-links';
import { ReceivedMail, SmtpInbox } from './support/smtp-inbox';
import { sql } from './support/sql';
import { TestApp, useTestApp } from './support/test-app';

/**
 * Verified emails, email changes and password reset (contract section 22), as a person lives them: through the mail
 * a real SMTP server receives (smtp-server, parsed with mailparser), following the links in it over HTTP.
 */

const NEW_PASSWORD = 'a brand new and quite long passphrase';

function inboxFor(inbox: SmtpInbox, address: string, subject: RegExp): ReceivedMail[] {
  return inbox.received.filter((mail) => mail.to === address && subject.test(mail.subject));
}

async function mailTo(inbox: SmtpInbox, address: string, subject: RegExp, count = 1): Promise<ReceivedMail> {
  await inbox.waitFor(() => inboxFor(inbox, address, subject).length >= count, `mail ${count} to ${address} (${subject})`);
  return inboxFor(inbox, address, subject)[count - 1];
}

async function linkTo(inbox: SmtpInbox, address: string, subject: RegExp, count = 1): Promise<string> {
  const mail = await mailTo(inbox, address, subject, count);
  assert.equal(tokenIn(mail.html), tokenIn(mail.text), 'the HTML part links to the same token');
  return tokenIn(mail.text);
}

/** The token with one character changed: the same shape, another hash. */
function tampered(token: string): string {
  return `${token.slice(0, 10)}${token[10] === 'A' ? 'B' : 'A'}${token.slice(11)}`;
}

/**
 * Alternating requests for the two emails (each after a pause in which the previous one's link is queued), timed in
 * a worker thread, whose event loop the server's does not share.
 */
async function timeResets(baseUrl: string, known: string, unknown: string, rounds: number): Promise<Record<'known' | 'unknown', number[]>> {
  const client = `
    const { parentPort, workerData } = require('node:worker_threads');
    (async () => {
      const timings = { known: [], unknown: [] };
      for (let round = 0; round < workerData.rounds; round += 1) {
        for (const kind of round % 2 === 0 ? ['known', 'unknown'] : ['unknown', 'known']) {
          // Long enough for the work a known address starts after its answer to end before the next request, on a loaded machine too.
          await new Promise((resolve) => setTimeout(resolve, 120));
          const started = process.hrtime.bigint();
          const response = await fetch(workerData.baseUrl + '/v1/auth/password_reset', {
            method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: workerData[kind] }),
          });
          const text = await response.text();
          timings[kind].push(Number(process.hrtime.bigint() - started) / 1e6);
          if (response.status !== 202 || text !== '') throw new Error('answered ' + response.status + ' ' + text);
        }
      }
      parentPort.postMessage(timings);
    })().catch((error) => parentPort.postMessage({ error: String(error) }));`;
  const worker = new Worker(client, { eval: true, workerData: { baseUrl, known, unknown, rounds } });
  const [result] = (await once(worker, 'message')) as [Record<'known' | 'unknown', number[]> & { error?: string }];
  await worker.terminate();
  if (result.error !== undefined) throw new Error(result.error);
  return result;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function auditActions(t: TestApp, userId: string): Promise<string[]> {
  const rows = (await sql(t.databaseUrl, "SELECT action FROM audit_log WHERE target_type = 'user' AND target_id = $1 ORDER BY created_at, id", [userId])).rows as {
    action: string;
  }[];
  return rows.map((row) => row.action);
}

describe('verified emails, email changes and password reset, through real mail', () => {
  const inbox = new SmtpInbox();
  const env: Record<string, string> = { MAIL_RETRY_WAITS: '1s', EMAIL_LINKS_PER_HOUR: '3' };
  before(async () => {
    env.SMTP_URL = await inbox.start();
  });
  const t = useTestApp(env);
  after(() => inbox.stop());

  it('mails a link at signup; following it verifies the address once, and the link never works again', async () => {
    const user = await signup(t.api);
    assert.equal((user as unknown as { email_verified: boolean }).email_verified, false);
    const mail = await mailTo(inbox, user.email, /Confirm your email address/);
    const token = tokenIn(mail.text);
    assert.ok(mail.text.startsWith(`${t.baseUrl}/account/verify-email?token=`) || mail.text.includes(`${t.baseUrl}/account/verify-email?token=${token}`), mail.text);
    expectError(await t.api.post('/v1/auth/verify_email', { token: tampered(token) }), 400, 'token_invalid');
    expectError(await t.api.post('/v1/auth/verify_email', { token: 'not a token' }), 400, 'token_invalid');
    const verified = await t.api.post('/v1/auth/verify_email', { token });
    expectStatus(verified, 200);
    assert.equal(verified.body.email_verified, true);
    expectError(await t.api.post('/v1/auth/verify_email', { token }), 400, 'token_invalid');
    const stored = (await sql(t.databaseUrl, 'SELECT token_hash FROM user_tokens WHERE user_id = $1', [user.id])).rows as { token_hash: string }[];
    assert.equal(stored.length, 1);
    assert.notEqual(stored[0].token_hash, token, 'only the hash is stored');
    assert.ok(!JSON.stringify(stored).includes(token));
    assert.deepEqual(
      (await auditActions(t, user.id)).filter((action) => action === 'user.email_verified'),
      ['user.email_verified'],
    );
  });

  it('refuses an expired link, and a link a newer one replaced; resending is for unverified addresses and is limited per address', async () => {
    const user = await registerAndLogin(t.api);
    const first = await linkTo(inbox, user.email, /Confirm your email address/);
    await sql(t.databaseUrl, 'UPDATE user_tokens SET expires_at = $1 WHERE user_id = $2', [Date.now() - 1000, user.user.id]);
    expectError(await t.api.post('/v1/auth/verify_email', { token: first }), 400, 'token_invalid');
    const resent = await t.api.post('/v1/auth/verify_email/resend', {}, { token: user.token });
    expectStatus(resent, 202);
    assert.deepEqual(resent.body, { sent_to: user.email });
    const second = await linkTo(inbox, user.email, /Confirm your email address/, 2);
    expectStatus(await t.api.post('/v1/auth/verify_email/resend', {}, { token: user.token }), 202);
    const third = await linkTo(inbox, user.email, /Confirm your email address/, 3);
    expectError(await t.api.post('/v1/auth/verify_email', { token: second }), 400, 'token_invalid');
    expectStatus(await t.api.post('/v1/auth/verify_email', { token: third }), 200);
    expectError(await t.api.post('/v1/auth/verify_email/resend', {}, { token: user.token }), 409, 'email_already_verified');

    const other = await registerAndLogin(t.api);
    for (let sent = 0; sent < 3; sent += 1) expectStatus(await t.api.post('/v1/auth/verify_email/resend', {}, { token: other.token }), 202);
    const limited = await t.api.post('/v1/auth/verify_email/resend', {}, { token: other.token });
    expectError(limited, 429, 'rate_limited');
    assert.ok(Number(limited.headers.get('retry-after')) > 0);
  });

  it('changes an email only once the new address follows its link, and tells the old address', async () => {
    const user = await registerAndLogin(t.api);
    const newEmail = uniqueEmail('moved');
    const asked = await t.api.patch(`/v1/users/${user.user.id}`, { email: newEmail, current_password: user.password }, { token: user.token });
    expectStatus(asked, 200);
    assert.deepEqual([asked.body.email, asked.body.pending_email], [user.email, newEmail]);
    const token = await linkTo(inbox, newEmail, /Confirm your new email address/);
    expectError(await t.api.post('/v1/auth/login', { email: newEmail, password: user.password }), 401, 'invalid_credentials');
    const verified = await t.api.post('/v1/auth/verify_email', { token });
    expectStatus(verified, 200);
    assert.deepEqual([verified.body.email, verified.body.pending_email, verified.body.email_verified], [newEmail, null, true]);
    const notice = await mailTo(inbox, user.email, /Your email address was changed/);
    assert.match(notice.text, new RegExp(newEmail.replace(/[.+]/g, '\\$&')));
    assert.doesNotMatch(notice.text, /token=/);
    await login(t.api, newEmail, user.password);
    expectError(await t.api.post('/v1/auth/login', { email: user.email, password: user.password }), 401, 'invalid_credentials');
    assert.deepEqual(
      (await auditActions(t, user.user.id)).filter((action) => action.startsWith('user.email')),
      ['user.email_changed', 'user.email_verified'],
    );
  });

  it('refuses the link of an email change when another user took the address meanwhile, and keeps the old email', async () => {
    const user = await registerAndLogin(t.api);
    const wanted = uniqueEmail('wanted');
    expectStatus(await t.api.patch(`/v1/users/${user.user.id}`, { email: wanted, current_password: user.password }, { token: user.token }), 200);
    const token = await linkTo(inbox, wanted, /Confirm your new email address/);
    await signup(t.api, { email: wanted });
    expectError(await t.api.post('/v1/auth/verify_email', { token }), 409, 'email_already_registered');
    assert.equal((await t.api.get(`/v1/users/${user.user.id}`, { token: user.token })).body.email, user.email);
  });

  it('resets a forgotten password through the mailed link: every session ends, the new password logs in, a notice follows', async () => {
    const user = await registerAndLogin(t.api);
    const requested = await t.api.post('/v1/auth/password_reset', { email: `  ${user.email.toUpperCase()} ` });
    expectStatus(requested, 202);
    assert.equal(requested.body, '');
    const token = await linkTo(inbox, user.email, /Reset your password/);
    assert.ok((await mailTo(inbox, user.email, /Reset your password/)).text.includes(`${t.baseUrl}/account/reset-password?token=${token}`));
    const weak = await t.api.post('/v1/auth/password_reset/confirm', { token, new_password: 'short' });
    expectError(weak, 400, 'validation_error');
    assert.equal(weak.body.details[0].field, 'new_password');
    expectError(await t.api.post('/v1/auth/password_reset/confirm', { token: tampered(token), new_password: NEW_PASSWORD }), 400, 'token_invalid');
    expectStatus(await t.api.post('/v1/auth/password_reset/confirm', { token, new_password: NEW_PASSWORD }), 204);
    expectError(await t.api.get(`/v1/users/${user.user.id}`, { token: user.token }), 401, 'unauthorized');
    expectError(await t.api.post('/v1/auth/password_reset/confirm', { token, new_password: `${NEW_PASSWORD} again` }), 400, 'token_invalid');
    expectError(await t.api.post('/v1/auth/login', { email: user.email, password: user.password }), 401, 'invalid_credentials');
    const again = await login(t.api, user.email, NEW_PASSWORD);
    assert.equal((again.user as { email_verified?: boolean }).email_verified, true, 'the link proved the address');
    const notice = await mailTo(inbox, user.email, /Your password was reset/);
    assert.doesNotMatch(notice.text, /token=|passphrase/);
    const actions = await auditActions(t, user.user.id);
    assert.ok(actions.includes('auth.password_reset_requested') && actions.includes('auth.password_reset'), actions.join());
  });

  it('limits reset requests per email, known or not, with the same 429', async () => {
    const known = await signup(t.api);
    for (const email of [known.email, uniqueEmail('ghost')]) {
      for (let request = 0; request < 3; request += 1) expectStatus(await t.api.post('/v1/auth/password_reset', { email }), 202);
      const limited = await t.api.post('/v1/auth/password_reset', { email });
      expectError(limited, 429, 'rate_limited');
      assert.equal(limited.body.error_description, 'Too many links mailed to this address; retry later.');
    }
  });

  it('lets exactly one of two concurrent confirmations with one link set the password', async () => {
    const user = await signup(t.api);
    expectStatus(await t.api.post('/v1/auth/password_reset', { email: user.email }), 202);
    const token = await linkTo(inbox, user.email, /Reset your password/);
    const answers = await Promise.all(
      ['first of two passphrases here', 'second of two passphrases here'].map((new_password) => t.api.post('/v1/auth/password_reset/confirm', { token, new_password })),
    );
    assert.deepEqual(answers.map((response) => response.status).sort(), [204, 400], answers.map((response) => JSON.stringify(response.body)).join());
    const winner = answers[0].status === 204 ? 'first of two passphrases here' : 'second of two passphrases here';
    await login(t.api, user.email, winner);
  });
});

describe('REQUIRE_VERIFIED_EMAIL=true', () => {
  const t = useTestApp({ REQUIRE_VERIFIED_EMAIL: 'true' });

  it('lets an unverified user log in but not create an account (403 email_not_verified) until the address is verified', async () => {
    const email = uniqueEmail('unverified');
    await signup(t.api, { email, password: STRONG_PASSWORD });
    const user = await login(t.api, email, STRONG_PASSWORD);
    const account = { type: 'business', name: 'Acme Ltd', email: 'billing@acme.example' };
    expectError(await t.api.post('/v1/accounts', account, { token: user.token }), 403, 'email_not_verified');
    expectError(await t.api.post('/v1/api_keys', { scopes: ['transactions:read'] }, { token: user.token }), 403, 'email_not_verified');
    expectStatus(await t.api.get(`/v1/users/${user.user.id}`, { token: user.token }), 200);
    expectStatus(await t.api.post('/v1/auth/verify_email', { token: await latestToken(t, email, /Confirm your email/) }), 200);
    expectStatus(await t.api.post('/v1/accounts', account, { token: user.token }), 201);
  });
});

describe('a reset for an unknown email', () => {
  // Limits lifted: what is compared is the work of the answer, not the limiter's.
  const t = useTestApp({ EMAIL_LINKS_PER_HOUR: '0', PASSWORD_RESETS_PER_HOUR_PER_IP: '0' });

  it('is answered exactly as for a known one, mails nothing, and takes the same time', async () => {
    const known = await signup(t.api);
    const unknown = uniqueEmail('nobody');
    // Timed from a thread of its own: the server's work after its answer must not hold up the client's reading of it.
    // A difference the answer gives away shows in every measurement; a loaded machine's noise (other test files
    // running beside this one) does not: up to three measurements, and one without a difference settles it.
    const measured: string[] = [];
    let sent = 0;
    let alike = false;
    for (let attempt = 0; attempt < 3 && !alike; attempt += 1) {
      const timings = await timeResets(t.baseUrl, known.email, unknown, 16);
      sent += timings.known.length;
      const [knownMs, unknownMs] = [median(timings.known), median(timings.unknown)];
      measured.push(`known ${knownMs.toFixed(2)} ms, unknown ${unknownMs.toFixed(2)} ms`);
      alike = Math.abs(knownMs - unknownMs) < Math.max(2, 0.5 * Math.min(knownMs, unknownMs));
    }
    assert.ok(alike, measured.join('; '));
    assert.equal((await mailsOnceQueued(t, known.email, /Reset your password/, sent)).length, sent);
    assert.equal((await mailsTo(t, unknown)).length, 0, 'nothing is mailed to an address nobody has');
  });
});
