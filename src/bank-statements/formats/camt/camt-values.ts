import { bookedCurrency, isCalendarDate, minorUnitsOrZero } from '../../statement-amount';
import { StatementFormatError, type StatementPosition } from '../../statement-line';
import { checkedText, MAX_ID_LENGTH, MAX_TEXT_LENGTH } from '../statement-text';
import { attribute, text, type XmlNode } from './camt-xml';

/**
 * The values a camt line is made of, read and checked where they stand: no control character, no id longer than
 * a stored id, no text longer than any bank writes, dates that exist, amounts the currency can hold. Every error
 * names the line of the entry or transaction.
 */

/** An identifier (AcctSvcrRef, EndToEndId, CdtrRefInf/Ref, an account id ...), trimmed; null when absent or empty. */
export function idValue(node: XmlNode | undefined, what: string, at: StatementPosition): string | null {
  const value = text(node)?.trim();
  return value === undefined || value === '' ? null : checkedText(value, what, MAX_ID_LENGTH, at);
}

/** Free text (Ustrd, AddtlTxInf, a name ...), trimmed; null when absent or empty. */
export function textValue(node: XmlNode | undefined, what: string, at: StatementPosition): string | null {
  const value = text(node)?.trim();
  return value === undefined || value === '' ? null : checkedText(value, what, MAX_TEXT_LENGTH, at);
}

/** xs:date or xs:dateTime, with or without a zone (Z or an offset); a time may have a fraction of a second. */
const DATE_OR_DATE_TIME = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?)?(?:Z|[+-](\d{2}):(\d{2}))?$/;

/**
 * The day of a date or date-time as the bank wrote it, YYYY-MM-DD: `2017-04-11+02:00` and
 * `2024-01-02T23:30:00-05:00` are the 11th and the 2nd, not converted to another zone. The whole value is checked:
 * a day that exists, a time and an offset in range.
 */
export function dayOf(written: string, what: string, at: StatementPosition): string {
  const match = DATE_OR_DATE_TIME.exec(written);
  const [, day, hours, minutes, seconds, offsetHours, offsetMinutes] = (match ?? []).map((part) => part ?? '');
  const time = hours === '' || (Number(hours) < 24 && Number(minutes) < 60 && Number(seconds) < 60) || `${hours}${minutes}${seconds}` === '240000';
  const offset = offsetHours === '' || (Number(offsetHours) <= 14 && Number(offsetMinutes) < 60);
  if (match === null || !isCalendarDate(day) || !time || !offset) {
    throw new StatementFormatError(at.line, `${what} "${written}" is not a date (YYYY-MM-DD) or date-time (YYYY-MM-DDThh:mm:ss) with an optional zone`, at.entryId);
  }
  return day;
}

export interface CamtAmount {
  /** In minor units; 0 for an amount of zero. */
  readonly minorUnits: number;
  readonly currency: string;
}

/** An Amt element (`<Amt Ccy="EUR">12.50</Amt>`): a decimal in major units and its currency, three upper-case letters. */
export function amountValue(node: XmlNode | undefined, what: string, at: StatementPosition): CamtAmount {
  const value = text(node)?.trim();
  if (value === undefined || value === '') throw new StatementFormatError(at.line, `amount (${what}) is missing`, at.entryId);
  const currency = bookedCurrency(attribute(node, 'Ccy'), at);
  return { minorUnits: minorUnitsOrZero(value, currency, at), currency };
}
