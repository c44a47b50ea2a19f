import { PaymentRequest } from '../payments/entities/payment-request.entity';
import { creationTimeOf } from '../common/ids/ids';
import { TransactionMetadataEntry } from './entities/transaction-metadata.entity';
import { Transaction } from './entities/transaction.entity';

/**
 * The posted credit that settles a succeeded payment request (`id` made at
 * `postedAt`'s time or now): its amount, currency, metadata and reference.
 */
export function paymentCredit(payment: PaymentRequest, id: string, postedAt: Date): Transaction {
  const createdAt = creationTimeOf(id);
  return {
    id,
    accountId: payment.accountId,
    type: 'credit',
    status: 'posted',
    direction: 'credit',
    amount: payment.amount,
    currency: payment.currency,
    description: payment.description ?? `Payment request ${payment.id}`,
    referenceIds: payment.referenceId === null ? [] : [payment.referenceId],
    metadata: payment.metadata,
    notes: null,
    counterpartyAccountId: null,
    paymentId: payment.id,
    createdAt,
    updatedAt: createdAt,
    postedAt,
    canceledAt: null,
  };
}

/** The rows `metadata[key]=value` filters read: one per key, mirroring the transaction's metadata exactly. */
export function metadataEntriesOf(transaction: Pick<Transaction, 'id' | 'accountId' | 'metadata'>): TransactionMetadataEntry[] {
  return Object.entries(transaction.metadata).map(([key, value]) => ({ transactionId: transaction.id, accountId: transaction.accountId, key, value }));
}
