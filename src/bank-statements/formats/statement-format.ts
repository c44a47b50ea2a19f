/**
 * The seam of statement formats (contract section 19): a format is one folder under formats/ exporting a
 * StatementFormat, and one line in statement-formats.ts. Formats are pure: they read bytes and say what the
 * bank wrote, in a worker thread (parse-statement.worker.ts), and know nothing of the database.
 */

/** What a format found in one statement. */
export interface ParsedStatement {
  /** The stored name of what was read, e.g. `camt.053.001.08`, `camt.054.001.04`, `mt940`, `csv`, `csv:<profile>`. */
  readonly format: string;
  /**
   * The bank account the statement is for, as the bank names it (an IBAN, without spaces, upper case; else the
   * bank's own account id); null when the format does not say (the contract's CSV, most bank CSV exports) or
   * when the file holds statements of several accounts (a bank's export of all of a customer's accounts).
   */
  readonly account: string | null;
  /** The booked credits, in file order, one per transaction (a batch entry gives one per TxDtls). */
  readonly lines: readonly ParsedLine[];
  /** What was read and is not a credit to match: counted, never a reason to refuse the file. */
  readonly skipped: SkippedCounts;
  /**
   * Booked debits and returns whose end-to-end id names a payout (`po_...`, contract section 23), in file order; formats
   * that carry no end-to-end id (MT940, CSV) give none. The debits are also counted in `skipped.debits`.
   */
  readonly payouts?: readonly PayoutLine[];
}

/** A booked transaction that settles a payout: its debit (the bank paid it) or a return of it (the money came back). */
export interface PayoutLine {
  readonly kind: 'debit' | 'return';
  /** 1-based line of the file where the transaction (TxDtls) or the entry starts. */
  readonly line: number;
  /** The end-to-end id the payout's credit transfer carried: the payout's id. */
  readonly endToEndId: string;
  /** The bank's id of the transaction (its AcctSvcrRef, else the entry's), null when it gives none. */
  readonly bankId: string | null;
  /** Positive, in minor units. */
  readonly amount: number;
  readonly currency: string;
  /** A return's reason code (RtrInf/Rsn/Cd, else Prtry), e.g. AC04; null for a debit (a return without one: `NARR`). */
  readonly reason: string | null;
}

/** Entries that are not credits to match, counted once per transaction (a batch of three debits counts three). */
export interface SkippedCounts {
  readonly debits: number;
  /** Entries not booked: PDNG, INFO, FUTR. */
  readonly notBooked: number;
  /** Reversals whatever their direction: camt RvslInd true, MT940 RC/RD. */
  readonly reversals: number;
  readonly zeroAmounts: number;
}

/** One booked credit, as the bank wrote it. */
export interface ParsedLine {
  /**
   * The account of the statement block the line stands in, for formats whose files may hold several (camt's Stmt,
   * MT940's :25:); absent: the statement's. Part of the line's identity: lines are idempotent by account and entry id.
   */
  readonly account?: string | null;
  /** 1-based line of the file where it starts (the TxDtls of a batch, the :61: of MT940, the CSV row). */
  readonly line: number;
  /**
   * The bank's own id for this line where it gives one: the transaction's AcctSvcrRef, else the entry's, else
   * NtryRef, else MT940's bank reference (after `//` in :61:), else the CSV's entry_id column; null when none.
   * It becomes the line's entry id only when no other line of the statement has it (line-identity.ts).
   */
  readonly bankId: string | null;
  /** The booking date as the bank wrote it at its place, YYYY-MM-DD: an offset or a time is dropped, not converted. */
  readonly bookingDate: string;
  /** Positive, in minor units of the currency (ISO 4217 exponent; 2 for a code the platform does not know). */
  readonly amount: number;
  /** Three upper-case letters; one the platform does not support is kept (the line is unmatched, unsupported_currency). */
  readonly currency: string;
  /**
   * The RF creditor reference (ISO 11649, check digits verified) in electronic form, found in section 19's
   * order: a structured reference (CdtrRefInf/Ref) that is an RF, else the first valid RF in the free text
   * (Ustrd, AddtlTxInf, AddtlNtryInf; MT940 field 86; a profile's reference columns in their order); null when none.
   */
  readonly creditorReference: string | null;
  /**
   * Every reference the bank gives for the line besides the free text, as written, in file order: structured
   * references (CdtrRefInf/Ref, also when not an RF), end-to-end id (not NOTPROVIDED), the bank's ids, MT940's
   * customer reference, the CSV's reference cells. Shown in the inbox and part of a derived identity.
   */
  readonly references: readonly string[];
  /** The free text (Ustrd joined by spaces, else AddtlTxInf, else AddtlNtryInf; MT940 field 86's purpose), trimmed; null when none. */
  readonly remittance: string | null;
  /** The payer's name where the bank gives it. */
  readonly debtorName: string | null;
  /** The payer's IBAN where the bank gives it, without spaces, upper case. */
  readonly debtorIban: string | null;
}

/** A bank CSV export's layout (POST /v1/bank_statement_profiles): columns named by their header. */
export interface BankCsvProfile {
  readonly name: string;
  /** One character: `,`, `;`, TAB or `|`. */
  readonly delimiter: string;
  readonly decimalSeparator: '.' | ',';
  /** In the tokens YYYY, MM, DD with any separators, e.g. `DD.MM.YYYY`. */
  readonly dateFormat: string;
  readonly encoding: 'utf-8' | 'iso-8859-1' | 'windows-1252';
  /** Lines before the header row. */
  readonly skipRows: number;
  readonly columns: BankCsvColumns;
}

export interface BankCsvColumns {
  readonly bookingDate: string;
  /** One signed amount column, or credit and debit columns (the one filled says the direction). */
  readonly amount?: string;
  readonly credit?: string;
  readonly debit?: string;
  /** A currency column, or the currency every row is in. */
  readonly currency?: string;
  readonly defaultCurrency?: string;
  /** Searched for an RF in this order; all of them are the line's references. */
  readonly reference: readonly string[];
  readonly entryId?: string;
}

/** How a statement reached the route: its media type, and the profile named by `?profile=` if any. */
export interface StatementUpload {
  readonly mediaType: string;
  readonly profile: BankCsvProfile | null;
}

export interface StatementFormat {
  /** Lower-case media types this format reads (`application/xml`); a profile's CSV is chosen by `?profile=`, not here. */
  readonly mediaTypes: readonly string[];
  /** True for the format that reads a bank's CSV export through a profile. */
  readonly usesProfile: boolean;
  /** The statement, or a StatementFormatError (statement-line.ts) naming the line; never anything else for bad input. */
  parse(body: Buffer, profile: BankCsvProfile | null): ParsedStatement;
}
