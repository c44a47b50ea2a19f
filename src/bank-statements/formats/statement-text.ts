import { isUtf8 } from 'node:buffer';
import { findCreditorReference } from '../../payments/providers/bank-transfer/creditor-reference';
import { StatementFormatError, type StatementPosition } from '../statement-line';
import type { BankCsvProfile } from './statement-format';

/** The text formats' shared rules: how bytes become text, and what a value read from a statement may hold. */

/** The longest id a statement may give (bank ids, references, the account): the width of a stored entry id. */
export const MAX_ID_LENGTH = 140;
/**
 * The longest free text in one place: an MT940 field (SWIFT allows 6 lines of 65 characters in :86:, German banks'
 * ?60-?63 extension some more) or one CSV cell. Longer is not a bank's statement.
 */
export const MAX_TEXT_LENGTH = 1000;
/** A line's remittance text and debtor name are cut to these widths (the inbox's columns); references are found before. */
export const MAX_REMITTANCE_LENGTH = 500;
export const MAX_NAME_LENGTH = 140;

/** C0 and C1 control characters other than TAB, LF and CR (NUL, ESC, DEL, U+0080-U+009F ...). */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/**
 * The text of a statement in the encoding its profile names. UTF-8 must be valid (a byte-order mark is dropped).
 * `iso-8859-1` is read as windows-1252, as the WHATWG Encoding standard does: the two agree on every printable
 * character, and bytes 0x80-0x9F, control codes in ISO-8859-1 that no bank means, become windows-1252's letters
 * (€, ’, Š) instead of characters the formats refuse.
 */
export function decodeStatement(body: Buffer, encoding: BankCsvProfile['encoding']): string {
  if (encoding !== 'utf-8') return decodeWindows1252(body);
  if (!isUtf8(body)) {
    throw new StatementFormatError(lineOfInvalidUtf8(body), `the statement is not valid UTF-8 (its profile's encoding): try iso-8859-1 or windows-1252`);
  }
  return new TextDecoder('utf-8').decode(body);
}

/**
 * windows-1252's characters for the bytes 0x80-0x9F. The five it leaves undefined (0x81, 0x8D, 0x8F, 0x90, 0x9D) read
 * as U+FFFD, as a decoder that does not fail reads any byte that is no character: they occur in files written in
 * another code page (CP852 in Hungary) and are letters there, not the control codes that would refuse the file.
 */
const WINDOWS_1252_80_9F = '€\uFFFD‚ƒ„…†‡ˆ‰Š‹Œ\uFFFDŽ\uFFFD\uFFFD‘’“”•–—˜™š›œ\uFFFDžŸ';

/** By hand: Node 20's TextDecoder('windows-1252') reads ISO-8859-1 (0x80 as U+0080, not €). */
function decodeWindows1252(body: Buffer): string {
  return body.toString('latin1').replace(/[\u0080-\u009F]/g, (char) => WINDOWS_1252_80_9F[char.charCodeAt(0) - 0x80]);
}

/**
 * The text of a file whose encoding nobody states (MT940): UTF-8 when the bytes are valid UTF-8, else windows-1252,
 * the encoding of most European banks' exports (a superset of ISO-8859-1's letters). A file in another single-byte
 * code page (Windows-1250 in Poland) reads with some letters wrong but never fails: its numbers and tags are ASCII.
 */
export function decodeUtf8OrWindows1252(body: Buffer): string {
  return decodeStatement(body, isUtf8(body) ? 'utf-8' : 'windows-1252');
}

/** The 1-based line (CR, LF or CRLF ends a line) of the first bytes that are not UTF-8. LF and CR never occur inside a UTF-8 sequence. */
function lineOfInvalidUtf8(body: Buffer): number {
  let line = 1;
  let start = 0;
  for (let at = 0; at <= body.length; at++) {
    const byte = body[at];
    if (at < body.length && byte !== 0x0a && byte !== 0x0d) continue;
    if (!isUtf8(body.subarray(start, at))) return line;
    if (byte === 0x0d && body[at + 1] === 0x0a) at++;
    line++;
    start = at + 1;
  }
  return line;
}

export interface TextLine {
  /** 1-based. */
  readonly line: number;
  readonly text: string;
}

/** The lines of a text as they are asked for (CRLF, LF or a lone CR ends one): no array of the whole file. */
export function* textLines(text: string): Generator<TextLine> {
  const lineBreak = /\r\n?|\n/g;
  let start = 0;
  let line = 1;
  while (start < text.length) {
    lineBreak.lastIndex = start;
    const found = lineBreak.exec(text);
    yield { line, text: text.slice(start, found === null ? text.length : found.index) };
    if (found === null) return;
    start = found.index + found[0].length;
    line++;
  }
}

/** A value read from a statement, refused (naming where it stands) if it holds a control character or is longer than `max`. */
export function checkedText(value: string, what: string, max: number, at: StatementPosition): string {
  const control = CONTROL_CHARACTER.exec(value);
  if (control !== null) {
    const code = control[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
    throw new StatementFormatError(at.line, `${what} holds the control character U+${code}`, at.entryId);
  }
  if (value.length > max) throw new StatementFormatError(at.line, `${what} is longer than ${max} characters (${value.length})`, at.entryId);
  return value;
}

const IBAN = /^[A-Z]{2}[0-9]{2}[0-9A-Z]{11,30}$/;

/** An IBAN as written ("NL91 abna 0417 1643 00") in its electronic form, or null when the text is not shaped like one. */
export function compactIban(written: string): string | null {
  const compact = written.replace(/\s/g, '').toUpperCase();
  return IBAN.test(compact) ? compact : null;
}

/** True when the text holds a control character other than TAB, LF and CR. */
export function hasControlCharacter(text: string): boolean {
  return CONTROL_CHARACTER.test(text);
}

/** Runs of white space (line breaks, tabs, a bank's padding) as one space, trimmed. */
export function singleSpaced(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Display text cut to a column's width; null for nothing. */
export function cutText(text: string | null, max: number): string | null {
  if (text === null) return null;
  const spaced = singleSpaced(text);
  if (spaced === '') return null;
  return spaced.length <= max ? spaced : spaced.slice(0, max).trimEnd();
}

/** The first valid RF creditor reference in these texts, searched in their order (contract section 19); null when none has one. */
export function firstCreditorReference(texts: readonly (string | null)[]): string | null {
  for (const text of texts) {
    const reference = text === null ? null : findCreditorReference(text);
    if (reference !== null) return reference;
  }
  return null;
}
