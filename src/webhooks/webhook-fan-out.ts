import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { newId } from '../common/ids/ids';
import { EventSubscribers, RecordedEvent } from '../events/event-subscribers';
import { PLATFORM_STREAM } from '../events/events.repository';
import { NewDelivery, WebhookDeliveriesRepository } from './webhook-deliveries.repository';
import { SubscribedEndpoint, WebhookEndpointsRepository } from './webhook-endpoints.repository';
import { unitScoped } from '../database/database';
import { DeliverySignal } from './delivery-signal';

export const ALL_EVENTS = '*';

/** The unit of work's endpoints, by stream, read by prepare. */
const PREPARED = Symbol('webhook endpoints of the unit of work');

function preparedOf(manager: EntityManager): Map<string | null, SubscribedEndpoint[]> | null {
  return unitScoped(manager, PREPARED, () => new Map<string | null, SubscribedEndpoint[]>());
}

/**
 * Queues the deliveries of every event to the endpoints that want it, in the
 * transaction that records the event: an event that commits has its
 * deliveries queued, one that rolls back has none.
 */
@Injectable()
export class WebhookFanOut extends EventSubscribers {
  constructor(
    private readonly endpoints: WebhookEndpointsRepository,
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly signal: DeliverySignal,
  ) {
    super();
  }

  async prepare(manager: EntityManager, accountIds: readonly (string | null)[]): Promise<void> {
    const prepared = preparedOf(manager);
    if (prepared === null) return;
    const reads = [...new Set(accountIds)]
      .filter((accountId) => !prepared.has(accountId))
      .map(async (accountId) => prepared.set(accountId, await this.endpoints.enabledFor(manager, accountId)));
    await Promise.all(reads);
  }

  recorded(manager: EntityManager, events: readonly RecordedEvent[]): Promise<void> {
    const streams = [...new Set(events.map((event) => event.accountId))];
    const prepared = preparedOf(manager);
    if (prepared === null) return this.readThenQueue(manager, events, streams);
    const missing = streams.filter((accountId) => !prepared.has(accountId));
    if (missing.length > 0) return Promise.reject(new Error(`events of ${missing.join(', ')} recorded before their endpoints were read`));
    return this.queue(manager, events, prepared);
  }

  private async readThenQueue(manager: EntityManager, events: readonly RecordedEvent[], streams: readonly (string | null)[]): Promise<void> {
    const endpoints = new Map<string | null, SubscribedEndpoint[]>();
    for (const accountId of streams) endpoints.set(accountId, await this.endpoints.enabledFor(manager, accountId));
    await this.queue(manager, events, endpoints);
  }

  /** Sends the deliveries' insert at once (no wait before it). */
  private queue(manager: EntityManager, events: readonly RecordedEvent[], endpointsOf: ReadonlyMap<string | null, SubscribedEndpoint[]>): Promise<void> {
    const queued: NewDelivery[] = [];
    for (const event of events) {
      const endpoints = endpointsOf.get(event.accountId) ?? [];
      for (const endpoint of endpoints.filter((candidate) => candidate.enabledEvents.includes(ALL_EVENTS) || candidate.enabledEvents.includes(event.type))) {
        queued.push({
          id: newId('whd'),
          endpointId: endpoint.id,
          eventId: event.id,
          stream: event.accountId ?? PLATFORM_STREAM,
          sequence: event.sequence,
          ordered: true,
          createdAt: new Date(),
        });
      }
    }
    if (queued.length === 0) return Promise.resolve();
    const sent = this.deliveries.insert(manager, queued);
    this.signal.queued(manager);
    return sent;
  }
}
