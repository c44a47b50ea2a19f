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
import { DELIVERY_STATUSES, WebhookDelivery } from './entities/webhook-delivery.entity';
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
 * "Still pending", for rows chosen by their key, written so that it does not imply the partial indexes'
 * `status = 'pending'`: PostgreSQL then can only seek each row by its key. Given that condition, its planner,
 * whose statistics of a queue may be those of the moment it was empty, would rather scan a whole partial
 * index it believes holds a row or two.
 */
const STILL_PENDING = `status NOT IN (${DELIVERY_STATUSES.filter((status) => status !== 'pending')
  .map((status) => `'${status}'`)
  .join(', ')})`;

/**
 * The heads of the queue: the due deliveries no other worker holds, each the
 * first still pending of its (endpoint, stream) unless it is a redelivery (an
 * event waits until the one before it succeeded or was given up). On
 * PostgreSQL, FOR UPDATE SKIP LOCKED lets several instances claim side by side
 * without taking the same head. Ordered by next_attempt_at alone, the order of
 * the due index (next_attempt_at of the pending rows), so the database walks it and stops at
 * the limit instead of sorting every pending row (a stream's order is kept by
 * the NOT EXISTS, not by the sort).
 */
function headsStatement(rowLocks: boolean): string {
  return `SELECT due.id, due.endpoint_id, due.stream, due.sequence, due.ordered FROM webhook_deliveries due
    WHERE due.status = 'pending' AND due.next_attempt_at <= $1 AND (due.locked_until IS NULL OR due.locked_until <= $1)
      AND EXISTS (SELECT 1 FROM webhook_endpoints endpoint WHERE endpoint.id = due.endpoint_id AND endpoint.status = 'enabled')
      AND (NOT due.ordered OR NOT EXISTS (
        SELECT 1 FROM webhook_deliveries earlier
        WHERE earlier.endpoint_id = due.endpoint_id AND earlier.stream = due.stream AND earlier.status = 'pending'
          AND earlier.ordered AND earlier.sequence < due.sequence))
    ORDER BY due.next_attempt_at
    LIMIT $3${rowLocks ? ' FOR UPDATE SKIP LOCKED' : ''}`;
}

/**
 * The heads of the streams the worker names ($5, a JSON array of [endpoint id, stream] pairs: those whose
 * last run it just finished), each the first pending delivery of its stream, if it is due and free: a seek
 * on the pending order index per stream instead of a walk of the queue.
 */
function streamHeadsStatement(rowLocks: boolean): string {
  const wanted = rowLocks
    ? `SELECT pair->>0 AS endpoint_id, pair->>1 AS stream FROM json_array_elements($5::json) pair`
    : `SELECT json_extract(value, '$[0]') AS endpoint_id, json_extract(value, '$[1]') AS stream FROM json_each($5)`;
  const heads = `SELECT (
        SELECT first.id FROM webhook_deliveries first
        WHERE first.endpoint_id = wanted.endpoint_id AND first.stream = wanted.stream AND first.status = 'pending' AND first.ordered
        ORDER BY first.sequence LIMIT 1) FROM (${wanted}) wanted`;
  return `SELECT due.id, due.endpoint_id, due.stream, due.sequence, due.ordered FROM webhook_deliveries due
    WHERE ${rowLocks ? `due.id = ANY(ARRAY(${heads})) AND due.${STILL_PENDING}` : `due.id IN (${heads}) AND due.status = 'pending'`}
      AND due.next_attempt_at <= $1 AND (due.locked_until IS NULL OR due.locked_until <= $1)
      AND EXISTS (SELECT 1 FROM webhook_endpoints endpoint WHERE endpoint.id = due.endpoint_id AND endpoint.status = 'enabled')
    LIMIT $3${rowLocks ? ' FOR UPDATE SKIP LOCKED' : ''}`;
}

/**
 * Behind each ordered head, the next pending deliveries of its (endpoint,
 * stream), up to $4 - 1 of them in sequence order: a run the worker sends one
 * after the other, each only once the one before it succeeded. No other
 * worker can take them meanwhile: while the head is pending, none of them is
 * the first of its stream, and the lease keeps them once it is not.
 * PostgreSQL reads $4 - 1 entries of the pending order index per head (LATERAL);
 * SQLite, without LATERAL, numbers the pending deliveries of the claimed
 * streams, which its one writer reads in-process.
 */
