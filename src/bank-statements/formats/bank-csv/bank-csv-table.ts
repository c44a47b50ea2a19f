import { StatementFormatError } from '../../statement-line';
import type { CsvRecord } from '../csv/csv-records';
import type { BankCsvColumns, BankCsvProfile } from '../statement-format';

/** One row of a bank's CSV, its cells picked by the profile's columns: trimmed, '' where the row is short. */
export interface BankCsvRow {
  readonly line: number;
  readonly columns: BankCsvColumns;
  readonly date: string;
  /** The signed amount column's cell, or the credit column's. */
  readonly amount: string;
  /** The debit column's cell ('' with a signed amount column). */
  readonly debit: string;
  readonly currency: string;
  readonly entryId: string;
  readonly references: readonly { readonly column: string; readonly text: string }[];
  /** Empty, or only delimiters and spaces. */
  readonly isBlank: boolean;
  readonly hasAmount: boolean;
  /** How the profile writes dates and amounts, for errors. */
  readonly dateFormatHint: string;
  readonly amountHint: string;
}

/** The header row of a bank's CSV, and the rows after it read through it. */
export class BankCsvTable {
  readonly #profile: BankCsvProfile;
  readonly #index = new Map<string, number>();

  /** Every column the profile names must be in the header row, once: else the file is refused, naming the header's line. */
  constructor(profile: BankCsvProfile, header: CsvRecord) {
    this.#profile = profile;
    const names = header.fields.map((name) => unwrapped(name.replace(/\uFEFF/g, '').trim()));
    const { bookingDate, amount, credit, debit, currency, entryId, reference } = profile.columns;
    for (const column of [bookingDate, amount, credit, debit, currency, entryId, ...reference]) {
      if (column === undefined || this.#index.has(column)) continue;
      const at = names.indexOf(column);
      if (at === -1) {
        const shown = names
          .filter((name) => name !== '')
          .slice(0, 30)
          .map((name) => `"${name.slice(0, 40)}"`);
        throw new StatementFormatError(header.line, `the header row has no column "${column}" (it has ${shown.join(', ')})`);
      }
      if (names.indexOf(column, at + 1) !== -1) throw new StatementFormatError(header.line, `the header row has the column "${column}" twice`);
      this.#index.set(column, at);
    }
  }

  row({ line, fields }: CsvRecord): BankCsvRow {
    const { columns, dateFormat, decimalSeparator } = this.#profile;
    const cell = (column: string | undefined): string => {
      const at = column === undefined ? undefined : this.#index.get(column);
      return at === undefined ? '' : unwrapped((fields[at] ?? '').trim());
    };
    const amount = cell(columns.amount ?? columns.credit);
    const debit = cell(columns.debit);
    return {
      line,
      columns,
      date: cell(columns.bookingDate),
      amount,
      debit,
      currency: cell(columns.currency),
      entryId: cell(columns.entryId),
      references: columns.reference.map((column) => ({ column, text: cell(column) })),
      isBlank: fields.every((field) => field.trim() === ''),
      hasAmount: amount !== '' || debit !== '',
      dateFormatHint: dateFormat,
      amountHint: decimalSeparator === '.' ? '1234.50' : '1234,50',
    };
  }
}

/** A cell quoted once more inside its CSV quotes (UBS's and Yuh's `"""text"""`) without the extra pair. */
function unwrapped(cell: string): string {
  return cell.length >= 2 && cell.startsWith('"') && cell.endsWith('"') ? cell.slice(1, -1).trim() : cell;
}
