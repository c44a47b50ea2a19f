import { ApiProperty } from '@nestjs/swagger';
import { PageOf } from '../../common/pagination/page.dto';
import { WebhookDeliveryAttempt } from '../entities/webhook-delivery-attempt.entity';
import { WebhookDelivery, DELIVERY_STATUSES, DeliveryStatus } from '../entities/webhook-delivery.entity';
import { ENDPOINT_STATUSES, EndpointStatus, WebhookEndpoint } from '../entities/webhook-endpoint.entity';

const TIMESTAMP = '2026-11-21T10:15:30.123Z';

export class WebhookEndpointResponseDto {
  @ApiProperty({ example: 'whe_01JDQ4Z8X9T2M3N4P5Q6R7S8T9' })
  id: string;

  @ApiProperty({ type: String, nullable: true, example: 'acc_01JDQ4Z8X9T2M3N4P5Q6R7S8T9', description: "Null: platform-wide (every account's events)." })
  account_id: string | null;

  @ApiProperty({ example: 'https://hooks.example.com/payments' })
  url: string;

  @ApiProperty({ type: String, nullable: true, example: 'Order system' })
  description: string | null;

  @ApiProperty({ type: [String], example: ['*'] })
  enabled_events: string[];

  @ApiProperty({ enum: ENDPOINT_STATUSES, example: 'enabled', description: 'Disabled by its owner, or after every delivery failed for 3 days.' })
  status: EndpointStatus;

  @ApiProperty({ example: TIMESTAMP })
  created_at: string;

  @ApiProperty({ example: TIMESTAMP })
  updated_at: string;
}

export class WebhookEndpointWithSecretDto extends WebhookEndpointResponseDto {
  @ApiProperty({
    example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    description: 'Shown here only (at creation and rotation). Verify each delivery with it, e.g. with the `standardwebhooks` npm package.',
  })
  secret: string;
}

export class WebhookEndpointPageDto extends PageOf(WebhookEndpointResponseDto) {}

export class DeletedWebhookEndpointDto {
  @ApiProperty({ example: 'whe_01JDQ4Z8X9T2M3N4P5Q6R7S8T9' })
  id: string;

  @ApiProperty({ example: true })
  deleted: true;
}

export class WebhookDeliveryAttemptDto {
  @ApiProperty({ example: TIMESTAMP, description: 'When the attempt was answered or given up on.' })
  attempted_at: string;

  @ApiProperty({ type: 'integer', nullable: true, example: 503, description: "The receiver's status code (null: no answer)." })
  status_code: number | null;

  @ApiProperty({ type: 'integer', nullable: true, example: 42 })
  duration_ms: number | null;

  @ApiProperty({ type: String, nullable: true, example: 'answered 503: not now', description: 'Why it failed; null for a success.' })
  error: string | null;
}

export class WebhookDeliveryResponseDto {
  @ApiProperty({ example: 'whd_01JDQ4Z8X9T2M3N4P5Q6R7S8T9' })
  id: string;

  @ApiProperty({ example: 'whe_01JDQ4Z8X9T2M3N4P5Q6R7S8T9' })
  endpoint_id: string;

  @ApiProperty({ example: 'evt_01JDQ4Z8X9T2M3N4P5Q6R7S8T9' })
  event_id: string;

  @ApiProperty({ enum: DELIVERY_STATUSES, example: 'succeeded', description: '`failed`: given up after 3 days of attempts.' })
  status: DeliveryStatus;

  @ApiProperty({ type: 'integer', example: 1, description: 'Attempts made so far.' })
  attempt: number;

  @ApiProperty({ type: 'integer', nullable: true, example: 200, description: "The receiver's status code at the last attempt (null: no answer)." })
  status_code: number | null;

  @ApiProperty({ type: 'integer', nullable: true, example: 42 })
  duration_ms: number | null;

  @ApiProperty({ type: String, nullable: true, example: null })
  error: string | null;

  @ApiProperty({ type: String, nullable: true, example: null, description: 'When the next attempt is due, while the delivery is pending.' })
  next_retry_at: string | null;

  @ApiProperty({ example: false, description: 'True for a redelivery, which does not wait for earlier events.' })
  redelivery: boolean;

  @ApiProperty({ type: [WebhookDeliveryAttemptDto], description: 'Every attempt so far, newest first: the failures before a success too.' })
  history: WebhookDeliveryAttemptDto[];

  @ApiProperty({ example: TIMESTAMP })
  created_at: string;

  @ApiProperty({ example: TIMESTAMP })
  updated_at: string;
}

export class WebhookDeliveryPageDto extends PageOf(WebhookDeliveryResponseDto) {}

export function toWebhookEndpointResponse(endpoint: WebhookEndpoint): WebhookEndpointResponseDto {
  return {
    id: endpoint.id,
    account_id: endpoint.accountId,
    url: endpoint.url,
    description: endpoint.description,
    enabled_events: endpoint.enabledEvents,
    status: endpoint.status,
    created_at: endpoint.createdAt.toISOString(),
    updated_at: endpoint.updatedAt.toISOString(),
  };
}

export function toWebhookDeliveryResponse(delivery: WebhookDelivery, attempts: readonly WebhookDeliveryAttempt[] = []): WebhookDeliveryResponseDto {
  return {
    id: delivery.id,
    endpoint_id: delivery.endpointId,
    event_id: delivery.eventId,
    status: delivery.status,
    attempt: delivery.attempts,
    status_code: delivery.lastStatusCode,
    duration_ms: delivery.lastDurationMs,
    error: delivery.lastError,
    next_retry_at: delivery.status === 'pending' && delivery.nextAttemptAt !== null ? delivery.nextAttemptAt.toISOString() : null,
    redelivery: !delivery.ordered,
    history: attempts.map((attempt) => ({
      attempted_at: attempt.attemptedAt.toISOString(),
      status_code: attempt.statusCode,
      duration_ms: attempt.durationMs,
      error: attempt.error,
    })),
    created_at: delivery.createdAt.toISOString(),
    updated_at: delivery.updatedAt.toISOString(),
  };
}
