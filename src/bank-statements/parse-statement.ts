import { parseCamt053 } from './camt053';
import { parseStatementCsv } from './statement-csv';
import { StatementFormatError, type StatementLine } from './statement-line';

export type StatementFormat = 'camt053' | 'csv';

/**
 * The largest statement body accepted, in bytes: 20 MiB. A camt.053 of 10,000 credits as banks write them
 * (entry, transaction details, parties, remittance; indented) is about 15 MiB, 7.5 MiB without indentation,
 * and takes a few seconds to read in a heap of under 64 MiB (one entry's tree at a time); a CSV of as many
 * lines is under 1 MiB. The route reads its body (StatementBody) only up to this value: a larger
 * one is refused (413) from its Content-Length, or as soon as it passes the limit.
 */
export const MAX_STATEMENT_BYTES = 20 * 1024 * 1024;

/**
 * The credit lines of a statement, in file order, or a StatementFormatError naming the line. An entry id that
 * appears twice in one statement is an error naming the second line: ids are what makes a re-import settle
 * nothing twice, so two different bookings under one id would make the second one silently vanish.
 */
export function parseStatement(body: string, format: StatementFormat): StatementLine[] {
  if (Buffer.byteLength(body, 'utf8') > MAX_STATEMENT_BYTES) {
    throw new StatementFormatError(null, `the statement is larger than ${MAX_STATEMENT_BYTES} bytes`);
  }
  const lines = format === 'camt053' ? parseCamt053(body) : parseStatementCsv(body);
  refuseDuplicateEntryIds(lines);
  return lines;
}

function refuseDuplicateEntryIds(lines: readonly StatementLine[]): void {
  const firstLineOf = new Map<string, number>();
  for (const { entryId, line } of lines) {
    const first = firstLineOf.get(entryId);
    if (first !== undefined) throw new StatementFormatError(line, `entry id ${entryId} appears twice (first on line ${first})`, entryId);
    firstLineOf.set(entryId, line);
  }
}
