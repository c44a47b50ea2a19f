import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DataSource } from 'typeorm';
import { createAccount, expectStatus, login, loginAdmin, signup, STRONG_PASSWORD, uniqueEmail } from './support/factories';
import { useTestApp } from './support/test-app';

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
    const responses = await Promise.all(
      attempts.map((email) => t.api.post('/v1/users', { email, password: STRONG_PASSWORD, name: 'Overlap' })),
    );
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
});
