import { Injectable } from '@nestjs/common';
import { EVENTS_PER_INSERT } from '../events/events.repository';
import { EntityManager } from 'typeorm';
import { lowestIdAt, newId } from '../common/ids/ids';
import { fetchPage, Page } from '../common/pagination/page';
import { PaginationQueryDto } from '../common/pagination/pagination-query.dto';
import { instantOrNull } from '../database/columns';
import { hasRowLocks } from '../database/dialect';
import { MultiRowInsert, Sql, sql } from '../database/sql';
import { WebhookDeliveryAttempt } from './entities/webhook-delivery-attempt.entity';
import { EventType } from '../common/events/event-log';
import { EventRecord } from '../events/entities/event.entity';
import { WebhookDelivery } from './entities/webhook-delivery.entity';
import { WebhookEndpoint } from './entities/webhook-endpoint.entity';

const INSERT_DELIVERIES = new MultiRowInsert('webhook_deliveries', [
  'id',
  'endpoint_id',
  'event_id',
  'stream',
  'sequence',
  'ordered',
  'status',
  'attempts',
  'next_attempt_at',
  'locked_until',
  'created_at',
  'updated_at',
]);

const DELIVERY_COLUMNS = 'id, endpoint_id, event_id, stream, sequence, ordered, attempts, created_at';

/**
 * The due deliveries no other worker holds, each the first still pending of
 * its (endpoint, stream) unless it is a redelivery: an event waits until the
 * one before it succeeded or was given up. Claiming sets the lease and counts
 * the attempt. On PostgreSQL, FOR UPDATE SKIP LOCKED lets several instances
 * claim side by side without taking the same row. Ordered by next_attempt_at
 * alone, the order of the (status, next_attempt_at) index, so the database
 * walks it and stops at the limit instead of sorting every pending row (a
 * stream's order is kept by the NOT EXISTS, not by the sort).
 */
function claimStatement(rowLocks: boolean): Sql {
  return new Sql(`UPDATE webhook_deliveries SET locked_until = $2, attempts = attempts + 1, updated_at = $1
  WHERE id IN (
    SELECT due.id FROM webhook_deliveries due
    WHERE due.status = 'pending' AND due.next_attempt_at <= $1 AND (due.locked_until IS NULL OR due.locked_until <= $1)
      AND EXISTS (SELECT 1 FROM webhook_endpoints endpoint WHERE endpoint.id = due.endpoint_id AND endpoint.status = 'enabled')
      AND (NOT due.ordered OR NOT EXISTS (
        SELECT 1 FROM webhook_deliveries earlier
        WHERE earlier.endpoint_id = due.endpoint_id AND earlier.stream = due.stream AND earlier.status = 'pending'
          AND earlier.ordered AND earlier.sequence < due.sequence))
    ORDER BY due.next_attempt_at
    LIMIT $3${rowLocks ? ' FOR UPDATE SKIP LOCKED' : ''})
  RETURNING ${DELIVERY_COLUMNS}`);
}
const CLAIM = claimStatement(false);

/**
 * What the worker sends, read with the claim: the event (the events module's
 * table, read here so that a delivery costs one statement and one connection
 * of the worker's small pool, not three) and the endpoint's address and secrets.
 */
const CLAIMED_COLUMNS = `claimed.id, claimed.endpoint_id, claimed.event_id, claimed.attempts, claimed.created_at,
  event.stream AS event_stream, event.sequence AS event_sequence, event.type AS event_type, event.created_at AS event_created_at,
  event.data AS event_data, event.livemode AS event_livemode, event.actor AS event_actor, endpoint.url AS endpoint_url, endpoint.sealed_secret, endpoint.sealed_previous_secret, endpoint.previous_secret_expires_at`;
const CLAIMED_JOINS = `LEFT JOIN events event ON event.id = claimed.event_id LEFT JOIN webhook_endpoints endpoint ON endpoint.id = claimed.endpoint_id`;

