import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Transaction } from './transaction.entity';

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
  transactionId: string;

  @PrimaryColumn({ type: 'varchar', length: 40 })
  key: string;

  @Column({ type: 'varchar', length: 500 })
  value: string;

  @Column({ name: 'account_id', type: 'varchar', length: 40 })
  accountId: string;

  @ManyToOne(() => Transaction, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'transaction_id', foreignKeyConstraintName: 'fk_transaction_metadata_transaction_id' })
  transaction?: Transaction;
}
