import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { chainHash } from '../src/audit/audit-chain-hash';
import { AuditCheckpoint, checkpointVerifies } from '../src/audit/checkpoints/audit-checkpoint';
import { AuditCheckpointer } from '../src/audit/checkpoints/audit-checkpointer';
import { createPublicKey } from 'node:crypto';
import { insertEntry, systemEntry, tamper } from './support/audit-entries';
import { accountOwner, expectStatus, LoggedIn, loginAdmin } from './support/factories';
import { builtScript, runScript } from './support/scripts';
import { sql } from './support/sql';
import { startTestApp, TestApp, useTestApp } from './support/test-app';

/**
 * Signed checkpoints of the audit chains (contract section 21): what the database's own users can do to a chain
 * that the chain alone cannot show (move its head back, rewrite its end) fails against the newest checkpoint,
 * which is signed with a key the database never holds and kept outside it.
 */

type Owner = LoggedIn & { accountId: string };
interface Break {
  chain: string;
  entry_id: string | null;
  sequence: number;
  problem: string;
}

/** An Ed25519 seed, base64 (as AUDIT_SIGNING_KEY takes it). */
const SIGNING_KEY = Buffer.alloc(32, 7).toString('base64');

async function lastEntry(t: TestApp, chain: string): Promise<Record<string, unknown>> {
  const { rows } = await sql(t.databaseUrl, 'SELECT * FROM audit_log WHERE chain = $1 ORDER BY sequence DESC LIMIT 1', [chain]);
  return rows[0];
}

