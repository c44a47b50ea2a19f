import { Column, Entity, ForeignKey, Index, PrimaryColumn } from 'typeorm';

/**
 * One metadata entry of a transaction, as a row, so that `metadata[key]=value`
 * filters are index lookups on both databases. The account id is repeated
 * here so that a member's filtered list walks one index in transaction order.
 */
@Entity('transaction_metadata')
@Index('idx_transaction_metadata_account_entry', ['accountId', 'key', 'value', 'transactionId'])
@Index('idx_transaction_metadata_entry', ['key', 'value', 'transactionId'])
export class TransactionMetadataEntry {
  @PrimaryColumn({ name: 'transaction_id', type: 'varchar', length: 40 })
  @ForeignKey('transactions', { onDelete: 'CASCADE', name: 'fk_transaction_metadata_transaction_id' })
  transactionId: string;

  @PrimaryColumn({ type: 'varchar', length: 40 })
  key: string;

  @Column({ type: 'varchar', length: 500 })
  value: string;

  @Column({ name: 'account_id', type: 'varchar', length: 40 })
  accountId: string;
}
