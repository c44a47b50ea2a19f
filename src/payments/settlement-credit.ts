import { creationTimeOf } from '../common/ids/ids';
import { Transaction } from '../transactions/entities/transaction.entity';
import { PaymentRequest } from './entities/payment-request.entity';

/**
 * The posted credit that settles a succeeded payment request (`id` made at
 * `postedAt`'s time or now): what it captured, its currency, metadata and reference.
 */
export function settlementCredit(payment: PaymentRequest, id: string, postedAt: Date): Transaction {
  const createdAt = creationTimeOf(id);
  return {
    id,
    accountId: payment.accountId,
    type: 'credit',
    status: 'posted',
    direction: 'credit',
    amount: payment.amountCaptured,
    currency: payment.currency,
    description: payment.description ?? `Payment request ${payment.id}`,
    referenceIds: payment.referenceId === null ? [] : [payment.referenceId],
    metadata: payment.metadata,
    notes: null,
    counterpartyAccountId: null,
    paymentId: payment.id,
    refundedTransactionId: null,
    amountRefunded: 0,
    reversesTransactionId: null,
    reversedByTransactionId: null,
    livemode: payment.livemode,
    createdAt,
    updatedAt: createdAt,
    postedAt,
    canceledAt: null,
  };
}
