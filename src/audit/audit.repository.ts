import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { AccountScope } from '../common/access/account-access';
import { lowestIdAt } from '../common/ids/ids';
import { fetchPage, Page } from '../common/pagination/page';
import { PaginationQueryDto } from '../common/pagination/pagination-query.dto';
import { hasRowLocks } from '../database/dialect';
import { sql } from '../database/sql';
import { GENESIS_HASH } from './audit-chain-hash';
import { AuditChain } from './entities/audit-chain.entity';
import { AuditEntry } from './entities/audit-entry.entity';

/** The chain of entries of no account. */
export const PLATFORM_CHAIN = 'platform';

/** Takes the chain's head (its row lock, until the transaction ends) and the next sequence; the head's hash is the previous one. */
const ADVANCE_HEAD = sql`INSERT INTO audit_chains (chain, last_sequence, last_hash) VALUES ($1, 1, $2)
  ON CONFLICT (chain) DO UPDATE SET last_sequence = audit_chains.last_sequence + 1
  RETURNING last_sequence, last_hash`;
const SET_HEAD_HASH = sql`UPDATE audit_chains SET last_hash = $2 WHERE chain = $1`;
/** Takes the chain's head (its row lock, until the transaction ends) without advancing it: where it stands. */
const LOCK_HEAD = sql`INSERT INTO audit_chains (chain, last_sequence, last_hash) VALUES ($1, 0, $2)
  ON CONFLICT (chain) DO UPDATE SET last_sequence = audit_chains.last_sequence
  RETURNING last_sequence, last_hash`;
/** The head of a chain whose lock this unit of work holds, after the entries it appended. */
const SET_HEAD = sql`UPDATE audit_chains SET last_sequence = $2, last_hash = $3 WHERE chain = $1`;
const INSERT_ENTRY = sql`INSERT INTO audit_log (id, chain, sequence, action, outcome, reason, actor_type, actor_id, actor_session_id, account_id,
    target_type, target_id, ip, user_agent, request_id, created_at, previous_hash, hash)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)`;

const CHAIN_AFTER = sql`SELECT id, chain, sequence, action, outcome, reason, actor_type, actor_id, actor_session_id, account_id,
    target_type, target_id, ip, user_agent, request_id, created_at, previous_hash, hash
  FROM audit_log WHERE chain = $1 AND sequence > $2 ORDER BY sequence LIMIT $3`;

/** A row of CHAIN_AFTER, as the drivers give it (PostgreSQL's BIGINT as a string). */
interface EntryRow {
  id: string;
  chain: string;
  sequence: number | string;
  action: string;
  outcome: string;
  reason: string | null;
  actor_type: string;
  actor_id: string | null;
  actor_session_id: string | null;
  account_id: string | null;
  target_type: string | null;
  target_id: string | null;
  ip: string | null;
  user_agent: string | null;
  request_id: string | null;
  created_at: number | string;
  previous_hash: string;
  hash: string;
}

function toEntry(row: EntryRow): AuditEntry {
  return {
    id: row.id,
    chain: row.chain,
    sequence: Number(row.sequence),
    action: row.action,
    outcome: row.outcome,
    reason: row.reason,
    actorType: row.actor_type,
    actorId: row.actor_id,
    actorSessionId: row.actor_session_id,
    accountId: row.account_id,
    targetType: row.target_type,
    targetId: row.target_id,
    ip: row.ip,
    userAgent: row.user_agent,
    requestId: row.request_id,
    createdAt: new Date(Number(row.created_at)),
    previousHash: row.previous_hash,
    hash: row.hash,
  };
}

function entryParams(entry: AuditEntry): unknown[] {
  return [
    entry.id,
    entry.chain,
    entry.sequence,
    entry.action,
    entry.outcome,
    entry.reason,
    entry.actorType,
    entry.actorId,
    entry.actorSessionId,
    entry.accountId,
    entry.targetType,
    entry.targetId,
    entry.ip,
    entry.userAgent,
    entry.requestId,
    entry.createdAt.getTime(),
    entry.previousHash,
    entry.hash,
  ];
}
/**
 * Retention. PostgreSQL: the service's role may not delete audit entries; the owner's function audit_purge does,
 * past the table's append-only trigger, and only entries older than the retention the owner set (contract section 21).
 */