/** PostgreSQL: the claim and what it sends in one statement. */
const CLAIM_WITH_CONTENT = new Sql(`WITH claimed AS (${claimStatement(true).text})
  SELECT ${CLAIMED_COLUMNS} FROM claimed ${CLAIMED_JOINS}`);
/** SQLite (no write inside WITH): what the claim just took, read after it on the one connection. */
const CONTENT_OF_CLAIMED = new Sql(`SELECT ${CLAIMED_COLUMNS} FROM webhook_deliveries claimed ${CLAIMED_JOINS}
  WHERE claimed.id IN (SELECT value FROM json_each($1))`);

/** A read, cheaper than the claim (a write) when nothing is due, which is the idle worker's common case. */
const ANY_DUE = sql`SELECT 1 AS due FROM webhook_deliveries WHERE status = 'pending' AND next_attempt_at <= $1 LIMIT 1`;

/** Each outcome is written only while the lease is still the one this worker took. */
const SUCCEED = sql`UPDATE webhook_deliveries SET status = 'succeeded', locked_until = NULL, next_attempt_at = NULL,
    last_status_code = $3, last_error = NULL, last_duration_ms = $4, updated_at = $5
  WHERE id = $1 AND locked_until = $2`;
const RETRY_LATER = sql`UPDATE webhook_deliveries SET locked_until = NULL, next_attempt_at = $6,
    last_status_code = $3, last_error = $4, last_duration_ms = $5, updated_at = $7
  WHERE id = $1 AND locked_until = $2`;
const GIVE_UP = sql`UPDATE webhook_deliveries SET status = 'failed', locked_until = NULL, next_attempt_at = NULL,
    last_status_code = $3, last_error = $4, last_duration_ms = $5, updated_at = $6
  WHERE id = $1 AND locked_until = $2`;

/**
 * Housekeeping: delivered and given-up deliveries queued before $1, oldest
 * first along the primary key (ids carry their creation time); pending ones
 * (held by a disabled endpoint, or still retried) are kept.
 */
const PURGE_FINISHED = sql`DELETE FROM webhook_deliveries WHERE id IN (
  SELECT id FROM webhook_deliveries WHERE id < $1 AND status <> 'pending' ORDER BY id LIMIT $2)`;

/** The queue's depth for /metrics, counted on idx_webhook_deliveries_due and capped, so a scrape stays cheap. */
const COUNT_PENDING = sql`SELECT COUNT(*) AS pending FROM (SELECT 1 FROM webhook_deliveries WHERE status = 'pending' LIMIT $1) queued`;
const COUNT_DUE = sql`SELECT COUNT(*) AS due FROM (SELECT 1 FROM webhook_deliveries WHERE status = 'pending' AND next_attempt_at <= $1 LIMIT $2) queued`;

export interface NewDelivery {
  id: string;
  endpointId: string;
  eventId: string;
  stream: string;
  sequence: number;
  ordered: boolean;
  createdAt: Date;
}

/** Where and how a delivery is sent: the endpoint's address and its sealed secrets. */
export type DeliveryTarget = Pick<WebhookEndpoint, 'url' | 'sealedSecret' | 'sealedPreviousSecret' | 'previousSecretExpiresAt'>;

export interface ClaimedDelivery {
  id: string;
  endpointId: string;
  eventId: string;
  attempts: number;
  createdAt: Date;
  /** The lease this worker holds: its outcome is written only while the lease is unchanged. */
  lockedUntil: Date;
  /** Null when the event or the endpoint no longer exists. */
  event: EventRecord | null;
  endpoint: DeliveryTarget | null;
}

interface ClaimedRow {
  id: string;
  endpoint_id: string;
  event_id: string;
  attempts: number | string;
  created_at: number | string;
  event_stream: string | null;
  event_sequence: number | string | null;
  event_type: EventType | null;
  event_created_at: number | string | null;
  event_data: string | null;
  /** BOOLEAN on PostgreSQL, 0 or 1 on SQLite. */
  event_livemode: boolean | number | null;
  event_actor: string | null;
  endpoint_url: string | null;
  sealed_secret: string | null;
  sealed_previous_secret: string | null;
  previous_secret_expires_at: number | string | null;
}

