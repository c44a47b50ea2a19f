import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { hasRowLocks } from '../database/dialect';
import { sql } from '../database/sql';
import { OutgoingMail } from './entities/outgoing-mail.entity';

const INSERT = sql`INSERT INTO mail_outbox (id, to_address, subject, sealed_body, status, attempts, next_attempt_at, locked_until, last_error, created_at, sent_at)
  VALUES ($1, $2, $3, $4, 'pending', 0, $5, NULL, NULL, $6, NULL)`;
/**
 * The due mails no other worker holds, leased and counted as an attempt. PostgreSQL: FOR UPDATE SKIP LOCKED lets
 * several instances claim side by side without taking the same row; SQLite is one writer at a time.
 */
const CLAIM_POSTGRES = sql`UPDATE mail_outbox SET locked_until = $1, attempts = attempts + 1
  WHERE id IN (SELECT id FROM mail_outbox WHERE status = 'pending' AND next_attempt_at <= $2 AND (locked_until IS NULL OR locked_until <= $2)
    ORDER BY next_attempt_at LIMIT $3 FOR UPDATE SKIP LOCKED)
  RETURNING id, to_address, subject, sealed_body, attempts`;
const CLAIM_SQLITE = sql`UPDATE mail_outbox SET locked_until = $1, attempts = attempts + 1
  WHERE id IN (SELECT id FROM mail_outbox WHERE status = 'pending' AND next_attempt_at <= $2 AND (locked_until IS NULL OR locked_until <= $2)
    ORDER BY next_attempt_at LIMIT $3)
  RETURNING id, to_address, subject, sealed_body, attempts`;
/** Sent: the body (which may carry a token) is dropped. Written only under the lease that sent it. */
const MARK_SENT = sql`UPDATE mail_outbox SET status = 'sent', sent_at = $1, sealed_body = NULL, locked_until = NULL, last_error = NULL
  WHERE id = $2 AND locked_until = $3`;
const MARK_RETRY = sql`UPDATE mail_outbox SET next_attempt_at = $1, locked_until = NULL, last_error = $2 WHERE id = $3 AND locked_until = $4`;
const MARK_FAILED = sql`UPDATE mail_outbox SET status = 'failed', locked_until = NULL, last_error = $1, sealed_body = NULL WHERE id = $2 AND locked_until = $3`;
const NEXT_DUE = sql`SELECT MIN(next_attempt_at) AS due FROM mail_outbox WHERE status = 'pending'`;
const WAITING = sql`SELECT id, to_address, subject, sealed_body, status, attempts, next_attempt_at, last_error, created_at FROM mail_outbox
  WHERE status <> 'sent' ORDER BY id LIMIT $1`;

/** A mail as the worker sends it. */
export interface ClaimedMail {
  id: string;
  to: string;
  subject: string;
  sealedBody: string | null;
  attempts: number;
  /** The lease it was claimed under: its outcome is written only while the lease is still this one. */
  lease: number;
}

export interface WaitingMail {
  id: string;
  to: string;
  subject: string;
  sealedBody: string | null;
  status: string;
  attempts: number;
  nextAttemptAt: Date;
  lastError: string | null;
  createdAt: Date;
}

@Injectable()
export class MailOutboxRepository {
  insert(manager: EntityManager, mail: Pick<OutgoingMail, 'id' | 'toAddress' | 'subject' | 'sealedBody' | 'createdAt'>): Promise<number> {
    return INSERT.run(manager, [mail.id, mail.toAddress, mail.subject, mail.sealedBody, mail.createdAt.getTime(), mail.createdAt.getTime()]);
  }

  async claimDue(manager: EntityManager, now: Date, leaseMs: number, limit: number): Promise<ClaimedMail[]> {
    const lease = now.getTime() + leaseMs;
    const statement = hasRowLocks(manager) ? CLAIM_POSTGRES : CLAIM_SQLITE;
    const rows = await statement.rows<{ id: string; to_address: string; subject: string; sealed_body: string | null; attempts: number | string }>(manager, [
      lease,
      now.getTime(),
      limit,
    ]);
    return rows.map((row) => ({ id: row.id, to: row.to_address, subject: row.subject, sealedBody: row.sealed_body, attempts: Number(row.attempts), lease }));
  }

  markSent(manager: EntityManager, mail: ClaimedMail, at: Date): Promise<number> {
    return MARK_SENT.run(manager, [at.getTime(), mail.id, mail.lease]);
  }

  markRetry(manager: EntityManager, mail: ClaimedMail, nextAttemptAt: Date, error: string): Promise<number> {
    return MARK_RETRY.run(manager, [nextAttemptAt.getTime(), error.slice(0, 500), mail.id, mail.lease]);
  }

  markFailed(manager: EntityManager, mail: ClaimedMail, error: string): Promise<number> {
    return MARK_FAILED.run(manager, [error.slice(0, 500), mail.id, mail.lease]);
  }

  /** When the earliest pending mail is due; null when none waits. */
  async nextDue(manager: EntityManager): Promise<Date | null> {
    const row = await NEXT_DUE.row<{ due: number | string | null }>(manager, []);
    return row?.due === null || row?.due === undefined ? null : new Date(Number(row.due));
  }

  /** Mails not sent (pending or given up), oldest first: `npm run cli -- outbox`. */
  async waiting(manager: EntityManager, limit: number): Promise<WaitingMail[]> {
    const rows = await WAITING.rows<{
      id: string;
      to_address: string;
      subject: string;
      sealed_body: string | null;
      status: string;
      attempts: number | string;
      next_attempt_at: number | string;
      last_error: string | null;
      created_at: number | string;
    }>(manager, [limit]);
    return rows.map((row) => ({
      id: row.id,
      to: row.to_address,
      subject: row.subject,
      sealedBody: row.sealed_body,
      status: row.status,
      attempts: Number(row.attempts),
      nextAttemptAt: new Date(Number(row.next_attempt_at)),
      lastError: row.last_error,
      createdAt: new Date(Number(row.created_at)),
    }));
  }
}
