import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { IsAmount, MAX_AMOUNT, MIN_AMOUNT } from '../../common/money/money.validators';
import { IsJsonObject, IsOmittable } from '../../common/validation/fields';
import { checkMetadata, Metadata, METADATA_SCHEMA } from '../../common/validation/metadata';
import { REFUND_REASONS, RefundReason } from '../entities/refund.entity';

/** The bodies /docs offers: each works on a succeeded request with enough left to refund. */
export const CREATE_REFUND_EXAMPLES = {
  everything: { summary: 'Refund what is left', value: {} },
  partial: {
    summary: 'Refund 10.00 of it',
    value: { amount: 1000, reason: 'requested_by_customer', metadata: { ticket: 'SUP-1042' } },
  },
};

export class CreateRefundRequestDto {
  @ApiPropertyOptional({
    type: 'integer',
    format: 'int64',
    minimum: MIN_AMOUNT,
    maximum: MAX_AMOUNT,
    example: 1000,
    description: "Minor units of the request's currency. Default: what is left to refund (`amount_captured - amount_refunded`).",
  })
  @IsOmittable()
  @IsAmount()
  amount?: number;

  @ApiPropertyOptional({ enum: REFUND_REASONS, example: 'requested_by_customer' })
  @IsOmittable()
  @IsIn(REFUND_REASONS)
  reason?: RefundReason;

  @ApiPropertyOptional({ ...METADATA_SCHEMA, example: { ticket: 'SUP-1042' } })
  @IsOmittable()
  @IsJsonObject(checkMetadata)
  metadata?: Metadata;
}
