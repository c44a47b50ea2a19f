/** One credit seen on a bank statement, as the parsers hand it to reconciliation. Debits never become lines. */
export interface StatementLine {
  /** Where it stands in the file, 1-based: the CSV line, or the line of the camt.053 entry (of its TxDtls in a batch). */
  line: number;
  /** The bank's id of the entry, unique within the statement and stable across imports of the same statement. */
  entryId: string;
  /** The booking date as the bank wrote it, YYYY-MM-DD. */
  bookingDate: string;
  /** In the currency's minor units, positive. */
  amount: number;
  /** Upper-case ISO 4217 code. */
  currency: string;
  /**
   * The remittance reference: a structured creditor reference as the bank gave it (spaces and case untouched),
   * else the RF reference found in the unstructured text (electronic form), else that text; null when there is none.
   */
  reference: string | null;
}

/**
 * A statement that cannot be read: not well-formed, not the expected format, or an entry that breaks a rule.
 * Reconciliation applies nothing of such a statement (`400 validation_error` naming the line).
 */
export class StatementFormatError extends Error {
  constructor(
    /** 1-based line of the CSV or of the XML where the problem is; null when it concerns the document as a whole. */
    readonly line: number | null,
    /** What is wrong, without the position: "amount 12.345 has more decimals than EUR allows (2)". */
    readonly problem: string,
    /** The bank's id of the entry concerned, when it has one. */
    readonly entryId: string | null = null,
  ) {
    const entry = entryId === null ? '' : ` (entry ${entryId})`;
    super(line === null ? `${problem}${entry}` : `line ${line}${entry}: ${problem}`);
    this.name = 'StatementFormatError';
  }
}

/** Where a value stands, for the errors about it. */
export interface StatementPosition {
  readonly line: number | null;
  readonly entryId: string | null;
}
