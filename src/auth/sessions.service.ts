import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { Database } from '../database/database';
import { hasRowLocks } from '../database/dialect';
import { isId, newId } from '../common/ids/ids';
import { fetchPage, Page } from '../common/pagination/page';
import { PaginationQueryDto } from '../common/pagination/pagination-query.dto';
import { AuthenticatedUser, isAdmin } from './authenticated-user';
import { AuthErrors } from './auth.errors';
import { AuthToken } from './entities/auth-token.entity';
import { Session } from './entities/session.entity';
import { TokenClaims, TokenSigner } from './token-signer';
import { InvalidateSessionRequestDto } from './dto/invalidate-session.request.dto';
import { SessionInvalidationResponseDto, SessionResponseDto, toSessionResponse } from './dto/session.response.dto';
import { UserRole } from '../users/entities/user.entity';

/** last_used_at is refreshed at most this often by authenticated requests, to keep reads cheap. */
const LAST_USED_RESOLUTION_MS = 60_000;

export interface IssuedToken {
  token: string;
  expiresAt: Date;
}

/** Which sessions a bulk revocation ends. */
export type SessionScope =
  | { sessionId: string }
  | { userId: string; exceptSessionId?: string }
  | { accountId: string };

export interface DeviceInfo {
  deviceId?: string;
  clientVersion?: string;
}

interface CallerRow {
  userId: string;
  status: string;
  role: UserRole;
  accountId: string | null;
  accountStatus: string | null;
  lastUsedAt: string | number;
}

/** Sessions and the tokens issued for them: issuing, checking, listing and revoking. */
@Injectable()
export class SessionsService {
  private callerSqlText?: string;

  constructor(
    private readonly db: Database,
    private readonly signer: TokenSigner,
    private readonly config: AppConfig,
  ) {}

  /** Resolves an access token's claims to the caller; refused as soon as the session is no longer active. */
  async authenticate(claims: TokenClaims): Promise<AuthenticatedUser> {
    const row = await this.db.run(async (manager) => {
      const rows: CallerRow[] = await manager.query(this.callerSql(manager), [claims.sid]);
      return rows[0];
    });
    // A closed account's sessions are revoked when it closes; checking here as well costs a join and closes any gap.
    if (!row || row.userId !== claims.sub || row.status !== 'active' || row.accountStatus === 'closed') {
      throw AuthErrors.unauthorized('The session of this access token has ended; log in again.');
    }
    const now = Date.now();
    if (now - Number(row.lastUsedAt) > LAST_USED_RESOLUTION_MS) {
      await this.db.run((manager) =>
        manager
          .createQueryBuilder()
          .update(Session)
          .set({ lastUsedAt: new Date(now) })
          .where('id = :id AND status = :active', { id: claims.sid, active: 'active' })
          .execute(),
      );
    }
    return { userId: row.userId, sessionId: claims.sid, role: row.role, accountId: row.accountId ?? null };
  }

  /**
   * The SQL of the per-request session check, built once: this query runs on
   * every authenticated request, and building it anew costs more than running it.
   */
  private callerSql(manager: EntityManager): string {
    this.callerSqlText ??= manager
      .createQueryBuilder(Session, 's')
      .innerJoin('s.user', 'u')
      .leftJoin('u.account', 'a')
      .select('s.user_id', 'userId')
      .addSelect('s.status', 'status')
      .addSelect('s.last_used_at', 'lastUsedAt')
      .addSelect('u.role', 'role')
      .addSelect('u.account_id', 'accountId')
      .addSelect('a.status', 'accountStatus')
      .where('s.id = :id', { id: '' })
      .getQueryAndParameters()[0];
    return this.callerSqlText;
  }

  async createSession(manager: EntityManager, userId: string, device: DeviceInfo, now: Date): Promise<Session> {
    const session = manager.create(Session, {
      id: newId('ses'),
      userId,
      status: 'active',
      deviceId: device.deviceId ?? null,
      clientVersion: device.clientVersion ?? null,
      reason: null,
      createdAt: now,
      lastUsedAt: now,
      invalidatedAt: null,
    });
    await manager.insert(Session, session);
    return session;
  }

  async issueAccessToken(manager: EntityManager, session: Pick<Session, 'id' | 'userId'>, now: Date): Promise<IssuedToken> {
    return this.issueToken(manager, session, 'access', null, now);
  }

  async issueRefreshToken(
    manager: EntityManager,
    session: Pick<Session, 'id' | 'userId'>,
    parentId: string | null,
    now: Date,
    id = newId('tok'),
  ): Promise<IssuedToken> {
    return this.issueToken(manager, session, 'refresh', parentId, now, id);
  }

  /** Rebuilds the exact token string of an issued refresh token from its stored claims. */
  reissue(row: AuthToken, userId: string): IssuedToken {
    return { token: this.signer.sign(this.claimsOf(row, userId, 'refresh')), expiresAt: row.expiresAt };
  }

