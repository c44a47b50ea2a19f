import { minorUnitsOf, statementCurrency, statementDate } from './statement-amount';
import { StatementFormatError, type StatementLine } from './statement-line';

/**
 * A statement as CSV (RFC 4180): the header row exactly `booking_date,amount,currency,reference,entry_id` (unquoted), in
 * that order (a file with other columns or another order is refused, not guessed at), then one row per booking.
 * A UTF-8 byte-order mark, CRLF or LF line ends, quoted fields (with commas, doubled quotes and line breaks) and
 * blank lines at the end are accepted. Amounts are in major units as the bank writes them ("1234.50"), negative
 * for debits; debit rows are skipped. Fields are trimmed; an empty reference is null. Errors name the 1-based
 * line where the row starts.
 */

export const STATEMENT_CSV_COLUMNS = ['booking_date', 'amount', 'currency', 'reference', 'entry_id'] as const;
const HEADER_ROW = STATEMENT_CSV_COLUMNS.join(',');

interface CsvRecord {
  /** 1-based line where the record starts. */
  readonly line: number;
  readonly fields: readonly string[];
}

export function parseStatementCsv(text: string): StatementLine[] {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const headerEnd = body.search(/[\r\n]/);
  if ((headerEnd === -1 ? body : body.slice(0, headerEnd)) !== HEADER_ROW) {
    throw new StatementFormatError(1, `the header row must be exactly ${HEADER_ROW}`);
  }
  const records = csvRecords(body);
  records.next();
  const lines: StatementLine[] = [];
  // Blank rows are an error only when a row follows them: blank lines at the end are allowed.
  const blanks: CsvRecord[] = [];
  for (const record of records) {
    if (isBlank(record)) {
      blanks.push(record);
      continue;
    }
    if (blanks.length > 0) throw new StatementFormatError(blanks[0].line, 'blank line inside the statement');
    const line = statementLineOf(record);
    if (line !== null) lines.push(line);
  }
  return lines;
}

function isBlank(record: CsvRecord): boolean {
  return record.fields.length === 1 && record.fields[0] === '';
}

/** The line of one row; null for a debit. */
function statementLineOf({ line, fields }: CsvRecord): StatementLine | null {
  if (fields.length !== STATEMENT_CSV_COLUMNS.length) {
    throw new StatementFormatError(line, `${fields.length} fields, expected ${STATEMENT_CSV_COLUMNS.length} (${STATEMENT_CSV_COLUMNS.join(',')})`);
  }
  const [bookingDate, amount, currency, reference, entryId] = fields.map((field) => field.trim());
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

/** RFC 4180 records with the line each starts on, read as they are asked for. A final line break ends the last record. */
function* csvRecords(text: string): Generator<CsvRecord> {
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let recordLine = 1;
  let at = 0;
  const endRecord = (): CsvRecord => {
    fields.push(field);
    const record = { line: recordLine, fields };
    fields = [];
    field = '';
    return record;
  };
  while (at < text.length) {
    const char = text[at];
    if (char === '"' && field === '') {
      const quoteLine = line;
      let end = at + 1;
      for (;;) {
        end = text.indexOf('"', end);
        if (end === -1) throw new StatementFormatError(quoteLine, 'a quoted field is not closed');
        if (text[end + 1] !== '"') break;
        end += 2;
      }
      const quoted = text.slice(at + 1, end);
      line += countLineBreaks(quoted);
      field = quoted.replace(/""/g, '"');
      at = end + 1;
      const next = text[at];
      if (next !== undefined && next !== ',' && next !== '\n' && next !== '\r') {
        throw new StatementFormatError(quoteLine, 'text after the closing quote of a field');
      }
      continue;
    }
    if (char === '"') throw new StatementFormatError(line, 'a quote inside an unquoted field (quote the whole field and double the quote)');
    if (char === ',') {
      fields.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[at + 1] === '\n') at++;
      yield endRecord();
      line++;
      recordLine = line;
    } else {
      field += char;
    }
    at++;
  }
  if (field !== '' || fields.length > 0) yield endRecord();
}

function countLineBreaks(value: string): number {
  return value.match(/\r\n|\r|\n/g)?.length ?? 0;
}
