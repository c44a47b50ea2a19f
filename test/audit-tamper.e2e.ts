import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { GENESIS_HASH } from '../src/audit/audit-chain-hash';
import { AuditBreak, AuditService } from '../src/audit/audit.service';
import { HousekeepingScheduler } from '../src/housekeeping/housekeeping.scheduler';
import { insertEntry, systemEntry, tamper } from './support/audit-entries';
import { accountOwner, expectStatus, LoggedIn, loginAdmin } from './support/factories';
import { sql } from './support/sql';
import { TestApp, useTestApp } from './support/test-app';

/**
 * audit-verify against tampering done with the database's own login (contract section 21): the platform chain
 * records where every chain starts (and where retention left it), so entries removed at either end of a chain, a
 * chain removed whole and a chain written around the service are all named.
 */

type Owner = LoggedIn & { accountId: string };
interface StoredEntry {
  id: string;
  sequence: number | string;
  previous_hash: string;
  hash: string;
  created_at: number | string;
}

const isPostgres = (process.env.TEST_DATABASE_URL ?? '') !== '';
const DAY_MS = 24 * 60 * 60 * 1000;

async function entriesOf(t: TestApp, chain: string): Promise<StoredEntry[]> {
  return (await sql(t.databaseUrl, 'SELECT id, sequence, previous_hash, hash, created_at FROM audit_log WHERE chain = $1 ORDER BY sequence', [chain]))
    .rows as unknown as StoredEntry[];
}

/** Some audited writes on the owner's chain: a few key creations. */
async function auditedWrites(t: TestApp, owner: Owner, count: number): Promise<void> {
  for (let index = 0; index < count; index += 1) {
    expectStatus(await t.api.post('/v1/api_keys', { name: `key ${index}`, scopes: ['transactions:read'] }, { token: owner.token }), 201);
  }
}

async function breakOf(t: TestApp, chain: string): Promise<AuditBreak | undefined> {
  const report = await t.app.get(AuditService).verify();
  return report.breaks.find((found) => found.chain === chain);
}

describe('audit-verify against the database login (contract section 21)', () => {
  const t = useTestApp();
  before(async () => {
    await loginAdmin(t.api);
  });

  it('records the start of every chain in the platform chain, and verifies as written', async () => {
    const owner = await accountOwner(t.api);
    await auditedWrites(t, owner, 2);
    const { rows } = await sql(t.databaseUrl, "SELECT target_id FROM audit_log WHERE chain = 'platform' AND action = 'audit.chain_started'");
    assert.ok(rows.some((row) => row.target_id === owner.accountId));
    const report = await t.app.get(AuditService).verify();
    assert.deepEqual(report.breaks, []);
  });

  it('names the new oldest entry when the oldest entries of a chain are deleted', async () => {
    const owner = await accountOwner(t.api);
    await auditedWrites(t, owner, 3);
    const [first, second] = await entriesOf(t, owner.accountId);
    assert.equal(Number(first.sequence), 1);
    await tamper(t.databaseUrl, 'DELETE FROM audit_log WHERE id = $1', [first.id]);
    const found = await breakOf(t, owner.accountId);
    assert.equal(found?.entry_id, second.id);
    assert.match(found.problem, /starts at sequence 1: its oldest entries are missing/);
  });

  it('names a chain deleted whole, with its head', async () => {
    const owner = await accountOwner(t.api);
    await auditedWrites(t, owner, 2);
    await tamper(t.databaseUrl, 'DELETE FROM audit_log WHERE chain = $1', [owner.accountId]);
    await sql(t.databaseUrl, 'DELETE FROM audit_chains WHERE chain = $1', [owner.accountId]);
    const found = await breakOf(t, owner.accountId);
    assert.equal(found?.entry_id, null);
    assert.match(found.problem, /records it \(entry aud_\w+\) but it is gone/);
  });

  it('names a chain written around the service, even with correct hashes', async () => {
    const chain = 'acc_forged0000000000000000000';
    const fields = systemEntry(chain, 1, 'account.created', { targetType: 'account', targetId: chain });
    const hash = await insertEntry(t.databaseUrl, fields, GENESIS_HASH);
    await sql(t.databaseUrl, 'INSERT INTO audit_chains (chain, last_sequence, last_hash) VALUES ($1, 1, $2)', [chain, hash]);
    const found = await breakOf(t, chain);
    assert.match(found?.problem ?? '', /records no start for it/);
  });
});

describe('audit retention and audit-verify', () => {
  const t = useTestApp();

  it('records where each chain continues, so a chain cut by retention verifies and one cut by hand does not', async () => {
    await loginAdmin(t.api);
    const owner = await accountOwner(t.api);
    await auditedWrites(t, owner, 4);
    const entries = await entriesOf(t, owner.accountId);
    // Retention as it will run 400 days after the third entry: the entries written before it go. On PostgreSQL the
    // owner's purge function keeps whatever is younger than the retention the owner set: the owner lets it run now.
    const third = entries[2];
    if (isPostgres) await sql(t.databaseUrl, "CREATE OR REPLACE FUNCTION audit_retention_ms() RETURNS bigint LANGUAGE sql IMMUTABLE AS 'SELECT 0::bigint'");
    await new Promise((resolve) => setTimeout(resolve, 5));
    const purged = await t.app.get(HousekeepingScheduler).runNow('audit_log', new Date(Number(third.created_at) + 400 * DAY_MS));
    assert.ok(purged >= 2, `purged ${purged}`);
    const left = await entriesOf(t, owner.accountId);
    assert.equal(left[0].id, third.id);
    const { rows } = await sql(t.databaseUrl, "SELECT reason FROM audit_log WHERE chain = 'platform' AND action = 'audit.retention_applied' AND target_id = $1", [owner.accountId]);
    assert.deepEqual(
      rows.map((row) => row.reason),
      [`continues at sequence 3 after ${third.previous_hash}`],
    );
    assert.deepEqual((await t.app.get(AuditService).verify()).breaks, [], 'retention leaves every chain verifiable, the platform chain included');

    await tamper(t.databaseUrl, 'DELETE FROM audit_log WHERE id = $1', [third.id]);
    const found = await breakOf(t, owner.accountId);
    assert.equal(found?.entry_id, left[1].id);
    assert.match(found.problem, /starts at sequence 3: its oldest entries are missing/);
  });
});
