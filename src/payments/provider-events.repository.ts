import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { sql } from '../database/sql';

const RECORD_EVENT = sql`INSERT INTO provider_events (provider, event_id, received_at) VALUES ($1, $2, $3) ON CONFLICT (provider, event_id) DO NOTHING`;

/** The provider_events table: the provider events already applied. */
@Injectable()
export class ProviderEventsRepository {
  /** Records the event; false when it was recorded before (the unique key decides, also between concurrent deliveries). */
  async record(manager: EntityManager, provider: string, eventId: string, now: Date): Promise<boolean> {
    return (await RECORD_EVENT.run(manager, [provider, eventId, now.getTime()])) === 1;
  }
}
