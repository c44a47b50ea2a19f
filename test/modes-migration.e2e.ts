import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { idCreatedAt } from '../src/common/ids/ids';
import { Mode } from '../src/config/modes';
import { migrationsFor } from '../src/database/migrations';
import { expectStatus, loginAdmin } from './support/factories';
import { listItems } from './support/shapes';
import { sql } from './support/sql';
import { createTestDatabase, openDataSource, startTestApp, TestApp, TestDatabase } from './support/test-app';

const MIGRATIONS = migrationsFor('test');
/** The migrations before modes existed. */
const BEFORE_MODES = MIGRATIONS.slice(
  0,
  MIGRATIONS.findIndex((migration) => migration.name.startsWith('ModesAndProviders')),
);

for (const mode of ['live', 'test'] as const satisfies readonly Mode[]) {
  describe(`The modes migration with ACCOUNTS_DEFAULT_MODE=${mode}, on a database written before modes`, () => {
    let database: TestDatabase;
    let t: TestApp;
    const createdAt = Date.now() - 60 * 60 * 1000;
    const accountId = idCreatedAt('acc', new Date(createdAt));
    const eventId = idCreatedAt('evt', new Date(createdAt));

    before(async () => {
      database = await createTestDatabase();
      // Opened as the service opens its own (behind PgBouncer too), with only the migrations before modes.
      const previous = await openDataSource(database.url, { migrations: BEFORE_MODES });
      await previous.runMigrations({ transaction: 'all' });
      await previous.destroy();
      await sql(
        database.url,
        `INSERT INTO accounts (id, type, name, email, preferences, status, overdraft, owner_user_id, created_at, updated_at, closed_at)
         VALUES ($1, 'business', 'Old Shop', 'books@example.com', '{}', 'open', 'allowed', NULL, $2, $3, NULL)`,
        [accountId, createdAt, createdAt],
      );
      await sql(database.url, 'INSERT INTO event_streams (stream, last_sequence) VALUES ($1, 1)', [accountId]);
      await sql(database.url, `INSERT INTO events (id, stream, sequence, type, created_at, data) VALUES ($1, $2, 1, 'account.created', $3, '{"object":{}}')`, [
        eventId,
        accountId,
        createdAt,
      ]);
      // Starting the service applies the modes migration.
      t = await startTestApp({ ACCOUNTS_DEFAULT_MODE: mode }, database);
    });

    after(async () => {
      await t?.close();
      await database?.drop();
    });

    it(`gives the existing accounts, their events and their event streams ${mode} mode; new events of the account follow it`, async () => {
      const admin = await loginAdmin(t.api);
      const accounts = await listItems(t.api, admin.token, '/v1/auth/accounts?limit=100');
      const old = accounts.find((account) => account.id === accountId);
      assert.deepEqual([old?.mode, old?.livemode], [mode, mode === 'live']);
      expectStatus(await t.api.patch(`/v1/accounts?account_id=${accountId}`, { name: 'Old Shop, renamed' }, { token: admin.token }), 200);
      const events = await listItems(t.api, admin.token, `/v1/events?account_id=${accountId}&after_sequence=0&limit=100`);
      assert.deepEqual(
        events.map((event) => [event.sequence, event.type, event.livemode]),
        [
          [1, 'account.created', mode === 'live'],
          [2, 'account.updated', mode === 'live'],
        ],
      );
    });
  });
}
