import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { fetchPage, Page } from '../common/pagination/page';
import { PaginationQueryDto } from '../common/pagination/pagination-query.dto';
import { hasRowLocks } from '../database/dialect';
import { Sql, sql } from '../database/sql';
import { AuthToken } from './entities/auth-token.entity';
import { Session } from './entities/session.entity';

/** Which sessions a bulk revocation ends. */
export type SessionScope = { sessionId: string } | { userId: string; exceptSessionId?: string } | { userIds: readonly string[] };

export interface DeviceInfo {
  deviceId?: string;
  clientVersion?: string;
}

const TOUCH_LAST_USED = sql`UPDATE sessions SET last_used_at = $2 WHERE id = $1 AND status = 'active' AND last_used_at <= $3`;

/** Housekeeping: a batch of tokens expired before $1 (idx_auth_tokens_expires_at). */
const PURGE_EXPIRED_TOKENS = sql`DELETE FROM auth_tokens WHERE id IN (SELECT id FROM auth_tokens WHERE expires_at < $1 LIMIT $2)`;

/**
 * Housekeeping: a batch of sessions last used before $1 that can no longer be
 * used: ended before $1, or still active with no token valid after $2. Their
 * tokens go with them (ON DELETE CASCADE). On PostgreSQL, sessions another
 * unit of work holds (a refresh, a revocation) are skipped, not waited for.
 */
function purgeSessionsStatement(rowLocks: boolean): Sql {
  return new Sql(`DELETE FROM sessions WHERE id IN (
    SELECT s.id FROM sessions s
    WHERE s.last_used_at < $1
      AND ((s.status = 'invalidated' AND s.invalidated_at < $1)
        OR (s.status = 'active' AND NOT EXISTS (SELECT 1 FROM auth_tokens t WHERE t.session_id = s.id AND t.expires_at >= $2)))
    ORDER BY s.last_used_at
    LIMIT $3${rowLocks ? ' FOR UPDATE OF s SKIP LOCKED' : ''})`);
}
const PURGE_SESSIONS_WITH_ROW_LOCKS = purgeSessionsStatement(true);
const PURGE_SESSIONS = purgeSessionsStatement(false);

/**
 * The sessions table and the tokens issued for each session (auth_tokens).
 * Locks follow src/database/lock-order.md: a session row before its tokens,
 * several sessions in id order.
 */
@Injectable()
export class SessionsRepository {
  async insert(manager: EntityManager, session: Session): Promise<void> {
    await manager.insert(Session, session);
  }

  findById(manager: EntityManager, sessionId: string): Promise<Session | null> {
    return manager.findOneBy(Session, { id: sessionId });
  }

  exists(manager: EntityManager, sessionId: string): Promise<boolean> {
    return manager.existsBy(Session, { id: sessionId });
  }

  /** A user's sessions, newest first. */
  pageOfUser<Item>(manager: EntityManager, userId: string, pagination: PaginationQueryDto, toItem: (session: Session) => Item): Promise<Page<Item>> {
    return fetchPage(manager.createQueryBuilder(Session, 'session').where('session.user_id = :userId', { userId }), pagination, toItem);
  }

  /** Locks an active session's row until the transaction ends (a no-op write); false when it is not active. */
  async lockActive(manager: EntityManager, sessionId: string): Promise<boolean> {
    const result = await manager
      .createQueryBuilder()
      .update(Session)
      .set({ status: () => 'status' })
      .where('id = :id AND status = :active', { id: sessionId, active: 'active' })
      .execute();
    return result.affected === 1;
  }

  /**
   * Records that the session was used, unless that was recorded after
   * `staleBefore`: of concurrent requests of one session, one writes per
   * resolution period and the others match no row.
   */
  async touchLastUsed(manager: EntityManager, sessionId: string, now: number, staleBefore: number): Promise<boolean> {
    return (await TOUCH_LAST_USED.run(manager, [sessionId, now, staleBefore])) === 1;
  }

  /** Records a refresh on the session; false when the session stopped being active meanwhile. */
  async touchForRefresh(manager: EntityManager, sessionId: string, device: DeviceInfo, now: Date): Promise<boolean> {
    const changes: Partial<Session> = { lastUsedAt: now };
    if (device.deviceId !== undefined) changes.deviceId = device.deviceId;
    if (device.clientVersion !== undefined) changes.clientVersion = device.clientVersion;
    const result = await manager.createQueryBuilder().update(Session).set(changes).where('id = :id AND status = :active', { id: sessionId, active: 'active' }).execute();
    return result.affected === 1;
  }

