import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { DataSource } from 'typeorm';
import { creationTimeOf } from '../src/common/ids/ids';
import { DEMO_PASSWORD } from '../src/seed/demo-options';
import { expectError, expectStatus, login } from './support/factories';
import { builtScript, runScript, ScriptResult } from './support/scripts';
import { walkPages } from './support/shapes';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestDatabase, startTestApp, TestApp, TestDatabase } from './support/test-app';

/** The seed entry as `npm run seed` runs it, compiled beside this file. */
const SEED = builtScript(join('seed', 'seed.js'));
const TRANSACTIONS = 300;
const DAY_MS = 24 * 60 * 60 * 1000;

function runSeed(databaseUrl: string, args: string[]): Promise<ScriptResult> {
  return runScript(SEED, args, databaseUrl, { JWT_SECRET: 'seed-test-secret-of-at-least-32-bytes!!', ADMIN_EMAIL, ADMIN_PASSWORD });
}

type Row = Record<string, string | number | null>;

const instant = (value: string | number | null): number | null => (value === null ? null : Number(value));

describe('npm run seed', () => {
  let database: TestDatabase;
  let seeded: ScriptResult;
  let t: TestApp;
  let db: DataSource;

  before(async () => {
    database = await createTestDatabase();
    seeded = await runSeed(database.url, ['--size', 'small', '--transactions', String(TRANSACTIONS), '--seed', '7']);
    t = await startTestApp({}, database);
    db = t.app.get(DataSource);
  });

  after(async () => {
    await t?.close();
    await database?.drop();
  });

  const rows = (sql: string): Promise<Row[]> => db.query(sql);

  it('exits 0 and prints the counts, the demo owner to log in as and the shared password', () => {
    assert.equal(seeded.code, 0, seeded.stderr);
    assert.match(seeded.stdout, /accounts: +5 \(1 closed\)/);
    assert.match(seeded.stdout, /users: +15\n/);
    assert.match(seeded.stdout, new RegExp(`transactions: +${TRANSACTIONS} `));
    assert.match(seeded.stdout, /payment requests: +200 /);
    assert.match(seeded.stdout, new RegExp(`Admin: ${ADMIN_EMAIL}`));
    assert.match(seeded.stdout, /"email":"owner1@demo\.example"/);
    assert.equal(/password: (.+)$/m.exec(seeded.stdout)?.[1], DEMO_PASSWORD);
    assert.match(seeded.stdout, /\/docs/);
  });

  it('lets the printed owner log in and read its account, and the admin of ADMIN_EMAIL too', async () => {
    const email = /"email":"([^"]+)"/.exec(seeded.stdout)![1];
    const owner = await login(t.api, email, DEMO_PASSWORD);
    const account = await t.api.get('/v1/account', { token: owner.token });
    expectStatus(account, 200);
    assert.equal(account.body.owner_user_id, owner.user.id);
    assert.equal(account.body.status, 'open');
    const members = await t.api.get('/v1/users', { token: owner.token });
    expectStatus(members, 200);
    assert.deepEqual(members.body.data.map((user: { email: string }) => user.email).sort(), ['member1-1@demo.example', 'member1-2@demo.example', 'owner1@demo.example']);
    await login(t.api, ADMIN_EMAIL, ADMIN_PASSWORD);
  });

  it("serves the owner's transactions and incoming transfers over HTTP, and the created_at and metadata filters find what the rows hold", async () => {
    const owner = await login(t.api, 'owner1@demo.example', DEMO_PASSWORD);
    const accountId = owner.user.account_id!;
    const stored = await rows(`SELECT id, created_at, metadata FROM transactions WHERE account_id = '${accountId}' OR counterparty_account_id = '${accountId}' ORDER BY id DESC`);
    assert.ok(stored.length > 20, 'account 1 is the busiest account');
    const walk = (query: string) => walkPages(t.api, owner.token, `/v1/transactions?limit=100${query}`, () => undefined);
    assert.deepEqual(
      await walk(''),
      stored.map((row) => row.id),
    );

    // The API turns created_at ranges into id ranges: they agree only because created_at is the id's time.
    const [to, from] = [stored[5], stored[Math.min(stored.length - 1, 15)]].map((row) => new Date(instant(row.created_at)!).toISOString());
    const inRange = stored.filter((row) => instant(row.created_at)! >= Date.parse(from) && instant(row.created_at)! < Date.parse(to));
    assert.ok(inRange.length >= 10);
    assert.deepEqual(
      await walk(`&created_from=${from}&created_to=${to}`),
      inRange.map((row) => row.id),
    );

    const tagged = stored.find((row) => JSON.parse(String(row.metadata)).channel !== undefined)!;
    const channel = JSON.parse(String(tagged.metadata)).channel as string;
    const sameChannel = stored.filter((row) => JSON.parse(String(row.metadata)).channel === channel);
    assert.deepEqual(
      await walk(`&metadata[channel]=${channel}`),
      sameChannel.map((row) => row.id),
    );
  });

  it('writes the ledger of every transaction: the books balance, and balances equal the sums of the transactions', async () => {
    const admin = await login(t.api, ADMIN_EMAIL, ADMIN_PASSWORD);
    const check = await t.api.get('/v1/ledger/check', { token: admin.token });
    expectStatus(check, 200);
    assert.equal(check.body.ok, true, JSON.stringify(check.body.differences));
    assert.equal(check.body.entries_checked, 2 * TRANSACTIONS);
    const owner = await login(t.api, 'owner1@demo.example', DEMO_PASSWORD);
    const accountId = owner.user.account_id!;
    // Computed from the transactions table alone, each from the account's own side.
    const sums = await rows(`SELECT currency,
        SUM(CASE WHEN status = 'posted' THEN (CASE WHEN (direction = 'credit') = (account_id = '${accountId}') THEN amount ELSE -amount END) ELSE 0 END) AS posted,
        SUM(CASE WHEN status = 'pending' AND (direction = 'debit') = (account_id = '${accountId}') THEN amount ELSE 0 END) AS pending_debits
      FROM transactions WHERE account_id = '${accountId}' OR counterparty_account_id = '${accountId}' GROUP BY currency ORDER BY currency`);
    const balances = await t.api.get('/v1/account/balances', { token: owner.token });
    assert.deepEqual(
      balances.body.balances.map((balance: { currency: string; posted: number; available: number }) => [balance.currency, balance.posted, balance.available]),
      sums.map((sum) => [sum.currency, Number(sum.posted), Number(sum.posted) - Number(sum.pending_debits)]),
    );
  });

  it("serves a succeeded payment's status with the credit that settled it", async () => {
    const owner = await login(t.api, 'owner1@demo.example', DEMO_PASSWORD);
    const [payment] = await rows(`SELECT id, transaction_id FROM payment_requests WHERE account_id = '${owner.user.account_id}' AND status = 'succeeded'`);
    const status = await t.api.get(`/v1/payments/${payment.id}/status`, { token: owner.token });
    expectStatus(status, 200);
    assert.equal(status.body.status, 'succeeded');
    assert.equal(status.body.transaction_id, payment.transaction_id);
    const credit = await t.api.get(`/v1/transactions/${payment.transaction_id}`, { token: owner.token });
    expectStatus(credit, 200);
    assert.equal(credit.body.payment_id, payment.id);
    assert.equal(credit.body.status, 'posted');
  });

  it('writes users and accounts that reference each other, with created_at read from the id', async () => {
    const users = await rows(`SELECT id, email, role, account_id, created_at, updated_at FROM users WHERE email LIKE '%@demo.example'`);
    const accounts = await rows('SELECT id, status, owner_user_id, created_at, updated_at, closed_at FROM accounts');
    assert.equal(users.length, 15);
    assert.equal(accounts.length, 5);
    for (const row of [...users, ...accounts]) {
      assert.equal(creationTimeOf(String(row.id)).getTime(), instant(row.created_at), `${row.id} created_at is its id's time`);
      assert.ok(instant(row.updated_at)! >= instant(row.created_at)!);
    }
    for (const account of accounts) {
      const owner = users.find((user) => user.id === account.owner_user_id)!;
      assert.equal(owner.account_id, account.id);
      assert.equal(users.filter((user) => user.account_id === account.id).length, 3);
      assert.equal(account.status === 'closed', account.closed_at !== null);
    }
  });

  it('writes transactions whose type, direction, status, counterparty and metadata rows agree', async () => {
    const accounts = new Map((await rows('SELECT id, status, created_at, closed_at FROM accounts')).map((row) => [row.id, row]));
    const transactions = await rows('SELECT * FROM transactions');
    const entries = await rows('SELECT transaction_id, key, value, account_id FROM transaction_metadata');
    assert.equal(transactions.length, TRANSACTIONS);
    const directions: Record<string, string[]> = {
      payment: ['debit'],
      credit: ['credit'],
      refund: ['credit'],
      transfer: ['debit'],
      adjustment: ['debit', 'credit'],
    };
    for (const row of transactions) {
      const createdAt = instant(row.created_at)!;
      const account = accounts.get(row.account_id)!;
      assert.equal(creationTimeOf(String(row.id)).getTime(), createdAt);
      assert.ok(createdAt >= instant(account.created_at)!, 'not before its account');
      assert.ok(createdAt > Date.now() - 181 * DAY_MS && createdAt <= Date.now());
      assert.ok(instant(row.updated_at)! >= createdAt);
      assert.ok(directions[String(row.type)].includes(String(row.direction)), `${row.type} ${row.direction}`);
      assert.ok(Number.isInteger(Number(row.amount)) && Number(row.amount) >= 1 && Number(row.amount) <= 999_999_999_999);
      assert.equal(row.status === 'posted', row.posted_at !== null);
      assert.equal(row.status === 'canceled', row.canceled_at !== null);
      if (account.status === 'closed') {
        assert.notEqual(row.status, 'pending', 'closing canceled what was pending');
        assert.ok(createdAt <= instant(account.closed_at)!);
      }
      if (row.type === 'transfer') {
        assert.notEqual(row.counterparty_account_id, row.account_id);
        assert.equal(accounts.get(row.counterparty_account_id)?.status, 'open');
      } else {
        assert.equal(row.counterparty_account_id, null);
      }
      const references = JSON.parse(String(row.reference_ids)) as unknown[];
      assert.ok(Array.isArray(references) && references.length <= 10 && references.every((id) => typeof id === 'string'));
      const metadata = JSON.parse(String(row.metadata)) as Record<string, string>;
      const mirrored = Object.fromEntries(
        entries
          .filter((entry) => entry.transaction_id === row.id)
          .map((entry) => {
            assert.equal(entry.account_id, row.account_id);
            return [String(entry.key), entry.value] as const;
          }),
      );
      assert.deepEqual(mirrored, metadata);
    }
  });

  it('writes payment requests whose status matches their capture, payment time and settling credit', async () => {
    const accounts = new Map((await rows('SELECT id, status, closed_at, mode FROM accounts')).map((row) => [row.id, row]));
    const transactions = new Map((await rows('SELECT * FROM transactions')).map((row) => [row.id, row]));
    const payments = await rows('SELECT * FROM payment_requests');
    const modes = new Set([...accounts.values()].map((account) => account.mode));
    assert.deepEqual([...modes].sort(), ['live', 'test'], 'the seed makes accounts of both modes');
    assert.equal(payments.length, 200);
    const settled = [...transactions.values()].filter((row) => row.payment_id !== null);
    assert.equal(settled.length, payments.filter((row) => row.status === 'succeeded').length);
    for (const payment of payments) {
      const createdAt = instant(payment.created_at)!;
      assert.equal(creationTimeOf(String(payment.id)).getTime(), createdAt);
      assert.equal(instant(payment.expires_at), createdAt + 7 * DAY_MS);
      assert.ok(instant(payment.updated_at)! >= createdAt);
      assert.equal(payment.payment_url, `http://127.0.0.1:3000/pay/${payment.checkout_token}`);
      assert.match(String(payment.checkout_token), /^[A-Za-z0-9_-]{32}$/);
      // Live accounts are paid by bank transfer (an RF reference, no manual capture, never declined); test ones in the sandbox.
      const live = accounts.get(payment.account_id)?.mode === 'live';
      assert.equal(Boolean(payment.livemode), live);
      if (live) {
        assert.equal(payment.provider, 'bank_transfer');
        assert.match(String(payment.provider_reference), /^RF\d{2}[0-9A-Z]{1,21}$/);
        assert.equal(payment.capture_method, 'automatic');
        assert.notEqual(payment.status, 'failed');
      } else {
        assert.deepEqual([payment.provider, payment.provider_reference], ['sandbox', null]);
      }
      if (payment.status === 'authorized') assert.equal(payment.capture_method, 'manual');
      assert.equal(payment.status === 'succeeded', payment.paid_at !== null);
      assert.equal(payment.status === 'succeeded', payment.transaction_id !== null);
      if (payment.status === 'succeeded') {
        const credit = transactions.get(payment.transaction_id)!;
        assert.equal(credit.payment_id, payment.id);
        assert.deepEqual(
          [credit.type, credit.direction, credit.status, credit.account_id, Number(credit.amount), credit.currency],
          ['credit', 'credit', 'posted', payment.account_id, Number(payment.amount), payment.currency],
        );
        assert.equal(instant(credit.created_at), instant(payment.paid_at));
      }
      const account = accounts.get(payment.account_id)!;
      const openAtClosing = account.status === 'closed' && instant(payment.expires_at)! > instant(account.closed_at)!;
      if (openAtClosing) assert.ok(!['pending', 'authorized'].includes(String(payment.status)), 'closing canceled open requests');
    }
  });

  it('refuses the users of a closed account at login', async () => {
    const [closed] = await rows(`SELECT u.email FROM users u JOIN accounts a ON a.owner_user_id = u.id WHERE a.status = 'closed'`);
    const response = await t.api.post('/v1/auth/login', { email: closed.email, password: DEMO_PASSWORD });
    expectError(response, 403, 'account_closed');
  });

  it('refuses a second run on the same database with exit code 1, adding nothing', async () => {
    const again = await runSeed(database.url, ['--size', 'small', '--transactions', '10']);
    assert.equal(again.code, 1, again.stderr);
    assert.match(again.stderr, /already contains demo data/);
    const [{ count }] = await rows('SELECT COUNT(*) AS count FROM transactions');
    assert.equal(Number(count), TRANSACTIONS);
  });
});