const PURGE_AS_OWNER = sql`SELECT purged_chain AS chain, purged_action AS action, purged_target_id AS target_id FROM audit_purge($1, $2)`;
const PURGE_BEFORE = sql`DELETE FROM audit_log WHERE id IN (SELECT id FROM audit_log WHERE id < $1 ORDER BY id LIMIT $2)
  RETURNING chain, action, target_id`;
const ANY_BEFORE = sql`SELECT 1 AS found FROM audit_log WHERE id < $1 LIMIT 1`;
const ENTRY_AT = sql`SELECT hash FROM audit_log WHERE chain = $1 AND sequence = $2`;
/** Where a chain continues: its oldest entry left, else (none left) the entry its head would take next. */
const OLDEST_LEFT = sql`SELECT sequence, previous_hash FROM audit_log WHERE chain = $1 ORDER BY sequence LIMIT 1`;
const HEAD_OF = sql`SELECT last_sequence, last_hash FROM audit_chains WHERE chain = $1`;
/** The platform chain's records of where chains start, oldest first (audit-verify's list of what must be there). */
const CHAIN_RECORDS = sql`SELECT id, sequence, action, target_id, reason FROM audit_log
  WHERE chain = $1 AND action IN ($2, $3) ORDER BY sequence`;

/** The target type of the audit log's own records: a chain, by its name. */
export const AUDIT_CHAIN_TARGET = 'audit_chain';
export const CHAIN_STARTED = 'audit.chain_started';
export const RETENTION_APPLIED = 'audit.retention_applied';

/** An entry retention removed: its chain, and the chain it named when it was one of the platform chain's records. */
export interface PurgedEntry {
  chain: string;
  namedChain: string | null;
}

/** A platform-chain record of where a chain starts (CHAIN_STARTED) or continues after retention (RETENTION_APPLIED). */
export interface ChainRecord {
  id: string;
  sequence: number;
  action: typeof CHAIN_STARTED | typeof RETENTION_APPLIED;
  chain: string;
  reason: string | null;
}

export interface AuditFilters {
  action?: string;
  outcome?: string;
  actorId?: string;
  createdFrom?: Date;
  createdTo?: Date;
}

@Injectable()
export class AuditRepository {
  /** The next place in the chain: its sequence and the hash it follows. */
  async advanceHead(manager: EntityManager, chain: string): Promise<{ sequence: number; previousHash: string }> {
    const row = await ADVANCE_HEAD.row<{ last_sequence: number | string; last_hash: string }>(manager, [chain, GENESIS_HASH]);
    if (row === null) throw new Error('the audit chain upsert returned no row');
    return { sequence: Number(row.last_sequence), previousHash: row.last_hash };
  }

  /** Takes the chain's head, as advanceHead does, but leaves it where it stands: its last sequence and hash. */
  async lockHead(manager: EntityManager, chain: string): Promise<{ lastSequence: number; lastHash: string }> {
    const row = await LOCK_HEAD.row<{ last_sequence: number | string; last_hash: string }>(manager, [chain, GENESIS_HASH]);
    if (row === null) throw new Error('the audit chain upsert returned no row');
    return { lastSequence: Number(row.last_sequence), lastHash: row.last_hash };
  }

  /** The entry and the head it moves its chain to (locked by lockHead): sent at once and together. */
  appendAtHead(manager: EntityManager, entry: AuditEntry): Promise<unknown> {
    return Promise.all([INSERT_ENTRY.run(manager, entryParams(entry)), SET_HEAD.run(manager, [entry.chain, entry.sequence, entry.hash])]);
  }

  /** The entry and its chain's new head hash: sent at once and together (advanceHead holds the head's lock). */
  append(manager: EntityManager, entry: AuditEntry): Promise<unknown> {
    return Promise.all([INSERT_ENTRY.run(manager, entryParams(entry)), SET_HEAD_HASH.run(manager, [entry.chain, entry.hash])]);
  }

