import { bookedCurrency, minorUnitsOrZero } from '../../statement-amount';
import { StatementFormatError } from '../../statement-line';
import { SkippedTally, type SkipReason } from '../skipped-tally';
import type { ParsedLine, ParsedStatement, StatementFormat } from '../statement-format';
import { checkedText, compactIban, cutText, decodeUtf8OrWindows1252, MAX_ID_LENGTH, MAX_NAME_LENGTH, MAX_REMITTANCE_LENGTH, MAX_TEXT_LENGTH } from '../statement-text';
import { readDetails } from './mt940-details';
import { readEntry, type Mt940Entry } from './mt940-entry';
import { mt940Fields, type Mt940Field } from './mt940-fields';

/**
 * SWIFT MT940 customer statements (contract section 19), read by our own small parser rather than a package.
 *
 * Why not a package (compared on npm and on the 47 files of test/fixtures/bank-statements/mt940, 2026-11):
 * mt940js 1.3.5 (Apache-2.0, last change 2021) reads 17 of them; @centrapay/swift-parser 1.0.1 (its fork,
 * dependency bumps in 2025, pulls in moment and bignumber.js) and swiftmessageparser read 25; mt940-js 1.0.0 (MIT,
 * last change 2020) reads all but silently wrongly (an MT942 as an MT940 with currency "", trailer fields swallowed
 * into descriptions, a fragment as nothing); swift-parser 0.1.2 (2014) is a metadata-driven ISO 15022 engine. None
 * gives the line an entry stands on (every line and every error here needs it), none reads field 86's German
 * `?20`-`?29` or Dutch `/REMI/` subfields, and amounts come as binary floating point.
 *
 * What it reads: the file decoded as UTF-8 when valid, else as windows-1252; one field at a time (mt940-fields.ts,
 * memory bounded by one field); one line per booked credit of every statement (:20: blocks) in the file. Debits
 * (D), reversals (RC, RD) and zero amounts are counted in `skipped`; MT940 has no entries that are not booked.
 * An MT942 interim report is refused: its entries come again in the day's MT940.
 */
export const mt940Format: StatementFormat = {
  mediaTypes: ['text/plain', 'application/x-mt940'],
  usesProfile: false,
  parse: (body) => readMt940(decodeUtf8OrWindows1252(body)),
};

/** Fields only an MT942 interim transaction report has: floor limit, date-time indication, sums of entries. */
const MT942_FIELDS = new Set(['34F', '13D', '90C', '90D']);
const OPENING_BALANCE = /^[CD]\d{6}([A-Z]{3})\d[\d,.]*$/;
const TRAILING_CURRENCY = /[ /][A-Z]{3}$/;

export function readMt940(text: string): ParsedStatement {
  const reader = new Mt940Reader();
  for (const field of mt940Fields(text)) reader.read(field);
  return reader.finish();
}

interface OpenStatement {
  account: string | null;
  currency: string | null;
}

interface OpenEntry {
  readonly field: Mt940Field;
  readonly entry: Mt940Entry;
  /** The account its statement names (:25:). */
  readonly account: string;
  readonly currency: string;
  /** In minor units; 0 for an entry that is skipped. */
  readonly amount: number;
  /** Why the entry is not a line; null for a booked credit. */
  readonly skipped: SkipReason | null;
  readonly details: string[];
}

class Mt940Reader {
  readonly #lines: ParsedLine[] = [];
  readonly #skipped = new SkippedTally();
  #statement: OpenStatement | null = null;
  #entry: OpenEntry | null = null;
  #firstAccount: string | null = null;
  #severalAccounts = false;

  read(field: Mt940Field): void {
    if (MT942_FIELDS.has(field.tag)) {
      throw new StatementFormatError(field.line, `:${field.tag}: belongs to an MT942 interim transaction report, not to an MT940 statement: import the day's MT940`);
    }
    if (field.tag === '86') return this.#addDetails(field);
    if (field.tag === 'NS') return;
    this.#closeEntry();
    if (field.tag === '20') this.#statement = { account: null, currency: null };
    else if (field.tag === '25') this.#openStatement(field).account = this.#accountOf(field);
    else if (field.tag === '60F' || field.tag === '60M') this.#openStatement(field).currency = openingCurrency(field);
    else if (field.tag === '61') this.#entry = this.#openEntry(field);
  }

