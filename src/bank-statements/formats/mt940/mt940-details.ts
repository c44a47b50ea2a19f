import { compactIban, firstCreditorReference, singleSpaced } from '../statement-text';

/** What an entry's :86: field (information to the account owner) says, in whichever of the three usual layouts. */
export interface Mt940Details {
  /** The purpose of the payment, single-spaced; null when none. */
  readonly remittance: string | null;
  readonly creditorReference: string | null;
  /** The SEPA end-to-end id where the layout names it (`/EREF/`), not NOTPROVIDED. */
  readonly endToEndId: string | null;
  readonly debtorName: string | null;
  readonly debtorIban: string | null;
}

/** A German subfield (?20-?29) holds at most 27 characters: a full one is cut mid-word, a shorter one ends a phrase. */
const SUBFIELD_WIDTH = 27;
const PURPOSE_SUBFIELDS = /^(2\d|6[0-3])$/;
const NAME_SUBFIELDS = /^3[23]$/;
/** The codes of the Dutch banks' (and bunq's, Knab's, HSBC's) `/CODE/value` layout. */
const SLASH_CODES = 'ACCW|TRTP|IBAN|BIC|NAME|REMI|EREF|ORDP|BENM|ISDT|CSID|MARF|RTRN|ADDR|PREF|SVCL|ULTC|ULTD|PURP|CDTRREF|CDTRREFTP|CNTP|OCMT|CHGS|TRCD|EXCH';
const SLASH_LAYOUT = new RegExp(`^/(${SLASH_CODES})/`);
const SLASH_CODE = new RegExp(`/(${SLASH_CODES})/`);

const NOTHING: Mt940Details = { remittance: null, creditorReference: null, endToEndId: null, debtorName: null, debtorIban: null };

/**
 * The details of one entry from its :86: lines. A bank wraps the field at a fixed width, mid-word, so the
 * structured layouts are read with the line breaks removed; free text gets a space for each line break. The RF
 * reference is looked for in the purpose first, then anywhere in the field, both with and without those spaces
 * (an RF's groups may be cut by a line break either way).
 */
export function readDetails(lines: readonly string[]): Mt940Details {
  const joined = lines.join('');
  if (joined.trim() === '') return NOTHING;
  if (/^\d{3}[?>]/.test(joined)) return germanDetails(joined);
  if (SLASH_LAYOUT.test(joined)) return slashDetails(joined, lines);
  const text = lines.join(' ');
  return { ...NOTHING, remittance: singleSpaced(text), creditorReference: firstCreditorReference([text, joined]) };
}

/**
 * The German layout (DFÜ-Abkommen, also Triodos with `>`): a three-digit business transaction code, then
 * subfields `?00` posting text, `?20`-`?29` and `?60`-`?63` purpose, `?30` bank code or BIC, `?31` account or
 * IBAN, `?32`-`?33` the other party's name.
 */
function germanDetails(joined: string): Mt940Details {
  const separator = joined[3];
  const parts = joined.slice(3).split(new RegExp(`\\${separator}(\\d{2})`));
  const subfields: [string, string][] = [];
  for (let index = 1; index < parts.length; index += 2) subfields.push([parts[index], parts[index + 1]]);
  const valuesOf = (codes: RegExp): string[] => subfields.filter(([code]) => codes.test(code)).map(([, value]) => value);
  const purposeParts = valuesOf(PURPOSE_SUBFIELDS);
  const purpose = singleSpaced(joinSubfields(purposeParts));
  const name = singleSpaced(joinSubfields(valuesOf(NAME_SUBFIELDS)));
  const postingText = singleSpaced(valuesOf(/^00$/).join(' '));
  return {
    remittance: purpose !== '' ? purpose : postingText !== '' ? postingText : null,
    creditorReference: firstCreditorReference([purpose, purposeParts.join(''), joined]),
    endToEndId: null,
    debtorName: name === '' ? null : name,
    debtorIban: compactIban(valuesOf(/^31$/)[0] ?? ''),
  };
}

function joinSubfields(values: readonly string[]): string {
  return values.reduce((text, value, index) => (index === 0 || values[index - 1].length >= SUBFIELD_WIDTH ? text + value : `${text} ${value}`), '');
}

/** The `/CODE/value` layout: `/TRTP/SEPA OVERBOEKING/IBAN/NL..../NAME/.../REMI/.../EREF/...`. The first of a code counts. */
function slashDetails(joined: string, lines: readonly string[]): Mt940Details {
  const parts = joined.split(new RegExp(SLASH_CODE, 'g'));
  const values = new Map<string, string>();
  for (let index = 1; index < parts.length; index += 2) {
    if (!values.has(parts[index])) values.set(parts[index], singleSpaced(parts[index + 1]));
  }
  const valueOf = (code: string): string | null => {
    const value = values.get(code);
    return value === undefined || value === '' ? null : value;
  };
  const endToEndId = valueOf('EREF');
  return {
    remittance: valueOf('REMI') ?? singleSpaced(lines.join(' ')),
    creditorReference: firstCreditorReference([valueOf('REMI'), endToEndId, valueOf('CDTRREF'), joined, lines.join(' ')]),
    endToEndId: endToEndId === 'NOTPROVIDED' ? null : endToEndId,
    debtorName: valueOf('NAME'),
    // Rabobank writes the other party's account as /ACCW/IBAN,BIC.
    debtorIban: compactIban(valueOf('IBAN') ?? valueOf('ACCW')?.split(',')[0] ?? ''),
  };
}
