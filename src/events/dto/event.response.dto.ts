import { ApiProperty, getSchemaPath } from '@nestjs/swagger';
import { AccountResponseDto } from '../../accounts/dto/account.response.dto';
import { BalanceEventObjectDto } from '../../ledger/dto/balances.response.dto';
import { PaymentResponseDto } from '../../payments/dto/payment.response.dto';
import { PayoutResponseDto } from '../../payouts/dto/payout.response.dto';
import { RefundResponseDto } from '../../refunds/dto/refund.response.dto';
import { TransactionResponseDto } from '../../transactions/dto/transaction.response.dto';
import { UserResponseDto } from '../../users/dto/user.response.dto';
import { EVENT_TYPES, EventType } from '../../common/events/event-log';
import { PageOf } from '../../common/pagination/page.dto';
import { EventRecord } from '../entities/event.entity';
import { PLATFORM_STREAM } from '../events.repository';

/** Which resource each type of event carries, as the API returns it. */
export const EVENT_OBJECTS = [
  { prefix: 'account.', schema: AccountResponseDto },
  { prefix: 'user.', schema: UserResponseDto },
  { prefix: 'transaction.', schema: TransactionResponseDto },
  { prefix: 'payment.', schema: PaymentResponseDto },
  { prefix: 'refund.', schema: RefundResponseDto },
  { prefix: 'payout.', schema: PayoutResponseDto },
  { prefix: 'balance.', schema: BalanceEventObjectDto },
] as const;

export class EventDataDto {
  @ApiProperty({
    oneOf: EVENT_OBJECTS.map(({ schema }) => ({ $ref: getSchemaPath(schema) })),
    description:
      'The resource exactly as the API returns it after the change: `account.*` an account, `user.*` a user (`user.deleted`: ' +
      "as it was), `transaction.*` a transaction (from the stream's account's side), `payment.*` a payment request, `refund.*` a refund, `payout.*` a payout, " +
      '`balance.updated` one balance with its `account_id`.',
  })
  object: object;
}

export class EventActorDto {
  @ApiProperty({ enum: ['user', 'api_key', 'system'], example: 'user', description: '`system` for jobs (expiry, retries).' })
  type: 'user' | 'api_key' | 'system';

  @ApiProperty({ type: String, nullable: true, example: 'usr_01JDQ4Z8X9T2M3N4P5Q6R7S8T9', description: 'The user or the key (`key_...`); null for the system, or a signup.' })
  id: string | null;

  @ApiProperty({ type: String, nullable: true, example: 'ses_01JDQ4Z8X9T2M3N4P5Q6R7S8T9' })
  session_id: string | null;

  @ApiProperty({ type: String, nullable: true, example: '01JDQ4Z8X9T2M3N4P5Q6R7S8T9', description: 'The request (its X-Request-Id) that made the change.' })
  request_id: string | null;
}

const UNKNOWN_ACTOR: EventActorDto = { type: 'system', id: null, session_id: null, request_id: null };

export class EventResponseDto {
  @ApiProperty({ example: 'evt_01JDQ4Z8X9T2M3N4P5Q6R7S8T9' })
  id: string;

  @ApiProperty({ enum: EVENT_TYPES, example: 'account.created' })
  type: EventType;

  @ApiProperty({ type: String, nullable: true, example: 'acc_01JDQ4Z8X9T2M3N4P5Q6R7S8T9', description: 'Null for changes of no account (a signup without one).' })
  account_id: string | null;

  @ApiProperty({ type: 'integer', example: 42, description: "The event's place in its account's stream: 1, 2, 3... without gaps." })
  sequence: number;

  @ApiProperty({ example: true, description: "The account's mode: true for live money (events of no account: the deployment's default mode)." })
  livemode: boolean;

  @ApiProperty({ example: '2026-11-21T10:15:30.123Z' })
  created_at: string;

  @ApiProperty({ type: EventActorDto, description: 'Who made the change.' })
  actor: EventActorDto;

  // No example of its own: tools show the first resource of `object` (an account); getEvent shows one per type.
  @ApiProperty({ type: EventDataDto })
  data: EventDataDto;
}

export class EventPageDto extends PageOf(EventResponseDto) {}

export function toEventResponse(event: EventRecord): EventResponseDto {
  return {
    id: event.id,
    type: event.type,
    account_id: event.stream === PLATFORM_STREAM ? null : event.stream,
    sequence: event.sequence,
    livemode: event.livemode,
    created_at: event.createdAt.toISOString(),
    // Events recorded before actors were kept show the system.
    actor: event.actor === null ? UNKNOWN_ACTOR : (JSON.parse(event.actor) as EventActorDto),
    data: JSON.parse(event.data) as EventDataDto,
  };
}
