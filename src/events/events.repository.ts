import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { AccountScope } from '../common/access/account-access';
import { currentRequestContext } from '../common/access/request-context';
import { EventLog, EventType, NewEvent } from '../common/events/event-log';
import { creationTimeOf, lowestIdAt, newId } from '../common/ids/ids';
import { fetchPage, Page } from '../common/pagination/page';
import { PaginationQueryDto } from '../common/pagination/pagination-query.dto';
import { AppConfig } from '../config/app-config';
import { MultiRowInsert, Sql, sql } from '../database/sql';
import { EventRecord } from './entities/event.entity';
import { EventSubscribers, RecordedEvent } from './event-subscribers';

/** The stream of events that belong to no account. */
export const PLATFORM_STREAM = 'platform';

/**
 * Reserves the next sequences of `count` streams ($2, $4...: each stream, then how many it takes); returns
 * the last of each and the stream's mode, taken from its account when the stream starts (an account's mode
 * never changes), else $1 (the platform's). The cast gives the stream one type on PostgreSQL (varchar, as
 * the inserted stream), not text in the comparison. One statement per number of streams, built once.
 */
const RESERVE_SEQUENCES = new Map<number, Sql>();
function reserveSequences(count: number): Sql {
  let statement = RESERVE_SEQUENCES.get(count);
  if (statement === undefined) {
    const values = Array.from({ length: count }, (_, index) => {
      const stream = `$${index * 2 + 2}`;
      return `(${stream}, $${index * 2 + 3}, COALESCE((SELECT CASE WHEN mode = 'live' THEN 1 ELSE 0 END FROM accounts WHERE id = CAST(${stream} AS VARCHAR(40))), $1) = 1)`;
    });
    statement = new Sql(`INSERT INTO event_streams (stream, last_sequence, livemode)
  VALUES ${values.join(', ')}
  ON CONFLICT (stream) DO UPDATE SET last_sequence = event_streams.last_sequence + excluded.last_sequence
  RETURNING stream, last_sequence, livemode`);
    RESERVE_SEQUENCES.set(count, statement);
  }
  return statement;
}
const INSERT_EVENTS = new MultiRowInsert('events', ['id', 'stream', 'sequence', 'type', 'livemode', 'created_at', 'actor', 'data']);
/** Housekeeping: the oldest events, a batch at a time, along the primary key (ids carry their creation time). */
const PURGE_BEFORE = sql`DELETE FROM events WHERE id IN (SELECT id FROM events WHERE id < $1 ORDER BY id LIMIT $2)`;

export interface EventFilters {
  types?: EventType[];
  createdFrom?: Date;
  createdTo?: Date;
}

/**
 * The events and their streams' counters. Recording takes the stream's row
 * (the upsert of its counter) last in a unit of work, so that a sequence is
 * handed out only to an event that commits with everything before it.
 */
@Injectable()
export class EventsRepository extends EventLog {
  /** The platform's own events (a signup without an account) follow the deployment's default mode. */
  private readonly platformLive: boolean;

  constructor(
    private readonly subscribers: EventSubscribers,
    config: AppConfig,
  ) {
    super();
    this.platformLive = config.payments.defaultAccountMode === 'live';
  }

  /**
   * Streams are taken in id order (two writes that both touch accounts A and B
   * queue instead of deadlocking); within a stream, events keep their order.
   */
  async record(manager: EntityManager, events: readonly NewEvent[]): Promise<void> {
    const byStream = new Map<string, NewEvent[]>();
    for (const event of events) {
      const stream = event.accountId ?? PLATFORM_STREAM;
      byStream.set(stream, [...(byStream.get(stream) ?? []), event]);
    }
    const streams = [...byStream.keys()].sort();
    const reserved = await this.reserve(
      manager,
      streams.map((stream) => ({ stream, count: byStream.get(stream)?.length ?? 0 })),
    );
    const recorded: RecordedEvent[] = [];
    // Who: the request's caller, read from its context (jobs: the system), so no call site passes it.
    const actor = JSON.stringify(currentRequestContext().actor);
    const rows = streams.flatMap((stream) => {
      const { first, livemode } = reserved.get(stream) ?? { first: 0, livemode: false };
      return (byStream.get(stream) ?? []).map((event, index) => {
        // Made under the stream's lock (held since the reservation), so a stream's ids follow its sequence.
        const id = newId('evt');
        recorded.push({ id, type: event.type, accountId: event.accountId, sequence: first + index });
        return [id, stream, first + index, event.type, livemode ? 1 : 0, creationTimeOf(id).getTime(), actor, JSON.stringify({ object: event.object })];
      });
    });
    // The events and their subscribers' reads are sent together: one round trip.
    await Promise.all([INSERT_EVENTS.run(manager, rows), this.subscribers.recorded(manager, recorded)]);
  }

