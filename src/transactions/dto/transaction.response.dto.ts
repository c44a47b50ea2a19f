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
import { countsRefunds } from '../transaction-rules';

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

  @ApiProperty({
    enum: DIRECTIONS,
    example: 'debit',
    description:
      "From `account_id`'s side. The receiver of a transfer reads it from its own side: `account_id` is the receiver, `counterparty_account_id` the sender, `direction` is `credit`.",
  })
  direction: Direction;

  @ApiProperty({ type: 'integer', format: 'int64', example: 1250, description: 'Minor units of the currency.' })
  amount: number;

  @ApiProperty({ example: 'EUR' })
  currency: string;

  @ApiProperty({ type: String, nullable: true, example: 'Office chairs, order 1042' })
  description: string | null;

  @ApiProperty({ type: [String], example: ['INV-2026-00042'], description: "The sender's; the receiver of a transfer sees `[]`." })
  reference_ids: string[];

  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'string' },
    example: { order_id: '1042', channel: 'web' },
    description: "The sender's; the receiver of a transfer sees `{}`, and its metadata filters match none of it.",
  })
  metadata: TransactionMetadata;

  @ApiProperty({ type: String, nullable: true, example: null, description: "The sender's; the receiver of a transfer sees null." })
  notes: string | null;

  @ApiProperty({ type: String, nullable: true, example: null, description: 'Transfers: the other account (the receiver, seen by the sender; the sender, seen by the receiver).' })
  counterparty_account_id: string | null;

  @ApiProperty({ type: String, nullable: true, example: null, description: 'The payment request this credit settles.' })
  payment_id: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    example: null,
    description: 'Refunds: the payment (refunded by a credit) or the credit (refunded by a debit) this refund gives money back for.',
  })
  refunded_transaction_id: string | null;

  @ApiProperty({
    type: 'integer',
    format: 'int64',
    nullable: true,
    example: 0,
    description: 'Payments and credits: the sum of their refunds that are not canceled (never more than `amount`). Null for other types.',
  })
  amount_refunded: number | null;

  @ApiProperty({ type: String, nullable: true, example: null, description: 'Reversals: the posted transaction this one undoes (same type and amount, the other direction).' })
  reverses_transaction_id: string | null;

  @ApiProperty({ type: String, nullable: true, example: null, description: 'The reversal that undid this transaction; null unless it was reversed.' })
  reversed_by_transaction_id: string | null;

  @ApiProperty({ example: true, description: "True for live money (the account's `mode`); test transactions never move live balances." })
  livemode: boolean;

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

/** The transaction as `viewer` (an account) sees it: a transfer's receiver from its own side. */
export function toTransactionResponse(transaction: Transaction, viewer: string | null = null): TransactionResponseDto {
  const received = viewer !== null && viewer === transaction.counterpartyAccountId;
  return {
    id: transaction.id,
    account_id: received ? (transaction.counterpartyAccountId ?? transaction.accountId) : transaction.accountId,
    type: transaction.type,
    status: transaction.status,
    direction: received ? 'credit' : transaction.direction,
    amount: transaction.amount,
    currency: transaction.currency,
    description: transaction.description,
    // The sender's private fields: the receiver sees what the money is, not why the sender sent it.
    reference_ids: received ? [] : transaction.referenceIds,
    metadata: received ? {} : transaction.metadata,
    notes: received ? null : transaction.notes,
    counterparty_account_id: received ? transaction.accountId : transaction.counterpartyAccountId,
    payment_id: transaction.paymentId,
    refunded_transaction_id: transaction.refundedTransactionId,
    amount_refunded: countsRefunds(transaction.type) ? transaction.amountRefunded : null,
    reverses_transaction_id: transaction.reversesTransactionId,
    reversed_by_transaction_id: transaction.reversedByTransactionId,
    livemode: transaction.livemode,
    created_at: transaction.createdAt.toISOString(),
    updated_at: transaction.updatedAt.toISOString(),
    posted_at: transaction.postedAt?.toISOString() ?? null,
    canceled_at: transaction.canceledAt?.toISOString() ?? null,
  };
}
