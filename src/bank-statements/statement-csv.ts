import { contractCsvRows } from './formats/csv/csv-format';
import type { CsvRecord } from './formats/csv/csv-records';
import { minorUnitsOf, statementCurrency, statementDate } from './statement-amount';
import { StatementFormatError, type StatementLine } from './statement-line';

/**
 * Section 16's reading of the contract's CSV, for parse-statement.ts until formats/csv (section 19) replaces it:
 * the same file layout (formats/csv/csv-format.ts reads the header and the rows), but stricter rows: an empty
 * entry_id, a zero amount and a currency the platform does not support are refused, debits are skipped unread.
 * Delete this file (and its spec) once the import route reads through formats/.
 */
export function parseStatementCsv(text: string): StatementLine[] {
  const lines: StatementLine[] = [];
  for (const record of contractCsvRows(text)) {
    const line = statementLineOf(record);
    if (line !== null) lines.push(line);
  }
  return lines;
}

/** The line of one row; null for a debit. */
function statementLineOf({ line, fields }: CsvRecord): StatementLine | null {
  const [bookingDate, amount, currency, reference, entryId] = fields;
  if (/^-[0-9]+(\.[0-9]+)?$/.test(amount)) return null;
  if (entryId === '') throw new StatementFormatError(line, 'entry_id is empty');
  const at = { line, entryId };
  const code = statementCurrency(currency, at);
  return {
    line,
    entryId,
    bookingDate: statementDate(bookingDate, at),
    amount: minorUnitsOf(amount.startsWith('+') ? amount.slice(1) : amount, code, at),
    currency: code,
    reference: reference === '' ? null : reference,
  };
}
