import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { Database } from '../database/database';
import { isId, newId } from '../common/ids/ids';
import { Page } from '../common/pagination/page';
import { PaginationQueryDto } from '../common/pagination/pagination-query.dto';
import { AuthenticatedUser, isAdmin } from '../common/access/caller';
import { AuthErrors } from './auth.errors';
import { AuthToken } from './entities/auth-token.entity';
import { Session } from './entities/session.entity';
import { TokenClaims, TokenSigner } from './token-signer';
import { InvalidateSessionRequestDto } from './dto/invalidate-session.request.dto';
import { SessionInvalidationResponseDto, SessionResponseDto, toSessionResponse } from './dto/session.response.dto';
import { DeviceInfo, SessionsRepository } from './sessions.repository';
import { AuditLog } from '../common/audit/audit-log';

export interface IssuedToken {
  token: string;
  expiresAt: Date;
}

/** Sessions and the tokens issued for them: issuing, listing and invalidating. */
@Injectable()
export class SessionsService {
  constructor(
    private readonly db: Database,
    private readonly sessions: SessionsRepository,
    private readonly signer: TokenSigner,
    private readonly config: AppConfig,
    private readonly audit: AuditLog,
  ) {}

  async createSession(manager: EntityManager, userId: string, device: DeviceInfo, now: Date): Promise<Session> {
    const session: Session = {
      id: newId('ses'),
      userId,
      status: 'active',
      deviceId: device.deviceId ?? null,
      clientVersion: device.clientVersion ?? null,
      reason: null,
      createdAt: now,
      lastUsedAt: now,
      invalidatedAt: null,
    };
    await this.sessions.insert(manager, session);
    return session;
  }

  issueAccessToken(manager: EntityManager, session: Pick<Session, 'id' | 'userId' | 'createdAt'>, now: Date): Promise<IssuedToken> {
    return this.issueToken(manager, session, 'access', null, now, newId('tok'));
  }

  issueRefreshToken(manager: EntityManager, session: Pick<Session, 'id' | 'userId' | 'createdAt'>, parentId: string | null, now: Date, id = newId('tok')): Promise<IssuedToken> {
    return this.issueToken(manager, session, 'refresh', parentId, now, id);
  }

  /** Rebuilds the exact token string of an issued refresh token from its stored claims. */
  reissue(row: AuthToken, userId: string): IssuedToken {
    return { token: this.signer.sign(claimsOf(row, userId, 'refresh')), expiresAt: row.expiresAt };
  }

  async invalidate(caller: AuthenticatedUser, request: InvalidateSessionRequestDto): Promise<SessionInvalidationResponseDto> {
    const sessionId = request.session_id ?? caller.sessionId;
    if (!isId('ses', sessionId)) throw AuthErrors.sessionNotFound();
    return this.db.transaction(async (manager) => {
      const session = await this.sessions.findById(manager, sessionId);
      if (!session) throw AuthErrors.sessionNotFound();
      if (session.userId !== caller.userId && !isAdmin(caller)) {
        throw AuthErrors.insufficientPermissions("Only an admin may invalidate another user's session.");
      }
      if (session.status !== 'active') throw AuthErrors.sessionAlreadyInvalidated();
      const now = new Date();
      // Only a session still active is counted: the loser of a race sees 0.
      const revoked = await this.sessions.revokeAll(manager, { sessionId }, request.reason ?? null, now);
      if (revoked.sessions === 0) throw AuthErrors.sessionAlreadyInvalidated();
      // Ending your own session is a logout; ending another's (an admin) revokes it.
      const action = session.userId === caller.userId ? 'auth.logout' : 'session.revoked';
      await this.audit.record(manager, { action, accountId: caller.accountId, target: { type: 'session', id: sessionId }, reason: request.reason ?? null });
      return { success: true, invalidated_session_id: sessionId, revoked_tokens: revoked.tokens, revoked_at: now.toISOString() };
    });
  }

