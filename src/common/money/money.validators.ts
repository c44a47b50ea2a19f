import { applyDecorators } from '@nestjs/common';
import { IsInt, Max, Min, ValidateBy } from 'class-validator';
import { CURRENCY_CODES, isCurrencyCode } from './currencies';

export const MIN_AMOUNT = 1;
export const MAX_AMOUNT = 999_999_999_999;

/**
 * An amount in the currency's minor units: a JSON integer from 1 to
 * 999,999,999,999. Floats, numeric strings and negatives are refused (the
 * pipe does no implicit conversion of bodies).
 */
export const IsAmount = () => applyDecorators(IsInt(), Min(MIN_AMOUNT), Max(MAX_AMOUNT));

/**
 * What the OpenAPI document says of a currency: the codes IsCurrency takes, as one named enum (`Currency`),
 * so generated clients get the list, and a request with another code is invalid by the document too.
 */
export const CURRENCY_SCHEMA = {
  enum: [...CURRENCY_CODES],
  enumName: 'Currency',
  example: 'EUR',
  description: 'Upper-case ISO 4217 code of a currency in circulation.',
};

/** An upper-case ISO 4217 code of a currency in circulation. */
export const IsCurrency = () =>
  ValidateBy({
    name: 'isCurrency',
    validator: {
      validate: (value) => isCurrencyCode(value),
      defaultMessage: () => 'must be an upper-case ISO 4217 code of a currency in circulation, e.g. EUR',
    },
  });
