import { ApiProperty } from '@nestjs/swagger';
import { PageOf } from '../../common/pagination/page.dto';
import { REFUND_FAILURE_CODES, REFUND_REASONS, REFUND_STATUSES, Refund, RefundFailureCode, RefundMetadata, RefundReason, RefundStatus } from '../entities/refund.entity';

const TIMESTAMP = '2026-11-21T10:15:30.123Z';

export class RefundResponseDto {
  @ApiProperty({ example: 're_01JDQ4Z8X9T2M3N4P5Q6R7S8T9' })
  id: string;

  @ApiProperty({ example: 'pay_01JDQ4Z8X9T2M3N4P5Q6R7S8T9' })
  payment_id: string;

  @ApiProperty({ type: 'integer', format: 'int64', example: 1000, description: 'Minor units of the currency.' })
  amount: number;

  @ApiProperty({ example: 'EUR' })
  currency: string;

  @ApiProperty({
    enum: REFUND_STATUSES,
    example: 'succeeded',
    description: "pending while the provider works (a bank transfer: until an admin records the bank's answer), then succeeded or failed.",
  })
  status: RefundStatus;

  @ApiProperty({ enum: [...REFUND_REASONS, null], nullable: true, example: 'requested_by_customer' })
  reason: RefundReason | null;

  @ApiProperty({ enum: [...REFUND_FAILURE_CODES, null], nullable: true, example: null, description: 'Why it failed; null unless `status` is failed.' })
  failure_code: RefundFailureCode | null;

  @ApiProperty({
    example: 'txn_01JDQ5A0B1C2D3E4F5G6H7J8K9',
    description: "The `refund` transaction (a debit of the account, naming the request's credit in `refunded_transaction_id`): pending, then posted or canceled with the refund.",
  })
  transaction_id: string;

  @ApiProperty({ type: 'object', additionalProperties: { type: 'string' }, example: { ticket: 'SUP-1042' } })
  metadata: RefundMetadata;

  @ApiProperty({ example: false, description: "True for live money (the account's `mode`)." })
  livemode: boolean;

  @ApiProperty({ example: TIMESTAMP })
  created_at: string;

  @ApiProperty({ example: TIMESTAMP })
  updated_at: string;
}

export class RefundPageDto extends PageOf(RefundResponseDto) {}

export function toRefundResponse(refund: Refund): RefundResponseDto {
  return {
    id: refund.id,
    payment_id: refund.paymentId,
    amount: refund.amount,
    currency: refund.currency,
    status: refund.status,
    reason: refund.reason,
    failure_code: refund.failureCode,
    transaction_id: refund.transactionId,
    metadata: refund.metadata,
    livemode: refund.livemode,
    created_at: refund.createdAt.toISOString(),
    updated_at: refund.updatedAt.toISOString(),
  };
}
