import { minorUnitDigits } from '../../common/money/currencies';

const LOCALE = 'en';

const formatters = new Map<string, Intl.NumberFormat>();

function currencyFormat(currency: string): Intl.NumberFormat {
  let format = formatters.get(currency);
  if (format === undefined) {
    format = new Intl.NumberFormat(LOCALE, { style: 'currency', currency, currencyDisplay: 'narrowSymbol' });
    formatters.set(currency, format);
  }
  return format;
}

/**
 * An amount in minor units, formatted for its currency: 4999 EUR is €49.99,
 * 5000 JPY is ¥5,000, 12345 BHD is BHD 12.345. The decimal is built as a
 * string, so no amount passes through a binary fraction.
 */
export function formatAmount(minorUnits: number, currency: string): string {
  const digits = minorUnitDigits(currency);
  const text = String(minorUnits).padStart(digits + 1, '0');
  const decimal = digits === 0 ? text : `${text.slice(0, -digits)}.${text.slice(-digits)}`;
  // A decimal string keeps every digit (Intl formats it exactly, unlike a number past 2^53).
  return currencyFormat(currency).format(decimal as unknown as number);
}

const dateFormat = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });

/** An instant as customers read it: "November 28, 2026 at 10:15 AM UTC". */
export function formatInstant(instant: Date): string {
  return `${dateFormat.format(instant)} UTC`;
}
