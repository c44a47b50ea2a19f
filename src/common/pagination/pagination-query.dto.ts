import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsString, Max, Min, ValidateBy } from 'class-validator';
import { INVALID_CURSOR_MESSAGE, parseCursor } from './cursor';
import { IsOmittable } from '../validation/fields';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

/** Query parameters shared by every list endpoint; list DTOs extend it with their filters. */
export class PaginationQueryDto {
  @ApiPropertyOptional({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE, description: 'Page size.' })
  @IsOmittable()
  // Only plain digits become a number; '0x10', '1e1' or ' 5' stay strings and fail IsInt.
  @Transform(({ value }) => (typeof value === 'string' && /^[0-9]{1,4}$/.test(value) ? Number(value) : value))
  @IsInt()
  @Min(1)
  @Max(MAX_PAGE_SIZE)
  limit?: number;

  @ApiPropertyOptional({ description: 'Opaque cursor: the `next_cursor` of the previous page.', example: 'eyJpZCI6InVzcl8wMUpEUTRaOFg5VDJNM040UDVRNlI3UzhUOSJ9' })
  @IsOmittable()
  @IsString()
  @ValidateBy({ name: 'isCursor', validator: { validate: (value) => parseCursor(value) !== null, defaultMessage: () => INVALID_CURSOR_MESSAGE } })
  cursor?: string;
}
