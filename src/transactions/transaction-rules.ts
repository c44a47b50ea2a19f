import { validationError } from '../common/errors/domain-error';
import { Posting } from '../ledger/posting';
import { Direction, Transaction, TransactionType } from './entities/transaction.entity';

/** The direction each type implies, from the account's side; an adjustment goes either way. */
const IMPLIED_DIRECTION: Record<Exclude<TransactionType, 'adjustment'>, Direction> = {
  payment: 'debit',
  credit: 'credit',
  refund: 'credit',
  transfer: 'debit',
};

/** The direction of a new transaction: required for an adjustment, implied (and, if sent, checked) otherwise. */
export function directionFor(type: TransactionType, requested: Direction | undefined): Direction {
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

/** A refund of `accountId` in `currency` may name this transaction: a payment of that account and currency, not canceled. */
export function isRefundable(payment: Transaction | null, accountId: string, currency: string): payment is Transaction {
  return payment !== null && payment.type === 'payment' && payment.status !== 'canceled' && payment.accountId === accountId && payment.currency === currency;
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
