import { isCalendarDate } from '../../statement-amount';
import type { BankCsvProfile } from '../statement-format';

/**
 * A date as the profile's `date_format` writes it (`DD.MM.YYYY`, `YYYYMMDD`, `DD.MM.YY`), as YYYY-MM-DD, or null when
 * the cell is not one. Day and month may have one digit ("1.2.2024"); a time after the date ("2025.04.20 11:38") is
 * dropped; a two-digit year is 20YY (Raiffeisen and Valiant write `DD.MM.YY`; no bank statement imported here is from
 * the last century).
 */
export function dateReader(dateFormat: string): (cell: string) => string | null {
  const order: ('year' | 'month' | 'day')[] = [];
  const pattern = dateFormat.replace(/YYYY|YY|MM|DD|[^A-Za-z0-9]/g, (token) => {
    if (token === 'YYYY' || token === 'YY') order.push('year');
    else if (token === 'MM') order.push('month');
    else if (token === 'DD') order.push('day');
    if (token === 'YYYY') return '(\\d{4})';
    if (token === 'YY') return '(\\d{2})';
    if (token === 'MM' || token === 'DD') return '(\\d{1,2})';
    return token.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  });
  const date = new RegExp(`^${pattern}(?:[ T]\\d{1,2}:\\d{2}.*)?$`);
  return (cell) => {
    const match = date.exec(cell);
    if (match === null) return null;
    const parts = Object.fromEntries(order.map((part, index) => [part, match[index + 1]]));
    const year = parts.year.length === 2 ? `20${parts.year}` : parts.year;
    const iso = `${year}-${parts.month.padStart(2, '0')}-${parts.day.padStart(2, '0')}`;
    return isCalendarDate(iso) ? iso : null;
  };
}

/** An amount as a sign and a decimal with a point ("1234.50"), for minorUnitsOf. */
export interface BankAmount {
  readonly negative: boolean;
  readonly decimal: string;
}

/**
 * The thousands separators banks write between groups of three digits: apostrophes (Swiss `1'234.50`, also `’`),
 * spaces (`1 234,50`, also no-break spaces), and the one of `.` and `,` that is not the decimal separator
 * (`1.234,50`, `1,234.50`). They are dropped only where they stand between groups of three digits, so that a profile
 * with the wrong decimal separator refuses "12,5" rather than reading it as 125.
 */
export function amountReader(decimalSeparator: BankCsvProfile['decimalSeparator']): (cell: string) => BankAmount | null {
  const group = `['’ \\u00A0\\u202F${decimalSeparator === '.' ? ',' : '.'}]`;
  const decimal = `\\${decimalSeparator}`;
  const amount = new RegExp(`^([+-]?)(\\d{1,3}(?:${group}\\d{3})+|\\d+)(?:${decimal}(\\d*))?$`);
  return (cell) => {
    const match = amount.exec(cell.replace(/^-\s+/, '-'));
    if (match === null) return null;
    const [, sign, whole, fraction = ''] = match;
    const digits = whole.replace(/\D/g, '');
    return { negative: sign === '-', decimal: fraction === '' ? digits : `${digits}.${fraction}` };
  };
}