  /**
   * Ends the sessions in scope and revokes their unexpired tokens. Only sessions
   * still active are touched, so of racing callers exactly one counts each.
   */
  async revokeAll(manager: EntityManager, scope: SessionScope, reason: string | null, now: Date): Promise<{ sessions: number; tokens: number }> {
    if ('userIds' in scope && scope.userIds.length === 0) return { sessions: 0, tokens: 0 };
    const [scopeSql, scopeParams] = scopeCondition(scope, '');
    const [scopeSqlAliased] = scopeCondition(scope, 's.');
    if (hasRowLocks(manager)) {
      // Locked in id order first: two revocations over overlapping sessions (an account closure and a
      // member's password change) then queue instead of deadlocking on each other's rows.
      await manager
        .createQueryBuilder(Session, 's')
        .select('s.id')
        .where(`s.status = :active AND ${scopeSqlAliased}`, { active: 'active', ...scopeParams })
        .orderBy('s.id')
        .setLock('pessimistic_write')
        .getRawMany();
    }
    const sessions = await manager
      .createQueryBuilder()
      .update(Session)
      .set({ status: 'invalidated', invalidatedAt: now, reason })
      .where(`status = :active AND ${scopeSql}`, { active: 'active', ...scopeParams })
      .execute();
    const tokens = await manager
      .createQueryBuilder()
      .update(AuthToken)
      .set({ status: 'revoked', revokedAt: now })
      .where(`status = :active AND expires_at > :now AND session_id IN (SELECT s.id FROM sessions s WHERE ${scopeSqlAliased})`, {
        active: 'active',
        now: now.getTime(),
        ...scopeParams,
      })
      .execute();
    return { sessions: sessions.affected ?? 0, tokens: tokens.affected ?? 0 };
  }

  async insertToken(manager: EntityManager, token: AuthToken): Promise<void> {
    await manager.insert(AuthToken, token);
  }

  findToken(manager: EntityManager, tokenId: string): Promise<AuthToken | null> {
    return manager.findOneBy(AuthToken, { id: tokenId });
  }

  async markTokenRotated(manager: EntityManager, tokenId: string, successorId: string, now: Date): Promise<void> {
    await manager.update(AuthToken, { id: tokenId }, { status: 'rotated', rotatedAt: now, replacedById: successorId });
  }

  /**
   * Deletes up to `limit` tokens that expired before `expiredBefore`; how many.
   * An expired token is refused from its claims alone (before any row is read),
   * so its row serves nothing: not the reuse check of a rotated refresh token,
   * which only a token still within its lifetime can reach.
   */
  purgeExpiredTokens(manager: EntityManager, expiredBefore: Date, limit: number): Promise<number> {
    return PURGE_EXPIRED_TOKENS.run(manager, [expiredBefore.getTime(), limit]);
  }

  /**
   * Deletes up to `limit` sessions last used before `unusedSince` that can no
   * longer be used: ended before it, or active with no token valid at
   * `tokensExpiredBefore` or later. How many.
   */
  purgeUnusable(manager: EntityManager, unusedSince: Date, tokensExpiredBefore: Date, limit: number): Promise<number> {
    const statement = hasRowLocks(manager) ? PURGE_SESSIONS_WITH_ROW_LOCKS : PURGE_SESSIONS;
    return statement.run(manager, [unusedSince.getTime(), tokensExpiredBefore.getTime(), limit]);
  }
}

function scopeCondition(scope: SessionScope, alias: '' | 's.'): [string, Record<string, string | readonly string[]>] {
  if ('sessionId' in scope) return [`${alias}id = :scopeSessionId`, { scopeSessionId: scope.sessionId }];
  if ('userIds' in scope) return [`${alias}user_id IN (:...scopeUserIds)`, { scopeUserIds: scope.userIds }];
  return scope.exceptSessionId === undefined
    ? [`${alias}user_id = :scopeUserId`, { scopeUserId: scope.userId }]
    : [`${alias}user_id = :scopeUserId AND ${alias}id <> :scopeExceptId`, { scopeUserId: scope.userId, scopeExceptId: scope.exceptSessionId }];
}