const INSERT_ATTEMPT = sql`INSERT INTO webhook_delivery_attempts (id, delivery_id, attempted_at, status_code, duration_ms, error) VALUES ($1, $2, $3, $4, $5, $6)`;

export interface AttemptResult {
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

/** The webhook_deliveries table: the queue, its claims and outcomes. */
@Injectable()
export class WebhookDeliveriesRepository {
  async insert(manager: EntityManager, deliveries: readonly NewDelivery[]): Promise<void> {
    // In parts of EVENTS_PER_INSERT rows: a unit of work that records thousands of events queues as many deliveries,
    // and one statement of them all would pass the databases' limits on parameters.
    const parts: NewDelivery[][] = [];
    for (let start = 0; start < deliveries.length; start += EVENTS_PER_INSERT) parts.push(deliveries.slice(start, start + EVENTS_PER_INSERT));
    await Promise.all(parts.map((part) => this.insertPart(manager, part)));
  }

  private async insertPart(manager: EntityManager, deliveries: readonly NewDelivery[]): Promise<void> {
    await INSERT_DELIVERIES.run(
      manager,
      deliveries.map((delivery) => [
        delivery.id,
        delivery.endpointId,
        delivery.eventId,
        delivery.stream,
        delivery.sequence,
        // 1/0: better-sqlite3 binds no booleans, and PostgreSQL reads '1' and '0' as booleans.
        delivery.ordered ? 1 : 0,
        'pending',
        0,
        delivery.createdAt.getTime(),
        null,
        delivery.createdAt.getTime(),
        delivery.createdAt.getTime(),
      ]),
    );
  }

  async anyDue(manager: EntityManager, now: Date): Promise<boolean> {
    return (await ANY_DUE.row(manager, [now.getTime()])) !== null;
  }

  /** Leases up to `limit` due deliveries, each with its event and endpoint. */
  async claimDue(manager: EntityManager, now: Date, lockedUntil: Date, limit: number): Promise<ClaimedDelivery[]> {
    const params = [now.getTime(), lockedUntil.getTime(), limit];
    let rows: ClaimedRow[];
    if (hasRowLocks(manager)) {
      rows = await CLAIM_WITH_CONTENT.rows<ClaimedRow>(manager, params);
    } else {
      const claimed = await CLAIM.rows<{ id: string }>(manager, params);
      rows = claimed.length === 0 ? [] : await CONTENT_OF_CLAIMED.rows<ClaimedRow>(manager, [JSON.stringify(claimed.map((row) => row.id))]);
    }
    return rows.map((row) => toClaimed(row, lockedUntil));
  }

  async succeed(manager: EntityManager, delivery: ClaimedDelivery, result: AttemptResult, now: Date): Promise<void> {
    const written = await SUCCEED.run(manager, [delivery.id, delivery.lockedUntil.getTime(), result.statusCode, result.durationMs, now.getTime()]);
    await this.recordAttempt(manager, written, delivery, result, now);
  }

  async retryLater(manager: EntityManager, delivery: ClaimedDelivery, result: AttemptResult, nextAttemptAt: Date, now: Date): Promise<void> {
    const written = await RETRY_LATER.run(manager, [
      delivery.id,
      delivery.lockedUntil.getTime(),
      result.statusCode,
      result.error,
      result.durationMs,
      nextAttemptAt.getTime(),
      now.getTime(),
    ]);
    await this.recordAttempt(manager, written, delivery, result, now);
  }