function followersStatement(rowLocks: boolean): string {
  if (rowLocks) {
    return `SELECT later.id FROM head CROSS JOIN LATERAL (
      SELECT next.id FROM webhook_deliveries next
      WHERE next.endpoint_id = head.endpoint_id AND next.stream = head.stream AND next.status = 'pending' AND next.ordered AND next.sequence > head.sequence
      ORDER BY next.sequence LIMIT $4 - 1) later
    WHERE head.ordered`;
  }
  return `SELECT numbered.id FROM (
      SELECT next.id, ROW_NUMBER() OVER (PARTITION BY next.endpoint_id, next.stream ORDER BY next.sequence) AS place
      FROM head JOIN webhook_deliveries next
        ON next.endpoint_id = head.endpoint_id AND next.stream = head.stream AND next.status = 'pending' AND next.ordered AND next.sequence > head.sequence
      WHERE head.ordered) numbered
    WHERE numbered.place < $4`;
}

/**
 * Leases up to $3 heads and, behind each, the rest of its run (up to $4
 * deliveries in all): one statement, settled by the database, so that two
 * workers never hold the same delivery. Claiming sets the lease and counts the
 * attempt; the deliveries of a run that are not sent are given back (RELEASE).
 */
function claimStatement(rowLocks: boolean, heads: string): Sql {
  const chosen = `WITH head AS (${heads})
    SELECT id FROM head
    UNION ALL
    ${followersStatement(rowLocks)}`;
  // PostgreSQL: the ids chosen once, as an array, then each row by its key. With `id IN (...)` the planner,
  // whose statistics may be those of an empty queue, joined every pending row against the choice.
  return new Sql(`UPDATE webhook_deliveries SET locked_until = $2, attempts = attempts + 1, updated_at = $1
  WHERE ${rowLocks ? `id = ANY(ARRAY(${chosen})) AND ${STILL_PENDING}` : `status = 'pending' AND id IN (${chosen})`}
  RETURNING ${DELIVERY_COLUMNS}`);
}
const CLAIM = claimStatement(false, headsStatement(false));
const CLAIM_STREAMS = claimStatement(false, streamHeadsStatement(false));

/**
 * What the worker sends, read with the claim: the event (the events module's
 * table, read here so that a delivery costs one statement and one connection
 * of the worker's small pool, not three) and the endpoint's address and secrets.
 */
const CLAIMED_COLUMNS = `claimed.id, claimed.endpoint_id, claimed.event_id, claimed.stream, claimed.sequence, claimed.ordered, claimed.attempts, claimed.created_at,
  event.stream AS event_stream, event.sequence AS event_sequence, event.type AS event_type, event.created_at AS event_created_at,
  event.data AS event_data, event.livemode AS event_livemode, event.actor AS event_actor, endpoint.url AS endpoint_url, endpoint.sealed_secret, endpoint.sealed_previous_secret, endpoint.previous_secret_expires_at`;
const CLAIMED_JOINS = `LEFT JOIN events event ON event.id = claimed.event_id LEFT JOIN webhook_endpoints endpoint ON endpoint.id = claimed.endpoint_id`;

/** PostgreSQL: the claim and what it sends in one statement. */
function withContent(claim: Sql): Sql {
  return new Sql(`WITH claimed AS (${claim.text})
  SELECT ${CLAIMED_COLUMNS} FROM claimed ${CLAIMED_JOINS}`);
}
const CLAIM_WITH_CONTENT = withContent(claimStatement(true, headsStatement(true)));
const CLAIM_STREAMS_WITH_CONTENT = withContent(claimStatement(true, streamHeadsStatement(true)));
/** SQLite (no write inside WITH): what the claim just took, read after it on the one connection. */
const CONTENT_OF_CLAIMED = new Sql(`SELECT ${CLAIMED_COLUMNS} FROM webhook_deliveries claimed ${CLAIMED_JOINS}
  WHERE claimed.id IN (SELECT value FROM json_each($1))`);

/**
 * A read, cheaper than the claim (a write) when nothing is due and free, which is the idle worker's common case,
 * and that of a worker whose runs hold every due delivery.
 */
const ANY_DUE = sql`SELECT 1 AS due FROM webhook_deliveries
  WHERE status = 'pending' AND next_attempt_at <= $1 AND (locked_until IS NULL OR locked_until <= $1) LIMIT 1`;

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
/** A claimed delivery that was not sent (its run stopped before it): free again at once, its attempt not counted. */
const RELEASE = sql`UPDATE webhook_deliveries SET locked_until = NULL, attempts = attempts - 1 WHERE id = $1 AND locked_until = $2`;

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

/** One endpoint's deliveries of one stream (account id or `platform`), which go out in sequence order. */
export interface StreamOf {
  endpointId: string;
  stream: string;
}

/** Where and how a delivery is sent: the endpoint's address and its sealed secrets. */
export type DeliveryTarget = Pick<WebhookEndpoint, 'url' | 'sealedSecret' | 'sealedPreviousSecret' | 'previousSecretExpiresAt'>;

