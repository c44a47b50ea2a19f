import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsString } from 'class-validator';
import { CURRENCY_SCHEMA, IsAmount, IsCurrency, MAX_AMOUNT, MIN_AMOUNT } from '../../common/money/money.validators';
import { DESCRIPTION_MAX_LENGTH, IsJsonObject, IsOmittable, MaxChars } from '../../common/validation/fields';
import { checkMetadata, Metadata, METADATA_SCHEMA } from '../../common/validation/metadata';
import { IsReferenceIds, NOTES_MAX_LENGTH, REFERENCE_IDS_SCHEMA } from './transaction-fields';
import { CREATABLE_TRANSACTION_TYPES, DIRECTIONS, Direction, TransactionType } from '../entities/transaction.entity';

/**
 * The bodies /docs offers, each of which works as it is for a member of an open account (a transfer or
 * a refund names another resource by id: the operation's description says how).
 */
export const CREATE_TRANSACTION_EXAMPLES = {
  payment: {
    summary: 'A payment (debit) of 12.50 EUR',
    value: {
      type: 'payment',
      amount: 1250,
      currency: 'EUR',
      description: 'Office chairs, order 1042',
      reference_ids: ['INV-2026-00042'],
      metadata: { order_id: '1042', channel: 'web' },
    },
  },
  credit: { summary: 'A credit of 50.00 EUR', value: { type: 'credit', amount: 5000, currency: 'EUR', description: 'Top-up by bank transfer' } },
  adjustment: {
    summary: 'An adjustment needs a direction',
    value: { type: 'adjustment', direction: 'debit', amount: 99, currency: 'EUR', notes: 'Bank fee, November' },
  },
};

export class CreateTransactionRequestDto {
  @ApiProperty({ enum: CREATABLE_TRANSACTION_TYPES, example: 'payment' })
  @IsIn(CREATABLE_TRANSACTION_TYPES)
  type: TransactionType;

  @ApiProperty({
    type: 'integer',
    format: 'int64',
    minimum: MIN_AMOUNT,
    maximum: MAX_AMOUNT,
    example: 12_50,
    description: "In the currency's minor units (cents): 1250 is 12.50 EUR.",
  })
  @IsAmount()
  amount: number;

  @ApiProperty(CURRENCY_SCHEMA)
  @IsCurrency()
  currency: string;

  @ApiPropertyOptional({
    enum: DIRECTIONS,
    description: 'Required for `adjustment`. Implied by the other types (payment and transfer debit, credit and refund credit); if sent it must agree.',
  })
  @IsOmittable()
  @IsIn(DIRECTIONS)
  direction?: Direction;

  @ApiPropertyOptional({ maxLength: DESCRIPTION_MAX_LENGTH, example: 'Office chairs, order 1042' })
  @IsOmittable()
  @IsString()
  @MaxChars(DESCRIPTION_MAX_LENGTH)
  description?: string;

  @ApiPropertyOptional({ ...REFERENCE_IDS_SCHEMA, example: ['INV-2026-00042'] })
  @IsOmittable()
  @IsReferenceIds()
  reference_ids?: string[];

  @ApiPropertyOptional({ ...METADATA_SCHEMA, example: { order_id: '1042', channel: 'web' } })
  @IsOmittable()
  @IsJsonObject(checkMetadata)
  metadata?: Metadata;

  @ApiPropertyOptional({ maxLength: NOTES_MAX_LENGTH, example: 'Approved by finance.' })
  @IsOmittable()
  @IsString()
  @MaxChars(NOTES_MAX_LENGTH)
  notes?: string;

  @ApiPropertyOptional({ description: 'Transfers only (and required for them): the open account (`acc_...`) that receives the money.' })
  @IsOmittable()
  @IsString()
  @MaxChars(64)
  counterparty_account_id?: string;

  @ApiPropertyOptional({
    description:
      'Refunds only: the `payment` (`txn_...`, of the same account and currency, not canceled) this refund gives money back for. ' +
      'The refunds of a payment that are not canceled never add up to more than it: `409 refund_exceeds_payment`.',
  })
  @IsOmittable()
  @IsString()
  @MaxChars(64)
  refunded_transaction_id?: string;

  @ApiPropertyOptional({ description: "Admins: the account (`acc_...`) to book on (default: the caller's own). Members book on their own account and leave it out." })
  @IsOmittable()
  @IsString()
  @MaxChars(64)
  account_id?: string;
}
