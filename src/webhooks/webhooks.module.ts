import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EventSubscribers } from '../events/event-subscribers';
import { AuthModule } from '../auth/auth.module';
import { EventsModule } from '../events/events.module';
import { DeliverySignal } from './delivery-signal';
import { HostResolver } from './host-resolver';
import { WebhookDeliveryAttempt } from './entities/webhook-delivery-attempt.entity';
import { WebhookDelivery } from './entities/webhook-delivery.entity';
import { WebhookEndpoint } from './entities/webhook-endpoint.entity';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository';
import { RedeliveryController, WebhookEndpointsController } from './webhook-endpoints.controller';
import { WebhookEndpointsRepository } from './webhook-endpoints.repository';
import { WebhookEndpointsService } from './webhook-endpoints.service';
import { WebhookFanOut } from './webhook-fan-out';
import { WebhookWorker } from './webhook-worker';

/**
 * Webhook endpoints, the queue of deliveries that every recorded event fills
 * in its own transaction, and the worker that sends them. Global only so that
 * the events module below receives EventSubscribers without importing this one.
 */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([WebhookEndpoint, WebhookDelivery, WebhookDeliveryAttempt]), EventsModule, AuthModule],
  controllers: [WebhookEndpointsController, RedeliveryController],
  providers: [
    WebhookEndpointsRepository,
    WebhookDeliveriesRepository,
    WebhookEndpointsService,
    WebhookWorker,
    DeliverySignal,
    HostResolver,
    WebhookFanOut,
    { provide: EventSubscribers, useExisting: WebhookFanOut },
  ],
  exports: [EventSubscribers, WebhookDeliveriesRepository],
})
export class WebhooksModule {}
