import { AccessErrors } from '../common/access/access.errors';
import { DomainError, validationError } from '../common/errors/domain-error';
import { Transaction, TransactionStatus } from './entities/transaction.entity';

type RefundedPayment = Pick<Transaction, 'amount' | 'amountRefunded'>;

export const TransactionErrors = {
  notFound: () => new DomainError('transaction_not_found', 'No such transaction.'),
  notPending: (status: TransactionStatus) => new DomainError('transaction_not_pending', `The transaction is ${status}; only a pending transaction can change status.`),
  notRefundable: () => validationError('refunded_transaction_id', 'must name a payment or a credit of the same account and currency that is neither canceled nor reversed'),
  refundExceedsPayment: (payment: RefundedPayment) =>
    new DomainError('refund_exceeds_payment', `The refunds of this payment would add up to more than it: ${payment.amountRefunded} of ${payment.amount} is refunded already.`),
  cancelHasRefunds: (payment: RefundedPayment) =>
    new DomainError(
      'refund_exceeds_payment',
      `The payment has refunds that are not canceled (${payment.amountRefunded} of ${payment.amount}); canceling it would leave them above it. Cancel them first.`,
    ),
  reversalHasRefunds: (transaction: RefundedPayment) =>
    new DomainError(
      'transaction_has_refunds',
      `The transaction has refunds that are not canceled (${transaction.amountRefunded} of ${transaction.amount}); a reversal would give back what they give back already.`,
    ),
  notPosted: (status: TransactionStatus) =>
    new DomainError('transaction_not_posted', `The transaction is ${status}; only a posted transaction can be reversed (cancel a pending one).`),
  refundedNotPosted: (status: TransactionStatus) =>
    new DomainError('transaction_not_posted', `The transaction it refunds is ${status}; a refund posts once what it refunds has posted.`),
  alreadyReversed: (reversalId: string | null) =>
    new DomainError('transaction_already_reversed', `The transaction was reversed already${reversalId === null ? '' : `, by ${reversalId}`}.`),
  belongsToPayout: (transaction: Pick<Transaction, 'referenceIds'>) =>
    new DomainError(
      'transaction_belongs_to_payout',
      `The transaction is payout ${transaction.referenceIds[0] ?? ''}'s: it moves with the payout (POST /v1/payouts/{payout_id}/cancel, or the bank's statement).`,
    ),
  receiverCannotChange: () => AccessErrors.insufficientPermissions('Only the sender of a transfer may amend or cancel it.'),
};
