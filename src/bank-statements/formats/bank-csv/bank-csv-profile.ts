import type { BankCsvColumns, BankCsvProfile } from '../statement-format';
import { hasControlCharacter } from '../statement-text';

/** What is wrong with one field of a profile, named as the API writes it (`decimal_separator`, `columns.credit`). */
export interface ProfileProblem {
  readonly field: string;
  readonly problem: string;
}

export const PROFILE_ENCODINGS: readonly BankCsvProfile['encoding'][] = ['utf-8', 'iso-8859-1', 'windows-1252'];
export const PROFILE_DELIMITERS: readonly string[] = [',', ';', '\t', '|'];
export const MAX_SKIP_ROWS = 50;
const MAX_REFERENCE_COLUMNS = 10;
const MAX_COLUMN_NAME_LENGTH = 100;
const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
/** YYYY (or YY), MM and DD, each once, between characters that are neither letters nor digits: `DD.MM.YYYY`, `YYYYMMDD`. */
const DATE_TOKENS = /YYYY|YY|MM|DD|[^A-Za-z0-9]/g;

/**
 * The problems of a profile's own fields, none when it can read a file (contract section 19): one-character
 * delimiter, `.` or `,` decimals, a date format of YYYY (or YY), MM and DD, a known encoding, 0 to 50 rows before
 * the header, and columns that say one thing each way: one signed `amount` or `credit` and `debit`, a `currency`
 * column or a `default_currency`. Pure: the HTTP layer turns the list into a 400 naming each field.
 */
export function bankCsvProfileProblems(profile: BankCsvProfile): ProfileProblem[] {
  const problems: ProfileProblem[] = [];
  const problem = (field: string, text: string): void => void problems.push({ field, problem: text });
  if (!NAME.test(profile.name)) problem('name', 'must be 1 to 64 letters, digits, dots, dashes or underscores, starting with a letter or digit');
  if (!PROFILE_DELIMITERS.includes(profile.delimiter)) problem('delimiter', 'must be one character: a comma, a semicolon, a TAB or |');
  if (profile.decimalSeparator !== '.' && profile.decimalSeparator !== ',') problem('decimal_separator', 'must be . or ,');
  const dateProblem = dateFormatProblem(profile.dateFormat);
  if (dateProblem !== null) problem('date_format', dateProblem);
  if (!PROFILE_ENCODINGS.includes(profile.encoding)) problem('encoding', `must be one of ${PROFILE_ENCODINGS.join(', ')}`);
  if (!Number.isInteger(profile.skipRows) || profile.skipRows < 0 || profile.skipRows > MAX_SKIP_ROWS) problem('skip_rows', `must be a whole number from 0 to ${MAX_SKIP_ROWS}`);
  columnProblems(profile.columns, problem);
  return problems;
}

function dateFormatProblem(format: string): string | null {
  const tokens = format.match(DATE_TOKENS) ?? [];
  if (format.length > 20 || tokens.join('') !== format) return 'must be written in the tokens YYYY (or YY), MM and DD and separators, e.g. DD.MM.YYYY';
  const count = (token: string): number => tokens.filter((written) => written === token).length;
  if (count('YYYY') + count('YY') !== 1 || count('MM') !== 1 || count('DD') !== 1) return 'must hold YYYY (or YY), MM and DD once each';
  return null;
}

function columnProblems(columns: BankCsvColumns, problem: (field: string, text: string) => void): void {
  const named: [string, string | undefined][] = [
    ['columns.booking_date', columns.bookingDate],
    ['columns.amount', columns.amount],
    ['columns.credit', columns.credit],
    ['columns.debit', columns.debit],
    ['columns.currency', columns.currency],
    ['columns.entry_id', columns.entryId],
    ...columns.reference.map((name, index): [string, string] => [`columns.reference[${index}]`, name]),
  ];
  for (const [field, name] of named) {
    if (name !== undefined && (name.trim() === '' || name.length > MAX_COLUMN_NAME_LENGTH || hasControlCharacter(name) || /[\r\n]/.test(name))) {
      problem(field, `must name a column: 1 to ${MAX_COLUMN_NAME_LENGTH} characters, no control characters`);
    }
  }
  const split = columns.credit !== undefined || columns.debit !== undefined;
  if (columns.amount !== undefined && split) problem('columns.amount', 'give either amount (signed) or credit and debit, not both');
  else if (columns.amount === undefined && (columns.credit === undefined || columns.debit === undefined)) {
    problem(split ? (columns.credit === undefined ? 'columns.credit' : 'columns.debit') : 'columns.amount', 'give either amount (signed) or credit and debit');
  }
  if ((columns.currency === undefined) === (columns.defaultCurrency === undefined)) {
    problem('columns.currency', 'give either currency (a column) or default_currency, one of them');
  } else if (columns.defaultCurrency !== undefined && !/^[A-Z]{3}$/.test(columns.defaultCurrency)) {
    problem('columns.default_currency', 'must be three upper-case letters (ISO 4217)');
  }
  if (columns.reference.length > MAX_REFERENCE_COLUMNS) problem('columns.reference', `may name at most ${MAX_REFERENCE_COLUMNS} columns`);
}
