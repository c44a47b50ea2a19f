import assert from 'node:assert/strict';
import { latestToken } from './support/mailed-links';
import { before, describe, it } from 'node:test';
import { ApiResponse } from './support/api-client';
import { accountMember, accountOwner, expectError, expectStatus, LoggedIn, login, loginAdmin, registerAndLogin, STRONG_PASSWORD, uniqueEmail } from './support/factories';
import { builtScript, runScript, ScriptResult } from './support/scripts';
import { sql } from './support/sql';
import { useTestApp } from './support/test-app';

type Owner = LoggedIn & { accountId: string };
interface AuditEntry {
  id: string;
  action: string;
  outcome: string;
  reason: string | null;
  actor: { type: string; id: string | null; session_id: string | null; request_id: string | null };
  account_id: string | null;
  target: { type: string; id: string } | null;
  ip: string | null;
  user_agent: string | null;
  request_id: string | null;
  sequence: number;
  previous_hash: string;
  hash: string;
}

const CLIENT_ADDRESS = '203.0.113.7';
const USER_AGENT = 'audit-test/1.0';
/** As a client behind the trusted proxy (the test's loopback) sends it. */
const CLIENT = { 'x-forwarded-for': CLIENT_ADDRESS, 'user-agent': USER_AGENT };
const isPostgres = (process.env.TEST_DATABASE_URL ?? '') !== '';

function runCli(databaseUrl: string, args: string[]): Promise<ScriptResult> {
  return runScript(builtScript('cli.js'), args, databaseUrl, { LOG_LEVEL: 'silent' });
}