  /** The caller's sessions, each as it stands now: one that ended by age or idleness reads as invalidated, then. */
  list(caller: AuthenticatedUser, pagination: PaginationQueryDto): Promise<Page<SessionResponseDto>> {
    const now = Date.now();
    return this.db.run((manager) =>
      this.sessions.pageOfUser(manager, caller.userId, pagination, (session) => toSessionResponse(asItStandsAt(session, now, this.config), caller.sessionId)),
    );
  }

  private async issueToken(
    manager: EntityManager,
    session: Pick<Session, 'id' | 'userId' | 'createdAt'>,
    kind: AuthToken['kind'],
    parentId: string | null,
    now: Date,
    id: string,
  ): Promise<IssuedToken> {
    const ttlSeconds = kind === 'access' ? this.config.accessTokenTtlSeconds : this.config.refreshTokenTtlSeconds;
    // JWT times are whole seconds; the row keeps exactly those so a refresh token can be rebuilt from it.
    const issuedAtSeconds = Math.floor(now.getTime() / 1000);
    // No token outlives its session (SESSION_MAX_AGE from login), however often it is refreshed.
    const sessionEndsSeconds = Math.floor(sessionEndsAt(session, this.config) / 1000);
    const row: AuthToken = {
      id,
      sessionId: session.id,
      kind,
      status: 'active',
      tokenHash: null,
      parentId,
      replacedById: null,
      issuedAt: new Date(issuedAtSeconds * 1000),
      expiresAt: new Date(Math.min(issuedAtSeconds + ttlSeconds, sessionEndsSeconds) * 1000),
      rotatedAt: null,
      revokedAt: null,
    };
    const token = this.signer.sign(claimsOf(row, session.userId, kind));
    if (kind === 'refresh') row.tokenHash = TokenSigner.hash(token);
    await this.sessions.insertToken(manager, row);
    return { token, expiresAt: row.expiresAt };
  }
}

function claimsOf(row: AuthToken, userId: string, typ: TokenClaims['typ']): TokenClaims {
  return { sub: userId, sid: row.sessionId, typ, jti: row.id, iat: Math.floor(row.issuedAt.getTime() / 1000), exp: Math.floor(row.expiresAt.getTime() / 1000) };
}

/** When a session ends at the latest: SESSION_MAX_AGE after its login. */
export function sessionEndsAt(session: Pick<Session, 'createdAt'>, config: Pick<AppConfig, 'sessionMaxAgeSeconds'>): number {
  return session.createdAt.getTime() + config.sessionMaxAgeSeconds * 1000;
}

/**
 * An active session that ended by age or idleness, as it stands at `now` (ms): invalidated when it ended, with
 * the reason (`session_max_age`, `session_idle_timeout`); the stored row changes only when something revokes it.
 */
function asItStandsAt(session: Session, now: number, config: Pick<AppConfig, 'sessionMaxAgeSeconds' | 'sessionIdleTimeoutSeconds'>): Session {
  if (session.status !== 'active') return session;
  const agedOutAt = sessionEndsAt(session, config);
  const idledOutAt = session.lastUsedAt.getTime() + config.sessionIdleTimeoutSeconds * 1000;
  const endedAt = Math.min(agedOutAt, idledOutAt);
  if (now < endedAt) return session;
  return { ...session, status: 'invalidated', invalidatedAt: new Date(endedAt), reason: endedAt === agedOutAt ? 'session_max_age' : 'session_idle_timeout' };
}

/** Whether a session has ended by age or by idleness at `now` (ms), whatever its status says. */
export function sessionLapsed(
  session: { createdAt: number; lastUsedAt: number },
  now: number,
  config: Pick<AppConfig, 'sessionMaxAgeSeconds' | 'sessionIdleTimeoutSeconds'>,
): boolean {
  return now >= session.createdAt + config.sessionMaxAgeSeconds * 1000 || now - session.lastUsedAt >= config.sessionIdleTimeoutSeconds * 1000;
}
