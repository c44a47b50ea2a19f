import { MigrationInterface, QueryRunner } from 'typeorm';
import { chainHash, GENESIS_HASH } from '../../audit/audit-chain-hash';
import { AuditEntry } from '../../audit/entities/audit-entry.entity';
import { newId } from '../../common/ids/ids';

const PLATFORM_CHAIN = 'platform';

interface Start {
  chain: string;
  sequence: number;
  previousHash: string;
}

/**
 * Tamper evidence (contract section 21): the platform chain records where every chain starts, so that a chain deleted
 * whole, or its oldest entries, are found by audit-verify. Chains written before this migration get their record
 * now: `audit.chain_started` for a chain still whole, `audit.retention_applied` where retention already removed
 * its oldest entries (the platform chain's own included). The hash is the chain's (audit-chain-hash.ts), which
 * never changes: every stored hash depends on it.
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
      const fields: Omit<AuditEntry, 'hash' | 'previousHash'> = {
        id: newId('aud'),
        chain: PLATFORM_CHAIN,
        sequence,
        action: whole ? 'audit.chain_started' : 'audit.retention_applied',
        outcome: 'success',
        reason: whole ? null : `continues at sequence ${start.sequence} after ${start.previousHash}`,
        actorType: 'system',
        actorId: null,
        actorSessionId: null,
        accountId: null,
        targetType: 'audit_chain',
        targetId: start.chain,
        ip: null,
        userAgent: null,
        requestId: null,
        createdAt: new Date(),
      };
      const hash = chainHash(previousHash, fields);
      await queryRunner.query(
        `INSERT INTO audit_log (id, chain, sequence, action, outcome, reason, actor_type, account_id, target_type, target_id, created_at, previous_hash, hash)
         VALUES (${[...Array(13).keys()].map((index) => param(index + 1)).join(', ')})`,
        [
          fields.id,
          fields.chain,
          sequence,
          fields.action,
          fields.outcome,
          fields.reason,
          fields.actorType,
          null,
          fields.targetType,
          fields.targetId,
          fields.createdAt.getTime(),
          previousHash,
          hash,
        ],
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
