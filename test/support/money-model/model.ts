/**
 * The money model: what the test believes the service holds, and the quantities contract sections 10, 15
 * and 20 define on it. Everything here is plain data (cloned with structuredClone for concurrent bursts);
 * derived figures (balances, amount_refunded, a refund's status) are computed from the transactions, never
 * stored, so that one change (a cancel, a closure) moves all of them at once.
 */

export const CURRENCIES = ['EUR', 'JPY'] as const;
export type Currency = (typeof CURRENCIES)[number];
export type Direction = 'debit' | 'credit';
export type TransactionType = 'payment' | 'credit' | 'refund' | 'transfer' | 'adjustment' | 'payout';
export type TransactionStatus = 'pending' | 'posted' | 'canceled';
export type Overdraft = 'allowed' | 'forbidden';
export type PaymentStatus = 'pending' | 'authorized' | 'succeeded' | 'failed' | 'canceled' | 'expired';
export type Provider = 'sandbox' | 'bank_transfer';
export type CaptureMethod = 'automatic' | 'manual';
export type RefundStatus = 'pending' | 'succeeded' | 'failed';
export type StatementOutcome = 'matched' | 'no_such_reference' | 'amount_mismatch' | 'currency_mismatch' | 'already_settled' | 'request_not_open';

export interface ModelAccount {
  /** A, B, C: how the trace names it. */
  label: string;
  id: string;
  overdraft: Overdraft;
  status: 'open' | 'closed';
}

export interface ModelTransaction {
  /** T1, T2...: how the trace names it. */
  label: string;
  id: string;
  /** Index of the account it is booked on (a transfer's sender). */
  account: number;
  /** A transfer's receiver. */
  counterparty: number | null;
  type: TransactionType;
  /** From `account`'s side; a transfer's receiver sees a credit. */
  direction: Direction;
  amount: number;
  currency: Currency;
  status: TransactionStatus;
  /** Refunds: the payment or credit it gives money back for. */
  refundedId: string | null;
  reversesId: string | null;
  reversedById: string | null;
  /** Settlement credits: the payment request they settle. */
  requestId: string | null;
  /** Refund transactions booked by POST /v1/payments/{id}/refunds: their refund object. */
  refundObjectId: string | null;
}

export interface ModelRequest {
  /** P1, P2... */
  label: string;
  id: string;
  account: number;
  provider: Provider;
  captureMethod: CaptureMethod;
  amount: number;
  currency: Currency;
  status: PaymentStatus;
  amountCaptured: number;
  creditId: string | null;
  /** bank_transfer: the RF reference a statement quotes. */
  reference: string | null;
}

export interface ModelRefund {
  /** R1, R2... */
  label: string;
  id: string;
  requestId: string;
  amount: number;
  transactionId: string;
}

/** Contract section 23, in test mode (test payouts never enter a batch: the bank's answer comes from the test helpers). */
export type PayoutStatus = 'pending' | 'paid' | 'returned' | 'canceled';

export interface ModelPayout {
  /** O1, O2... */
  label: string;
  id: string;
  account: number;
  amount: number;
  status: PayoutStatus;
  /** Its debit: pending from creation, posted when paid or returned, canceled with it. */
  transactionId: string;
  /** Returned: the posted credit that booked the amount back. */
  returnTransactionId: string | null;
}

/** A statement imported by the model: one credit line, kept to be imported again. */
export interface ModelStatement {
  /** S1, S2... */
  label: string;
  entryId: string;
  xml: string;
  requestId: string;
  outcome: StatementOutcome;
}

export interface Model {
  accounts: ModelAccount[];
  transactions: ModelTransaction[];
  requests: ModelRequest[];
  refunds: ModelRefund[];
  statements: ModelStatement[];
  payouts: ModelPayout[];
}

export interface Balance {
  posted: number;
  pending: number;
  available: number;
}

export function emptyModel(accounts: ModelAccount[]): Model {
  return { accounts, transactions: [], requests: [], refunds: [], statements: [], payouts: [] };
}

/** A deep copy, for trying one serial order of a concurrent burst. */
export function cloneModel(model: Model): Model {
  return structuredClone(model);
}

/** Moves every field of `source` into `target` (the object fast-check holds stays the same). */
export function replaceModel(target: Model, source: Model): void {
  Object.assign(target, source);
}

export function nextLabel(prefix: 'T' | 'P' | 'R' | 'S' | 'O', existing: readonly unknown[]): string {
  return `${prefix}${existing.length + 1}`;
}

export function transactionById(model: Model, id: string): ModelTransaction {
  const found = model.transactions.find((transaction) => transaction.id === id);
  if (found === undefined) throw new Error(`the model has no transaction ${id}`);
  return found;
}

export function requestById(model: Model, id: string): ModelRequest {
  const found = model.requests.find((request) => request.id === id);
  if (found === undefined) throw new Error(`the model has no payment request ${id}`);
  return found;
}

export function payoutById(model: Model, id: string): ModelPayout {
  const found = model.payouts.find((payout) => payout.id === id);
  if (found === undefined) throw new Error(`the model has no payout ${id}`);
  return found;
}

export function refundById(model: Model, id: string): ModelRefund {
  const found = model.refunds.find((refund) => refund.id === id);
  if (found === undefined) throw new Error(`the model has no refund ${id}`);
  return found;
}