  /**
   * Ends the sessions in scope and revokes their unexpired tokens. Only sessions
   * still active are touched, so of racing callers exactly one counts each.
   */
  async revokeSessions(
    manager: EntityManager,
    scope: SessionScope,
    reason: string | null,
    now: Date,
  ): Promise<{ sessions: number; tokens: number }> {
    const [scopeSql, scopeParams] = this.scopeCondition(scope, '');
    const [scopeSqlAliased] = this.scopeCondition(scope, 's.');
    if (hasRowLocks(manager)) {
      // Rows are locked in id order first: two revocations over overlapping sessions (an account closure
      // and a member's password change) then queue instead of deadlocking on each other's rows.
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

  async invalidate(caller: AuthenticatedUser, request: InvalidateSessionRequestDto): Promise<SessionInvalidationResponseDto> {
    const sessionId = request.session_id ?? caller.sessionId;
    if (!isId('ses', sessionId)) throw AuthErrors.sessionNotFound();
    return this.db.transaction(async (manager) => {
      const session = await manager.findOne(Session, { where: { id: sessionId }, select: { id: true, userId: true, status: true } });
      if (!session) throw AuthErrors.sessionNotFound();
      if (session.userId !== caller.userId && !isAdmin(caller)) {
        throw AuthErrors.insufficientPermissions("Only an admin may invalidate another user's session.");
      }
      if (session.status !== 'active') throw AuthErrors.sessionAlreadyInvalidated();
      const now = new Date();
      // The write below only counts a session that was still active: the loser of a race sees 0.
      const revoked = await this.revokeSessions(manager, { sessionId }, request.reason ?? null, now);
      if (revoked.sessions === 0) throw AuthErrors.sessionAlreadyInvalidated();
      return {
        success: true,
        invalidated_session_id: sessionId,
        revoked_tokens: revoked.tokens,
        revoked_at: now.toISOString(),
      };
    });
  }

  list(caller: AuthenticatedUser, pagination: PaginationQueryDto): Promise<Page<SessionResponseDto>> {
    return this.db.run((manager) =>
      fetchPage(
        manager.createQueryBuilder(Session, 'session').where('session.user_id = :userId', { userId: caller.userId }),
        pagination,
        (session) => toSessionResponse(session, caller.sessionId),
      ),
    );
  }

  /**
   * Locks an active session's row until the transaction ends (a no-op write);
   * false when the session is not active (or no longer exists).
   */
  async lockActiveSession(manager: EntityManager, sessionId: string): Promise<boolean> {
    const result = await manager
      .createQueryBuilder()
      .update(Session)
      .set({ status: () => 'status' })
      .where('id = :id AND status = :active', { id: sessionId, active: 'active' })
      .execute();
    return result.affected === 1;
  }

  /** Records a refresh on the session; false when the session stopped being active meanwhile. */
  async touchForRefresh(manager: EntityManager, sessionId: string, device: DeviceInfo, now: Date): Promise<boolean> {
    const changes: Partial<Session> = { lastUsedAt: now };
    if (device.deviceId !== undefined) changes.deviceId = device.deviceId;
    if (device.clientVersion !== undefined) changes.clientVersion = device.clientVersion;
    const result = await manager
      .createQueryBuilder()
      .update(Session)
      .set(changes)
      .where('id = :id AND status = :active', { id: sessionId, active: 'active' })
      .execute();
    return result.affected === 1;
  }

  private scopeCondition(scope: SessionScope, alias: '' | 's.'): [string, Record<string, string>] {
    if ('sessionId' in scope) return [`${alias}id = :scopeSessionId`, { scopeSessionId: scope.sessionId }];
    if ('userId' in scope) {
      return scope.exceptSessionId === undefined
        ? [`${alias}user_id = :scopeUserId`, { scopeUserId: scope.userId }]
        : [
            `${alias}user_id = :scopeUserId AND ${alias}id <> :scopeExceptId`,
            { scopeUserId: scope.userId, scopeExceptId: scope.exceptSessionId },
          ];
    }
    return [
      `${alias}user_id IN (SELECT u.id FROM users u WHERE u.account_id = :scopeAccountId)`,
      { scopeAccountId: scope.accountId },
    ];
  }

  private async issueToken(
    manager: EntityManager,
    session: Pick<Session, 'id' | 'userId'>,
    kind: AuthToken['kind'],
    parentId: string | null,
    now: Date,
    id = newId('tok'),
  ): Promise<IssuedToken> {
    const ttlSeconds = kind === 'access' ? this.config.accessTokenTtlSeconds : this.config.refreshTokenTtlSeconds;
    // JWT times are whole seconds; the row keeps exactly those so a refresh token can be rebuilt from it.
    const issuedAtSeconds = Math.floor(now.getTime() / 1000);
    const row = manager.create(AuthToken, {
      id,
      sessionId: session.id,
      kind,
      status: 'active',
      tokenHash: null,
      parentId,
      replacedById: null,
      issuedAt: new Date(issuedAtSeconds * 1000),
      expiresAt: new Date((issuedAtSeconds + ttlSeconds) * 1000),
      rotatedAt: null,
      revokedAt: null,
    });
    const token = this.signer.sign(this.claimsOf(row, session.userId, kind));
    if (kind === 'refresh') row.tokenHash = TokenSigner.hash(token);
    await manager.insert(AuthToken, row);
    return { token, expiresAt: row.expiresAt };
  }

  private claimsOf(row: AuthToken, userId: string, typ: TokenClaims['typ']): TokenClaims {
    return {
      sub: userId,
      sid: row.sessionId,
      typ,
      jti: row.id,
      iat: Math.floor(row.issuedAt.getTime() / 1000),
      exp: Math.floor(row.expiresAt.getTime() / 1000),
    };
  }
}
