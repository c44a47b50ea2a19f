import { StatementFormatError } from '../../statement-line';
import { checkedText, MAX_TEXT_LENGTH, textLines } from '../statement-text';

/** One field of an MT940 message (`:61:...` and its continuation lines), as the file wrote it. */
export interface Mt940Field {
  /** `20`, `25`, `60F`, `61`, `86`, `NS` ... */
  readonly tag: string;
  /** 1-based line of the file where the field starts. */
  readonly line: number;
  /** The text after the tag, then each continuation line as written (padding kept). */
  readonly lines: readonly string[];
}

const TAG = /^:([0-9]{2}[A-Z]?|NS):/;
/** SOH and ETX, the framing of SWIFT FIN transmissions some banks leave around each message; SUB, DOS's end of file. */
// eslint-disable-next-line no-control-regex -- these control characters are what is removed
const FRAMING = /[\u0001\u0003\u001A]/g;
const MESSAGE_TYPE = /\{2:[IO](\d{3})/;

/**
 * The fields of an MT940 file in order, read line by line. Accepts what banks wrap them in: SWIFT blocks
 * (`{1:...}{2:...}{4:` before a message, `-}` and `{5:...}` after it, SOH/ETX framing), `-` lines between
 * messages, and lines outside any field (ABN AMRO's `ABNANL2A`/`940`, ING's `0000 01INGBNL2A...`, Rabobank's
 * `:940:`), which are skipped. A field's lines are checked for control characters (naming the line) and its
 * length is bounded, so a hostile file costs no more memory than one field.
 */
export function* mt940Fields(text: string): Generator<Mt940Field> {
  let field: { tag: string; line: number; lines: string[]; length: number } | null = null;
  for (const { line, text: written } of textLines(text)) {
    let rest = written.replace(FRAMING, '');
    const endsMessage = /^-(\}|\s*$)/.test(rest);
    if (endsMessage || rest.startsWith('{')) {
      if (field !== null) yield field;
      field = null;
      rest = messageStart(endsMessage ? rest.replace(/^-\}?/, '') : rest, line);
    }
    const tag = TAG.exec(rest);
    if (tag !== null) {
      if (field !== null) yield field;
      field = { tag: tag[1], line, lines: [], length: 0 };
      rest = rest.slice(tag[0].length);
    } else if (field === null) {
      continue;
    }
    field.lines.push(checkedText(rest, 'the line', MAX_TEXT_LENGTH, { line, entryId: null }));
    field.length += rest.length;
    if (field.length > MAX_TEXT_LENGTH) {
      throw new StatementFormatError(field.line, `field :${field.tag}: is longer than ${MAX_TEXT_LENGTH} characters`);
    }
  }
  if (field !== null) yield field;
}

/** What follows `{4:` on a line of SWIFT blocks ('' for a line of other blocks); an MT942 or other message is refused. */
function messageStart(blocks: string, line: number): string {
  const type = MESSAGE_TYPE.exec(blocks);
  if (type !== null && type[1] !== '940') {
    throw new StatementFormatError(line, `the SWIFT message is an MT${type[1]}, not an MT940 customer statement`);
  }
  const body = blocks.indexOf('{4:');
  return body === -1 ? '' : blocks.slice(body + '{4:'.length);
}
