import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { newId } from '../common/ids/ids';
import { EventSubscribers, RecordedEvent } from '../events/event-subscribers';
import { PLATFORM_STREAM } from '../events/events.repository';
import { NewDelivery, WebhookDeliveriesRepository } from './webhook-deliveries.repository';
import { WebhookEndpointsRepository } from './webhook-endpoints.repository';
import { DeliverySignal } from './delivery-signal';

export const ALL_EVENTS = '*';

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

  async recorded(manager: EntityManager, events: readonly RecordedEvent[]): Promise<void> {
    const queued: NewDelivery[] = [];
    const streams = [...new Set(events.map((event) => event.accountId))];
    for (const accountId of streams) {
      const endpoints = await this.endpoints.enabledFor(manager, accountId);
      if (endpoints.length === 0) continue;
      for (const event of events.filter((candidate) => candidate.accountId === accountId)) {
        for (const endpoint of endpoints.filter((candidate) => candidate.enabledEvents.includes(ALL_EVENTS) || candidate.enabledEvents.includes(event.type))) {
          const id = newId('whd');
          queued.push({ id, endpointId: endpoint.id, eventId: event.id, stream: accountId ?? PLATFORM_STREAM, sequence: event.sequence, ordered: true, createdAt: new Date() });
        }
      }
    }
    if (queued.length === 0) return;
    await this.deliveries.insert(manager, queued);
    this.signal.queued(manager);
  }
}
