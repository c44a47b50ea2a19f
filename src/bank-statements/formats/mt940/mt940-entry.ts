import { isCalendarDate } from '../../statement-amount';
import { StatementFormatError, type StatementPosition } from '../../statement-line';
import { checkedText, MAX_ID_LENGTH } from '../statement-text';
import type { Mt940Field } from './mt940-fields';

/** What the first line of a :61: field says. */
export interface Mt940Entry {
  /** YYYY-MM-DD: the entry date when the bank gives one, else the value date. */
  readonly bookingDate: string;
  readonly direction: 'credit' | 'debit';
  /** RC or RD: the reversal of an earlier entry. */
  readonly reversal: boolean;
  /** The amount as a decimal with a point ("1234.5", "500"), for minorUnitsOf. */
  readonly amount: string;
  /** The account owner's reference (16x), null when absent or NONREF. */
  readonly customerReference: string | null;
  /** The account servicing institution's reference (after `//`), null when absent or NONREF. */
  readonly bankReference: string | null;
}

/**
 * 6!n[4!n]2a[1!a]15d1!a3!c16x[//16x]: value date YYMMDD, entry date MMDD (some banks write four spaces instead),
 * D/C/RD/RC, the funds code (the currency's third letter), the amount with a decimal comma, the transaction type
 * (N, S or F and three characters), the references. As banks write it: no decimals ("500"), a decimal point
 * (Rabobank's old format), a space after the amount, no type code at all ("CN220000,00//19239782213").
 */
const ENTRY = /^(?<valueDate>\d{6})(?<entryDate>\d{4}| {4})?(?<mark>RC|RD|C|D)[A-Z]?(?<amount>\d[\d,.]*)\s*(?<details>.*)$/;
const AMOUNT = /^(\d+)(?:[,.](\d*))?$/;
const NO_REFERENCE = 'NONREF';

export function readEntry(field: Mt940Field): Mt940Entry {
  const at = { line: field.line, entryId: null };
  const written = field.lines[0];
  const entry = ENTRY.exec(written)?.groups;
  if (entry === undefined) {
    throw new StatementFormatError(field.line, `:61: "${written.slice(0, 40)}" is not an MT940 entry (value date YYMMDD, D or C, amount, type, reference)`);
  }
  const amount = AMOUNT.exec(entry.amount);
  if (amount === null) throw new StatementFormatError(field.line, `:61: amount "${entry.amount}" is not an amount such as 1234,56`);
  const { customerReference, bankReference } = referencesOf(entry.details, at);
  return {
    bookingDate: bookingDateOf(entry.valueDate, entry.entryDate?.trim() ?? '', at),
    direction: entry.mark.endsWith('C') ? 'credit' : 'debit',
    reversal: entry.mark.startsWith('R'),
    amount: amount[2] === undefined || amount[2] === '' ? amount[1] : `${amount[1]}.${amount[2]}`,
    customerReference,
    bankReference,
  };
}

/** The customer reference and the bank reference after the type code; a bank that omits the type code writes NONREF at once. */
function referencesOf(details: string, at: StatementPosition): { customerReference: string | null; bankReference: string | null } {
  const references = details.startsWith(NO_REFERENCE) ? details : details.replace(/^[NSF][0-9A-Z ]{3}/, '');
  const split = references.indexOf('//');
  const customer = (split === -1 ? references : references.slice(0, split)).trim();
  const bank = split === -1 ? '' : references.slice(split + 2).trim();
  return {
    customerReference: customer === '' || customer === NO_REFERENCE ? null : checkedText(customer, 'the customer reference', MAX_ID_LENGTH, at),
    bankReference: bank === '' || bank === NO_REFERENCE ? null : checkedText(bank, 'the bank reference', MAX_ID_LENGTH, at),
  };
}

/**
 * The entry date MMDD when present (its year is the value date's, or the one before or after when the two dates
 * straddle a new year: value 2301-02 and entry 1230 is 2022-12-30), else the value date. Two-digit years 00-79 are
 * 20xx, 80-99 19xx.
 */
function bookingDateOf(valueDate: string, entryDate: string, at: StatementPosition): string {
  const twoDigitYear = Number(valueDate.slice(0, 2));
  const year = twoDigitYear < 80 ? 2000 + twoDigitYear : 1900 + twoDigitYear;
  const valueMonth = Number(valueDate.slice(2, 4));
  const value = `${year}-${valueDate.slice(2, 4)}-${valueDate.slice(4)}`;
  if (!isCalendarDate(value)) throw new StatementFormatError(at.line, `:61: value date ${valueDate} is not a date (YYMMDD)`);
  if (entryDate === '') return value;
  const entryMonth = Number(entryDate.slice(0, 2));
  const entryYear = entryMonth - valueMonth > 6 ? year - 1 : valueMonth - entryMonth > 6 ? year + 1 : year;
  const entry = `${entryYear}-${entryDate.slice(0, 2)}-${entryDate.slice(2)}`;
  if (!isCalendarDate(entry)) throw new StatementFormatError(at.line, `:61: entry date ${entryDate} is not a date (MMDD)`);
  return entry;
}
