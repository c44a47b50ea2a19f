import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsString } from 'class-validator';
import { EVENT_TYPES } from '../../common/events/event-log';
import { DESCRIPTION_MAX_LENGTH, IsOmittable, MaxChars } from '../../common/validation/fields';
import { ENDPOINT_STATUSES, EndpointStatus } from '../entities/webhook-endpoint.entity';
import { ApiRequestSchema } from '../../common/swagger/request-schemas';
import { MfaCodeField } from '../../auth/mfa/mfa-code.field';

export const SUBSCRIBABLE = ['*', ...EVENT_TYPES] as const;
const URL_MAX_LENGTH = 2048;
/**
 * An absolute URL: the document says `format: uri`; whether the scheme and the address are allowed (https,
 * a public host) the service decides, with `400 webhook_url_not_allowed`.
 */
const URL_SCHEMA = { format: 'uri', maxLength: URL_MAX_LENGTH } as const;

const ENABLED_EVENTS = {
  isArray: true,
  enum: [...SUBSCRIBABLE],
  enumName: 'WebhookEventSelector',
  minItems: 1,
  maxItems: SUBSCRIBABLE.length,
  example: ['transaction.created', 'payment.succeeded'],
  description: '`["*"]` for every event, or the types to receive.',
};

export class CreateWebhookEndpointRequestDto {
  @ApiProperty({ ...URL_SCHEMA, example: 'https://hooks.example.com/payments', description: 'https, on a public address.' })
  @IsString()
  @MaxChars(URL_MAX_LENGTH)
  url: string;

  @ApiProperty(ENABLED_EVENTS)
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(SUBSCRIBABLE.length)
  @IsIn(SUBSCRIBABLE, { each: true })
  enabled_events: string[];

  @ApiPropertyOptional({ maxLength: DESCRIPTION_MAX_LENGTH, example: 'Order system' })
  @IsOmittable()
  @IsString()
  @MaxChars(DESCRIPTION_MAX_LENGTH)
  description?: string;

  @ApiPropertyOptional({ description: "Admins: the account whose events it receives. Omitted by an admin: every account's (platform-wide)." })
  @IsOmittable()
  @IsString()
  @MaxChars(64)
  account_id?: string;
}

/** The service refuses a body that changes nothing: at least one of url, enabled_events, description, status. */
@ApiRequestSchema({ minProperties: 1 })
export class UpdateWebhookEndpointRequestDto {
  @ApiPropertyOptional({ ...URL_SCHEMA, example: 'https://hooks.example.com/payments/v2', description: 'https, on a public address.' })
  @IsOmittable()
  @IsString()
  @MaxChars(URL_MAX_LENGTH)
  url?: string;

  @ApiPropertyOptional(ENABLED_EVENTS)
  @IsOmittable()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(SUBSCRIBABLE.length)
  @IsIn(SUBSCRIBABLE, { each: true })
  enabled_events?: string[];

  @ApiPropertyOptional({ maxLength: DESCRIPTION_MAX_LENGTH })
  @IsOmittable()
  @IsString()
  @MaxChars(DESCRIPTION_MAX_LENGTH)
  description?: string;

  @ApiPropertyOptional({ enum: ENDPOINT_STATUSES, description: '`disabled` stops deliveries (queued ones wait; new events are not queued); `enabled` resumes them.' })
  @IsOmittable()
  @IsIn(ENDPOINT_STATUSES)
  status?: EndpointStatus;
}

export class RedeliverRequestDto {
  @ApiProperty({ description: 'One of your webhook endpoints (`whe_...`).' })
  @IsString()
  @MaxChars(64)
  endpoint_id: string;
}

/** Optional: only a person with two factors needs a body, for the step-up code. */
export class RotateWebhookSecretRequestDto {
  @MfaCodeField()
  mfa_code?: string;
}
