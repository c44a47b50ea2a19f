/**
 * ISO 11649 structured creditor references ("RF references"): `RF`, two check digits, and a body of 1 to 21
 * letters and digits. The check digits are ISO 7064 MOD 97-10 over body + "RF" + check digits, letters read
 * as A=10 .. Z=35, exactly as in an IBAN: a reference is valid when that number mod 97 is 1.
 */

const MAX_BODY_LENGTH = 21;
const BODY = /^[0-9A-Z]{1,21}$/;
const ELECTRONIC_FORM = /^RF[0-9]{2}[0-9A-Z]{1,21}$/;
const PAYMENT_ID = /^pay_[0-9A-HJKMNP-TV-Z]{26}$/;

/** The remainder mod 97 of the digits that `text` (0-9, A-Z) stands for, computed piecewise so no number grows large. */
function mod97(text: string): number {
  let remainder = 0;
  for (const char of text) {
    const value = Number.parseInt(char, 36);
    remainder = value < 10 ? (remainder * 10 + value) % 97 : (remainder * 100 + value) % 97;
  }
  return remainder;
}

/** The electronic form (`RF18539007547034`) of a reference to the given body (1..21 characters, 0-9 and A-Z). */
export function createCreditorReference(body: string): string {
  if (!BODY.test(body)) {
    throw new RangeError(`a creditor reference body is 1 to ${MAX_BODY_LENGTH} characters of 0-9 and A-Z, got "${body}"`);
  }
  const checkDigits = 98 - mod97(`${body}RF00`);
  return `RF${String(checkDigits).padStart(2, '0')}${body}`;
}

/** The print form: groups of four characters, `RF18 5390 0754 7034`. */
export function formatCreditorReference(reference: string): string {
  return reference.replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * The electronic form of a reference as a person or a bank wrote it (spaces anywhere, any case), or null when
 * it is not one or its check digits do not verify.
 */
export function parseCreditorReference(text: string): string | null {
  const candidate = text.replace(/ /g, '').toUpperCase();
  if (!ELECTRONIC_FORM.test(candidate)) return null;
  return mod97(candidate.slice(4) + candidate.slice(0, 4)) === 1 ? candidate : null;
}

/**
 * The first valid RF reference inside free text (an unstructured remittance line such as
 * "Invoice 12, RF18 5390 0754 7034, thanks"), in electronic form, or null. Finds the electronic form as one word
 * and the print form (RF and check digits, then groups of four, the last of 1 to 4). A print form followed by a
 * short word is ambiguous ("RF18 5390 0754 7034 ABC"): the longest run of groups that verifies wins.
 */
export function findCreditorReference(text: string): string | null {
  const words = text
    .toUpperCase()
    .split(/[^0-9A-Z]+/)
    .filter((word) => word !== '');
  for (const [index, word] of words.entries()) {
    if (ELECTRONIC_FORM.test(word) && parseCreditorReference(word) !== null) return word;
    if (/^RF[0-9]{2}$/.test(word)) {
      const reference = printFormAt(words, index);
      if (reference !== null) return reference;
    }
  }
  return null;
}

/** The longest valid reference made of words[start] ("RF18") and the groups of at most four that follow it. */
function printFormAt(words: readonly string[], start: number): string | null {
  const prefixes: string[] = [];
  let compact = words[start];
  for (const group of words.slice(start + 1)) {
    if (group.length > 4 || compact.length - 4 + group.length > MAX_BODY_LENGTH) break;
    compact += group;
    prefixes.push(compact);
    if (group.length < 4) break;
  }
  for (const candidate of prefixes.reverse()) {
    if (parseCreditorReference(candidate) !== null) return candidate;
  }
  return null;
}

/**
 * The reference of a payment request, derived from its id `pay_<ULID>`: the body is the last 21 of the ULID's 26
 * characters (the 5 low characters of its millisecond time and all 16 of its 80 random bits).
 *
 * Why that part: two requests made in the same millisecond differ in the random part (the generator increments
 * it), and two made in different milliseconds share a body only if their times agree modulo 2^25 ms (~388 days)
 * AND their 80 random bits are equal, which is negligible; the unique index on the stored reference settles the
 * rest. The body keeps Crockford's alphabet (no I, L, O, U), so a customer copying it cannot confuse O with 0.
 * It is the same on every call, so it needs no storage to be recomputed, though it is stored for lookup.
 */
export function creditorReferenceFor(paymentId: string): string {
  if (!PAYMENT_ID.test(paymentId)) throw new RangeError(`not a payment id: "${paymentId}"`);
  return createCreditorReference(paymentId.slice(-MAX_BODY_LENGTH));
}
