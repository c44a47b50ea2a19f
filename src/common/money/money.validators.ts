import { applyDecorators } from '@nestjs/common';
import { IsInt, Max, Min, ValidateBy } from 'class-validator';
import { isCurrencyCode } from './currencies';

export const MIN_AMOUNT = 1;
export const MAX_AMOUNT = 999_999_999_999;

/**
 * An amount in the currency's minor units: a JSON integer from 1 to
 * 999,999,999,999. Floats, numeric strings and negatives are refused (the
 * pipe does no implicit conversion of bodies).
 */
export const IsAmount = () => applyDecorators(IsInt(), Min(MIN_AMOUNT), Max(MAX_AMOUNT));

/** An upper-case ISO 4217 code of a currency in circulation. */
export const IsCurrency = () =>
  ValidateBy({
    name: 'isCurrency',
    validator: {
      validate: (value) => isCurrencyCode(value),
      defaultMessage: () => 'must be an upper-case ISO 4217 code of a currency in circulation, e.g. EUR',
    },
  });