describe('Audit log', () => {
  const t = useTestApp({ TRUST_PROXY: '127.0.0.1', WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOW_PRIVATE: 'true' });
  let admin: LoggedIn;
  let owner: Owner;
  /** Every secret the suite handled: none may appear in any entry. */
  const secrets: string[] = [];
  before(async () => {
    admin = await loginAdmin(t.api);
    owner = await accountOwner(t.api);
    secrets.push(admin.token, admin.refreshToken, owner.token, owner.refreshToken, owner.password, STRONG_PASSWORD);
  });

  /** The entries the request with this response wrote (its X-Request-Id), read as the admin. */
  async function entriesOf(response: ApiResponse): Promise<AuditEntry[]> {
    const requestId = response.headers.get('x-request-id')!;
    const { rows } = await sql(t.databaseUrl, 'SELECT id FROM audit_log WHERE request_id = $1', [requestId]);
    const all = await t.api.get('/v1/audit_log?limit=100', { token: admin.token });
    expectStatus(all, 200);
    const ids = new Set(rows.map((row) => row.id));
    return (all.body.data as AuditEntry[]).filter((entry) => ids.has(entry.id));
  }

  async function onlyEntry(response: ApiResponse, action: string): Promise<AuditEntry> {
    const entries = (await entriesOf(response)).filter((entry) => entry.action === action);
    assert.equal(entries.length, 1, `${action}: ${JSON.stringify(entries)}`);
    const [entry] = entries;
    assert.equal(entry.ip, CLIENT_ADDRESS, action);
    assert.equal(entry.user_agent, USER_AGENT, action);
    assert.equal(entry.request_id, response.headers.get('x-request-id'), action);
    assert.equal(entry.actor.request_id, entry.request_id, action);
    return entry;
  }

  function asUser(entry: AuditEntry, who: LoggedIn): void {
    assert.deepEqual(
      { type: entry.actor.type, id: entry.actor.id, session_id: entry.actor.session_id },
      { type: 'user', id: who.user.id, session_id: who.sessionId },
      entry.action,
    );
  }

  it('records logins, refused logins alike for an unknown email and a wrong password, logouts and revocations', async () => {
    const someone = await registerAndLogin(t.api);
    secrets.push(someone.token, someone.refreshToken);
    const ok = await t.api.post('/v1/auth/login', { email: someone.email, password: someone.password }, { headers: CLIENT });
    expectStatus(ok, 200);
    secrets.push(ok.body.access_token, ok.body.refresh_token);
    const success = await onlyEntry(ok, 'auth.login');
    assert.equal(success.outcome, 'success');
    assert.deepEqual(success.actor, { type: 'user', id: someone.user.id, session_id: ok.body.session_id, request_id: success.request_id });

    const wrongPassword = await t.api.post('/v1/auth/login', { email: someone.email, password: 'not the password at all 1' }, { headers: CLIENT });
    expectError(wrongPassword, 401, 'invalid_credentials');
    const unknownEmail = await t.api.post('/v1/auth/login', { email: uniqueEmail('nobody'), password: 'not the password at all 1' }, { headers: CLIENT });
    expectError(unknownEmail, 401, 'invalid_credentials');
    secrets.push('not the password at all 1');
    const refusals = [await onlyEntry(wrongPassword, 'auth.login'), await onlyEntry(unknownEmail, 'auth.login')];
    // A forwarded address of any length is cut to its column, and the refusal recorded (it answered 500 on PostgreSQL).
    const longAddress = await t.api.post(
      '/v1/auth/login',
      { email: someone.email, password: 'not the password at all 1' },
      { headers: { ...CLIENT, 'x-forwarded-for': 'x'.repeat(100) } },
    );
    expectError(longAddress, 401, 'invalid_credentials');
    const [longEntry] = (await entriesOf(longAddress)).filter((entry) => entry.action === 'auth.login');
    assert.equal(longEntry.ip, 'x'.repeat(64));
    const shape = (entry: AuditEntry) => ({
      outcome: entry.outcome,
      reason: entry.reason,
      actor: { ...entry.actor, request_id: null },
      account_id: entry.account_id,
      target: entry.target,
    });
    assert.deepEqual(shape(refusals[0]), shape(refusals[1]), 'an unknown email and a wrong password leave the same entry');
    assert.deepEqual(shape(refusals[0]), {
      outcome: 'failure',
      reason: 'invalid_credentials',
      actor: { type: 'user', id: null, session_id: null, request_id: null },
      account_id: null,
      target: null,
    });

    const logout = await t.api.delete('/v1/auth/session', undefined, { token: ok.body.access_token, headers: CLIENT });
    expectStatus(logout, 200);
    const loggedOut = await onlyEntry(logout, 'auth.logout');
    assert.deepEqual(loggedOut.target, { type: 'session', id: ok.body.session_id });
    const revocation = await t.api.delete('/v1/auth/session', { session_id: someone.sessionId }, { token: admin.token, headers: CLIENT });
    expectStatus(revocation, 200);
    asUser(await onlyEntry(revocation, 'session.revoked'), admin);
  });

  it('records a refresh token replayed after its grace as a detected reuse', async () => {
    const someone = await registerAndLogin(t.api);
    const first = await t.api.post('/v1/auth/refresh', {}, { token: someone.refreshToken });
    expectStatus(first, 200);
    secrets.push(someone.refreshToken, first.body.refresh_token, first.body.access_token);
    await sql(t.databaseUrl, 'UPDATE auth_tokens SET rotated_at = rotated_at - 3600000 WHERE rotated_at IS NOT NULL');
    const replay = await t.api.post('/v1/auth/refresh', {}, { token: someone.refreshToken, headers: CLIENT });
    expectError(replay, 401, 'refresh_token_invalid');
    const reuse = await onlyEntry(replay, 'auth.refresh_reuse_detected');
    assert.equal(reuse.outcome, 'failure');
    assert.deepEqual(reuse.target, { type: 'session', id: someone.sessionId });
  });

  it('records users, accounts, keys, webhook endpoints, postings and refusals with their actor', async () => {
    const created = await t.api.post(
      '/v1/users',
      { name: 'New', email: uniqueEmail(), password: STRONG_PASSWORD, account_id: owner.accountId },
      { token: owner.token, headers: CLIENT },
    );
    expectStatus(created, 201);
    const userCreated = await onlyEntry(created, 'user.created');
    asUser(userCreated, owner);
    assert.equal(userCreated.account_id, owner.accountId);
    assert.deepEqual(userCreated.target, { type: 'user', id: created.body.id });

    const promoted = await t.api.patch(`/v1/users/${created.body.id}`, { role: 'admin' }, { token: admin.token, headers: CLIENT });
    expectStatus(promoted, 200);
    assert.equal((await onlyEntry(promoted, 'user.role_changed')).reason, 'member -> admin');
    const member = await login(t.api, created.body.email, STRONG_PASSWORD);
    const movedTo = uniqueEmail('moved');
    const changed = await t.api.patch(
      `/v1/users/${member.user.id}`,
      { password: 'another long passphrase 9', current_password: STRONG_PASSWORD, email: movedTo },
      { token: member.token, headers: CLIENT },
    );
    expectStatus(changed, 200);
    secrets.push('another long passphrase 9', member.token);
    asUser(await onlyEntry(changed, 'user.password_changed'), member);
    // The new address takes effect when its link is followed: that request records the change, by the person, without a session.
    const link = await latestToken(t, movedTo, /new email/);
    secrets.push(link);
    const verified = await t.api.post('/v1/auth/verify_email', { token: link }, { headers: CLIENT });
    expectStatus(verified, 200);
    for (const action of ['user.email_changed', 'user.email_verified']) {
      const entry = await onlyEntry(verified, action);
      assert.deepEqual([entry.actor.type, entry.actor.id, entry.actor.session_id], ['user', member.user.id, null], action);
    }
    const deleted = await t.api.delete(`/v1/users/${member.user.id}`, undefined, { token: admin.token, headers: CLIENT });
    expectStatus(deleted, 200);
    asUser(await onlyEntry(deleted, 'user.deleted'), admin);

    const patched = await t.api.patch('/v1/accounts', { name: 'Renamed Ltd' }, { token: owner.token, headers: CLIENT });
    expectStatus(patched, 200);
    asUser(await onlyEntry(patched, 'account.updated'), owner);

    const key = await t.api.post('/v1/api_keys', { name: 'Audit', scopes: ['transactions:write', 'webhooks:write'] }, { token: owner.token, headers: CLIENT });
    expectStatus(key, 201);
    secrets.push(key.body.secret);
    const keyCreated = await onlyEntry(key, 'api_key.created');
    asUser(keyCreated, owner);
    assert.deepEqual(keyCreated.target, { type: 'api_key', id: key.body.id });
    const rolled = await t.api.post(`/v1/api_keys/${key.body.id}/roll`, { expires_in: 60 }, { token: owner.token, headers: CLIENT });
    expectStatus(rolled, 200);
    secrets.push(rolled.body.secret);
    await onlyEntry(rolled, 'api_key.rolled');

    // What a key does is the key's: the actor is the key, also on the events.
    const endpoint = await t.api.post('/v1/webhook_endpoints', { url: 'http://127.0.0.1:9/hooks', enabled_events: ['*'] }, { token: rolled.body.secret, headers: CLIENT });
    expectStatus(endpoint, 201);
    secrets.push(endpoint.body.secret);
    const endpointCreated = await onlyEntry(endpoint, 'webhook_endpoint.created');
    assert.deepEqual(endpointCreated.actor, { type: 'api_key', id: key.body.id, session_id: null, request_id: endpointCreated.request_id });
    const updated = await t.api.patch(`/v1/webhook_endpoints/${endpoint.body.id}`, { description: 'Orders' }, { token: owner.token, headers: CLIENT });
    await onlyEntry(updated, 'webhook_endpoint.updated');
    const rotated = await t.api.post(`/v1/webhook_endpoints/${endpoint.body.id}/rotate_secret`, {}, { token: owner.token, headers: CLIENT });
    secrets.push(rotated.body.secret);
    await onlyEntry(rotated, 'webhook_endpoint.secret_rotated');
    const removed = await t.api.delete(`/v1/webhook_endpoints/${endpoint.body.id}`, undefined, { token: owner.token, headers: CLIENT });
    await onlyEntry(removed, 'webhook_endpoint.deleted');

    const transaction = await t.api.post('/v1/transactions', { type: 'credit', amount: 700, currency: 'EUR' }, { token: rolled.body.secret, headers: CLIENT });
    expectStatus(transaction, 201);
    const events = await t.api.get(`/v1/events?account_id=${owner.accountId}&type=transaction.created`, { token: admin.token });
    const event = events.body.data.find((item: { data: { object: { id: string } } }) => item.data.object.id === transaction.body.id);
    assert.deepEqual(event.actor, { type: 'api_key', id: key.body.id, session_id: null, request_id: transaction.headers.get('x-request-id') });
    const posted = await t.api.post(`/v1/transactions/${transaction.body.id}/post`, undefined, { token: admin.token, headers: CLIENT });
    expectStatus(posted, 200);
    asUser(await onlyEntry(posted, 'transaction.posted'), admin);

    const revoked = await t.api.delete(`/v1/api_keys/${key.body.id}`, undefined, { token: owner.token, headers: CLIENT });
    await onlyEntry(revoked, 'api_key.revoked');

    const outsider = await accountMember(t.api, owner.token, owner.accountId);
    const denied = await t.api.get('/v1/ledger/check', { token: outsider.token, headers: CLIENT });
    expectError(denied, 403, 'insufficient_permissions');
    const deniedEntry = await onlyEntry(denied, 'permission.denied');
    assert.equal(deniedEntry.outcome, 'failure');
    asUser(deniedEntry, outsider);
    assert.deepEqual(deniedEntry.target, { type: 'route', id: 'GET /v1/ledger/check' });

    const closing = await accountOwner(t.api);
    const closed = await t.api.delete('/v1/auth/close', undefined, { token: closing.token, headers: CLIENT });
    expectStatus(closed, 200);
    asUser(await onlyEntry(closed, 'account.closed'), closing);

    // Every 403 is audited, whatever its code (contract section 21).
    const onClosed = await t.api.post('/v1/transactions', { type: 'credit', amount: 100, currency: 'EUR', account_id: closing.accountId }, { token: admin.token, headers: CLIENT });
    expectError(onClosed, 403, 'account_closed');
    const closedEntry = await onlyEntry(onClosed, 'permission.denied');
    asUser(closedEntry, admin);
    assert.deepEqual([closedEntry.target, closedEntry.reason], [{ type: 'route', id: 'POST /v1/transactions' }, 'The account is closed.']);
  });

  it('lists entries to admins (all or one account), owners (their account) and nobody else, with filters', async () => {
    const member = await accountMember(t.api, owner.token, owner.accountId);
    expectError(await t.api.get('/v1/audit_log', { token: member.token }), 403, 'insufficient_permissions');
    const mine = await t.api.get('/v1/audit_log?limit=100', { token: owner.token });
    expectStatus(mine, 200);
    assert.ok(mine.body.data.length > 0);
    assert.ok(mine.body.data.every((entry: AuditEntry) => entry.account_id === owner.accountId));
    expectError(await t.api.get(`/v1/audit_log?account_id=acc_01JDQ4Z8X9T2M3N4P5Q6R7S8T9`, { token: owner.token }), 403, 'insufficient_permissions');
    const failures = await t.api.get('/v1/audit_log?outcome=failure&action=auth.login', { token: admin.token });
    assert.ok(failures.body.data.length >= 2);
    assert.ok(failures.body.data.every((entry: AuditEntry) => entry.outcome === 'failure' && entry.action === 'auth.login'));
    const byActor = await t.api.get(`/v1/audit_log?actor_id=${owner.user.id}&account_id=${owner.accountId}`, { token: admin.token });
    assert.ok(byActor.body.data.length > 0 && byActor.body.data.every((entry: AuditEntry) => entry.actor.id === owner.user.id && entry.account_id === owner.accountId));
    const future = await t.api.get('/v1/audit_log?created_from=2099-01-01T00:00:00Z', { token: admin.token });
    assert.deepEqual(future.body.data, []);
    const page = await t.api.get('/v1/audit_log?limit=2', { token: admin.token });
    assert.equal(page.body.has_more, true);
    const next = await t.api.get(`/v1/audit_log?limit=2&cursor=${page.body.next_cursor}`, { token: admin.token });
    assert.ok(next.body.data[0].id < page.body.data[1].id, 'newest first, keyset pages');
    expectError(await t.api.get('/v1/audit_log?action=nonsense', { token: admin.token }), 400, 'validation_error');
  });

  it('holds no password, token, key or secret in any entry', async () => {
    const { rows } = await sql(t.databaseUrl, 'SELECT * FROM audit_log');
    assert.ok(rows.length > 20);
    const text = JSON.stringify(rows);
    for (const secret of secrets) assert.ok(!text.includes(secret), `an entry holds ${secret.slice(0, 12)}...`);
    assert.doesNotMatch(text, /sk_(test|live|platform)_|whsec_|eyJ/);
  });

  it('verifies its chains, and names the first entry an edit, a deletion or a reordering breaks', async () => {
    const clean = await runCli(t.databaseUrl, ['audit-verify', '--json']);
    assert.equal(clean.code, 0, clean.stdout + clean.stderr);
    const report = JSON.parse(clean.stdout);
    assert.equal(report.ok, true);
    assert.ok(report.entries_checked > 20);
    const { rows } = await sql(t.databaseUrl, 'SELECT id, chain, sequence FROM audit_log WHERE chain = $1 ORDER BY sequence', [owner.accountId]);
    assert.ok(rows.length >= 6);
    const [, second, third, fourth, fifth] = rows as { id: string; chain: string; sequence: number }[];
    const tamper = async (statement: string, params: unknown[]) => {
      if (isPostgres) await sql(t.databaseUrl, `ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only`);
      await sql(t.databaseUrl, statement, params);
      if (isPostgres) await sql(t.databaseUrl, `ALTER TABLE audit_log ENABLE TRIGGER audit_log_append_only`);
    };
    const broken = async (): Promise<{ entry_id: string | null; chain: string }> => {
      const result = await runCli(t.databaseUrl, ['audit-verify']);
      assert.equal(result.code, 1, result.stdout);
      const json = JSON.parse((await runCli(t.databaseUrl, ['audit-verify', '--json'])).stdout);
      assert.equal(json.breaks.length, 1);
      assert.match(result.stdout, new RegExp(json.breaks[0].entry_id ?? 'end of chain'));
      return json.breaks[0];
    };

    const { rows: original } = await sql(t.databaseUrl, 'SELECT ip FROM audit_log WHERE id = $1', [second.id]);
    await tamper('UPDATE audit_log SET ip = $1 WHERE id = $2', ['198.51.100.1', second.id]);
    const edited = await broken();
    assert.deepEqual([edited.chain, edited.entry_id], [owner.accountId, second.id]);
    await tamper('UPDATE audit_log SET ip = $1 WHERE id = $2', [original[0].ip, second.id]);
    assert.equal((await runCli(t.databaseUrl, ['audit-verify'])).code, 0);

    // Reordered: two entries swap places in the chain.
    await tamper('UPDATE audit_log SET sequence = -1 WHERE id = $1', [third.id]);
    await tamper('UPDATE audit_log SET sequence = $1 WHERE id = $2', [third.sequence, fourth.id]);
    await tamper('UPDATE audit_log SET sequence = $1 WHERE id = $2', [fourth.sequence, third.id]);
    assert.equal((await broken()).entry_id, fourth.id);
    await tamper('UPDATE audit_log SET sequence = -1 WHERE id = $1', [third.id]);
    await tamper('UPDATE audit_log SET sequence = $1 WHERE id = $2', [fourth.sequence, fourth.id]);
    await tamper('UPDATE audit_log SET sequence = $1 WHERE id = $2', [third.sequence, third.id]);
    assert.equal((await runCli(t.databaseUrl, ['audit-verify'])).code, 0);

    // Deleted: the entry after the gap is named.
    await tamper('DELETE FROM audit_log WHERE id = $1', [fourth.id]);
    assert.equal((await broken()).entry_id, fifth.id);
  });

  it("gives the service's own role rows only (PostgreSQL): it cannot delete, change, truncate or unprotect the audit log", { skip: !isPostgres }, async () => {
    const service = t.serviceDatabaseUrl;
    assert.notEqual(service, t.databaseUrl, 'the service runs as a role of its own');
    const { rows } = await sql(t.databaseUrl, 'SELECT id FROM audit_log ORDER BY id LIMIT 1');
    const refusals: [string, unknown[]][] = [
      ['DELETE FROM audit_log WHERE id = $1', [rows[0].id]],
      ['UPDATE audit_log SET reason = $1 WHERE id = $2', ['edited', rows[0].id]],
      ['TRUNCATE audit_log', []],
      ['ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only', []],
      ['DELETE FROM audit_chains', []],
      ['DROP TABLE transactions', []],
      ['ALTER TABLE transactions ADD COLUMN note text', []],
      ["CREATE OR REPLACE FUNCTION audit_retention_ms() RETURNS bigint LANGUAGE sql AS 'SELECT 0::bigint'", []],
      ['DELETE FROM migrations', []],
    ];
    for (const [statement, params] of refusals) await assert.rejects(sql(service, statement, params), /permission denied|must be owner/, statement);
    // Asked for everything, the owner's purge function still keeps what is younger than AUDIT_RETENTION.
    const before = (await sql(t.databaseUrl, 'SELECT COUNT(*) AS n FROM audit_log')).rows[0].n;
    const purged = await sql(service, 'SELECT * FROM audit_purge($1, 1000)', ['aud_ZZZZZZZZZZZZZZZZZZZZZZZZZZ']);
    assert.equal(purged.rows.length, 0);
    assert.equal((await sql(t.databaseUrl, 'SELECT COUNT(*) AS n FROM audit_log')).rows[0].n, before);
  });

  it('refuses UPDATE and DELETE on the table (PostgreSQL), except in the retention job', { skip: !isPostgres }, async () => {
    const { rows } = await sql(t.databaseUrl, 'SELECT id FROM audit_log ORDER BY id LIMIT 1');
    await assert.rejects(sql(t.databaseUrl, 'UPDATE audit_log SET reason = $1 WHERE id = $2', ['edited', rows[0].id]), /append-only/);
    await assert.rejects(sql(t.databaseUrl, 'DELETE FROM audit_log WHERE id = $1', [rows[0].id]), /append-only/);
  });
});
