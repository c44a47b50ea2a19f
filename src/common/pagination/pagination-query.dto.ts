import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsString, Max, Min } from 'class-validator';
import { IsOmittable } from '../validation/fields';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

/** Query parameters shared by every list endpoint; list DTOs extend it with their filters. */
export class PaginationQueryDto {
  @ApiPropertyOptional({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE, description: 'Page size.' })
  @IsOmittable()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_PAGE_SIZE)
  limit?: number;

  @ApiPropertyOptional({ description: 'Opaque cursor: the `next_cursor` of the previous page.', example: 'eyJpZCI6InVzcl8wMUpEUTRaOFg5VDJNM040UDVRNlI3UzhUOSJ9' })
  @IsOmittable()
  @IsString()
  cursor?: string;
}
