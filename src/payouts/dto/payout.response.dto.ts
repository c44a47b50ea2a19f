import { ApiProperty } from '@nestjs/swagger';
import { PageOf } from '../../common/pagination/page.dto';
import { Payout, PAYOUT_STATUSES, PayoutMetadata, PayoutStatus } from '../entities/payout.entity';

const TIMESTAMP = '2026-11-21T10:15:30.123Z';

export class PayoutDestinationResponseDto {
  @ApiProperty({ example: '3000', description: 'The last four characters of the IBAN: the full IBAN is never shown again.' })
  iban_last4: string;

  @ApiProperty({ type: String, nullable: true, example: 'COBADEFFXXX' })
  bic: string | null;

  @ApiProperty({ example: 'Analytical Engines Ltd' })
  name: string;
}

export class PayoutResponseDto {
  @ApiProperty({ example: 'po_01JDQ4Z8X9T2M3N4P5Q6R7S8T9', description: 'Also the `EndToEndId` of its credit transfer in the batch file.' })
  id: string;

  @ApiProperty({ example: 'acc_01JDQ4Z8X9T2M3N4P5Q6R7S8T9' })
  account_id: string;

  @ApiProperty({ type: 'integer', format: 'int64', example: 25000, description: 'Minor units (cents).' })
  amount: number;

  @ApiProperty({ example: 'EUR' })
  currency: string;

  @ApiProperty({
    enum: PAYOUT_STATUSES,
    example: 'pending',
    description:
      '`pending` (its debit reserves the amount) -> `in_transit` (in a batch file) -> `paid` (the debit seen on the bank statement) | `returned` ' +
      '(the bank sent it back, also after `paid`: credited back); `pending` -> `canceled` (the reservation released).',
  })
  status: PayoutStatus;

  @ApiProperty({ type: PayoutDestinationResponseDto })
  destination: PayoutDestinationResponseDto;

  @ApiProperty({ type: String, nullable: true, example: 'Payout November 2026' })
  reference: string | null;

  @ApiProperty({ type: String, nullable: true, example: null, description: 'The batch file it went out in (`pob_...`); null while pending.' })
  batch_id: string | null;

  @ApiProperty({ type: String, nullable: true, example: null, description: "The bank's return reason code (e.g. `AC04`: account closed); null unless returned." })
  failure_code: string | null;

  @ApiProperty({ example: 'txn_01JDQ5A0B1C2D3E4F5G6H7J8K9', description: 'The `payout` debit: pending until paid, then posted; canceled with the payout.' })
  transaction_id: string;

  @ApiProperty({
    type: String,
    nullable: true,
    example: null,
    description: 'Returned payouts: the posted `payout` credit that booked the amount back on the account. Null otherwise.',
  })
  return_transaction_id: string | null;

  @ApiProperty({ example: true, description: "True for live money (the account's `mode`)." })
  livemode: boolean;

  @ApiProperty({ type: String, nullable: true, example: 'November payout' })
  description: string | null;

  @ApiProperty({ type: 'object', additionalProperties: { type: 'string' }, example: { period: '2026-11' } })
  metadata: PayoutMetadata;

  @ApiProperty({ example: TIMESTAMP })
  created_at: string;

  @ApiProperty({ example: TIMESTAMP })
  updated_at: string;
}

export class PayoutPageDto extends PageOf(PayoutResponseDto) {}

export function toPayoutResponse(payout: Payout): PayoutResponseDto {
  return {
    id: payout.id,
    account_id: payout.accountId,
    amount: payout.amount,
    currency: payout.currency,
    status: payout.status,
    destination: { iban_last4: payout.ibanLast4, bic: payout.bic, name: payout.destinationName },
    reference: payout.reference,
    batch_id: payout.batchId,
    failure_code: payout.failureCode,
    transaction_id: payout.transactionId,
    return_transaction_id: payout.returnTransactionId,
    livemode: payout.livemode,
    description: payout.description,
    metadata: payout.metadata,
    created_at: payout.createdAt.toISOString(),
    updated_at: payout.updatedAt.toISOString(),
  };
}