  /**
   * Reserves each stream's next sequences in one statement (streams in id order, so two writes that
   * share streams lock them in the same order): the first sequence of each and its mode.
   */
  private async reserve(manager: EntityManager, streams: readonly { stream: string; count: number }[]): Promise<Map<string, { first: number; livemode: boolean }>> {
    const params = streams.flatMap(({ stream, count }) => [stream, count]);
    const rows = await reserveSequences(streams.length).rows<{ stream: string; last_sequence: number | string; livemode: boolean | number }>(manager, [
      this.platformLive ? 1 : 0,
      ...params,
    ]);
    if (rows.length !== streams.length) throw new Error('the sequence upsert did not return a row per stream');
    const counts = new Map(streams.map(({ stream, count }) => [stream, count]));
    return new Map(rows.map((row) => [row.stream, { first: Number(row.last_sequence) - (counts.get(row.stream) ?? 0) + 1, livemode: Boolean(row.livemode) }]));
  }

  findById(manager: EntityManager, eventId: string): Promise<EventRecord | null> {
    return manager.findOneBy(EventRecord, { id: eventId });
  }

  findVisible(manager: EntityManager, scope: AccountScope, eventId: string): Promise<EventRecord | null> {
    if (scope.kind === 'none') return Promise.resolve(null);
    const where = scope.kind === 'account' ? { id: eventId, stream: scope.accountId } : { id: eventId };
    return manager.findOneBy(EventRecord, where);
  }

  /** Newest first; ids carry their creation time, so a created_at range is an id range. */
  page<Item>(manager: EntityManager, scope: AccountScope, filters: EventFilters, pagination: PaginationQueryDto, toItem: (row: EventRecord) => Item): Promise<Page<Item>> {
    if (scope.kind === 'none') return Promise.resolve({ data: [], has_more: false, next_cursor: null });
    const builder = manager.createQueryBuilder(EventRecord, 'event');
    if (scope.kind === 'account') builder.andWhere('event.stream = :stream', { stream: scope.accountId });
    if (filters.types !== undefined) builder.andWhere('event.type IN (:...types)', { types: filters.types });
    if (filters.createdFrom) builder.andWhere('event.id >= :fromId', { fromId: lowestIdAt('evt', filters.createdFrom) });
    if (filters.createdTo) builder.andWhere('event.id < :toId', { toId: lowestIdAt('evt', filters.createdTo) });
    return fetchPage(builder, pagination, toItem);
  }

  /** Up to `limit` events of the stream after `afterSequence`, oldest first: a consumer catching up. */
  after(manager: EntityManager, stream: string, afterSequence: number, filters: EventFilters, limit: number): Promise<EventRecord[]> {
    const builder = manager
      .createQueryBuilder(EventRecord, 'event')
      .where('event.stream = :stream AND event.sequence > :afterSequence', { stream, afterSequence })
      .orderBy('event.sequence', 'ASC')
      .limit(limit);
    if (filters.types !== undefined) builder.andWhere('event.type IN (:...types)', { types: filters.types });
    if (filters.createdFrom) builder.andWhere('event.id >= :fromId', { fromId: lowestIdAt('evt', filters.createdFrom) });
    if (filters.createdTo) builder.andWhere('event.id < :toId', { toId: lowestIdAt('evt', filters.createdTo) });
    return builder.getMany();
  }

  /**
   * Deletes up to `limit` of the events created before `instant` (the primary
   * key is the time index); how many. Streams keep their counters, so
   * sequences go on from where they were.
   */
  purgeCreatedBefore(manager: EntityManager, instant: Date, limit: number): Promise<number> {
    return PURGE_BEFORE.run(manager, [lowestIdAt('evt', instant), limit]);
  }
}
