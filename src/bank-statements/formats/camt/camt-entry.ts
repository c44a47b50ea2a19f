import { StatementFormatError, type StatementPosition } from '../../statement-line';
import type { SkippedTally, SkipReason } from '../skipped-tally';
import type { ParsedLine, PayoutLine } from '../statement-format';
import type { CamtMessage } from './camt-document';
import { lineDetails } from './camt-line-details';
import { amountValue, dayOf, idValue, type CamtAmount } from './camt-values';
import { attribute, child, children, path, text, type ElementLines, type XmlNode } from './camt-xml';

/** Where an entry is read: the lines of the document's tags, the tally of what is skipped, the statement around it. */
export interface EntryContext {
  readonly message: CamtMessage;
  readonly positions: ElementLines;
  readonly skipped: SkippedTally;
  /** The last day the statement covers, as written (camt.format.ts), for entries that carry no date at all. */
  readonly statementDate: string | null;
  /** Where the debits and returns of payouts go (contract section 23), in file order. */
  readonly payouts: PayoutLine[];
}

/**
 * The lines of one entry (Ntry). In this order, an entry is skipped and counted, once per transaction it holds:
 * not booked (Sts other than BOOK: PDNG, INFO, FUTR), a reversal (RvslInd, whatever its direction), a debit, a zero
 * amount. A booked credit gives one line, or one per transaction of a batch whose transactions each give their
 * amount in the entry's currency; those amounts must add up to the entry's. A batch whose transactions do not
 * all give one (a single summary TxDtls, a Btch with only NbOfTxs) is one line for the entry: its lines always
 * add up to what the bank booked.
 */
export function entryLines(entry: XmlNode, context: EntryContext): ParsedLine[] {
  const line = context.positions.nextEntry();
  const transactions = children(entry, 'NtryDtls').flatMap((details) => children(details, 'TxDtls'));
  const transactionLines = transactions.map(() => context.positions.nextTransaction());
  // Skipped once per transaction the entry details; a batch told only by Btch/NbOfTxs counts once (a count the
  // file declares is no loop bound).
  const count = Math.max(transactions.length, 1);
  if (statusOf(entry, context.message) !== 'BOOK') return skip(context, 'notBooked', count);
  if (isTrue(text(child(entry, 'RvslInd')))) return skip(context, 'reversals', count);
  const direction = text(child(entry, 'CdtDbtInd'))?.trim();
  if (direction !== 'CRDT' && direction !== 'DBIT') throw new StatementFormatError(line, `entry CdtDbtInd is "${direction ?? ''}", expected CRDT or DBIT`);

  if (direction === 'DBIT') {
    context.payouts.push(...payoutLines(entry, transactions, transactionLines, line, 'debit'));
    return skip(context, 'debits', count);
  }
  const at = positionOf(entry, ['AcctSvcrRef', 'NtryRef'], line, null);
  const bookingDate = bookingDateOf(entry, context.statementDate, at);
  const amount = amountValue(child(entry, 'Amt'), 'Amt', at);
  // Returns of payouts (a credit with RtrInf naming a payout's end-to-end id) settle those payouts, not requests.
  const returns = payoutLines(entry, transactions, transactionLines, line, 'return');
  if (returns.length > 0 && returns.length === transactions.length) {
    context.payouts.push(...returns);
    return [];
  }
  if (transactions.length > 1 && transactions.every((transaction) => ownAmount(transaction)?.currency === amount.currency)) {
    return batchLines(entry, { amount, bookingDate, at }, transactions, transactionLines, context);
  }
  if (amount.minorUnits === 0) return skip(context, 'zeroAmounts', count);
  return [{ line, bookingDate, amount: amount.minorUnits, currency: amount.currency, ...lineDetails(entry, transactions, at) }];
}

interface BookedEntry {
  readonly amount: CamtAmount;
  readonly bookingDate: string;
  readonly at: StatementPosition;
}

/**
 * One line per transaction of a batch, each with its own amount and details. A transaction marked DBIT inside
 * the credit (a charge netted into it) is counted as a debit and subtracted from the total the entry must make.
 */
function batchLines(entry: XmlNode, booked: BookedEntry, transactions: readonly XmlNode[], lines: readonly number[], context: EntryContext): ParsedLine[] {
  const parsed: ParsedLine[] = [];
  let total = 0;
  for (const [index, transaction] of transactions.entries()) {
    const at = positionOf(child(transaction, 'Refs'), ['AcctSvcrRef'], lines[index], booked.at.entryId);
    const { minorUnits } = amountValue(ownAmount(transaction)?.node, 'TxDtls amount', at);
    const debit = text(child(transaction, 'CdtDbtInd'))?.trim() === 'DBIT';
    total += debit ? -minorUnits : minorUnits;
    if (debit) context.skipped.add('debits');
    else if (minorUnits === 0) context.skipped.add('zeroAmounts');
    else parsed.push({ line: at.line as number, bookingDate: booked.bookingDate, amount: minorUnits, currency: booked.amount.currency, ...lineDetails(entry, [transaction], at) });
  }
  if (total !== booked.amount.minorUnits) {
    throw new StatementFormatError(booked.at.line, `the transactions of the batch add up to ${total} minor units, the entry to ${booked.amount.minorUnits}`, booked.at.entryId);
  }
  return parsed;
}

