import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { GENESIS_HASH } from '../src/audit/audit-chain-hash';
import { AuditService } from '../src/audit/audit.service';
import { migrationsFor } from '../src/database/migrations';
import { insertEntry, systemEntry } from './support/audit-entries';
import { sql } from './support/sql';
import { createTestDatabase, openDataSource, startTestApp, TestApp, TestDatabase } from './support/test-app';

const MIGRATIONS = migrationsFor('test');
const BEFORE_RECORDS = MIGRATIONS.slice(
  0,
  MIGRATIONS.findIndex((migration) => migration.name.startsWith('AuditChainRecords')),
);

/** Writes entries `from`..`to` of a chain as the service wrote them, following `previousHash`; the chain's head with them. */
async function writeChain(url: string, chain: string, from: number, to: number, previousHash: string): Promise<string> {
  let hash = previousHash;
  for (let sequence = from; sequence <= to; sequence += 1) hash = await insertEntry(url, systemEntry(chain, sequence, 'account.updated'), hash);
  await sql(url, 'INSERT INTO audit_chains (chain, last_sequence, last_hash) VALUES ($1, $2, $3)', [chain, to, hash]);
  return hash;
}

describe('The audit chain records migration, on a database whose chains were written before it', () => {
  let database: TestDatabase;
  let t: TestApp;
  const whole = 'acc_0000000000000whole0000000';
  const cut = 'acc_00000000000000cut00000000';
  const cutAfter = 'a'.repeat(64);

  before(async () => {
    database = await createTestDatabase();
    const previous = await openDataSource(database.url, { migrations: BEFORE_RECORDS });
    await previous.runMigrations({ transaction: 'all' });
    await previous.destroy();
    await writeChain(database.url, 'platform', 1, 2, GENESIS_HASH);
    await writeChain(database.url, whole, 1, 3, GENESIS_HASH);
    // Retention removed entries 1-4 of this one before chains had records.
    await writeChain(database.url, cut, 5, 6, cutAfter);
    t = await startTestApp({}, database);
  });

  after(async () => {
    await t?.close();
    await database?.drop();
  });

  it('records where each existing chain starts, so that they verify, and a chain deleted since is named', async () => {
    const { rows } = await sql(database.url, "SELECT action, target_id, reason FROM audit_log WHERE chain = 'platform' AND sequence > 2 ORDER BY sequence");
    // In chain-name order.
    assert.deepEqual(rows.slice(0, 2), [
      { action: 'audit.retention_applied', target_id: cut, reason: `continues at sequence 5 after ${cutAfter}` },
      { action: 'audit.chain_started', target_id: whole, reason: null },
    ]);
    assert.deepEqual((await t.app.get(AuditService).verify()).breaks, []);

    await sql(database.url, 'DELETE FROM audit_chains WHERE chain = $1', [cut]);
    if (database.url.startsWith('sqlite:')) await sql(database.url, 'DELETE FROM audit_log WHERE chain = $1', [cut]);
    const report = await t.app.get(AuditService).verify();
    assert.deepEqual(
      report.breaks.map((found) => found.chain),
      [cut],
    );
  });
});