  async giveUp(manager: EntityManager, delivery: ClaimedDelivery, result: AttemptResult, now: Date): Promise<void> {
    const written = await GIVE_UP.run(manager, [delivery.id, delivery.lockedUntil.getTime(), result.statusCode, result.error, result.durationMs, now.getTime()]);
    await this.recordAttempt(manager, written, delivery, result, now);
  }

  /** The attempt joins the delivery's history only with the outcome it settled (the lease was still this worker's). */
  private async recordAttempt(manager: EntityManager, written: number, delivery: ClaimedDelivery, result: AttemptResult, now: Date): Promise<void> {
    if (written === 0) return;
    await INSERT_ATTEMPT.run(manager, [newId('wha'), delivery.id, now.getTime(), result.statusCode, result.durationMs, result.error]);
  }

  /** An endpoint's deliveries, newest first, each with its attempts (newest first), read in one more query per page. */
  async page<Item>(
    manager: EntityManager,
    endpointId: string,
    pagination: PaginationQueryDto,
    toItem: (row: WebhookDelivery, attempts: WebhookDeliveryAttempt[]) => Item,
  ): Promise<Page<Item>> {
    const builder = manager.createQueryBuilder(WebhookDelivery, 'delivery').where('delivery.endpointId = :endpointId', { endpointId });
    const page = await fetchPage(builder, pagination, (row) => row);
    const ids = page.data.map((row) => row.id);
    const attempts =
      ids.length === 0
        ? []
        : await manager.createQueryBuilder(WebhookDeliveryAttempt, 'attempt').where('attempt.deliveryId IN (:...ids)', { ids }).orderBy('attempt.id', 'DESC').getMany();
    const byDelivery = new Map<string, WebhookDeliveryAttempt[]>();
    for (const attempt of attempts) byDelivery.set(attempt.deliveryId, [...(byDelivery.get(attempt.deliveryId) ?? []), attempt]);
    return { ...page, data: page.data.map((row) => toItem(row, byDelivery.get(row.id) ?? [])) };
  }

  findById(manager: EntityManager, deliveryId: string): Promise<WebhookDelivery | null> {
    return manager.findOneBy(WebhookDelivery, { id: deliveryId });
  }

  /** Deletes up to `limit` succeeded or failed deliveries queued before `instant`; how many. */
  purgeFinishedBefore(manager: EntityManager, instant: Date, limit: number): Promise<number> {
    return PURGE_FINISHED.run(manager, [lowestIdAt('whd', instant), limit]);
  }

  /** Deliveries still to send (`pending`), and those of them due at `now`, each counted up to `cap`. */
  async queueDepth(manager: EntityManager, now: Date, cap: number): Promise<{ pending: number; due: number }> {
    const pending = await COUNT_PENDING.row<{ pending: number | string }>(manager, [cap]);
    const due = await COUNT_DUE.row<{ due: number | string }>(manager, [now.getTime(), cap]);
    return { pending: Number(pending?.pending ?? 0), due: Number(due?.due ?? 0) };
  }
}

function toClaimed(row: ClaimedRow, lockedUntil: Date): ClaimedDelivery {
  const event: EventRecord | null =
    row.event_stream === null
      ? null
      : {
          id: row.event_id,
          stream: row.event_stream,
          sequence: Number(row.event_sequence),
          type: row.event_type!,
          livemode: Boolean(row.event_livemode),
          actor: row.event_actor,
          createdAt: new Date(Number(row.event_created_at)),
          data: row.event_data!,
        };
  const endpoint: DeliveryTarget | null =
    row.endpoint_url === null
      ? null
      : {
          url: row.endpoint_url,
          sealedSecret: row.sealed_secret!,
          sealedPreviousSecret: row.sealed_previous_secret,
          previousSecretExpiresAt: instantOrNull(row.previous_secret_expires_at),
        };
  return {
    id: row.id,
    endpointId: row.endpoint_id,
    eventId: row.event_id,
    attempts: Number(row.attempts),
    createdAt: new Date(Number(row.created_at)),
    lockedUntil,
    event,
    endpoint,
  };
}
