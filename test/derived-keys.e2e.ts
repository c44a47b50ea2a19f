import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { describe, it } from 'node:test';
import jwt from 'jsonwebtoken';
import { accountOwner, expectError, expectStatus, registerAndLogin } from './support/factories';
import { sql } from './support/sql';
import { useTestApp } from './support/test-app';

const ROOT_SECRET = 'a root secret for the derived keys test, 32+ bytes';

describe('keys derived from the root secret (contract section 18)', () => {
  const t = useTestApp({ JWT_SECRET: ROOT_SECRET });

  it('does not sign tokens with the root secret itself: a token re-signed with it is refused', async () => {
    const user = await registerAndLogin(t.api);
    expectStatus(await t.api.get(`/v1/users/${user.user.id}`, { token: user.token }), 200);
    const claims = jwt.decode(user.token) as Record<string, unknown>;
    const forged = jwt.sign(claims, ROOT_SECRET, { algorithm: 'HS256' });
    expectError(await t.api.get(`/v1/users/${user.user.id}`, { token: forged }), 401, 'unauthorized');
  });

  it('does not key the idempotency body digest with the root secret', async () => {
    const owner = await accountOwner(t.api);
    const body = { type: 'credit', amount: 100, currency: 'EUR' };
    expectStatus(await t.api.post('/v1/transactions', body, { token: owner.token, headers: { 'idempotency-key': `derived-${Date.now()}` } }), 201);
    const rows = (await sql(t.databaseUrl, 'SELECT request_hash FROM idempotency_keys')).rows.map((row) => String(row.request_hash));
    assert.ok(rows.length > 0);
    const withRoot = createHmac('sha256', ROOT_SECRET).update(JSON.stringify(body)).digest('hex');
    assert.ok(!rows.includes(withRoot), 'the digest is not an HMAC under the root secret');
  });
});
