import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { AccountScope } from '../common/access/account-access';
import { currentRequestContext } from '../common/access/request-context';
import { EventLog, EventType, NewEvent } from '../common/events/event-log';
import { creationTimeOf, lowestIdAt, newId } from '../common/ids/ids';
import { fetchPage, Page } from '../common/pagination/page';
import { PaginationQueryDto } from '../common/pagination/pagination-query.dto';
import { AppConfig } from '../config/app-config';
import { hasRowLocks } from '../database/dialect';
import { MultiRowInsert, rowPlaceholders, Sql, sql } from '../database/sql';
import { sendWithCommit, unitScoped } from '../database/database';
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
/** A stream's counter once its unit of work has numbered its events (it holds the row's lock since it took it). */
const SET_LAST_SEQUENCE = sql`UPDATE event_streams SET last_sequence = $2 WHERE stream = $1`;
const EVENT_COLUMNS = ['id', 'stream', 'sequence', 'type', 'livemode', 'created_at', 'actor', 'data'];
const INSERT_EVENTS = new MultiRowInsert('events', EVENT_COLUMNS);

/**
 * PostgreSQL: SET_LAST_SEQUENCE for each stream and INSERT_EVENTS as one statement (a data-modifying CTE),
 * parameters the streams' (stream, last sequence) pairs, then the events' rows. One per number of streams
 * and of events, built once.
 */
const COUNTERS_AND_EVENTS = new Map<string, Sql>();
function countersAndEvents(streams: number, events: number): Sql {
  const key = `${streams} ${events}`;
  let statement = COUNTERS_AND_EVENTS.get(key);
  if (statement === undefined) {
    statement = new Sql(`WITH counters AS (
    UPDATE event_streams SET last_sequence = CAST(given.last_sequence AS BIGINT) FROM (VALUES ${rowPlaceholders(streams, 2)}) AS given (stream, last_sequence)
    WHERE event_streams.stream = given.stream)
  INSERT INTO events (${EVENT_COLUMNS.join(', ')}) VALUES ${rowPlaceholders(events, EVENT_COLUMNS.length, streams * 2)}`);
    COUNTERS_AND_EVENTS.set(key, statement);
  }
  return statement;
}
/**
 * Events per INSERT: a unit of work may record thousands (a batch of 10,000 payouts moves each one), and one statement
 * of them all would pass SQLite's (32,766) and PostgreSQL's (65,535) limits on parameters; 500 rows of 8 values stay far under.
 */
export const EVENTS_PER_INSERT = 500;

/** The rows in parts of EVENTS_PER_INSERT, in order. */
function inParts(rows: readonly unknown[][]): unknown[][][] {
  const parts: unknown[][][] = [];
  for (let start = 0; start < rows.length; start += EVENTS_PER_INSERT) parts.push(rows.slice(start, start + EVENTS_PER_INSERT));
  return parts;
}
/** Housekeeping: the oldest events, a batch at a time, along the primary key (ids carry their creation time). */
const PURGE_BEFORE = sql`DELETE FROM events WHERE id IN (SELECT id FROM events WHERE id < $1 ORDER BY id LIMIT $2)`;

/** Where a stream's numbering stands in a unit of work that holds its counter: its last sequence, and its mode. */
interface StreamHead {
  last: number;
  livemode: boolean;
}

/** The first sequence a stream's events take, and its mode. */
interface Numbering {
  first: number;
  livemode: boolean;
}

/** The streams whose counters the unit of work holds, and where each stands. */
const HEADS = Symbol('event stream counters of the unit of work');

/** Those counters, or null outside a unit of work. */
function headsOf(manager: EntityManager): Map<string, StreamHead> | null {
  return unitScoped(manager, HEADS, () => new Map<string, StreamHead>());
}

function streamOf(accountId: string | null): string {
  return accountId ?? PLATFORM_STREAM;
}

