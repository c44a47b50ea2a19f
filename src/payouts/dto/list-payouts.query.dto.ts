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

  @ApiPropertyOptional({ example: 'acc_01JDQ4Z8X9T2M3N4P5Q6R7S8T9', description: "Admins: one account's payouts." })
  @IsOmittable()
  @IsString()
  account_id?: string;
}
