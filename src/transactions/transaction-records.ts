import { TransactionMetadataEntry } from './entities/transaction-metadata.entity';
import { Transaction } from './entities/transaction.entity';

/** The rows `metadata[key]=value` filters read: one per key, mirroring the transaction's metadata exactly. */
export function metadataEntriesOf(transaction: Pick<Transaction, 'id' | 'accountId' | 'metadata'>): TransactionMetadataEntry[] {
  return Object.entries(transaction.metadata).map(([key, value]) => ({ transactionId: transaction.id, accountId: transaction.accountId, key, value }));
}
