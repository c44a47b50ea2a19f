import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsString } from 'class-validator';
import { IsAmount, IsCurrency, MAX_AMOUNT, MIN_AMOUNT } from '../../common/money/money.validators';
import { DESCRIPTION_MAX_LENGTH, IsJsonObject, IsOmittable, MaxChars } from '../../common/validation/fields';
import { checkMetadata, Metadata, METADATA_SCHEMA } from '../../common/validation/metadata';
import { IsReferenceIds, NOTES_MAX_LENGTH, REFERENCE_IDS_MAX } from './transaction-fields';
import { DIRECTIONS, Direction, TRANSACTION_TYPES, TransactionType } from '../entities/transaction.entity';

export class CreateTransactionRequestDto {
  @ApiProperty({ enum: TRANSACTION_TYPES, example: 'payment' })
  @IsIn(TRANSACTION_TYPES)
  type: TransactionType;

  @ApiProperty({ type: 'integer', format: 'int64', minimum: MIN_AMOUNT, maximum: MAX_AMOUNT, example: 12_50, description: "In the currency's minor units (cents): 1250 is 12.50 EUR." })
  @IsAmount()
  amount: number;

  @ApiProperty({ example: 'EUR', description: 'Upper-case ISO 4217 code of a currency in circulation.' })
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

  @ApiPropertyOptional({ type: [String], maxItems: REFERENCE_IDS_MAX, example: ['INV-2026-00042'] })
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

  @ApiPropertyOptional({ example: 'acc_01JDQ4Z8X9T2M3N4P5Q6R7S8T9', description: 'Transfers only (and required for them): the open account that receives the money.' })
  @IsOmittable()
  @IsString()
  @MaxChars(64)
  counterparty_account_id?: string;

  @ApiPropertyOptional({
    example: 'txn_01JDQ4Z8X9T2M3N4P5Q6R7S8T9',
    description:
      'Refunds only: the `payment` (of the same account and currency, not canceled) this refund gives money back for. ' +
      'The refunds of a payment that are not canceled never add up to more than it: `409 refund_exceeds_payment`.',
  })
  @IsOmittable()
  @IsString()
  @MaxChars(64)
  refunded_transaction_id?: string;

  @ApiPropertyOptional({ example: 'acc_01JDQ4Z8X9T2M3N4P5Q6R7S8T9', description: "Admins: the account to book on (default: the caller's own). Members book on their own account." })
  @IsOmittable()
  @IsString()
  @MaxChars(64)
  account_id?: string;
}
