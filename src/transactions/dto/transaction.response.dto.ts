import { ApiProperty } from '@nestjs/swagger';
import { PageOf } from '../../common/pagination/page.dto';
import {
  DIRECTIONS,
  Direction,
  Transaction,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  TransactionMetadata,
  TransactionStatus,
  TransactionType,
} from '../entities/transaction.entity';

const TIMESTAMP = '2026-11-21T10:15:30.123Z';

export class TransactionResponseDto {
  @ApiProperty({ example: 'txn_01JDQ4Z8X9T2M3N4P5Q6R7S8T9' })
  id: string;

  @ApiProperty({ example: 'acc_01JDQ4Z8X9T2M3N4P5Q6R7S8T9' })
  account_id: string;

  @ApiProperty({ enum: TRANSACTION_TYPES, example: 'payment' })
  type: TransactionType;

  @ApiProperty({ enum: TRANSACTION_STATUSES, example: 'pending', description: 'pending, then posted or canceled; nothing leaves posted or canceled.' })
  status: TransactionStatus;

  @ApiProperty({ enum: DIRECTIONS, example: 'debit', description: "From the account's side." })
  direction: Direction;

  @ApiProperty({ type: 'integer', format: 'int64', example: 1250, description: 'Minor units of the currency.' })
  amount: number;

  @ApiProperty({ example: 'EUR' })
  currency: string;

  @ApiProperty({ type: String, nullable: true, example: 'Office chairs, order 1042' })
  description: string | null;

  @ApiProperty({ type: [String], example: ['INV-2026-00042'] })
  reference_ids: string[];

  @ApiProperty({ type: 'object', additionalProperties: { type: 'string' }, example: { order_id: '1042', channel: 'web' } })
  metadata: TransactionMetadata;

  @ApiProperty({ type: String, nullable: true, example: null })
  notes: string | null;

  @ApiProperty({ type: String, nullable: true, example: null, description: 'Transfers: the account that receives the money.' })
  counterparty_account_id: string | null;

  @ApiProperty({ type: String, nullable: true, example: null, description: 'The payment request this credit settles.' })
  payment_id: string | null;

  @ApiProperty({ example: TIMESTAMP })
  created_at: string;

  @ApiProperty({ example: TIMESTAMP })
  updated_at: string;

  @ApiProperty({ type: String, nullable: true, example: null })
  posted_at: string | null;

  @ApiProperty({ type: String, nullable: true, example: null })
  canceled_at: string | null;
}

export class TransactionPageDto extends PageOf(TransactionResponseDto) {}

export function toTransactionResponse(transaction: Transaction): TransactionResponseDto {
  return {
    id: transaction.id,
    account_id: transaction.accountId,
    type: transaction.type,
    status: transaction.status,
    direction: transaction.direction,
    amount: transaction.amount,
    currency: transaction.currency,
    description: transaction.description,
    reference_ids: transaction.referenceIds,
    metadata: transaction.metadata,
    notes: transaction.notes,
    counterparty_account_id: transaction.counterpartyAccountId,
    payment_id: transaction.paymentId,
    created_at: transaction.createdAt.toISOString(),
    updated_at: transaction.updatedAt.toISOString(),
    posted_at: transaction.postedAt?.toISOString() ?? null,
    canceled_at: transaction.canceledAt?.toISOString() ?? null,
  };
}
