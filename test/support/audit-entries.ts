import { chainHash } from '../../src/audit/audit-chain-hash';
import { AuditEntry } from '../../src/audit/entities/audit-entry.entity';
import { newId } from '../../src/common/ids/ids';
import { sql } from './sql';

export type EntryFields = Omit<AuditEntry, 'hash' | 'previousHash'>;

/** An audit entry as the system writes one: what is given, nothing else (no actor, address or request). */
export function systemEntry(chain: string, sequence: number, action: string, overrides: Partial<EntryFields> = {}): EntryFields {
  return {
    id: newId('aud'),
    chain,
    sequence,
    action,
    outcome: 'success',
    reason: null,
    actorType: 'system',
    actorId: null,
    actorSessionId: null,
    accountId: chain === 'platform' ? null : chain,
    targetType: null,
    targetId: null,
    ip: null,
    userAgent: null,
    requestId: null,
    createdAt: new Date(),
    ...overrides,
  };
}

/** The row values of an entry with its real hash after `previousHash`, in INSERT_COLUMNS order. */
export function entryRow(fields: EntryFields, previousHash: string): { row: unknown[]; hash: string } {
  const hash = chainHash(previousHash, fields);
  const row = [fields.id, fields.chain, fields.sequence, fields.action, fields.outcome, fields.reason, fields.actorType, fields.accountId, fields.targetType, fields.targetId];
  return { row: [...row, fields.createdAt.getTime(), previousHash, hash], hash };
}

export const INSERT_COLUMNS = 'id, chain, sequence, action, outcome, reason, actor_type, account_id, target_type, target_id, created_at, previous_hash, hash';

/** Writes an entry straight into audit_log, as someone holding the database login would, with a correct hash; that hash. */
export async function insertEntry(databaseUrl: string, fields: EntryFields, previousHash: string): Promise<string> {
  const { row, hash } = entryRow(fields, previousHash);
  await sql(databaseUrl, `INSERT INTO audit_log (${INSERT_COLUMNS}) VALUES (${row.map((_, index) => `$${index + 1}`).join(', ')})`, row);
  return hash;
}

/** A statement run as someone holding the owner's login would: on PostgreSQL past the append-only trigger (the owner may disable it). */
export async function tamper(databaseUrl: string, statement: string, params: unknown[]): Promise<void> {
  const postgres = !databaseUrl.startsWith('sqlite:');
  if (postgres) await sql(databaseUrl, 'ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only');
  await sql(databaseUrl, statement, params);
  if (postgres) await sql(databaseUrl, 'ALTER TABLE audit_log ENABLE TRIGGER audit_log_append_only');
}
