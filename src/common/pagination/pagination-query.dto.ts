import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsString, ValidateBy } from 'class-validator';
import { INVALID_CURSOR_MESSAGE, parseCursor } from './cursor';
import { IsOmittable } from '../validation/fields';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

/** The one answer to a `limit` that is not a page size, whatever is wrong with it (not a number, a fraction, out of range). */
export const INVALID_LIMIT_MESSAGE = `must be an integer from 1 to ${MAX_PAGE_SIZE}`;

/** Query parameters shared by every list endpoint; list DTOs extend it with their filters. */
export class PaginationQueryDto {
  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE, description: `Page size: 1 to ${MAX_PAGE_SIZE}.` })
  @IsOmittable()
  // Only plain digits become a number; '0x10', '1e1' or ' 5' stay strings and are refused.
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' && /^[0-9]{1,4}$/.test(value) ? Number(value) : value))
  @ValidateBy({
    name: 'isPageSize',
    validator: {
      validate: (value) => Number.isInteger(value) && (value as number) >= 1 && (value as number) <= MAX_PAGE_SIZE,
      defaultMessage: () => INVALID_LIMIT_MESSAGE,
    },
  })
  limit?: number;

  @ApiPropertyOptional({ description: 'Opaque cursor: the `next_cursor` of the previous page. Leave it out for the first page.' })
  @IsOmittable()
  @IsString()
  @ValidateBy({ name: 'isCursor', validator: { validate: (value) => parseCursor(value) !== null, defaultMessage: () => INVALID_CURSOR_MESSAGE } })
  cursor?: string;
}
