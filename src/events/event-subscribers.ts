import { EntityManager } from 'typeorm';
import { EventType } from '../common/events/event-log';

/** An event as it was just recorded, for those who act on it in the same transaction. */
export interface RecordedEvent {
  id: string;
  type: EventType;
  /** The account whose stream it joined; null for the platform's. */
  accountId: string | null;
  sequence: number;
}

/**
 * Who acts on events as they are recorded, inside the recording transaction
 * (the webhooks module queues their deliveries). Provided by a module above
 * this one, so that events never imports it.
 */
export abstract class EventSubscribers {
  abstract recorded(manager: EntityManager, events: readonly RecordedEvent[]): Promise<void>;
}
