import { bookedCurrency, minorUnitsOrZero } from '../../statement-amount';
import { StatementFormatError, type StatementPosition } from '../../statement-line';
import { csvRecords } from '../csv/csv-records';
import { SkippedTally, type SkipReason } from '../skipped-tally';
import type { BankCsvProfile, ParsedLine, ParsedStatement, StatementFormat } from '../statement-format';
import { checkedText, cutText, decodeStatement, firstCreditorReference, MAX_ID_LENGTH, MAX_REMITTANCE_LENGTH, MAX_TEXT_LENGTH } from '../statement-text';
import { BankCsvTable, type BankCsvRow } from './bank-csv-table';
import { amountReader, dateReader, type BankAmount } from './bank-csv-values';

/**
 * A bank's own CSV export, read through the profile the upload names (`?profile=NAME`, contract section 19).
 *
 * The file is decoded in the profile's encoding; `skip_rows` lines (metadata, titles: often not CSV at all) are
 * skipped unread; the next row is the header, whose cells name the columns (trimmed, case-sensitive). Each row after
 * it is one of:
 * - a booking: its date in `date_format`, its amount signed or in the credit or debit column (the one filled says
 *   the direction, whatever its sign), its currency from the currency column or `default_currency`;
 * - a row with a date and no amount (an opening balance, a securities row): not a booking, ignored;
 * - a row with an amount and a date cell that is empty or holds no digit (UBS leaves the booking date of pending
 *   bookings empty, Credit Suisse writes a word there): counted as not booked;
 * - a continuation row, its date and amount cells empty (ZKB, Raiffeisen and UBS write the payer or the batch's
 *   parts on the rows below a booking): its reference cells add to the booking's remittance and RF search;
 * - a blank row (empty or only delimiters): skipped before the first booking; after one it ends the table, and the
 *   rows after it are the bank's trailer (totals, a disclaimer), ignored unless one reads as a booking, which is
 *   refused rather than silently dropped.
 * A cell wrapped in a further pair of quotes (UBS's and Yuh's `"""text"""`) loses them.
 */
export const bankCsvFormat: StatementFormat = {
  mediaTypes: ['text/csv'],
  usesProfile: true,
  parse: (body, profile) => {
    if (profile === null) throw new StatementFormatError(null, 'a bank CSV export is read through a profile (?profile=NAME)');
    return readBankCsv(decodeStatement(body, profile.encoding), profile);
  },
};

export function readBankCsv(text: string, profile: BankCsvProfile): ParsedStatement {
  const reader = new BankCsvReader(profile);
  const { rest, line } = afterSkippedRows(text, profile.skipRows);
  const records = csvRecords(rest, profile.delimiter, line);
  const header = records.next();
  if (header.done === true) throw new StatementFormatError(line, `no header row: the file ends before line ${line}`);
  const table = new BankCsvTable(profile, header.value);
  for (const record of records) reader.read(table.row(record));
  return reader.finish(`csv:${profile.name}`);
}

/** The text after the first `skipRows` lines, and the line it starts on. */
function afterSkippedRows(text: string, skipRows: number): { rest: string; line: number } {
  const lineBreak = /\r\n?|\n/g;
  for (let skipped = 0; skipped < skipRows; skipped++) {
    if (lineBreak.exec(text) === null) throw new StatementFormatError(null, `the file has ${skipped + 1} lines, and its profile skips ${skipRows} before the header row`);
  }
  return { rest: text.slice(skipRows === 0 ? 0 : lineBreak.lastIndex), line: skipRows + 1 };
}

interface OpenLine {
  readonly row: BankCsvRow;
  readonly line: Omit<ParsedLine, 'creditorReference' | 'remittance'>;
  /** The reference cells, then the continuation rows' ones. */
  readonly texts: string[];
}

class BankCsvReader {
  readonly #lines: ParsedLine[] = [];
  readonly #skipped = new SkippedTally();
  readonly #dateOf: (cell: string) => string | null;
  readonly #amountOf: (cell: string) => BankAmount | null;
  readonly #defaultCurrency: string | undefined;
  /** The booking read last, while continuation rows may add to it; null after a row that is not a line. */
  #open: OpenLine | null = null;
  #bookings = 0;
  /** The blank row that ended the table, once there is one. */
  #endedOn: number | null = null;

  constructor(profile: BankCsvProfile) {
    this.#dateOf = dateReader(profile.dateFormat);
    this.#amountOf = amountReader(profile.decimalSeparator);
    this.#defaultCurrency = profile.columns.defaultCurrency;
  }

