import { EntityManager } from 'typeorm';
import { Actor, RequestContext } from '../access/request-context';

/** Every audited action (contract section 14). */
export const AUDIT_ACTIONS = [
  'auth.login',
  'auth.logout',
  'auth.refresh_reuse_detected',
  'session.revoked',
  'user.created',
  'user.deleted',
  'user.password_changed',
  'user.email_changed',
  'user.role_changed',
  'user.email_verified',
  'auth.password_reset_requested',
  'auth.password_reset',
  'account.created',
  'account.updated',
  'account.closed',
  'api_key.created',
  'api_key.rolled',
  'api_key.revoked',
  'webhook_endpoint.created',
  'webhook_endpoint.updated',
  'webhook_endpoint.deleted',
  'webhook_endpoint.secret_rotated',
  'transaction.posted',
  'transaction.reversed',
  'payment.refunded',
  'bank_statement.imported',
  'bank_statement_line.matched',
  'bank_statement_line.ignored',
  'bank_statement_profile.created',
  'bank_statement_profile.deleted',
  'permission.denied',
  // Payouts (contract section 23): a batch file of money leaving the platform.
  'payout_batch.created',
  // Two factors (contract section 22).
  'mfa.enabled',
  'mfa.disabled',
  'auth.mfa_failed',
  'auth.recovery_code_used',
  // The audit log's own records, in the platform chain (contract section 21): where a chain starts, and where it
  // continues after retention removed its oldest entries. audit-verify reads them to know what must be there.
  'audit.chain_started',
  'audit.retention_applied',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const AUDIT_OUTCOMES = ['success', 'failure'] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

export interface AuditTarget {
  type: string;
  id: string;
}

/** An action to record. Never a password, token, key or secret: ids and reasons only. */
export interface NewAuditEntry {
  action: AuditAction;
  /** The account whose chain it joins (null: the platform's). */
  accountId: string | null;
  target: AuditTarget | null;
  /** Why it failed (a short code such as `invalid_credentials`), or a note on a success; null: none. */
  reason?: string | null;
  /** Who, when not the request's caller (a login: the user it signs in). */
  actor?: Actor;
  /** `record` writes a success unless told otherwise (a detected refresh-token reuse, committed with the session's end). */
  outcome?: AuditOutcome;
}

/**
 * Where every module records security-relevant actions. A success is written
 * with `record`, in the unit of work that makes the change (it commits with it
 * or not at all); a failure with `recordFailure`, in a transaction of its own.
 * Who, from where and in which request come from the request's context. The
 * audit module provides it; the modules below know only this class.
 */
export abstract class AuditLog {
  /** Appends a success. Call it last in the unit of work (after EventLog.record): it locks the chain's head. */
  abstract record(manager: EntityManager, entry: NewAuditEntry): Promise<void>;

  /**
   * For a write that will record a success on this chain (the account's; null: the platform's): takes the
   * chain's head now, in the round trip of its other writes (sent after its event counters, which come
   * before the heads in the lock order), so that `record` sends its entry with the commit.
   */
  abstract lockChain(manager: EntityManager, accountId: string | null): Promise<void>;

  /** Appends a failure in its own transaction (the refused operation changed nothing to commit with). */
  abstract recordFailure(entry: NewAuditEntry, context?: RequestContext): Promise<void>;
}
