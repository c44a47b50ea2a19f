import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { sql } from '../database/sql';

/** A stream whose kept events are not numbered without gaps up to its counter. */
export interface StreamWithGap {
  stream: string;
  lastSequence: number;
  events: number;
  first: number;
  last: number;
}

/**
 * Per stream, on the (stream, sequence) index: the events kept (retention removes the oldest, so numbering may
 * start above 1) must run without a gap from the first to the stream's counter.
 */
const STREAMS_WITH_GAPS = sql`SELECT s.stream, s.last_sequence, COUNT(e.sequence) AS events, MIN(e.sequence) AS first, MAX(e.sequence) AS last
  FROM event_streams s JOIN events e ON e.stream = s.stream
  GROUP BY s.stream, s.last_sequence
  HAVING MAX(e.sequence) <> s.last_sequence OR COUNT(e.sequence) <> MAX(e.sequence) - MIN(e.sequence) + 1
  LIMIT $1`;

type Numeric = number | string;

/** The ledger check's read of the events tables (contract section 20), at most `limit` offenders. */
@Injectable()
export class EventInvariantsRepository {
  async streamsWithGaps(manager: EntityManager, limit: number): Promise<StreamWithGap[]> {
    const rows = await STREAMS_WITH_GAPS.rows<{ stream: string; last_sequence: Numeric; events: Numeric; first: Numeric; last: Numeric }>(manager, [limit]);
    return rows.map((row) => ({ stream: row.stream, lastSequence: Number(row.last_sequence), events: Number(row.events), first: Number(row.first), last: Number(row.last) }));
  }
}
