import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsString } from 'class-validator';
import { PageOf } from '../../common/pagination/page.dto';
import { IsOmittable } from '../../common/validation/fields';
import { PayoutBatch } from '../entities/payout-batch.entity';

/** The most payouts one request may name; without names, a batch takes every pending live EUR payout. */
export const MAX_NAMED_PAYOUTS = 10000;

export const CREATE_PAYOUT_BATCH_EXAMPLES = {
  all: { summary: 'Every pending live EUR payout', value: {} },
  named: { summary: 'These payouts only', value: { payout_ids: ['po_01JDQ4Z8X9T2M3N4P5Q6R7S8T9'] } },
};

export class CreatePayoutBatchRequestDto {
  @ApiPropertyOptional({
    type: [String],
    minItems: 1,
    maxItems: MAX_NAMED_PAYOUTS,
    example: ['po_01JDQ4Z8X9T2M3N4P5Q6R7S8T9'],
    description: 'Only these payouts (those of them that are pending, live and in EUR); default: all that are.',
  })
  @IsOmittable()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_NAMED_PAYOUTS)
  @IsString({ each: true })
  payout_ids?: string[];
}

export class PayoutBatchResponseDto {
  @ApiProperty({ example: 'pob_01JDQ4Z8X9T2M3N4P5Q6R7S8T9', description: 'Also the file’s `MsgId` and `PmtInfId`.' })
  id: string;

  @ApiProperty({ type: 'integer', example: 2 })
  payout_count: number;

  @ApiProperty({ type: 'integer', format: 'int64', example: 37500, description: 'Sum of its payouts, minor units (the file’s `CtrlSum`).' })
  total_amount: number;

  @ApiProperty({ example: 'EUR' })
  currency: string;

  @ApiProperty({ example: '2026-11-21', description: 'The requested execution date (`ReqdExctnDt`): the day it was created (UTC).' })
  execution_date: string;

  @ApiProperty({ example: '/v1/payout_batches/pob_01JDQ4Z8X9T2M3N4P5Q6R7S8T9/file', description: 'Where to download the pain.001.001.09 file.' })
  file_url: string;

  @ApiProperty({ example: '2026-11-21T10:15:30.123Z' })
  created_at: string;
}

export class PayoutBatchPageDto extends PageOf(PayoutBatchResponseDto) {}

export function toPayoutBatchResponse(batch: PayoutBatch): PayoutBatchResponseDto {
  return {
    id: batch.id,
    payout_count: batch.payoutCount,
    total_amount: batch.totalAmount,
    currency: batch.currency,
    execution_date: batch.executionDate,
    file_url: `/v1/payout_batches/${batch.id}/file`,
    created_at: batch.createdAt.toISOString(),
  };
}
