import { StatementFormatError } from '../../statement-line';

/** One row of a CSV file as written: its fields unquoted, not trimmed. */
export interface CsvRecord {
  /** 1-based line of the file where the record starts. */
  readonly line: number;
  readonly fields: readonly string[];
}

/**
 * RFC 4180 records with the line each starts on, read as they are asked for: fields separated by `delimiter`
 * (one character: `,`, `;`, TAB, `|`), quoted fields with delimiters, doubled quotes and line breaks inside, CRLF,
 * LF or a lone CR (classic Mac exports) ending a record. A final line break ends the last record. `firstLine` is
 * the line `text` starts on in the file, for texts that begin after lines read otherwise.
 */
export function* csvRecords(text: string, delimiter: string, firstLine = 1): Generator<CsvRecord> {
  let fields: string[] = [];
  let field = '';
  let line = firstLine;
  let recordLine = firstLine;
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
      if (next !== undefined && next !== delimiter && next !== '\n' && next !== '\r') {
        throw new StatementFormatError(quoteLine, 'text after the closing quote of a field');
      }
      continue;
    }
    if (char === '"') throw new StatementFormatError(line, 'a quote inside an unquoted field (quote the whole field and double the quote)');
    if (char === delimiter) {
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
