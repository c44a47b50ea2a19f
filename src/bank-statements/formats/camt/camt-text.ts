import { StatementFormatError } from '../../statement-line';
import { decodeStatement } from '../statement-text';

/**
 * The text of a camt message from its bytes. ISO 20022 messages are UTF-8; a byte-order mark is dropped. A
 * declaration of US-ASCII reads as UTF-8 (its subset); of ISO-8859-1 or windows-1252, as that (a bank's older
 * export). UTF-16 and any other declared encoding are refused: no bank was seen sending them.
 * Line ends become LF, as an XML processor normalises them (XML 1.0, 2.11): a file of CR-only lines then counts
 * its lines as any reader does.
 */
export function camtText(body: Buffer): string {
  if (startsWith(body, [0xfe, 0xff]) || startsWith(body, [0xff, 0xfe])) {
    throw new StatementFormatError(null, 'the statement is UTF-16: camt messages are read in UTF-8');
  }
  const text = decoded(body, encodingOf(body));
  return text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text;
}

/**
 * At the very start of the file: after a UTF-8 byte-order mark it is not seen, and the mark's UTF-8 holds whatever
 * the declaration says (the decoder drops the mark).
 */
const ENCODING_DECLARATION = /^<\?xml\s[^?]*?\bencoding\s*=\s*["']([^"']*)["']/;

/** The encoding the XML declaration names (UTF-8 when it names none), as the decoder of the formats calls it. */
function encodingOf(bytes: Buffer): 'utf-8' | 'iso-8859-1' | 'windows-1252' {
  // The declaration is ASCII in every encoding read here, and at most a few hundred bytes.
  const declared = ENCODING_DECLARATION.exec(bytes.subarray(0, 512).toString('latin1'))?.[1];
  if (declared === undefined) return 'utf-8';
  const name = declared.toLowerCase();
  if (['utf-8', 'utf8', 'us-ascii', 'ascii'].includes(name)) return 'utf-8';
  if (['iso-8859-1', 'iso8859-1', 'latin1', 'latin-1'].includes(name)) return 'iso-8859-1';
  if (['windows-1252', 'cp1252'].includes(name)) return 'windows-1252';
  throw new StatementFormatError(1, `the XML declares the encoding "${declared}": camt messages are read in UTF-8 (or ISO-8859-1, windows-1252)`);
}

/** The shared decoder's text, its error about bytes that are not UTF-8 told in camt's terms (it speaks of a CSV profile). */
function decoded(bytes: Buffer, encoding: ReturnType<typeof encodingOf>): string {
  try {
    return decodeStatement(bytes, encoding);
  } catch (error) {
    if (!(error instanceof StatementFormatError)) throw error;
    throw new StatementFormatError(error.line, 'the statement is not valid UTF-8 (camt messages are UTF-8 unless their XML declaration names another encoding)');
  }
}

function startsWith(body: Buffer, bytes: readonly number[]): boolean {
  return bytes.every((byte, index) => body[index] === byte);
}
