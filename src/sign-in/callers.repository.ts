import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { UserRole } from '../common/access/caller';
import { sql } from '../database/sql';

export interface CallerRow {
  userId: string;
  sessionStatus: string;
  lastUsedAt: number;
  sessionCreatedAt: number;
  role: UserRole;
  accountId: string | null;
  accountStatus: string | null;
  emailVerifiedAt: string | number | null;
  /** Null: the user has no TOTP factor. */
  mfaEnabledAt: number | string | null;
}

/**
 * The per-request caller check: a session, its user and the user's account in
 * one statement. It is the one read that spans the tables of three modules
 * (sessions, users, accounts), which is why it lives in this flow above them:
 * it runs on every authenticated request, and one round trip matters there.
 */
export const CALLER_SQL = sql`
  SELECT s.user_id AS "userId", s.status AS "sessionStatus", s.last_used_at AS "lastUsedAt", s.created_at AS "sessionCreatedAt",
         u.role AS "role", u.account_id AS "accountId", u.email_verified_at AS "emailVerifiedAt", a.status AS "accountStatus", u.mfa_enabled_at AS "mfaEnabledAt"
  FROM sessions s
  JOIN users u ON u.id = s.user_id
  LEFT JOIN accounts a ON a.id = u.account_id
  WHERE s.id = $1`;

@Injectable()
export class CallersRepository {
  async findBySession(manager: EntityManager, sessionId: string): Promise<CallerRow | null> {
    const row = await CALLER_SQL.row<CallerRow>(manager, [sessionId]);
    return row && { ...row, lastUsedAt: Number(row.lastUsedAt), sessionCreatedAt: Number(row.sessionCreatedAt) };
  }
}
