import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { AccountScope } from '../common/access/account-access';
import { currentRequestContext } from '../common/access/request-context';
import { EventLog, EventType, NewEvent } from '../common/events/event-log';
import { creationTimeOf, lowestIdAt, newId } from '../common/ids/ids';
import { fetchPage, Page } from '../common/pagination/page';
import { PaginationQueryDto } from '../common/pagination/pagination-query.dto';
import { AppConfig } from '../config/app-config';
import { MultiRowInsert, sql } from '../database/sql';
import { EventRecord } from './entities/event.entity';
import { EventSubscribers, RecordedEvent } from './event-subscribers';

/** The stream of events that belong to no account. */
export const PLATFORM_STREAM = 'platform';

/**
 * Reserves the next $2 sequences of a stream; returns the last of them and the stream's mode, taken from
 * its account when the stream starts (an account's mode never changes), else $3 (the platform's).
 * The cast gives $1 one type on PostgreSQL (varchar, as the inserted stream), not text in the comparison.
 */
const RESERVE_SEQUENCES = sql`INSERT INTO event_streams (stream, last_sequence, livemode)
  VALUES ($1, $2, COALESCE((SELECT CASE WHEN mode = 'live' THEN 1 ELSE 0 END FROM accounts WHERE id = CAST($1 AS VARCHAR(40))), $3) = 1)
  ON CONFLICT (stream) DO UPDATE SET last_sequence = event_streams.last_sequence + excluded.last_sequence
  RETURNING last_sequence, livemode`;
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
    const recorded: RecordedEvent[] = [];
    // Who: the request's caller, read from its context (jobs: the system), so no call site passes it.
    const actor = JSON.stringify(currentRequestContext().actor);
    for (const stream of [...byStream.keys()].sort()) {
      const streamEvents = byStream.get(stream) ?? [];
      const row = await RESERVE_SEQUENCES.row<{ last_sequence: number | string; livemode: boolean | number }>(manager, [stream, streamEvents.length, this.platformLive ? 1 : 0]);
      if (row === null) throw new Error('the sequence upsert returned no row');
      const first = Number(row.last_sequence) - streamEvents.length + 1;
      const rows = streamEvents.map((event, index) => {
        // Made under the stream's lock, so a stream's ids follow its sequence.
        const id = newId('evt');
        recorded.push({ id, type: event.type, accountId: event.accountId, sequence: first + index });
        return [id, stream, first + index, event.type, row.livemode ? 1 : 0, creationTimeOf(id).getTime(), actor, JSON.stringify({ object: event.object })];
      });
      await INSERT_EVENTS.run(manager, rows);
    }
    await this.subscribers.recorded(manager, recorded);
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
