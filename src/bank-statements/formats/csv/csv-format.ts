import { bookedCurrency, minorUnitsOrZero, statementDate } from '../../statement-amount';
import { StatementFormatError, type StatementPosition } from '../../statement-line';
import { SkippedTally } from '../skipped-tally';
import type { ParsedLine, ParsedStatement, StatementFormat } from '../statement-format';
import { checkedText, cutText, decodeStatement, firstCreditorReference, MAX_ID_LENGTH, MAX_REMITTANCE_LENGTH, MAX_TEXT_LENGTH } from '../statement-text';
import { csvRecords, type CsvRecord } from './csv-records';

/**
 * The contract's own CSV (sections 16 and 19): UTF-8 (a byte-order mark is dropped), the header row exactly
 * `booking_date,amount,currency,reference,entry_id` (unquoted; another order or other columns are refused, not
 * guessed at), then one row per booking, RFC 4180 quoting, CRLF or LF, blank lines at the end. Fields are trimmed.
 * Amounts are in major units as the bank writes them ("1234.50"), negative for debits (counted, not lines); a zero
 * amount is counted too. `currency` is any three upper-case letters (one the platform does not support makes an
 * unmatched line). `entry_id` may be empty (the line then gets a derived id). The `reference` cell is the line's
 * remittance and its one reference; its first valid RF, also inside bank text, is the creditor reference. The
 * statement names no account. Errors name the 1-based line where the row starts.
 */
export const csvFormat: StatementFormat = {
  mediaTypes: ['text/csv'],
  usesProfile: false,
  parse: (body) => readContractCsv(decodeStatement(body, 'utf-8')),
};

export const STATEMENT_CSV_COLUMNS = ['booking_date', 'amount', 'currency', 'reference', 'entry_id'] as const;
const HEADER_ROW = STATEMENT_CSV_COLUMNS.join(',');
const SIGNED_DECIMAL = /^([+-]?)([0-9]+(?:\.[0-9]+)?)$/;

export function readContractCsv(text: string): ParsedStatement {
  const lines: ParsedLine[] = [];
  const skipped = new SkippedTally();
  for (const record of contractCsvRows(text)) {
    const row = rowOf(record);
    if (row.skipped === null) lines.push(row.line);
    else skipped.add(row.skipped);
  }
  return { format: 'csv', account: null, lines, skipped: skipped.counts };
}

/**
 * The rows after the header row, each of five fields, trimmed: the header row is checked, blank lines at the end are
 * dropped and a blank line before another row is refused.
 */
export function* contractCsvRows(text: string): Generator<CsvRecord> {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const headerEnd = body.search(/[\r\n]/);
  if ((headerEnd === -1 ? body : body.slice(0, headerEnd)) !== HEADER_ROW) {
    throw new StatementFormatError(1, `the header row must be exactly ${HEADER_ROW}`);
  }
  const records = csvRecords(body, ',');
  records.next();
  let blank: CsvRecord | null = null;
  for (const record of records) {
    if (record.fields.length === 1 && record.fields[0] === '') {
      blank ??= record;
      continue;
    }
    if (blank !== null) throw new StatementFormatError(blank.line, 'blank line inside the statement');
    if (record.fields.length !== STATEMENT_CSV_COLUMNS.length) {
      throw new StatementFormatError(record.line, `${record.fields.length} fields, expected ${STATEMENT_CSV_COLUMNS.length} (${HEADER_ROW})`);
    }
    yield { line: record.line, fields: record.fields.map((field) => field.trim()) };
  }
}

type Row = { readonly skipped: null; readonly line: ParsedLine } | { readonly skipped: 'debits' | 'zeroAmounts' };

/** Every cell of every row is checked, debits' too: a malformed statement is refused whole. */
function rowOf({ line, fields }: CsvRecord): Row {
  const [date, amount, currency, reference, entryId] = fields;
  const bankId = entryId === '' ? null : checkedText(entryId, 'entry_id', MAX_ID_LENGTH, { line, entryId: null });
  const at: StatementPosition = { line, entryId: bankId };
  const bookingDate = statementDate(date, at);
  const code = bookedCurrency(currency, at);
  const remittance = checkedText(reference, 'reference', MAX_TEXT_LENGTH, at);
  const signed = SIGNED_DECIMAL.exec(amount);
  if (signed === null) throw new StatementFormatError(line, `amount "${amount}" is not a decimal number such as 1234.50`, bankId);
  if (signed[1] === '-') return { skipped: 'debits' };
  const minorUnits = minorUnitsOrZero(signed[2], code, at);
  if (minorUnits === 0) return { skipped: 'zeroAmounts' };
  return {
    skipped: null,
    line: {
      line,
      bankId,
      bookingDate,
      amount: minorUnits,
      currency: code,
      creditorReference: firstCreditorReference([remittance]),
      references: remittance === '' ? [] : [remittance],
      remittance: cutText(remittance, MAX_REMITTANCE_LENGTH),
      debtorName: null,
      debtorIban: null,
    },
  };
}
