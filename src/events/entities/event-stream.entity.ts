import { Column, Entity, PrimaryColumn } from 'typeorm';
import { AmountColumn } from '../../database/columns';

/** The last sequence handed out in a stream; its row is the lock that keeps sequences gapless and ordered. */
@Entity('event_streams', { withoutRowid: true })
export class EventStream {
  @PrimaryColumn({ type: 'varchar', length: 40 })
  stream: string;

  @AmountColumn({ name: 'last_sequence' })
  lastSequence: number;

  /** The mode of the stream's account, taken when the stream starts, for its events. */
  @Column({ type: 'boolean', default: false })
  livemode: boolean;
}
