import { formatFor } from './formats/statement-formats';
import type { ParsedStatement, StatementUpload } from './formats/statement-format';
import { identifyLines, type IdentifiedLine } from './line-identity';
import { StatementFormatError } from './statement-line';

/**
 * The largest statement body accepted, in bytes: 20 MiB. A camt.053 of 10,000 credits as banks write them
 * (entry, transaction details, parties, remittance; indented) is about 15 MiB, 7.5 MiB without indentation,
 * and takes a few seconds to read in a heap of under 64 MiB (one entry's tree at a time); a CSV of as many
 * lines is under 1 MiB. The route reads its body (StatementBody) only up to this value: a larger
 * one is refused (413) from its Content-Length, or as soon as it passes the limit.
 */
export const MAX_STATEMENT_BYTES = 20 * 1024 * 1024;

/** A statement read whole and checked, each line with the id it is kept by. */
export interface ReadStatement extends Omit<ParsedStatement, 'lines'> {
  readonly lines: readonly IdentifiedLine[];
}

/** The statement's credit lines, in file order, or a StatementFormatError naming the line: nothing is applied before this ends. */
export function parseStatement(body: Buffer, upload: StatementUpload): ReadStatement {
  if (body.length > MAX_STATEMENT_BYTES) throw new StatementFormatError(null, `the statement is larger than ${MAX_STATEMENT_BYTES} bytes`);
  const format = formatFor(upload);
  if (format === null) throw new StatementFormatError(null, `no statement format reads ${upload.mediaType}${upload.profile === null ? '' : ' with a profile'}`);
  const statement = format.parse(body, upload.profile);
  return { ...statement, lines: identifyLines(statement.account, statement.lines) };
}
