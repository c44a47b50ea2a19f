import { createHash } from 'node:crypto';
import { AuditEntry } from './entities/audit-entry.entity';

/** The previous hash of a chain's first entry. */
export const GENESIS_HASH = '0'.repeat(64);

/** What the hash covers: every field of the entry but the hashes, by name. */
export function canonicalJson(entry: Omit<AuditEntry, 'hash' | 'previousHash'>): string {
  const fields: Record<string, string | number | null> = {
    account_id: entry.accountId,
    action: entry.action,
    actor_id: entry.actorId,
    actor_session_id: entry.actorSessionId,
    actor_type: entry.actorType,
    chain: entry.chain,
    created_at: entry.createdAt.toISOString(),
    id: entry.id,
    ip: entry.ip,
    outcome: entry.outcome,
    reason: entry.reason,
    request_id: entry.requestId,
    sequence: entry.sequence,
    target_id: entry.targetId,
    target_type: entry.targetType,
    user_agent: entry.userAgent,
  };
  // Keys in code-point order, no whitespace: the same bytes on every machine.
  return JSON.stringify(
    Object.fromEntries(
      Object.keys(fields)
        .sort()
        .map((key) => [key, fields[key]]),
    ),
  );
}

/** hash = SHA-256(previous hash || canonical JSON of the entry), hex. */
export function chainHash(previousHash: string, entry: Omit<AuditEntry, 'hash' | 'previousHash'>): string {
  return createHash('sha256').update(previousHash).update(canonicalJson(entry)).digest('hex');
}
