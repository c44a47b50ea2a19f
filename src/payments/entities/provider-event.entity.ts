import { Entity, PrimaryColumn } from 'typeorm';
import { TimestampColumn } from '../../database/columns';

/**
 * An event a provider notified (a Stripe event id), recorded in the unit of work that applied it:
 * its primary key makes each one count once, whatever the provider's retries and replays.
 */
@Entity('provider_events')
export class ProviderEvent {
  @PrimaryColumn({ type: 'varchar', length: 32 })
  provider: string;

  @PrimaryColumn({ name: 'event_id', type: 'varchar', length: 255 })
  eventId: string;

  @TimestampColumn({ name: 'received_at' })
  receivedAt: Date;
}