  finish(): ParsedStatement {
    this.#closeEntry();
    if (this.#statement === null) {
      throw new StatementFormatError(null, 'no MT940 statement in the file (a statement starts with :20:, then :25:, :28C:, :60F:)');
    }
    // Files that hold statements of several accounts are MT940 too (a bank's export of all of a customer's
    // accounts): the statement names none, each line its own.
    return { format: 'mt940', account: this.#severalAccounts ? null : this.#firstAccount, lines: this.#lines, skipped: this.#skipped.counts };
  }

  #openStatement(field: Mt940Field): OpenStatement {
    if (this.#statement === null) throw new StatementFormatError(field.line, `:${field.tag}: comes before any :20: (a statement starts with :20:)`);
    return this.#statement;
  }

  #accountOf(field: Mt940Field): string {
    const account = accountOf(field);
    if (this.#firstAccount === null) this.#firstAccount = account;
    else if (this.#firstAccount !== account) this.#severalAccounts = true;
    return account;
  }

  #openEntry(field: Mt940Field): OpenEntry {
    const { account, currency } = this.#openStatement(field);
    if (account === null) throw new StatementFormatError(field.line, ':61: comes before the statement names its account (:25:)');
    if (currency === null) throw new StatementFormatError(field.line, ':61: comes before the opening balance (:60F: or :60M:) that gives its currency');
    const entry = readEntry(field);
    const skipped = entry.reversal ? 'reversals' : entry.direction === 'debit' ? 'debits' : null;
    // Only a credit's amount must fit the platform's currency: a debit in HUF with fillér (ISO 4217 gives HUF two
    // decimals, the platform none) refuses nothing.
    const amount = skipped === null ? minorUnitsOrZero(entry.amount, currency, { line: field.line, entryId: entry.bankReference }) : 0;
    return { field, entry, account, currency, amount, skipped: skipped ?? (amount === 0 ? 'zeroAmounts' : null), details: [] };
  }

  #addDetails(field: Mt940Field): void {
    if (this.#entry === null) return; // information about the whole statement (after :62F:), not an entry's
    this.#entry.details.push(...field.lines);
    if (this.#entry.details.reduce((length, line) => length + line.length, 0) > MAX_TEXT_LENGTH) {
      throw new StatementFormatError(field.line, `the :86: fields of the entry on line ${this.#entry.field.line} are longer than ${MAX_TEXT_LENGTH} characters`);
    }
  }

  #closeEntry(): void {
    const open = this.#entry;
    this.#entry = null;
    if (open === null) return;
    if (open.skipped === null) this.#lines.push(lineOf(open));
    else this.#skipped.add(open.skipped);
  }
}

function lineOf({ field, entry, account, currency, amount, details: detailLines }: OpenEntry): ParsedLine {
  const details = readDetails(detailLines);
  const endToEndId = details.endToEndId !== null && details.endToEndId.length <= MAX_ID_LENGTH ? details.endToEndId : null;
  return {
    line: field.line,
    account,
    bankId: entry.bankReference,
    bookingDate: entry.bookingDate,
    amount,
    currency,
    creditorReference: details.creditorReference,
    references: [entry.customerReference, entry.bankReference, endToEndId].filter((reference) => reference !== null),
    remittance: cutText(details.remittance, MAX_REMITTANCE_LENGTH),
    debtorName: cutText(details.debtorName, MAX_NAME_LENGTH),
    debtorIban: details.debtorIban,
  };
}

/** :25: as an IBAN without spaces, else the bank's own id as written; a currency after the account (`/EUR`, ` EUR`) is not part of it. */
function accountOf(field: Mt940Field): string {
  const written = field.lines.join('').trim().replace(TRAILING_CURRENCY, '').trim();
  if (written === '') throw new StatementFormatError(field.line, ':25: names no account');
  return compactIban(written) ?? checkedText(written.replace(/\s+/g, ' '), 'the account (:25:)', MAX_ID_LENGTH, { line: field.line, entryId: null });
}

/** The currency of the statement, from its opening balance: `C230209EUR100,00`. */
function openingCurrency(field: Mt940Field): string {
  const balance = OPENING_BALANCE.exec(field.lines[0].trim());
  if (balance === null) throw new StatementFormatError(field.line, `:${field.tag}: "${field.lines[0].slice(0, 40)}" is not a balance such as C230209EUR100,00`);
  return bookedCurrency(balance[1], { line: field.line, entryId: null });
}
