/**
 * Keys never make or change people (contract section 21): creating or deleting users, and changing roles,
 * emails or passwords, need a person's session, also for platform keys with `admin`; `users:write` lets a key
 * change a user's name only. No key makes an admin.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { ApiClient } from './support/api-client';
import { accountMember, accountOwner, expectError, expectStatus, LoggedIn, loginAdmin, STRONG_PASSWORD, uniqueEmail } from './support/factories';
import { useTestApp } from './support/test-app';

async function keySecret(api: ApiClient, token: string, scopes: string[]): Promise<string> {
  const response = await api.post('/v1/api_keys', { name: 'People', scopes }, { token });
  expectStatus(response, 201);
  return response.body.secret as string;
}

describe('API keys and people', () => {
  const t = useTestApp();
  let admin: LoggedIn;
  before(async () => {
    admin = await loginAdmin(t.api);
  });

  it('refuses a platform key with admin and users:write to create a person, an admin above all', async () => {
    const key = await keySecret(t.api, admin.token, ['admin', 'users:write', 'users:read']);
    const body = { email: uniqueEmail('made-by-key'), password: STRONG_PASSWORD, name: 'Made by a key' };
    expectError(await t.api.post('/v1/users', { ...body, role: 'admin' }, { token: key }), 403, 'insufficient_permissions');
    expectError(await t.api.post('/v1/users', body, { token: key }), 403, 'insufficient_permissions');
    // Nobody was made: the email is still free for a person's own signup.
    expectStatus(await t.api.post('/v1/users', body), 201);
    // A person who is an admin still makes admins, with a session.
    const byAdmin = await t.api.post('/v1/users', { email: uniqueEmail('second-admin'), password: STRONG_PASSWORD, name: 'Second', role: 'admin' }, { token: admin.token });
    expectStatus(byAdmin, 201);
    assert.equal(byAdmin.body.role, 'admin');
  });

  it("refuses an account's users:write key to add a member to its account (a narrow key never becomes a person with full access)", async () => {
    const owner = await accountOwner(t.api);
    const key = await keySecret(t.api, owner.token, ['users:write']);
    const member = { email: uniqueEmail('member-by-key'), password: STRONG_PASSWORD, name: 'Member', account_id: owner.accountId };
    expectError(await t.api.post('/v1/users', member, { token: key }), 403, 'insufficient_permissions');
    expectStatus(await t.api.post('/v1/users', member, { token: owner.token }), 201);
  });

  it("lets a key change a user's name only: role, email, password and deletion need a person's session", async () => {
    const owner = await accountOwner(t.api);
    const member = await accountMember(t.api, owner.token, owner.accountId);
    const platformKey = await keySecret(t.api, admin.token, ['admin', 'users:write', 'users:read']);
    const ownersKey = await keySecret(t.api, owner.token, ['users:write', 'users:read']);
    for (const key of [platformKey, ownersKey]) {
      for (const change of [{ role: 'admin' }, { email: uniqueEmail('moved') }, { password: 'another long passphrase 2026' }]) {
        const refused = await t.api.patch(`/v1/users/${member.user.id}`, change, { token: key });
        expectError(refused, 403, 'insufficient_permissions');
        assert.match(refused.body.error_description, /name only/);
      }
      expectError(await t.api.delete(`/v1/users/${member.user.id}`, undefined, { token: key }), 403, 'insufficient_permissions');
    }
    const renamed = await t.api.patch(`/v1/users/${member.user.id}`, { name: 'Renamed by a key' }, { token: platformKey });
    expectStatus(renamed, 200);
    assert.deepEqual([renamed.body.name, renamed.body.role], ['Renamed by a key', 'member']);
    expectStatus(await t.api.delete(`/v1/users/${member.user.id}`, undefined, { token: owner.token }), 200);
  });
});

describe('rolling a key that is not active', () => {
  const t = useTestApp();

  it('refuses a revoked key and an expired key with 409 api_key_not_active, and rolls an active one', async () => {
    const owner = await accountOwner(t.api);
    const create = async (body: Record<string, unknown> = {}) => {
      const response = await t.api.post('/v1/api_keys', { name: 'Rolled', scopes: ['users:read'], ...body }, { token: owner.token });
      expectStatus(response, 201);
      return response.body as { id: string };
    };
    const revoked = await create();
    expectStatus(await t.api.delete(`/v1/api_keys/${revoked.id}`, undefined, { token: owner.token }), 200);
    const refused = await t.api.post(`/v1/api_keys/${revoked.id}/roll`, {}, { token: owner.token });
    expectError(refused, 409, 'api_key_not_active');
    assert.match(refused.body.error_description, /revoked/);

    const expiring = await create({ expires_at: new Date(Date.now() + 1500).toISOString() });
    await new Promise((resolve) => setTimeout(resolve, 1600));
    const expired = await t.api.post(`/v1/api_keys/${expiring.id}/roll`, {}, { token: owner.token });
    expectError(expired, 409, 'api_key_not_active');
    assert.match(expired.body.error_description, /expired/);

    expectStatus(await t.api.post(`/v1/api_keys/${(await create()).id}/roll`, {}, { token: owner.token }), 200);
  });
});
