import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { IsOmittable } from '../../common/validation/fields';
import { REFUND_FAILURE_CODES, RefundFailureCode } from '../entities/refund.entity';

export const REFUND_OUTCOMES = ['succeeded', 'failed'] as const;
export type RefundOutcome = (typeof REFUND_OUTCOMES)[number];

export const CONFIRM_REFUND_EXAMPLES = {
  succeeded: { summary: 'The bank sent the money back', value: { outcome: 'succeeded' } },
  failed: { summary: 'The bank returned it', value: { outcome: 'failed', failure_code: 'account_closed' } },
};

export class ConfirmRefundRequestDto {
  @ApiProperty({ enum: REFUND_OUTCOMES, example: 'succeeded', description: "The bank's answer to the refund." })
  @IsIn(REFUND_OUTCOMES)
  outcome: RefundOutcome;

  @ApiPropertyOptional({ enum: REFUND_FAILURE_CODES, example: 'account_closed', description: 'Failures only (default `declined`).' })
  @IsOmittable()
  @IsIn(REFUND_FAILURE_CODES)
  failure_code?: RefundFailureCode;
}
