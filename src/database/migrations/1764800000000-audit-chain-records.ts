import { createHash, randomBytes } from 'node:crypto';
import { MigrationInterface, QueryRunner } from 'typeorm';

const PLATFORM_CHAIN = 'platform';
const GENESIS_HASH = '0'.repeat(64);
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/*
 * A migration states the stored format as it was when it was written, and never changes with the application's
 * code (nor may src/database import the domain modules): the entry hash (audit/audit-chain-hash.ts) and the id
 * (common/ids) are spelled out here as they are defined for every stored entry.
 */

/** An audit entry's id: `aud_` and a ULID (48-bit milliseconds, 80 random bits, Crockford base32). */
function auditId(now: number): string {
  let time = '';
  for (let rest = now, index = 0; index < 10; index += 1, rest = Math.floor(rest / 32)) time = CROCKFORD[rest % 32] + time;
  const random = [...randomBytes(16)].map((byte) => CROCKFORD[byte % 32]).join('');
  return `aud_${time}${random}`;
}

/** SHA-256 of the previous hash and the entry's canonical JSON (every field but the hashes, keys sorted), hex. */
function entryHash(previousHash: string, fields: Record<string, string | number | null>): string {
  const canonical = JSON.stringify(
    Object.fromEntries(
      Object.keys(fields)
        .sort()
        .map((key) => [key, fields[key]]),
    ),
  );
  return createHash('sha256').update(previousHash).update(canonical).digest('hex');
}

interface Start {
  chain: string;
  sequence: number;
  previousHash: string;
}

/**
 * Tamper evidence (contract section 21): the platform chain records where every chain starts, so that a chain deleted
 * whole, or its oldest entries, are found by audit-verify. Chains written before this migration get their record
 * now: `audit.chain_started` for a chain still whole, `audit.retention_applied` where retention already removed
 * its oldest entries (the platform chain's own included).
 */
export class AuditChainRecords1764800000000 implements MigrationInterface {
  name = 'AuditChainRecords1764800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const postgres = queryRunner.connection.options.type === 'postgres';
    const param = (index: number) => (postgres ? `$${index}` : '?');
    const rows = (await queryRunner.query(
      `SELECT c.chain, e.sequence, e.previous_hash FROM audit_chains c
       JOIN audit_log e ON e.chain = c.chain AND e.sequence = (SELECT MIN(sequence) FROM audit_log WHERE chain = c.chain)
       ORDER BY c.chain`,
    )) as { chain: string; sequence: number | string; previous_hash: string }[];
    const starts: Start[] = rows.map((row) => ({ chain: row.chain, sequence: Number(row.sequence), previousHash: row.previous_hash }));
    const records = starts.filter((start) => start.chain !== PLATFORM_CHAIN || start.sequence !== 1);
    if (records.length === 0) return;
    const heads = (await queryRunner.query(`SELECT last_sequence, last_hash FROM audit_chains WHERE chain = ${param(1)}`, [PLATFORM_CHAIN])) as {
      last_sequence: number | string;
      last_hash: string;
    }[];
    let sequence = heads.length === 0 ? 0 : Number(heads[0].last_sequence);
    let previousHash = heads.length === 0 ? GENESIS_HASH : heads[0].last_hash;
    for (const start of records) {
      sequence += 1;
      const whole = start.sequence === 1 && start.previousHash === GENESIS_HASH;
      const createdAt = Date.now();
      const fields = {
        account_id: null,
        action: whole ? 'audit.chain_started' : 'audit.retention_applied',
        actor_id: null,
        actor_session_id: null,
        actor_type: 'system',
        chain: PLATFORM_CHAIN,
        created_at: new Date(createdAt).toISOString(),
        id: auditId(createdAt),
        ip: null,
        outcome: 'success',
        reason: whole ? null : `continues at sequence ${start.sequence} after ${start.previousHash}`,
        request_id: null,
        sequence,
        target_id: start.chain,
        target_type: 'audit_chain',
        user_agent: null,
      };
      const hash = entryHash(previousHash, fields);
      await queryRunner.query(
        `INSERT INTO audit_log (id, chain, sequence, action, outcome, reason, actor_type, target_type, target_id, created_at, previous_hash, hash)
         VALUES (${[...Array(12).keys()].map((index) => param(index + 1)).join(', ')})`,
        [fields.id, PLATFORM_CHAIN, sequence, fields.action, fields.outcome, fields.reason, fields.actor_type, fields.target_type, start.chain, createdAt, previousHash, hash],
      );
      previousHash = hash;
    }
    await queryRunner.query(
      `INSERT INTO audit_chains (chain, last_sequence, last_hash) VALUES (${param(1)}, ${param(2)}, ${param(3)})
       ON CONFLICT (chain) DO UPDATE SET last_sequence = excluded.last_sequence, last_hash = excluded.last_hash`,
      [PLATFORM_CHAIN, sequence, previousHash],
    );
  }

  async down(): Promise<void> {
    // The records are audit entries: append-only, they stay.
  }
}