  page<Item>(manager: EntityManager, scope: AccountScope, filters: AuditFilters, pagination: PaginationQueryDto, toItem: (entry: AuditEntry) => Item): Promise<Page<Item>> {
    if (scope.kind === 'none') return Promise.resolve({ data: [], has_more: false, next_cursor: null });
    const builder = manager.createQueryBuilder(AuditEntry, 'entry');
    if (scope.kind === 'account') builder.andWhere('entry.account_id = :accountId', { accountId: scope.accountId });
    if (filters.action !== undefined) builder.andWhere('entry.action = :action', { action: filters.action });
    if (filters.outcome !== undefined) builder.andWhere('entry.outcome = :outcome', { outcome: filters.outcome });
    if (filters.actorId !== undefined) builder.andWhere('entry.actor_id = :actorId', { actorId: filters.actorId });
    if (filters.createdFrom) builder.andWhere('entry.id >= :fromId', { fromId: lowestIdAt('aud', filters.createdFrom) });
    if (filters.createdTo) builder.andWhere('entry.id < :toId', { toId: lowestIdAt('aud', filters.createdTo) });
    return fetchPage(builder, pagination, toItem);
  }

  chains(manager: EntityManager): Promise<AuditChain[]> {
    return manager.find(AuditChain, { order: { chain: 'ASC' } });
  }

  /** Up to `limit` entries of the chain after `afterSequence`, in chain order: audit-verify's walk (a million rows, one statement). */
  async chainAfter(manager: EntityManager, chain: string, afterSequence: number, limit: number): Promise<AuditEntry[]> {
    return (await CHAIN_AFTER.rows<EntryRow>(manager, [chain, afterSequence, limit])).map(toEntry);
  }

  /** The hash of the chain's entry at `sequence`; null when there is none. */
  async hashAt(manager: EntityManager, chain: string, sequence: number): Promise<string | null> {
    return (await ENTRY_AT.row<{ hash: string }>(manager, [chain, sequence]))?.hash ?? null;
  }

  /** Whether any entry was created before `instant` (retention has something to do). */
  async hasEntriesBefore(manager: EntityManager, instant: Date): Promise<boolean> {
    return (await ANY_BEFORE.row(manager, [lowestIdAt('aud', instant)])) !== null;
  }

  /** Deletes up to `limit` entries created before `instant`, in the caller's transaction; the only delete the table allows. */
  async purgeCreatedBefore(manager: EntityManager, instant: Date, limit: number): Promise<PurgedEntry[]> {
    const params = [lowestIdAt('aud', instant), limit];
    // PostgreSQL: through the owner's function, which deletes nothing younger than the retention it was given.
    const rows = hasRowLocks(manager)
      ? await PURGE_AS_OWNER.rows<{ chain: string; action: string; target_id: string | null }>(manager, params)
      : await PURGE_BEFORE.rows<{ chain: string; action: string; target_id: string | null }>(manager, params);
    return rows.map((row) => ({ chain: row.chain, namedChain: row.action === CHAIN_STARTED || row.action === RETENTION_APPLIED ? row.target_id : null }));
  }

  /** The sequence a chain continues at and the hash it continues after; null for a chain that has no head. */
  async continuationOf(manager: EntityManager, chain: string): Promise<{ sequence: number; previousHash: string } | null> {
    const oldest = await OLDEST_LEFT.row<{ sequence: number | string; previous_hash: string }>(manager, [chain]);
    if (oldest !== null) return { sequence: Number(oldest.sequence), previousHash: oldest.previous_hash };
    const head = await HEAD_OF.row<{ last_sequence: number | string; last_hash: string }>(manager, [chain]);
    return head === null ? null : { sequence: Number(head.last_sequence) + 1, previousHash: head.last_hash };
  }

  /** Every record of where a chain starts or continues, in platform-chain order. */
  async chainRecords(manager: EntityManager): Promise<ChainRecord[]> {
    const rows = await CHAIN_RECORDS.rows<{ id: string; sequence: number | string; action: ChainRecord['action']; target_id: string; reason: string | null }>(manager, [
      PLATFORM_CHAIN,
      CHAIN_STARTED,
      RETENTION_APPLIED,
    ]);
    return rows.map((row) => ({ id: row.id, sequence: Number(row.sequence), action: row.action, chain: row.target_id, reason: row.reason }));
  }
}
