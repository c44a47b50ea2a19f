import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { createAccount, expectError, expectStatus, login, loginAdmin, registerAndLogin, signup, STRONG_PASSWORD, uniqueEmail } from './support/factories';
import { ADMIN_EMAIL, useTestApp } from './support/test-app';

describe('database', () => {
  const t = useTestApp();

  it('has, after the migrations, exactly the schema the entities describe', async () => {
    const pending = await t.app.get(DataSource).driver.createSchemaBuilder().log();
    assert.deepEqual(
      pending.upQueries.map((query) => query.query),
      [],
    );
  });

  it('records the applied migrations, so a restart applies none again', async () => {
    const dataSource = t.app.get(DataSource);
    assert.equal(await dataSource.showMigrations(), false);
  });

  it('commits every one of many overlapping requests exactly once (no interleaved transactions)', async () => {
    const count = 12;
    const users = await Promise.all(Array.from({ length: count }, () => signup(t.api)));
    const sessions = await Promise.all(users.map((user) => login(t.api, user.email, user.password)));
    const [accounts, lists] = await Promise.all([
      Promise.all(sessions.map((session) => createAccount(t.api, session.token, { name: `Account of ${session.user.id}` }))),
      Promise.all(sessions.map((session) => t.api.get('/v1/users', { token: session.token }))),
    ]);
    for (const list of lists) expectStatus(list, 200);
    assert.equal(new Set(accounts.map((account) => account.id)).size, count);
    for (const [index, account] of accounts.entries()) assert.equal(account.owner_user_id, users[index].id);

    const admin = await loginAdmin(t.api);
    const owners = await Promise.all(users.map((user) => t.api.get(`/v1/users/${user.id}`, { token: admin.token })));
    for (const [index, owner] of owners.entries()) {
      expectStatus(owner, 200);
      assert.equal(owner.body.account_id, accounts[index].id, 'each owner joined its own account');
    }
  });

  it('keeps the commits of overlapping requests when others among them fail and roll back', async () => {
    const taken = await signup(t.api);
    const fresh = Array.from({ length: 6 }, () => uniqueEmail('fresh'));
    const attempts = [...fresh, taken.email, taken.email.toUpperCase(), taken.email, fresh[0]];
    const responses = await Promise.all(attempts.map((email) => t.api.post('/v1/users', { email, password: STRONG_PASSWORD, name: 'Overlap' })));
    const created = responses.filter((response) => response.status === 201);
    const conflicts = responses.filter((response) => response.status === 409);
    assert.equal(created.length, fresh.length, 'one user per fresh email');
    assert.equal(conflicts.length, 4, 'three repeats of a taken email and one of a fresh one');
    for (const conflict of conflicts) assert.equal(conflict.body.error_code, 'email_already_registered');
    const admin = await loginAdmin(t.api);
    for (const email of fresh) {
      const found = await t.api.get(`/v1/users?email=${encodeURIComponent(email)}`, { token: admin.token });
      expectStatus(found, 200);
      assert.equal(found.body.data.length, 1, `${email} was committed`);
    }
  });

  it('stores passwords as argon2id hashes at m=19 MiB, t=2, p=1, and refresh tokens only as SHA-256 hashes', async () => {
    const session = await registerAndLogin(t.api);
    const dataSource = t.app.get(DataSource);
    const [user] = await dataSource.query(`SELECT password_hash FROM users WHERE id = '${session.user.id}'`);
    assert.match(user.password_hash, /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const tokens: Record<string, unknown>[] = await dataSource.query(`SELECT * FROM auth_tokens WHERE session_id = '${session.sessionId}'`);
    const refreshRow = tokens.find((row) => row.kind === 'refresh');
    assert.equal(refreshRow?.token_hash, createHash('sha256').update(session.refreshToken).digest('hex'));
    for (const row of tokens) {
      for (const value of Object.values(row)) assert.ok(!String(value).includes(session.refreshToken.split('.')[2]), 'no token stored in clear');
    }
  });

  it("settles an account opened for a user racing that user's deletion: never an open account without owner", async () => {
    const admin = await loginAdmin(t.api);
    for (let round = 0; round < 5; round += 1) {
      const user = await registerAndLogin(t.api);
      const [opened, deleted] = await Promise.all([
        t.api.post('/v1/accounts', { type: 'individual', name: 'Racing', email: 'race@example.com', owner_user_id: user.user.id }, { token: admin.token }),
        t.api.delete(`/v1/users/${user.user.id}`, undefined, { token: user.token }),
      ]);
      const outcome = `${opened.status} ${deleted.status}`;
      assert.ok(['201 409', '404 200'].includes(outcome), `outcome ${outcome}`);
      if (opened.status === 201) assert.equal(deleted.body.error_code, 'user_owns_account');
      else assert.equal(opened.body.error_code, 'user_not_found');
    }
  });

  it('creates an admin from the command line, and the bootstrap admin only while no admin exists', async () => {
    // Another process on the same database, as a second instance or an operator's shell would be.
    // (Passport keeps one strategy per process, so two applications cannot share one.)
    const runCli = (email: string, password: string) =>
      spawnSync(process.execPath, [join(__dirname, '..', 'src', 'cli.js'), 'create-admin', '--email', email], {
        input: password,
        env: {
          ...process.env,
          DATABASE_URL: t.databaseUrl,
          LOG_LEVEL: 'silent',
          ADMIN_EMAIL: 'second-bootstrap-admin@example.com',
          ADMIN_PASSWORD: 'a second bootstrap admin password',
        },
        encoding: 'utf8',
      });
    const email = uniqueEmail('ops');
    const cli = runCli(email, 'an operator passphrase for the cli');
    assert.equal(cli.status, 0, cli.stderr);
    assert.match(cli.stdout, new RegExp(`Created admin ${email} \\(usr_`));
    const session = await login(t.api, email, 'an operator passphrase for the cli');
    assert.equal(session.user.role, 'admin');

    const weak = runCli(uniqueEmail('ops'), 'short');
    assert.equal(weak.status, 1);
    assert.match(weak.stderr, /validation_error: password: must be at least 15 characters/);

    const admins = await t.api.get('/v1/users?role=admin', { token: session.token });
    expectStatus(admins, 200);
    assert.deepEqual(admins.body.data.map((user: { email: string }) => user.email).sort(), [email, ADMIN_EMAIL].sort());
  });
});

describe('readiness', () => {
  const t = useTestApp();

  it('answers 503 service_unavailable while the database is unreachable, and liveness still 200', async () => {
    expectStatus(await t.api.get('/health/ready'), 200);
    await t.app.get(DataSource).destroy();
    expectError(await t.api.get('/health/ready'), 503, 'service_unavailable');
    expectStatus(await t.api.get('/health'), 200);
  });
});
