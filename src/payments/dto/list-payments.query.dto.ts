import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsString } from 'class-validator';
import { PaginationQueryDto } from '../../common/pagination/pagination-query.dto';
import { EMAIL_MAX_LENGTH, IsInstant, IsOmittable, MaxChars } from '../../common/validation/fields';
import { PAYMENT_PURPOSES, PAYMENT_STATUSES, PaymentPurpose, PaymentStatus } from '../entities/payment-request.entity';
import { CREATED_FROM_PROPERTY, CREATED_TO_PROPERTY } from '../../common/pagination/created-range';

export class ListPaymentsQueryDto extends PaginationQueryDto {
  @ApiPropertyOptional({ enum: PAYMENT_STATUSES, description: 'As the request reads now: `expired` includes unpaid requests past `expires_at`.' })
  @IsOmittable()
  @IsIn(PAYMENT_STATUSES)
  status?: PaymentStatus;

  @ApiPropertyOptional({ enum: PAYMENT_PURPOSES, description: 'Only requests for this purpose.' })
  @IsOmittable()
  @IsIn(PAYMENT_PURPOSES)
  purpose?: PaymentPurpose;

  @ApiPropertyOptional({ description: "The customer's exact email (case-insensitive)." })
  @IsOmittable()
  @IsString()
  @MaxChars(EMAIL_MAX_LENGTH)
  customer_email?: string;

  @ApiPropertyOptional(CREATED_FROM_PROPERTY)
  @IsOmittable()
  @IsInstant()
  created_from?: string;

  @ApiPropertyOptional(CREATED_TO_PROPERTY)
  @IsOmittable()
  @IsInstant()
  created_to?: string;

  @ApiPropertyOptional({ description: "Admins: only this account's requests. Members always see their own account's." })
  @IsOmittable()
  @IsString()
  @MaxChars(64)
  account_id?: string;
}