function accountIdOf(stream: string): string | null {
  return stream === PLATFORM_STREAM ? null : stream;
}

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
      const stream = streamOf(event.accountId);
      const streamEvents = byStream.get(stream);
      if (streamEvents === undefined) byStream.set(stream, [event]);
      else streamEvents.push(event);
    }
    const streams = [...byStream.keys()].sort();
    const counts = new Map(streams.map((stream) => [stream, byStream.get(stream)?.length ?? 0]));
    const heads = headsOf(manager);
    if (heads === null) {
      // Outside a unit of work no lock outlives a statement: the sequences are reserved and used at once.
      const reserved = await this.reserve(manager, streams, counts);
      const { rows, recorded } = this.rowsOf(byStream, reserved);
      for (const part of inParts(rows)) await INSERT_EVENTS.run(manager, part);
      await this.subscribers.recorded(manager, recorded);
      return;
    }
    await this.lockStreams(manager, streams.map(accountIdOf));
    const firsts = new Map<string, Numbering>();
    for (const stream of streams) {
      const head = heads.get(stream) ?? { last: 0, livemode: false };
      firsts.set(stream, { first: head.last + 1, livemode: head.livemode });
      head.last += counts.get(stream) ?? 0;
    }
    const { rows, recorded } = this.rowsOf(byStream, firsts);
    const counters = streams.map((stream): [string, number] => [stream, heads.get(stream)?.last ?? 0]);
    // The counters, the events and the subscribers' writes need no answer: they travel with the commit.
    await sendWithCommit(manager, Promise.all([this.setCountersAndInsert(manager, counters, rows), this.subscribers.recorded(manager, recorded)]));
  }

  /** The streams' new counters and their events: one statement on PostgreSQL, where each costs a parse and an execution. */
  private async setCountersAndInsert(manager: EntityManager, counters: readonly [string, number][], rows: readonly unknown[][]): Promise<void> {
    const [first = [], ...rest] = inParts(rows);
    if (first.length > 0 && hasRowLocks(manager)) {
      await Promise.all([
        countersAndEvents(counters.length, first.length).run(manager, [...counters.flat(), ...first.flat()]),
        ...rest.map((part) => INSERT_EVENTS.run(manager, part)),
      ]);
      return;
    }
    await Promise.all([...counters.map((counter) => SET_LAST_SEQUENCE.run(manager, counter)), ...[first, ...rest].map((part) => INSERT_EVENTS.run(manager, part))]);
  }

  async lockStreams(manager: EntityManager, accountIds: readonly (string | null)[]): Promise<void> {
    const heads = headsOf(manager);
    if (heads === null) return;
    const streams = [...new Set(accountIds.map(streamOf))].filter((stream) => !heads.has(stream)).sort();
    if (streams.length === 0) return;
    const [locked] = await Promise.all([this.reserve(manager, streams, new Map()), this.subscribers.prepare(manager, streams.map(accountIdOf))]);
    for (const [stream, { first, livemode }] of locked) heads.set(stream, { last: first - 1, livemode });
  }

  /**
   * Adds `counts` (none: 0, which takes the counters' locks only) to the streams' counters in one
   * statement, streams in id order (two writes that share streams lock them in the same order): the
   * first sequence each reserved (its counter + 1 when it reserved none) and its mode.
   */
  private async reserve(manager: EntityManager, streams: readonly string[], counts: ReadonlyMap<string, number>): Promise<Map<string, Numbering>> {
    const params = streams.flatMap((stream) => [stream, counts.get(stream) ?? 0]);
    const rows = await reserveSequences(streams.length).rows<{ stream: string; last_sequence: number | string; livemode: boolean | number }>(manager, [
      this.platformLive ? 1 : 0,
      ...params,
    ]);
    if (rows.length !== streams.length) throw new Error('the sequence upsert did not return a row per stream');
    return new Map(rows.map((row) => [row.stream, { first: Number(row.last_sequence) - (counts.get(row.stream) ?? 0) + 1, livemode: Boolean(row.livemode) }]));
  }

  /** The events' rows, numbered from each stream's first sequence, and what the subscribers are told. */
  private rowsOf(byStream: ReadonlyMap<string, NewEvent[]>, firsts: ReadonlyMap<string, Numbering>): { rows: unknown[][]; recorded: RecordedEvent[] } {
    const recorded: RecordedEvent[] = [];
    // Who: the request's caller, read from its context (jobs: the system), so no call site passes it.
    const actor = JSON.stringify(currentRequestContext().actor);
    const rows = [...firsts].flatMap(([stream, { first, livemode }]) =>
      (byStream.get(stream) ?? []).map((event, index) => {
        // Made under the stream's lock, so a stream's ids follow its sequence.
        const id = newId('evt');
        recorded.push({ id, type: event.type, accountId: event.accountId, sequence: first + index });
        return [id, stream, first + index, event.type, livemode ? 1 : 0, creationTimeOf(id).getTime(), actor, JSON.stringify({ object: event.object })];
      }),
    );
    return { rows, recorded };
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
