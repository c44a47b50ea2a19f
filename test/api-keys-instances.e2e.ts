import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import { ApiClient } from './support/api-client';
import { accountOwner, expectError, expectStatus, LoggedIn } from './support/factories';
import { ServerProcess, startServerProcess } from './support/server-process';
import { createTestDatabase, TestDatabase } from './support/test-app';

/*
 * Contract section 14: revocation, expiry and the end of a roll's overlap take
 * effect on the very next request, on every instance. Two server processes
 * (each with its own pool) share one PostgreSQL database; a key is used on B
 * first, so that anything B might remember of it is warm, then changed through
 * A (or left to expire), and B's very next request with it must be refused.
 */

const ROUTE = '/v1/account/balances';
/** Long enough for the old secret's request on B right after the roll; short enough to wait out. */
const OVERLAP_SECONDS = 2;

interface CreatedKey {
  id: string;
  secret: string;
}

describe('API keys across two instances', { skip: process.env.TEST_DATABASE_URL ? false : 'PostgreSQL only' }, () => {
  let database: TestDatabase;
  let a: ServerProcess;
  let b: ServerProcess;
  let owner: LoggedIn;

  before(async () => {
    database = await createTestDatabase();
    // One after the other: the first migrates the new database.
    a = await startServerProcess(database);
    b = await startServerProcess(database);
    owner = await accountOwner(a.api);
  });

  after(async () => {
    await a?.stop();
    await b?.stop();
    await database?.drop();
  });

  async function createKey(api: ApiClient, body: Record<string, unknown> = {}): Promise<CreatedKey> {
    const created = await api.post<CreatedKey>('/v1/api_keys', { name: 'Two instances', scopes: ['balances:read'], ...body }, { token: owner.token });
    expectStatus(created, 201);
    return created.body;
  }

  it('refuses a key revoked on A on the very next request on B', async () => {
    const key = await createKey(a.api);
    expectStatus(await b.api.get(ROUTE, { token: key.secret }), 200);
    expectStatus(await a.api.delete(`/v1/api_keys/${key.id}`, undefined, { token: owner.token }), 200);
    expectError(await b.api.get(ROUTE, { token: key.secret }), 401, 'unauthorized');
    expectError(await a.api.get(ROUTE, { token: key.secret }), 401, 'unauthorized');
  });

  it('refuses the old secret of a key rolled on A on B once the overlap is past, and at once with expires_in 0', async () => {
    const key = await createKey(a.api);
    expectStatus(await b.api.get(ROUTE, { token: key.secret }), 200);
    const rolledAt = Date.now();
    const rolled = await a.api.post<CreatedKey>(`/v1/api_keys/${key.id}/roll`, { expires_in: OVERLAP_SECONDS }, { token: owner.token });
    expectStatus(rolled, 200);
    // The overlap ends between rolledAt + OVERLAP and answeredAt + OVERLAP (the server took its time in between).
    const answeredAt = Date.now();
    // Within the overlap both secrets work on B.
    expectStatus(await b.api.get(ROUTE, { token: key.secret }), 200);
    expectStatus(await b.api.get(ROUTE, { token: rolled.body.secret }), 200);
    assert.ok(Date.now() - rolledAt < OVERLAP_SECONDS * 1000, 'the overlap ended before the requests within it were answered: the machine is too slow for this test');
    await sleep(answeredAt + OVERLAP_SECONDS * 1000 + 100 - Date.now());
    expectError(await b.api.get(ROUTE, { token: key.secret }), 401, 'unauthorized');
    expectStatus(await b.api.get(ROUTE, { token: rolled.body.secret }), 200);

    const atOnce = await a.api.post<CreatedKey>(`/v1/api_keys/${key.id}/roll`, { expires_in: 0 }, { token: owner.token });
    expectStatus(atOnce, 200);
    expectError(await b.api.get(ROUTE, { token: rolled.body.secret }), 401, 'unauthorized');
    expectStatus(await b.api.get(ROUTE, { token: atOnce.body.secret }), 200);
  });

  it('refuses a key on B from the moment it expires', async () => {
    const expiresAt = Date.now() + 1500;
    const key = await createKey(a.api, { expires_at: new Date(expiresAt).toISOString() });
    expectStatus(await b.api.get(ROUTE, { token: key.secret }), 200);
    await sleep(expiresAt + 100 - Date.now());
    expectError(await b.api.get(ROUTE, { token: key.secret }), 401, 'unauthorized');
  });
});
