import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsString } from 'class-validator';
import { IsOmittable, MaxChars } from '../../common/validation/fields';
import { PaginationQueryDto } from '../../common/pagination/pagination-query.dto';
import { ACCOUNT_STATUSES, ACCOUNT_TYPES, AccountStatus, AccountType } from '../entities/account.entity';

/** `?account_id=` lets an admin act on any account; members act on their own. */
export class TargetAccountQueryDto {
  @ApiPropertyOptional({ description: "Admins: the account to act on (default: the caller's own)." })
  @IsOmittable()
  @IsString()
  @MaxChars(64)
  account_id?: string;
}

export class ListAccountsQueryDto extends PaginationQueryDto {
  @ApiPropertyOptional({ enum: ACCOUNT_TYPES, description: 'Only accounts of this type.' })
  @IsOmittable()
  @IsIn(ACCOUNT_TYPES)
  type?: AccountType;

  @ApiPropertyOptional({ enum: ACCOUNT_STATUSES, description: 'Only accounts in this status.' })
  @IsOmittable()
  @IsIn(ACCOUNT_STATUSES)
  status?: AccountStatus;
}
