import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsString, ValidateBy } from 'class-validator';
import { EVENT_TYPES, EventType } from '../../common/events/event-log';
import { PaginationQueryDto } from '../../common/pagination/pagination-query.dto';
import { IsInstant, IsOmittable, MaxChars } from '../../common/validation/fields';
import { CREATED_FROM_PROPERTY, CREATED_TO_PROPERTY } from '../../common/pagination/created-range';

/** `type=a&type=b` and `type=a,b` alike, as one list. */
function typeList(value: unknown): unknown {
  const parts = Array.isArray(value) ? value : [value];
  return parts.every((part) => typeof part === 'string') ? parts.flatMap((part: string) => part.split(',')) : value;
}

export class ListEventsQueryDto extends PaginationQueryDto {
  @ApiPropertyOptional({
    type: [String],
    enum: EVENT_TYPES,
    description: 'Only events of these types: repeat the parameter or separate types with commas.',
  })
  @IsOmittable()
  @Transform(({ value }) => typeList(value))
  @ValidateBy({
    name: 'isEventTypeList',
    validator: {
      validate: (value) => Array.isArray(value) && value.length > 0 && value.every((type) => (EVENT_TYPES as readonly unknown[]).includes(type)),
      defaultMessage: () => `must be one or more of ${EVENT_TYPES.join(', ')}`,
    },
  })
  type?: EventType[];

  @ApiPropertyOptional(CREATED_FROM_PROPERTY)
  @IsOmittable()
  @IsInstant()
  created_from?: string;

  @ApiPropertyOptional(CREATED_TO_PROPERTY)
  @IsOmittable()
  @IsInstant()
  created_to?: string;

  @ApiPropertyOptional({
    type: 'integer',
    format: 'int64',
    minimum: 0,
    maximum: Number.MAX_SAFE_INTEGER,
    description: "With one account (a member's, or an admin's `account_id`): the events after this sequence, oldest first, to catch up.",
  })
  @IsOmittable()
  // Any run of digits becomes a number; the check below then refuses what is past Number.MAX_SAFE_INTEGER
  // (a longer run reads as 2^53 or more, never as a smaller safe integer).
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' && /^[0-9]+$/.test(value) ? Number(value) : value))
  @ValidateBy({
    name: 'isSequence',
    validator: {
      validate: (value) => Number.isSafeInteger(value) && (value as number) >= 0,
      defaultMessage: () => `must be an integer from 0 to ${Number.MAX_SAFE_INTEGER}`,
    },
  })
  after_sequence?: number;

  @ApiPropertyOptional({ description: "Admins: only this account's events. Members always see their own account's." })
  @IsOmittable()
  @IsString()
  @MaxChars(64)
  account_id?: string;
}