describe('audit checkpoints', () => {
  const dir = mkdtempSync(join(tmpdir(), 'audit-checkpoints-'));
  const t = useTestApp({ AUDIT_SIGNING_KEY: SIGNING_KEY, AUDIT_CHECKPOINT_DIR: dir, AUDIT_CHECKPOINT_INTERVAL: '1h' });
  const publicKeyFile = join(dir, 'public-key.pem');
  let admin: LoggedIn;
  const owners: Owner[] = [];
  before(async () => {
    admin = await loginAdmin(t.api);
    for (let index = 0; index < 4; index += 1) {
      const owner = await accountOwner(t.api);
      expectStatus(await t.api.post('/v1/api_keys', { name: 'books', scopes: ['transactions:read'] }, { token: owner.token }), 201);
      owners.push(owner);
    }
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  async function verify(...args: string[]): Promise<{ code: number | null; breaks: Break[]; stdout: string }> {
    const result = await runScript(builtScript('cli.js'), ['audit-verify', '--json', ...args], t.databaseUrl, { LOG_LEVEL: 'silent' });
    assert.ok(result.stdout.startsWith('{'), result.stdout + result.stderr);
    return { code: result.code, breaks: JSON.parse(result.stdout).breaks, stdout: result.stdout };
  }
  const withCheckpoints = () => verify('--checkpoints', dir, '--public-key', publicKeyFile);

  it('publishes the verifying key, and signs every chain head into a file and a log line', async () => {
    const published = await t.api.get('/v1/audit_log/public_key', { token: admin.token });
    expectStatus(published, 200);
    assert.equal(published.body.algorithm, 'Ed25519');
    assert.match(published.body.key_id, /^[0-9a-f]{16}$/);
    writeFileSync(publicKeyFile, published.body.public_key);
    const checkpoint = await t.app.get(AuditCheckpointer).checkpoint();
    assert.ok(checkpoint !== null);
    assert.equal(await t.app.get(AuditCheckpointer).checkpoint(), null, 'nothing moved: nothing signed again');
    const files = readdirSync(dir).filter((name) => name.startsWith('checkpoint-'));
    assert.equal(files.length, 1);
    const written = JSON.parse(readFileSync(join(dir, files[0]), 'utf8')) as AuditCheckpoint;
    assert.ok(checkpointVerifies(written, createPublicKey(published.body.public_key)));
    assert.equal(written.key_id, published.body.key_id);
    for (const owner of owners) assert.ok(written.heads.some((head) => head.chain === owner.accountId && head.sequence >= 2));
    const clean = await withCheckpoints();
    assert.equal(clean.code, 0, clean.stdout);
  });

  it('fails a chain whose last entry was deleted and its head moved back: the chain alone cannot show it', async () => {
    const chain = owners[0].accountId;
    const last = await lastEntry(t, chain);
    await tamper(t.databaseUrl, 'DELETE FROM audit_log WHERE id = $1', [last.id]);
    await sql(t.databaseUrl, 'UPDATE audit_chains SET last_sequence = last_sequence - 1, last_hash = $1 WHERE chain = $2', [last.previous_hash, chain]);
    assert.equal(
      (await verify()).breaks.find((found) => found.chain === chain),
      undefined,
      'the chain itself is consistent again',
    );
    const found = (await withCheckpoints()).breaks.find((candidate) => candidate.chain === chain);
    assert.match(found?.problem ?? '', /behind its checkpoint: its head is at sequence \d+, the checkpoint of .* signed sequence \d+/);
  });

  it('fails a chain whose signed end was rewritten with correct hashes', async () => {
    const chain = owners[1].accountId;
    const last = await lastEntry(t, chain);
    const forged: Record<string, unknown> = { ...last, reason: 'nothing happened here' };
    const fields = {
      id: String(forged.id),
      chain,
      sequence: Number(forged.sequence),
      action: String(forged.action),
      outcome: String(forged.outcome),
      reason: String(forged.reason),
      actorType: String(forged.actor_type),
      actorId: (forged.actor_id as string | null) ?? null,
      actorSessionId: (forged.actor_session_id as string | null) ?? null,
      accountId: (forged.account_id as string | null) ?? null,
      targetType: (forged.target_type as string | null) ?? null,
      targetId: (forged.target_id as string | null) ?? null,
      ip: (forged.ip as string | null) ?? null,
      userAgent: (forged.user_agent as string | null) ?? null,
      requestId: (forged.request_id as string | null) ?? null,
      createdAt: new Date(Number(forged.created_at)),
    };
    const hash = chainHash(String(forged.previous_hash), fields);
    await tamper(t.databaseUrl, 'UPDATE audit_log SET reason = $1, hash = $2 WHERE id = $3', [fields.reason, hash, fields.id]);
    await sql(t.databaseUrl, 'UPDATE audit_chains SET last_hash = $1 WHERE chain = $2', [hash, chain]);
    assert.equal(
      (await verify()).breaks.find((found) => found.chain === chain),
      undefined,
      'the chain itself verifies',
    );
    const found = (await withCheckpoints()).breaks.find((candidate) => candidate.chain === chain);
    assert.match(found?.problem ?? '', /beside its checkpoint: .* and that entry is another one/);
  });

  it('fails a chain deleted whole, and a checkpoint file that was edited', async () => {
    const chain = owners[2].accountId;
    await tamper(t.databaseUrl, 'DELETE FROM audit_log WHERE chain = $1', [chain]);
    await sql(t.databaseUrl, 'DELETE FROM audit_chains WHERE chain = $1', [chain]);
    const file = readdirSync(dir).find((name) => name.startsWith('checkpoint-'))!;
    const original = readFileSync(join(dir, file), 'utf8');
    const edited = JSON.parse(original) as AuditCheckpoint;
    edited.heads = edited.heads.filter((head) => head.chain !== owners[3].accountId);
    writeFileSync(join(dir, file), JSON.stringify(edited));
    const { breaks } = await withCheckpoints();
    assert.ok(breaks.some((found) => found.chain === 'checkpoints' && found.problem.startsWith(`${file}: its signature does not verify`)));
    assert.ok(breaks.some((found) => found.chain === 'checkpoints' && /no checkpoint signed by this key/.test(found.problem)));
    writeFileSync(join(dir, file), original);
    const again = await withCheckpoints();
    assert.match(again.breaks.find((found) => found.chain === chain)?.problem ?? '', /gone/);
  });

  it('cannot see an entry forged after the newest checkpoint (the README says so): it names no chain but those tampered before', async () => {
    const chain = owners[3].accountId;
    const last = await lastEntry(t, chain);
    const fields = systemEntry(chain, Number(last.sequence) + 1, 'api_key.revoked');
    const hash = await insertEntry(t.databaseUrl, fields, String(last.hash));
    await sql(t.databaseUrl, 'UPDATE audit_chains SET last_sequence = $1, last_hash = $2 WHERE chain = $3', [fields.sequence, hash, chain]);
    const { breaks } = await withCheckpoints();
    assert.equal(
      breaks.find((found) => found.chain === chain),
      undefined,
    );
  });
});

describe('audit checkpoints at shutdown, and without a key', () => {
  it('writes a checkpoint when the server stops', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'audit-checkpoints-'));
    try {
      const app = await startTestApp({ AUDIT_SIGNING_KEY: SIGNING_KEY, AUDIT_CHECKPOINT_DIR: dir, AUDIT_CHECKPOINT_INTERVAL: '1h' });
      await loginAdmin(app.api);
      assert.deepEqual(readdirSync(dir), []);
      await app.close();
      assert.equal(readdirSync(dir).filter((name) => name.startsWith('checkpoint-')).length, 1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('publishes no key and signs nothing without AUDIT_SIGNING_KEY', async () => {
    const app = await startTestApp();
    try {
      const admin = await loginAdmin(app.api);
      const published = await app.api.get('/v1/audit_log/public_key', { token: admin.token });
      expectStatus(published, 200);
      assert.deepEqual([published.body.key_id, published.body.public_key], [null, null]);
      assert.equal(await app.app.get(AuditCheckpointer).checkpoint(), null);
    } finally {
      await app.close();
    }
  });
});
