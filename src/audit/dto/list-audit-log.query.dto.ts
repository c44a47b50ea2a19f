import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsString } from 'class-validator';
import { AUDIT_ACTIONS, AUDIT_OUTCOMES } from '../../common/audit/audit-log';
import { PaginationQueryDto } from '../../common/pagination/pagination-query.dto';
import { IsInstant, IsOmittable, MaxChars } from '../../common/validation/fields';
import { CREATED_FROM_PROPERTY, CREATED_TO_PROPERTY } from '../../common/pagination/created-range';

export class ListAuditLogQueryDto extends PaginationQueryDto {
  @ApiPropertyOptional({ enum: AUDIT_ACTIONS, enumName: 'AuditAction', description: 'Only entries of this action.' })
  @IsOmittable()
  @IsIn(AUDIT_ACTIONS)
  action?: string;

  @ApiPropertyOptional({ enum: AUDIT_OUTCOMES, description: 'Only successes, or only failures.' })
  @IsOmittable()
  @IsIn(AUDIT_OUTCOMES)
  outcome?: string;

  @ApiPropertyOptional({ description: 'Only entries of this actor (a user id or an API key id).' })
  @IsOmittable()
  @IsString()
  @MaxChars(64)
  actor_id?: string;

  @ApiPropertyOptional(CREATED_FROM_PROPERTY)
  @IsOmittable()
  @IsInstant()
  created_from?: string;

  @ApiPropertyOptional(CREATED_TO_PROPERTY)
  @IsOmittable()
  @IsInstant()
  created_to?: string;

  @ApiPropertyOptional({ description: "Admins: only this account's entries. Owners always see their own account's." })
  @IsOmittable()
  @IsString()
  @MaxChars(64)
  account_id?: string;
}
