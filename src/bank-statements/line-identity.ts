import { createHash } from 'node:crypto';
import type { ParsedLine } from './formats/statement-format';

/** A line with the id it is kept by: idempotent by account and entry id (contract section 19). */
export interface IdentifiedLine extends ParsedLine {
  readonly entryId: string;
}

/** Prefix of an id the service derived because the bank gave none unique to the line. */
export const DERIVED_ID_PREFIX = 'derived:';
const DERIVED_HASH_LENGTH = 26;
/** RFC 4648's base32 alphabet, in lower case. */
const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/**
 * Each line's entry id: the bank's id when no other line of the statement has it (of any account: a bank's id is
 * the bank's, whichever of its customer's accounts it books on), else `derived:` and a hash of
 * what the line says (account, booking date, amount, currency, its references and free text) and its ordinal
 * among the lines that say all of it. A repeated bank id (PostFinance and ING give two credits one AcctSvcrRef;
 * a batch repeats its entry's) would otherwise make the second credit vanish as "seen before"; two identical
 * lines (two customers paying the same amount with the same text on one day) stay two lines, and importing the
 * statement again gives each the same id.
 */
export function identifyLines(statementAccount: string | null, lines: readonly ParsedLine[]): IdentifiedLine[] {
  const bankIdCounts = new Map<string, number>();
  for (const { bankId } of lines) if (bankId !== null) bankIdCounts.set(bankId, (bankIdCounts.get(bankId) ?? 0) + 1);
  const ordinals = new Map<string, number>();
  return lines.map((line) => {
    if (line.bankId !== null && bankIdCounts.get(line.bankId) === 1) return { ...line, entryId: line.bankId };
    const content = lineContent(line.account ?? statementAccount, line);
    const ordinal = (ordinals.get(content) ?? 0) + 1;
    ordinals.set(content, ordinal);
    return { ...line, entryId: derivedId(content, ordinal) };
  });
}

/** What a derived id is made of, unambiguous: a JSON array (no separator can occur inside a value). */
function lineContent(account: string | null, line: ParsedLine): string {
  return JSON.stringify([account ?? '', line.bookingDate, line.amount, line.currency, line.bankId ?? '', ...line.references, line.remittance ?? '']);
}

function derivedId(content: string, ordinal: number): string {
  const digest = createHash('sha256').update(`${content}#${ordinal}`).digest();
  return DERIVED_ID_PREFIX + base32(digest).slice(0, DERIVED_HASH_LENGTH);
}

/** RFC 4648 base32 without padding, in lower case. */
export function base32(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  return bits > 0 ? out + BASE32[(value << (5 - bits)) & 31] : out;
}
