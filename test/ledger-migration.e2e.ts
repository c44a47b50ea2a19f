import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { idCreatedAt } from '../src/common/ids/ids';
import { migrationsFor } from '../src/database/migrations';
import { expectStatus, loginAdmin } from './support/factories';
import { sql } from './support/sql';
import { createTestDatabase, openDataSource, startTestApp, TestApp, TestDatabase } from './support/test-app';

const HOUR_MS = 60 * 60 * 1000;
/** The migrations before the ledger's. */
const MIGRATIONS = migrationsFor('test');
const BEFORE_LEDGER = MIGRATIONS.slice(
  0,
  MIGRATIONS.findIndex((migration) => migration.name.startsWith('Ledger')),
);

interface OldTransaction {
  account: string;
  direction: 'debit' | 'credit';
  amount: number;
  currency: string;
  status: 'pending' | 'posted' | 'canceled';
  counterparty?: string;
  /** Hours ago: created then, posted or canceled an hour later. */
  hoursAgo: number;
}

describe('The ledger migration, on a database written before the ledger', () => {
  let database: TestDatabase;
  let t: TestApp;
  const start = Date.now() - 100 * HOUR_MS;
  const [alice, bob] = [idCreatedAt('acc', new Date(start)), idCreatedAt('acc', new Date(start + 1))];
  const old: OldTransaction[] = [
    { account: alice, direction: 'credit', amount: 10_000, currency: 'EUR', status: 'posted', hoursAgo: 90 },
    { account: alice, direction: 'debit', amount: 2_500, currency: 'EUR', status: 'posted', hoursAgo: 80 },
    { account: alice, direction: 'debit', amount: 1_000, currency: 'EUR', status: 'pending', hoursAgo: 70 },
    { account: alice, direction: 'debit', amount: 400, currency: 'EUR', status: 'posted', counterparty: bob, hoursAgo: 60 },
    { account: bob, direction: 'credit', amount: 50, currency: 'USD', status: 'pending', hoursAgo: 50 },
    { account: bob, direction: 'debit', amount: 75, currency: 'EUR', status: 'canceled', hoursAgo: 40 },
    { account: bob, direction: 'debit', amount: 30, currency: 'EUR', status: 'pending', counterparty: alice, hoursAgo: 30 },
  ];

  before(async () => {
    database = await createTestDatabase();
    const previous = await openDataSource(database.url, { migrations: BEFORE_LEDGER });
    await previous.runMigrations({ transaction: 'all' });
    await previous.destroy();
    for (const [id, name] of [
      [alice, 'Alice Ltd'],
      [bob, 'Bob Ltd'],
    ]) {
      await sql(
        database.url,
        `INSERT INTO accounts (id, type, name, email, preferences, status, owner_user_id, created_at, updated_at, closed_at)
         VALUES ($1, 'business', $2, 'books@example.com', '{}', 'open', NULL, $3, $4, NULL)`,
        [id, name, start, start],
      );
    }
    for (const transaction of old) {
      const createdAt = Date.now() - transaction.hoursAgo * HOUR_MS;
      const settledAt = createdAt + HOUR_MS;
      await sql(
        database.url,
        `INSERT INTO transactions (id, account_id, type, status, direction, amount, currency, description, reference_ids, metadata, notes,
           counterparty_account_id, payment_id, created_at, updated_at, posted_at, canceled_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, NULL, '[]', '{}', NULL, $8, NULL, $9, $10, $11, $12)`,
        [
          idCreatedAt('txn', new Date(createdAt)),
          transaction.account,
          transaction.counterparty ? 'transfer' : 'adjustment',
          transaction.status,
          transaction.direction,
          transaction.amount,
          transaction.currency,
          transaction.counterparty ?? null,
          createdAt,
          transaction.status === 'pending' ? createdAt : settledAt,
          transaction.status === 'posted' ? settledAt : null,
          transaction.status === 'canceled' ? settledAt : null,
        ],
      );
    }
    // Starting the service applies the ledger migration.
    t = await startTestApp({}, database);
  });

  after(async () => {
    await t?.close();
    await database?.drop();
  });

  it('writes two entries per existing transaction, and balances that follow the formulas', async () => {
    const admin = await loginAdmin(t.api);
    const { rows } = await sql(database.url, 'SELECT COUNT(*) AS count FROM ledger_entries');
    assert.equal(Number(rows[0].count), 2 * old.length);
    const balances = async (accountId: string, query = '') => {
      const response = await t.api.get(`/v1/account/balances?account_id=${accountId}${query}`, { token: admin.token });
      expectStatus(response, 200);
      return response.body.balances.map((balance: Record<string, unknown>) => ({ ...balance, updated_at: undefined }));
    };
    assert.deepEqual(await balances(alice), [{ currency: 'EUR', posted: 7_100, pending: 6_130, available: 6_100, updated_at: undefined }]);
    assert.deepEqual(await balances(bob), [
      { currency: 'EUR', posted: 400, pending: 370, available: 370, updated_at: undefined },
      { currency: 'USD', posted: 0, pending: 50, available: 0, updated_at: undefined },
    ]);
    const check = await t.api.get('/v1/ledger/check', { token: admin.token });
    assert.equal(check.body.ok, true, JSON.stringify(check.body.differences));
  });

  it('gives as_of balances from the running balances it derived', async () => {
    const admin = await loginAdmin(t.api);
    const asOf = async (hoursAgo: number) => {
      const instant = new Date(Date.now() - hoursAgo * HOUR_MS).toISOString();
      const response = await t.api.get(`/v1/account/balances?account_id=${alice}&as_of=${instant}`, { token: admin.token });
      return response.body.balances[0].posted;
    };
    assert.equal(await asOf(95), 0);
    assert.equal(await asOf(85), 10_000);
    assert.equal(await asOf(75), 7_500);
    assert.equal(await asOf(55), 7_100);
  });

  it('lets the migrated books go on: a new posting continues the running balance', async () => {
    const admin = await loginAdmin(t.api);
    const credit = await t.api.post('/v1/transactions', { type: 'credit', amount: 900, currency: 'EUR', account_id: alice }, { token: admin.token });
    expectStatus(await t.api.post(`/v1/transactions/${credit.body.id}/post`, undefined, { token: admin.token }), 200);
    const now = await t.api.get(`/v1/account/balances?account_id=${alice}&as_of=${new Date(Date.now() + 1000).toISOString()}`, { token: admin.token });
    assert.equal(now.body.balances[0].posted, 8_000);
  });
});
