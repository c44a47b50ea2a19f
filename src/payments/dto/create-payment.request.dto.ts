import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsObject, IsString, ValidateNested } from 'class-validator';
import { CURRENCY_SCHEMA, IsAmount, IsCurrency, MAX_AMOUNT, MIN_AMOUNT } from '../../common/money/money.validators';
import {
  CharLength,
  DESCRIPTION_MAX_LENGTH,
  DISPLAY_NAME_SCHEMA,
  EMAIL_SCHEMA,
  IsDisplayName,
  IsEmailAddress,
  IsInstant,
  IsJsonObject,
  IsOmittable,
  MaxChars,
} from '../../common/validation/fields';
import { checkMetadata, Metadata, METADATA_SCHEMA } from '../../common/validation/metadata';
import { CAPTURE_METHODS, CaptureMethod, PAYMENT_PURPOSES, PaymentPurpose } from '../entities/payment-request.entity';
import { instantDescription } from '../../common/validation/instant';

export class PaymentCustomerDto {
  @ApiProperty({ ...EMAIL_SCHEMA, example: 'grace@example.com' })
  @IsEmailAddress()
  email: string;

  @ApiPropertyOptional({ example: 'Grace Hopper', ...DISPLAY_NAME_SCHEMA })
  @IsOmittable()
  @IsDisplayName()
  name?: string;
}

/** The bodies /docs offers: each works as it is for a member of an open account. */
export const CREATE_PAYMENT_EXAMPLES = {
  invoice: {
    summary: 'An invoice of 49.99 EUR',
    value: {
      purpose: 'invoice',
      amount: 4999,
      currency: 'EUR',
      customer: { email: 'grace@example.com', name: 'Grace Hopper' },
      reference_id: 'INV-2026-00042',
      description: 'Invoice 42: consulting, November',
      metadata: { order_id: '1042' },
    },
  },
  manual: {
    summary: 'Hold the funds until captured (manual capture)',
    value: { purpose: 'invoice', amount: 12000, currency: 'EUR', customer: { email: 'grace@example.com' }, capture_method: 'manual' },
  },
};

export class CreatePaymentRequestDto {
  @ApiProperty({ enum: PAYMENT_PURPOSES, example: 'invoice' })
  @IsIn(PAYMENT_PURPOSES)
  purpose: PaymentPurpose;

  @ApiProperty({ type: 'integer', format: 'int64', minimum: MIN_AMOUNT, maximum: MAX_AMOUNT, example: 4999, description: "In the currency's minor units (cents)." })
  @IsAmount()
  amount: number;

  @ApiProperty(CURRENCY_SCHEMA)
  @IsCurrency()
  currency: string;

  @ApiProperty({ type: PaymentCustomerDto })
  @IsObject()
  @ValidateNested()
  @Type(() => PaymentCustomerDto)
  customer: PaymentCustomerDto;

  @ApiPropertyOptional({ example: 'INV-2026-00042', maxLength: 255, description: 'Your reference: the invoice, order or subscription it is for.' })
  @IsOmittable()
  @IsString()
  @CharLength(1, 255)
  reference_id?: string;

  @ApiPropertyOptional({ example: 'Invoice 42: consulting, November', maxLength: DESCRIPTION_MAX_LENGTH })
  @IsOmittable()
  @IsString()
  @MaxChars(DESCRIPTION_MAX_LENGTH)
  description?: string;

  @ApiPropertyOptional({
    enum: CAPTURE_METHODS,
    description:
      'Default: `automatic`. `manual`: the customer authorizes and the funds are held (status `authorized`) until captured; ' +
      'only with a provider that offers it (`bank_transfer` does not: `400 validation_error`).',
  })
  @IsOmittable()
  @IsIn(CAPTURE_METHODS)
  capture_method?: CaptureMethod;

  @ApiPropertyOptional({
    format: 'date-time',
    description: instantDescription('When an unpaid request expires: at least a minute and at most 90 days ahead. Default: 7 days after creation.'),
  })
  @IsOmittable()
  @IsInstant()
  expires_at?: string;

  @ApiPropertyOptional({ ...METADATA_SCHEMA, example: { order_id: '1042' }, description: `${METADATA_SCHEMA.description} Copied to the credit transaction on success.` })
  @IsOmittable()
  @IsJsonObject(checkMetadata)
  metadata?: Metadata;

  @ApiPropertyOptional({
    example: 'bank_transfer',
    maxLength: 32,
    description:
      'The provider that collects the money (GET /v1/payment_providers lists the enabled ones): `sandbox` (test accounts only: test cards and simulate) ' +
      "or `bank_transfer` (the page shows your bank details and an RF reference; a bank statement settles it). Default: the first enabled provider that serves the account's mode.",
  })
  @IsOmittable()
  @IsString()
  @MaxChars(32)
  provider?: string;

  @ApiPropertyOptional({ description: "Admins: the account (`acc_...`) to be paid (default: the caller's own). Members leave it out." })
  @IsOmittable()
  @IsString()
  @MaxChars(64)
  account_id?: string;
}