export interface ClaimedDelivery {
  id: string;
  endpointId: string;
  eventId: string;
  /** The stream (account id or `platform`) and sequence that order it behind the deliveries before it. */
  stream: string;
  sequence: number;
  /** False for a redelivery, which waits for no other. */
  ordered: boolean;
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
  stream: string;
  sequence: number | string;
  /** BOOLEAN on PostgreSQL, 0 or 1 on SQLite. */
  ordered: boolean | number;
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

const INSERT_ATTEMPTS = new MultiRowInsert('webhook_delivery_attempts', ['id', 'delivery_id', 'attempted_at', 'status_code', 'duration_ms', 'error']);

export interface AttemptResult {
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

/** How an attempt leaves its delivery: delivered, due again at `nextAttemptAt`, or given up. */
export type Settlement = { kind: 'succeeded' } | { kind: 'retry'; nextAttemptAt: Date } | { kind: 'failed' };

export interface DeliveryOutcome {
  delivery: ClaimedDelivery;
  result: AttemptResult;
  settlement: Settlement;
  /** When the attempt ended. */
  at: Date;
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

  /**
   * Leases up to `heads` due deliveries and, behind each ordered one, the next deliveries of its stream to
   * the same endpoint (`runLength` in all), each with its event and endpoint.
   */
  async claimDue(manager: EntityManager, now: Date, lockedUntil: Date, heads: number, runLength: number): Promise<ClaimedDelivery[]> {
    return this.claimWith(manager, hasRowLocks(manager) ? CLAIM_WITH_CONTENT : CLAIM, [now.getTime(), lockedUntil.getTime(), heads, runLength]);
  }

  /** The same, for the named streams only (each an endpoint and a stream): the next run of each, if its first delivery is due and free. */
  async claimStreams(manager: EntityManager, now: Date, lockedUntil: Date, streams: readonly StreamOf[], runLength: number): Promise<ClaimedDelivery[]> {
    const wanted = JSON.stringify(streams.map((stream) => [stream.endpointId, stream.stream]));
    const params = [now.getTime(), lockedUntil.getTime(), streams.length, runLength, wanted];
    return this.claimWith(manager, hasRowLocks(manager) ? CLAIM_STREAMS_WITH_CONTENT : CLAIM_STREAMS, params);
  }

  private async claimWith(manager: EntityManager, statement: Sql, params: readonly unknown[]): Promise<ClaimedDelivery[]> {
    const lockedUntil = new Date(params[1] as number);
    let rows: ClaimedRow[];
    if (hasRowLocks(manager)) {
      rows = await statement.rows<ClaimedRow>(manager, params);
    } else {
      const claimed = await statement.rows<{ id: string }>(manager, params);
      rows = claimed.length === 0 ? [] : await CONTENT_OF_CLAIMED.rows<ClaimedRow>(manager, [JSON.stringify(claimed.map((row) => row.id))]);
    }
    return rows.map((row) => toClaimed(row, lockedUntil));
  }

  /**
   * Writes the outcomes of many attempts (their statements pipelined on PostgreSQL), each only while its
   * lease is the one its worker took, and adds to each delivery's history the attempts whose outcome was
   * written.
   */
  async recordOutcomes(manager: EntityManager, outcomes: readonly DeliveryOutcome[]): Promise<void> {
    const written = await Promise.all(outcomes.map((outcome) => this.writeOutcome(manager, outcome)));
    const attempts = outcomes
      .filter((_outcome, index) => written[index] > 0)
      .map(({ delivery, result, at }) => [newId('wha'), delivery.id, at.getTime(), result.statusCode, result.durationMs, result.error]);
    await INSERT_ATTEMPTS.run(manager, attempts);
  }

  /** Gives back claimed deliveries that were not sent, still under this worker's lease. */
  async release(manager: EntityManager, deliveries: readonly ClaimedDelivery[]): Promise<void> {
    await Promise.all(deliveries.map((delivery) => RELEASE.run(manager, [delivery.id, delivery.lockedUntil.getTime()])));
  }

  private writeOutcome(manager: EntityManager, { delivery, result, settlement, at }: DeliveryOutcome): Promise<number> {
    const lease = delivery.lockedUntil.getTime();
    if (settlement.kind === 'succeeded') return SUCCEED.run(manager, [delivery.id, lease, result.statusCode, result.durationMs, at.getTime()]);
    if (settlement.kind === 'failed') return GIVE_UP.run(manager, [delivery.id, lease, result.statusCode, result.error, result.durationMs, at.getTime()]);
    return RETRY_LATER.run(manager, [delivery.id, lease, result.statusCode, result.error, result.durationMs, settlement.nextAttemptAt.getTime(), at.getTime()]);
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
    stream: row.stream,
    sequence: Number(row.sequence),
    ordered: Boolean(row.ordered),
    attempts: Number(row.attempts),
    createdAt: new Date(Number(row.created_at)),
    lockedUntil,
    event,
    endpoint,
  };
}