/** Whether refunds may name it and it counts what they give back (contract section 15: payments and credits). */
export function countsRefunds(transaction: Pick<ModelTransaction, 'type'>): boolean {
  return transaction.type === 'payment' || transaction.type === 'credit';
}

/** What the refunds naming it give back: pending and posted count, canceled ones released what they reserved. */
export function amountRefunded(model: Model, transaction: ModelTransaction): number {
  return model.transactions.filter((refund) => refund.refundedId === transaction.id && refund.status !== 'canceled').reduce((sum, refund) => sum + refund.amount, 0);
}

/** The one remaining amount every give-back path draws on. */
export function leftToGiveBack(model: Model, transaction: ModelTransaction): number {
  return transaction.amount - amountRefunded(model, transaction);
}

/** A request's amount_refunded is its settlement credit's. */
export function requestRefunded(model: Model, request: ModelRequest): number {
  return request.creditId === null ? 0 : amountRefunded(model, transactionById(model, request.creditId));
}

export function refundStatus(model: Model, refund: ModelRefund): RefundStatus {
  const status = transactionById(model, refund.transactionId).status;
  return status === 'pending' ? 'pending' : status === 'posted' ? 'succeeded' : 'failed';
}

/** The side of `account` in a transaction, or null when it is not involved. */
export function sideOf(transaction: ModelTransaction, account: number): Direction | null {
  if (transaction.account === account) return transaction.direction;
  if (transaction.counterparty === account) return 'credit';
  return null;
}

/** Contract section 10: posted, pending = posted + pending credits - pending debits, available = posted - pending debits. */
export function balanceOf(model: Model, account: number, currency: Currency): Balance {
  let posted = 0;
  let pendingCredits = 0;
  let pendingDebits = 0;
  for (const transaction of model.transactions) {
    if (transaction.currency !== currency || transaction.status === 'canceled') continue;
    const side = sideOf(transaction, account);
    if (side === null) continue;
    if (transaction.status === 'posted') posted += side === 'credit' ? transaction.amount : -transaction.amount;
    else if (side === 'credit') pendingCredits += transaction.amount;
    else pendingDebits += transaction.amount;
  }
  return { posted, pending: posted + pendingCredits - pendingDebits, available: posted - pendingDebits };
}

export function availableOf(model: Model, account: number, currency: Currency): number {
  return balanceOf(model, account, currency).available;
}

/** Whether a debit of `amount` on the account is refused by the overdraft guard. */
export function debitRefused(model: Model, account: number, currency: Currency, amount: number): boolean {
  return model.accounts[account].overdraft === 'forbidden' && amount > availableOf(model, account, currency);
}

export function isClosed(model: Model, account: number): boolean {
  return model.accounts[account].status === 'closed';
}

export function opposite(direction: Direction): Direction {
  return direction === 'debit' ? 'credit' : 'debit';
}

/** "T3 (credit 500 EUR on A, posted, 200 refunded)": a transaction as the trace shows it. */
export function describeTransaction(model: Model, transaction: ModelTransaction): string {
  const accounts = model.accounts;
  const where =
    transaction.counterparty === null ? `on ${accounts[transaction.account].label}` : `${accounts[transaction.account].label}->${accounts[transaction.counterparty].label}`;
  const kind = transaction.type === 'adjustment' ? `${transaction.direction} adjustment` : transaction.type;
  const facts: string[] = [transaction.status];
  if (countsRefunds(transaction)) facts.push(`${amountRefunded(model, transaction)} refunded`);
  if (transaction.reversedById !== null) facts.push(`reversed by ${labelOfTransaction(model, transaction.reversedById)}`);
  if (transaction.reversesId !== null) facts.push(`reverses ${labelOfTransaction(model, transaction.reversesId)}`);
  if (transaction.refundedId !== null) facts.push(`refunds ${labelOfTransaction(model, transaction.refundedId)}`);
  if (transaction.requestId !== null) facts.push(`settles ${requestById(model, transaction.requestId).label}`);
  if (transaction.refundObjectId !== null) facts.push(`of ${refundById(model, transaction.refundObjectId).label}`);
  return `${transaction.label} (${kind} ${transaction.amount} ${transaction.currency} ${where}, ${facts.join(', ')})`;
}

export function describeRequest(model: Model, request: ModelRequest): string {
  const captured = request.status === 'succeeded' ? `, captured ${request.amountCaptured}, refunded ${requestRefunded(model, request)}` : '';
  const method = request.provider === 'sandbox' ? `sandbox ${request.captureMethod}` : 'bank_transfer';
  return `${request.label} (${method} ${request.amount} ${request.currency} on ${model.accounts[request.account].label}, ${request.status}${captured})`;
}

export function describePayout(model: Model, payout: ModelPayout): string {
  return `${payout.label} (${payout.amount} EUR from ${model.accounts[payout.account].label}, ${payout.status})`;
}

export function describeRefund(model: Model, refund: ModelRefund): string {
  return `${refund.label} (${refund.amount} of ${requestById(model, refund.requestId).label}, ${refundStatus(model, refund)})`;
}

function labelOfTransaction(model: Model, id: string): string {
  return model.transactions.find((transaction) => transaction.id === id)?.label ?? id;
}