/** Where an entry or a transaction stands, for its errors: its line and the first of these ids it gives, else `otherwise`. */
function positionOf(node: XmlNode | undefined, ids: readonly string[], line: number, otherwise: string | null): StatementPosition {
  const unnamed = { line, entryId: null };
  const given = ids.map((id) => idValue(child(node, id), id, unnamed)).find((value) => value !== null);
  return { line, entryId: given ?? otherwise };
}

/** A transaction's own amount in the account's currency: AmtDtls/TxAmt/Amt, else TxDtls/Amt (.04 on); undefined when it gives none. */
function ownAmount(transaction: XmlNode): { node: XmlNode; currency: string | undefined } | undefined {
  const node = path(transaction, 'AmtDtls', 'TxAmt', 'Amt') ?? child(transaction, 'Amt');
  if (node === undefined) return undefined;
  return { node, currency: attribute(node, 'Ccy') };
}

/**
 * Sts as a code (BOOK, PDNG, INFO, FUTR; Sts/Cd or Sts/Prtry from .08 on). A statement without one is taken as
 * booked (a camt.053 reports booked entries; the schema requires the element, some banks leave it out); a
 * notification without one is not: it may tell of an entry yet to be booked, which its statement will bring.
 */
function statusOf(entry: XmlNode, message: CamtMessage): string {
  const status = child(entry, 'Sts');
  const code = (text(status) ?? text(child(status, 'Cd')) ?? text(child(status, 'Prtry')))?.trim();
  if (code !== undefined && code !== '') return code;
  return status === undefined && message === 'camt.053' ? 'BOOK' : 'none';
}

function isTrue(value: string | undefined): boolean {
  const trimmed = value?.trim();
  return trimmed === 'true' || trimmed === '1';
}

/**
 * BookgDt/Dt or BookgDt/DtTm. The schema makes both dates optional: an entry without a booking date takes its value
 * date (ValDt), and one with neither the last day of its statement, on or before which it was booked.
 */
function bookingDateOf(entry: XmlNode, statementDate: string | null, at: StatementPosition): string {
  for (const element of ['BookgDt', 'ValDt']) {
    const date = text(path(entry, element, 'Dt')) ?? text(path(entry, element, 'DtTm'));
    if (date !== undefined) return dayOf(date.trim(), element, at);
  }
  if (statementDate !== null) return dayOf(statementDate.trim(), "the statement's date (FrToDt/ToDtTm or CLBD balance)", at);
  throw new StatementFormatError(at.line, 'booking date (BookgDt) is missing', at.entryId);
}

function skip(context: EntryContext, reason: SkipReason, count: number): [] {
  for (let index = 0; index < count; index++) context.skipped.add(reason);
  return [];
}

/** The end-to-end id that names a payout (`po_` and a ULID, the payout's id), as the bank gives it back. */
const PAYOUT_END_TO_END_ID = /^po_[0-9A-HJKMNP-TV-Z]{26}$/;

/**
 * The transactions of an entry that settle payouts: of a debit, those whose Refs/EndToEndId is a payout's id; of a
 * credit, those with return information (RtrInf) whose end-to-end id (Refs/EndToEndId, else RtrInf's original) is
 * one, with the reason code. A transaction's own amount, else (the entry's only transaction) the entry's.
 */
function payoutLines(entry: XmlNode, transactions: readonly XmlNode[], lines: readonly number[], entryLine: number, kind: PayoutLine['kind']): PayoutLine[] {
  const found: PayoutLine[] = [];
  for (const [index, transaction] of transactions.entries()) {
    const returned = child(transaction, 'RtrInf');
    if (kind === 'return' && returned === undefined) continue;
    const endToEndId = (text(path(transaction, 'Refs', 'EndToEndId')) ?? text(path(returned, 'OrgnlEndToEndId')))?.trim();
    // Checked first: an entry that names no payout is read exactly as before (a debit: skipped without a look inside).
    if (endToEndId === undefined || !PAYOUT_END_TO_END_ID.test(endToEndId)) continue;
    const at = positionOf(entry, ['AcctSvcrRef', 'NtryRef'], entryLine, null);
    const position = positionOf(child(transaction, 'Refs'), ['AcctSvcrRef'], lines[index], at.entryId);
    const own = ownAmount(transaction);
    const amount = own !== undefined ? amountValue(own.node, 'TxDtls amount', position) : transactions.length === 1 ? amountValue(child(entry, 'Amt'), 'Amt', position) : null;
    if (amount === null) continue;
    const reason = kind === 'debit' ? null : ((text(path(returned, 'Rsn', 'Cd')) ?? text(path(returned, 'Rsn', 'Prtry')))?.trim() ?? 'NARR');
    found.push({ kind, line: position.line ?? entryLine, endToEndId, bankId: position.entryId, amount: amount.minorUnits, currency: amount.currency, reason });
  }
  return found;
}
