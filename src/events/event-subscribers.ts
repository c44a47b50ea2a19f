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
  /**
   * Reads what acting on the events of these streams (null: the platform's) needs, before they are
   * recorded, so that `recorded` only writes.
   */
  abstract prepare(manager: EntityManager, accountIds: readonly (string | null)[]): Promise<void>;

  /**
   * Acts on events just recorded. Inside a unit of work, after `prepare` for their streams, it sends
   * its writes before it first waits: they may travel with the commit.
   */
  abstract recorded(manager: EntityManager, events: readonly RecordedEvent[]): Promise<void>;
}
