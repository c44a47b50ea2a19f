import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsString } from 'class-validator';
import { IsOmittable } from '../../common/validation/fields';
import { PaginationQueryDto } from '../../common/pagination/pagination-query.dto';
import { PAYOUT_STATUSES, PayoutStatus } from '../entities/payout.entity';

export class ListPayoutsQueryDto extends PaginationQueryDto {
  @ApiPropertyOptional({ enum: PAYOUT_STATUSES, description: 'Only payouts in this status.' })
  @IsOmittable()
  @IsIn(PAYOUT_STATUSES)
  status?: PayoutStatus;

  @ApiPropertyOptional({ description: "Admins: one account's payouts." })
  @IsOmittable()
  @IsString()
  account_id?: string;
}
