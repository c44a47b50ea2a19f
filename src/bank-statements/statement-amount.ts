import { isCurrencyCode, minorUnitDigits } from '../common/money/currencies';
import { StatementFormatError, type StatementPosition } from './statement-line';

const DECIMAL = /^([0-9]+)(?:\.([0-9]+))?$/;

/** The currency code of a line, checked: an upper-case ISO 4217 code in circulation. */
export function statementCurrency(code: string | undefined, at: StatementPosition): string {
  if (code === undefined || code === '') throw new StatementFormatError(at.line, 'currency is missing', at.entryId);
  const written: string = code;
  if (!isCurrencyCode(code)) throw new StatementFormatError(at.line, `currency "${written}" is not an upper-case ISO 4217 code in circulation`, at.entryId);
  return code;
}

/**
 * The currency of a line as a bank statement writes it: three upper-case letters. A code the platform does not
 * support (or no longer in circulation, such as DEM) is kept: its line is unmatched (`unsupported_currency`), not a
 * reason to refuse the statement.
 */
export function bookedCurrency(code: string | undefined, at: StatementPosition): string {
  if (code === undefined || code === '') throw new StatementFormatError(at.line, 'currency is missing', at.entryId);
  if (!/^[A-Z]{3}$/.test(code)) throw new StatementFormatError(at.line, `currency "${code}" is not three upper-case letters (an ISO 4217 code)`, at.entryId);
  return code;
}

/**
 * A positive decimal in major units ("1234.50") as an exact integer of minor units, digit by digit (no binary
 * fraction on the way). Decimals beyond the currency's minor units are accepted only when they are zeros
 * ("1000.00" HUF is 1000: banks write ISO 4217's two decimals where the platform's HUF has none); a non-zero one
 * is an amount the platform cannot hold.
 */
export function minorUnitsOf(decimal: string, currency: string, at: StatementPosition): number {
  const minorUnits = minorUnitsOrZero(decimal, currency, at);
  if (minorUnits === 0) throw new StatementFormatError(at.line, `amount ${decimal} is not positive`, at.entryId);
  return minorUnits;
}

/** minorUnitsOf for the formats that count a zero amount as skipped rather than refuse it: 0 for "0.00". */
export function minorUnitsOrZero(decimal: string, currency: string, at: StatementPosition): number {
  const match = DECIMAL.exec(decimal);
  if (match === null) throw new StatementFormatError(at.line, `amount "${decimal}" is not a decimal number such as 1234.50`, at.entryId);
  const [, whole, fraction = ''] = match;
  const digits = minorUnitDigits(currency);
  if (/[^0]/.test(fraction.slice(digits))) {
    throw new StatementFormatError(at.line, `amount ${decimal} has more decimals than ${currency} allows (${digits})`, at.entryId);
  }
  const minorUnits = BigInt(whole + fraction.slice(0, digits).padEnd(digits, '0'));
  if (minorUnits > BigInt(Number.MAX_SAFE_INTEGER)) throw new StatementFormatError(at.line, `amount ${decimal} is too large`, at.entryId);
  return Number(minorUnits);
}

/** A booking date as YYYY-MM-DD that names a real day (2026-02-30 is refused). */
export function statementDate(text: string | undefined, at: StatementPosition): string {
  if (text === undefined || text === '') throw new StatementFormatError(at.line, 'booking date is missing', at.entryId);
  if (isCalendarDate(text)) return text;
  throw new StatementFormatError(at.line, `booking date "${text}" is not a date written YYYY-MM-DD`, at.entryId);
}

/** True for YYYY-MM-DD naming a day that exists (not 2026-02-30). */
export function isCalendarDate(text: string): boolean {
  const date = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (date === null) return false;
  const [, year, month, day] = date.map(Number);
  const parsed = new Date(Date.UTC(year, month - 1, day));
  return parsed.getUTCFullYear() === year && parsed.getUTCMonth() === month - 1 && parsed.getUTCDate() === day;
}
