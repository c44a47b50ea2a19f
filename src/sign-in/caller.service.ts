import { Injectable } from '@nestjs/common';
import { AuthErrors } from '../auth/auth.errors';
import { SessionsRepository } from '../auth/sessions.repository';
import { sessionLapsed } from '../auth/sessions.service';
import { AppConfig } from '../config/app-config';
import { TokenClaims } from '../auth/token-signer';
import { AuthenticatedUser } from '../common/access/caller';
import { Database } from '../database/database';
import { CallersRepository } from './callers.repository';

/** last_used_at is refreshed at most this often by authenticated requests, to keep reads cheap. */
const LAST_USED_RESOLUTION_MS = 60_000;

@Injectable()
export class CallerService {
  constructor(
    private readonly db: Database,
    private readonly callers: CallersRepository,
    private readonly sessions: SessionsRepository,
    private readonly config: AppConfig,
  ) {}

  /** Resolves an access token's claims to the caller; refused as soon as the session is no longer active. */
  async authenticate(claims: TokenClaims): Promise<AuthenticatedUser> {
    const row = await this.db.run((manager) => this.callers.findBySession(manager, claims.sid));
    // A closed account's sessions are revoked when it closes; checking here as well costs a join and closes any gap.
    if (!row || row.userId !== claims.sub || row.sessionStatus !== 'active' || row.accountStatus === 'closed') {
      throw AuthErrors.unauthorized('The session of this access token has ended; log in again.');
    }
    const now = Date.now();
    if (sessionLapsed({ createdAt: row.sessionCreatedAt, lastUsedAt: row.lastUsedAt }, now, this.config)) {
      throw AuthErrors.unauthorized('The session of this access token has ended (too old or unused for too long); log in again.');
    }
    if (now - row.lastUsedAt > LAST_USED_RESOLUTION_MS) {
      await this.db.run((manager) => this.sessions.touchLastUsed(manager, claims.sid, now, now - LAST_USED_RESOLUTION_MS));
    }
    return {
      kind: 'user',
      userId: row.userId,
      sessionId: claims.sid,
      role: row.role,
      accountId: row.accountId ?? null,
      apiKeyId: null,
      emailVerified: row.emailVerifiedAt !== null,
      scopes: null,
      mfaEnabled: row.mfaEnabledAt !== null,
    };
  }
}
