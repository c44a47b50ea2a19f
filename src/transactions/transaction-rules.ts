import { validationError } from '../common/errors/domain-error';
import { Posting } from '../ledger/posting';
import { Direction, Transaction, TransactionType } from './entities/transaction.entity';

/** The direction each type implies, from the account's side; an adjustment goes either way. */
const IMPLIED_DIRECTION: Record<Exclude<TransactionType, 'adjustment'>, Direction> = {
  payment: 'debit',
  credit: 'credit',
  refund: 'credit',
  transfer: 'debit',
  payout: 'debit',
};

/**
 * The direction of a new transaction: required for an adjustment, implied (and, if sent, checked) otherwise;
 * a refund's is the opposite of what it refunds (a credit when it names nothing).
 */
export function directionFor(type: TransactionType, requested: Direction | undefined, refunded: Pick<Transaction, 'direction'> | null = null): Direction {
  if (type === 'refund' && refunded !== null) {
    const direction = refundDirectionOf(refunded);
    if (requested !== undefined && requested !== direction) throw validationError('direction', `a refund of a ${refunded.direction} is a ${direction}`);
    return direction;
  }
  if (type === 'adjustment') {
    if (requested === undefined) throw validationError('direction', 'is required for an adjustment (debit or credit)');
    return requested;
  }
  const implied = IMPLIED_DIRECTION[type];
  if (requested !== undefined && requested !== implied) throw validationError('direction', `a ${type} is always a ${implied}`);
  return implied;
}

/** A transfer names the other account; no other type does. */
export function checkCounterparty(type: TransactionType, accountId: string, counterpartyId: string | undefined): void {
  if (type !== 'transfer') {
    if (counterpartyId !== undefined) throw validationError('counterparty_account_id', 'is only accepted for transfers');
    return;
  }
  if (counterpartyId === undefined) throw validationError('counterparty_account_id', 'is required for a transfer');
  if (counterpartyId === accountId) throw validationError('counterparty_account_id', 'must be another account than the one the money leaves');
}

/** Only a refund names the payment it refunds. */
export function checkRefundedTransaction(type: TransactionType, refundedId: string | undefined): void {
  if (refundedId !== undefined && type !== 'refund') throw validationError('refunded_transaction_id', 'is only accepted for refunds');
}

/**
 * A refund of `accountId` in `currency` may name this transaction: a payment (money that left) or a credit
 * (money that came in, such as a payment request's settlement) of that account and currency, neither canceled
 * nor reversed (a reversal gave all of it back already).
 */
export function isRefundable(refunded: Transaction | null, accountId: string, currency: string): refunded is Transaction {
  return (
    refunded !== null &&
    (refunded.type === 'payment' || refunded.type === 'credit') &&
    refunded.status !== 'canceled' &&
    refunded.reversedByTransactionId === null &&
    refunded.accountId === accountId &&
    refunded.currency === currency
  );
}

/** A refund goes the other way than what it refunds: a refund of a payment is a credit, of a credit a debit. */
export function refundDirectionOf(refunded: Pick<Transaction, 'direction'>): Direction {
  return refunded.direction === 'debit' ? 'credit' : 'debit';
}

/** Whether a transaction's responses show `amount_refunded` (what refunds can name). */
export function countsRefunds(type: TransactionType): boolean {
  return type === 'payment' || type === 'credit';
}

/** The transaction as the ledger books it. */
export function postingOf(transaction: Transaction): Posting {
  return {
    transactionId: transaction.id,
    accountId: transaction.accountId,
    direction: transaction.direction,
    counterpartyAccountId: transaction.counterpartyAccountId,
    amount: transaction.amount,
    currency: transaction.currency,
  };
}

/**
 * The reversal of a posted transaction: the same type, amount and currency the other way round, posted
 * once booked. A transfer moves back from its receiver (who becomes the sender), so the overdraft guard
 * weighs on the side the reversal debits. Its description says why; none of the original's private fields.
 */
export function reversalOf(original: Transaction, id: string, createdAt: Date, reason: string | undefined): Transaction {
  const transfer = original.counterpartyAccountId !== null;
  return {
    id,
    accountId: transfer ? original.counterpartyAccountId! : original.accountId,
    type: original.type,
    status: 'pending',
    direction: transfer ? 'debit' : original.direction === 'debit' ? 'credit' : 'debit',
    amount: original.amount,
    currency: original.currency,
    description: reason ?? `Reversal of ${original.id}`,
    referenceIds: [],
    metadata: {},
    notes: null,
    counterpartyAccountId: transfer ? original.accountId : null,
    paymentId: null,
    refundedTransactionId: null,
    amountRefunded: 0,
    reversesTransactionId: original.id,
    reversedByTransactionId: null,
    livemode: original.livemode,
    createdAt,
    updatedAt: createdAt,
    postedAt: null,
    canceledAt: null,
  };
}
