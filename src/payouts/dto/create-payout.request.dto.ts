import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsObject, IsString, Max, ValidateBy, ValidateNested } from 'class-validator';
import { IsAmount, MIN_AMOUNT } from '../../common/money/money.validators';
import { DESCRIPTION_MAX_LENGTH, IsJsonObject, IsOmittable, MaxChars } from '../../common/validation/fields';
import { checkMetadata, Metadata, METADATA_SCHEMA } from '../../common/validation/metadata';
import { isSepaText, normalBic, SEPA_CHARACTERS_PATTERN, SEPA_MAX_AMOUNT, SEPA_NAME_MAX_LENGTH, SEPA_REFERENCE_MAX_LENGTH, sepaIban } from '../sepa-rules';

const SEPA_TEXT_RULE = "the SEPA character set (a-z A-Z 0-9 / - ? : ( ) . , ' + and space)";

export class PayoutDestinationDto {
  @ApiProperty({
    example: 'DE89 3704 0044 0532 0130 00',
    minLength: 15,
    maxLength: 42,
    description:
      'IBAN of a SEPA country, with or without spaces; its length and check digits are checked for its country. Stored sealed; responses show only its last four characters.',
  })
  @ValidateBy({
    name: 'isSepaIban',
    validator: { validate: (value) => sepaIban(value) !== null, defaultMessage: () => 'must be an IBAN of a SEPA country with the length and check digits of its country' },
  })
  iban: string;

  @ApiPropertyOptional({
    example: 'COBADEFFXXX',
    pattern: '^[A-Za-z]{6}[A-Za-z0-9]{2}([A-Za-z0-9]{3})?$',
    description: "The creditor's bank (8 or 11 characters). Optional within SEPA.",
  })
  @IsOmittable()
  @ValidateBy({ name: 'isBic', validator: { validate: (value) => normalBic(value) !== null, defaultMessage: () => 'must be a BIC of 8 or 11 characters' } })
  bic?: string;

  @ApiProperty({
    example: 'Analytical Engines Ltd',
    minLength: 1,
    maxLength: SEPA_NAME_MAX_LENGTH,
    pattern: SEPA_CHARACTERS_PATTERN,
    description: `The account holder: at most 70 characters of ${SEPA_TEXT_RULE}.`,
  })
  @ValidateBy({
    name: 'isSepaName',
    validator: { validate: (value) => isSepaText(value, SEPA_NAME_MAX_LENGTH), defaultMessage: () => `must be 1 to ${SEPA_NAME_MAX_LENGTH} characters of ${SEPA_TEXT_RULE}` },
  })
  name: string;
}

/** The bodies /docs offers: each works for the owner of a live account with 250.00 EUR available. */
export const CREATE_PAYOUT_EXAMPLES = {
  payout: {
    summary: 'Pay out 250.00 EUR to the merchant’s bank account',
    value: {
      amount: 25000,
      currency: 'EUR',
      destination: { iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX', name: 'Analytical Engines Ltd' },
      reference: 'Payout November 2026',
      metadata: { period: '2026-11' },
    },
  },
};

export class CreatePayoutRequestDto {
  @ApiPropertyOptional({ example: 'acc_01JDQ4Z8X9T2M3N4P5Q6R7S8T9', description: 'Admins: the account paid out from. Members: their own (the default).' })
  @IsOmittable()
  @IsString()
  account_id?: string;

  @ApiProperty({
    type: 'integer',
    format: 'int64',
    minimum: MIN_AMOUNT,
    maximum: SEPA_MAX_AMOUNT,
    example: 25000,
    description: 'Minor units (cents); at most 999,999,999.99 EUR, the most one SEPA credit transfer carries.',
  })
  @IsAmount()
  @Max(SEPA_MAX_AMOUNT, { message: 'amount must be at most 99999999999 (999,999,999.99 EUR, the most one SEPA credit transfer carries)' })
  amount: number;

  @ApiProperty({ enum: ['EUR'], example: 'EUR', description: 'SEPA credit transfers are in euros: any other currency is `400 validation_error`.' })
  @ValidateBy({ name: 'isEuro', validator: { validate: (value) => value === 'EUR', defaultMessage: () => 'must be EUR: payouts are SEPA credit transfers' } })
  currency: string;

  @ApiProperty({ type: PayoutDestinationDto })
  @IsObject()
  @ValidateNested()
  @Type(() => PayoutDestinationDto)
  destination: PayoutDestinationDto;

  @ApiPropertyOptional({
    example: 'Payout November 2026',
    maxLength: SEPA_REFERENCE_MAX_LENGTH,
    pattern: SEPA_CHARACTERS_PATTERN,
    description: `What the creditor's statement shows (remittance information): at most 140 characters of ${SEPA_TEXT_RULE}.`,
  })
  @IsOmittable()
  @ValidateBy({
    name: 'isSepaReference',
    validator: {
      validate: (value) => isSepaText(value, SEPA_REFERENCE_MAX_LENGTH),
      defaultMessage: () => `must be 1 to ${SEPA_REFERENCE_MAX_LENGTH} characters of ${SEPA_TEXT_RULE}`,
    },
  })
  reference?: string;

  @ApiPropertyOptional({ example: 'November payout', maxLength: DESCRIPTION_MAX_LENGTH })
  @IsOmittable()
  @IsString()
  @MaxChars(DESCRIPTION_MAX_LENGTH)
  description?: string;

  @ApiPropertyOptional({ ...METADATA_SCHEMA, example: { period: '2026-11' } })
  @IsOmittable()
  @IsJsonObject(checkMetadata)
  metadata?: Metadata;
}