  read(row: BankCsvRow): void {
    if (this.#endedOn !== null) return this.#refuseBookingInTrailer(row);
    if (row.isBlank) {
      if (this.#bookings > 0) this.#endedOn = row.line;
      return;
    }
    if (row.date === '' && !row.hasAmount) return this.#continue(row);
    this.#close();
    if (!/\d/.test(row.date)) {
      if (row.hasAmount) this.#skipped.add('notBooked');
      return;
    }
    const bookingDate = this.#dateOf(row.date);
    if (bookingDate === null) throw new StatementFormatError(row.line, `booking date "${row.date.slice(0, 40)}" is not a date written ${row.dateFormatHint}`);
    if (!row.hasAmount) return;
    this.#bookings++;
    this.#book(row, bookingDate);
  }

  finish(format: string): ParsedStatement {
    this.#close();
    return { format, account: null, lines: this.#lines, skipped: this.#skipped.counts };
  }

  #book(row: BankCsvRow, bookingDate: string): void {
    const bankId = row.entryId === '' ? null : checkedText(row.entryId, `entry id column "${row.columns.entryId}"`, MAX_ID_LENGTH, { line: row.line, entryId: null });
    const at: StatementPosition = { line: row.line, entryId: bankId };
    const { amount, skipped } = this.#signedAmount(row, at);
    const texts = row.references.map(({ column, text }) => checkedText(text, `column "${column}"`, MAX_TEXT_LENGTH, at)).filter((text) => text !== '');
    if (skipped !== null) return this.#skipped.add(skipped);
    // Only a credit's currency is needed (Yuh fills its CREDIT CURRENCY column on credits only).
    const currency = bookedCurrency(row.currency === '' ? this.#defaultCurrency : row.currency, at);
    const minorUnits = minorUnitsOrZero(amount, currency, at);
    if (minorUnits === 0) return this.#skipped.add('zeroAmounts');
    this.#open = { row, texts, line: { line: row.line, bankId, bookingDate, amount: minorUnits, currency, references: [...texts], debtorName: null, debtorIban: null } };
  }

  /** The amount of a credit as a decimal; for a debit, why it is skipped. */
  #signedAmount(row: BankCsvRow, at: StatementPosition): { amount: string; skipped: SkipReason | null } {
    const read = (column: string, cell: string): BankAmount | null => {
      if (cell === '') return null;
      const amount = this.#amountOf(cell);
      if (amount === null) throw new StatementFormatError(at.line, `amount "${cell.slice(0, 40)}" in column "${column}" is not an amount such as ${row.amountHint}`, at.entryId);
      return amount;
    };
    const amount = read(row.columns.amount ?? row.columns.credit ?? '', row.amount);
    const debit = read(row.columns.debit ?? '', row.debit);
    const isZero = (value: BankAmount | null): boolean => value === null || /^[0.]*$/.test(value.decimal);
    if (!isZero(amount) && !isZero(debit)) throw new StatementFormatError(at.line, 'both the credit and the debit column hold an amount', at.entryId);
    if (!isZero(debit) || amount?.negative === true) return { amount: '0', skipped: 'debits' };
    return { amount: amount?.decimal ?? '0', skipped: null };
  }

  #continue(row: BankCsvRow): void {
    const at = { line: row.line, entryId: null };
    const texts = row.references.map(({ column, text }) => checkedText(text, `column "${column}"`, MAX_TEXT_LENGTH, at)).filter((text) => text !== '');
    this.#open?.texts.push(...texts);
  }

  #close(): void {
    const open = this.#open;
    this.#open = null;
    if (open === null) return;
    this.#lines.push({ ...open.line, creditorReference: firstCreditorReference(open.texts), remittance: cutText(open.texts.join(' '), MAX_REMITTANCE_LENGTH) });
  }

  /** A row after the table's end that reads as a booking would be dropped: refuse the file instead. */
  #refuseBookingInTrailer(row: BankCsvRow): void {
    if (row.isBlank || row.date === '' || this.#dateOf(row.date) === null || !row.hasAmount) return;
    const amounts = [row.amount, row.debit].filter((cell) => cell !== '');
    if (amounts.every((cell) => this.#amountOf(cell) !== null)) {
      throw new StatementFormatError(row.line, `a booking after the blank line ${this.#endedOn} that ends the table (remove the blank line, or the row)`);
    }
  }
}
