import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { AmountColumn, TimestampColumn } from '../../database/columns';
import { EventType } from '../../common/events/event-log';

/**
 * One recorded change. `stream` is the account the event belongs to, or
 * `platform` for changes of no account (a signup without one): each stream
 * numbers its events 1, 2, 3... without gaps.
 */
@Entity('events')
@Index('uq_events_stream_sequence', ['stream', 'sequence'], { unique: true })
@Index('idx_events_stream_id', ['stream', 'id'])
@Index('idx_events_stream_type_id', ['stream', 'type', 'id'])
@Index('idx_events_type_id', ['type', 'id'])
export class EventRecord {
  @PrimaryColumn({ type: 'varchar', length: 40 })
  id: string;

  @Column({ type: 'varchar', length: 40 })
  stream: string;

  @AmountColumn()
  sequence: number;

  @Column({ type: 'varchar', length: 40 })
  type: EventType;

  @TimestampColumn({ name: 'created_at' })
  createdAt: Date;

  /** Its account's mode (the platform's events: ACCOUNTS_DEFAULT_MODE's). */
  @Column({ type: 'boolean', default: false })
  livemode: boolean;

  /** Who made the change, as JSON text (`{ type, id, session_id, request_id }`); null for events older than actors. */
  @Column({ type: 'text', nullable: true })
  actor: string | null;

  /** `{ "object": ... }` as JSON text, written once. */
  @Column({ type: 'text' })
  data: string;
}
