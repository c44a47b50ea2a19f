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
const INSERT_ENTRY = sql`INSERT INTO audit_log (id, chain, sequence, action, outcome, reason, actor_type, actor_id, actor_session_id, account_id,
    target_type, target_id, ip, user_agent, request_id, created_at, previous_hash, hash)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)`;

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
/** Retention: on PostgreSQL the table's trigger lets only a transaction that set audit.retention delete. */
const ALLOW_RETENTION = sql`SELECT set_config('audit.retention', 'on', true)`;
const PURGE_BEFORE = sql`DELETE FROM audit_log WHERE id IN (SELECT id FROM audit_log WHERE id < $1 ORDER BY id LIMIT $2)`;

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

  /** Up to `limit` entries of the chain after `afterSequence`, in chain order: audit-verify's walk. */
  chainAfter(manager: EntityManager, chain: string, afterSequence: number, limit: number): Promise<AuditEntry[]> {
    return manager
      .createQueryBuilder(AuditEntry, 'entry')
      .where('entry.chain = :chain AND entry.sequence > :afterSequence', { chain, afterSequence })
      .orderBy('entry.sequence', 'ASC')
      .limit(limit)
      .getMany();
  }

  /** Deletes up to `limit` entries created before `instant`; the only delete the table allows. */
  purgeCreatedBefore(manager: EntityManager, instant: Date, limit: number): Promise<number> {
    const params = [lowestIdAt('aud', instant), limit];
    if (!hasRowLocks(manager)) return PURGE_BEFORE.run(manager, params);
    // The setting is local to a transaction: the batch gets one of its own.
    return manager.transaction(async (transaction) => {
      await ALLOW_RETENTION.rows(transaction, []);
      return PURGE_BEFORE.run(transaction, params);
    });
  }
}
