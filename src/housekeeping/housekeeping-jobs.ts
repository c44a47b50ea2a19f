import { SessionsRepository } from '../auth/sessions.repository';
import { AppConfig } from '../config/app-config';
import { Database } from '../database/database';
import { EventsRepository } from '../events/events.repository';
import { AuditRetention } from '../audit/audit-retention';
import { IdempotencyKeysRepository } from '../idempotency/idempotency-keys.repository';
import { UserTokensRepository } from '../users/user-tokens.repository';
import { WebhookDeliveriesRepository } from '../webhooks/webhook-deliveries.repository';

/** A token is deleted this long after it expired: an instance whose clock lags a little still finds its row. */
export const TOKEN_EXPIRY_GRACE_MS = 60 * 60 * 1000;

export interface HousekeepingJob {
  /** Its row in job_leases, its label in the metrics and its log line. */
  name: string;
  /** What it deletes, for the log line. */
  rows: string;
  /** Rows per statement: each batch is one short statement of its own, so no lock is held for long. */
  batchSize: number;
  /** Deletes one batch of what is past its retention at `now`; how many rows. */
  purgeBatch(now: Date, limit: number): Promise<number>;
}

export interface HousekeepingSources {
  db: Database;
  config: AppConfig;
  sessions: SessionsRepository;
  userTokens: UserTokensRepository;
  idempotencyKeys: IdempotencyKeysRepository;
  deliveries: WebhookDeliveriesRepository;
  events: EventsRepository;
  audit: AuditRetention;
}

const ago = (now: Date, ms: number): Date => new Date(now.getTime() - ms);

/**
 * Every housekeeping job and its retention, in the order a pass runs them
 * (tokens before the sessions they belong to). Each owning module's
 * repository holds the delete; this list only says when.
 */
export function housekeepingJobs({ db, config, sessions, userTokens, idempotencyKeys, deliveries, events, audit }: HousekeepingSources): readonly HousekeepingJob[] {
  return [
    {
      // Access and refresh tokens (rotated and revoked ones too) once expired: an expired token is refused
      // from its claims before its row is read, so rotated refresh tokens stay exactly as long as the reuse
      // check can still meet them.
      name: 'auth_tokens',
      rows: 'expired access and refresh tokens',
      batchSize: 1000,
      purgeBatch: (now, limit) => db.run((manager) => sessions.purgeExpiredTokens(manager, ago(now, TOKEN_EXPIRY_GRACE_MS), limit)),
    },
    {
      // Sessions that can no longer be used (ended, or every token expired), SESSION_RETENTION after their
      // last use: until then they stay in GET /v1/auth/sessions with their status and reason.
      name: 'sessions',
      rows: 'ended or expired sessions',
      // Each takes its remaining (revoked) tokens with it.
      batchSize: 200,
      purgeBatch: (now, limit) => db.run((manager) => sessions.purgeUnusable(manager, ago(now, config.sessionRetentionSeconds * 1000), ago(now, TOKEN_EXPIRY_GRACE_MS), limit)),
    },
    {
      // Mailed links (email verification, password reset), used or not, once expired: a used link is refused by
      // its used_at until then, an expired one by its expiry either way.
      name: 'user_tokens',
      rows: 'expired email and password-reset links',
      batchSize: 1000,
      purgeBatch: (now, limit) => db.run((manager) => userTokens.purgeExpired(manager, ago(now, TOKEN_EXPIRY_GRACE_MS), limit)),
    },
    {
      // Keys 24 hours after their first use; an expired key is free again either way.
      name: 'idempotency_keys',
      rows: 'expired idempotency keys',
      // Rows carry a stored answer.
      batchSize: 500,
      purgeBatch: (now, limit) => db.run((manager) => idempotencyKeys.purgeExpired(manager, now, limit)),
    },
    {
      // Delivered and given-up deliveries WEBHOOK_DELIVERY_RETENTION after they were queued; pending ones stay.
      name: 'webhook_deliveries',
      rows: 'finished webhook deliveries',
      batchSize: 1000,
      purgeBatch: (now, limit) => db.run((manager) => deliveries.purgeFinishedBefore(manager, ago(now, config.webhookDeliveryRetentionSeconds * 1000), limit)),
    },
    {
      // Events EVENT_RETENTION (at least 30 days) after they were recorded.
      name: 'events',
      rows: 'events past EVENT_RETENTION',
      batchSize: 1000,
      purgeBatch: (now, limit) => db.run((manager) => events.purgeCreatedBefore(manager, ago(now, config.eventRetentionSeconds * 1000), limit)),
    },
    {
      // Audit entries AUDIT_RETENTION (default 400 days) after they were written: the one delete the table allows.
      name: 'audit_log',
      rows: 'audit entries past AUDIT_RETENTION',
      batchSize: 1000,
      // With the removals, in their transaction: the platform chain's records of where each chain now continues.
      purgeBatch: (now, limit) => audit.purgeBatch(ago(now, config.auditRetentionSeconds * 1000), limit),
    },
  ];
}
