import { Column, Entity, ForeignKey, Index, PrimaryColumn } from 'typeorm';
import { AmountColumn, TimestampColumn } from '../../database/columns';

export const TRANSACTION_TYPES = ['payment', 'credit', 'refund', 'transfer', 'adjustment', 'payout'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];
/** What POST /v1/transactions books: a `payout` is booked by its payout only (contract section 23). */
export const CREATABLE_TRANSACTION_TYPES = ['payment', 'credit', 'refund', 'transfer', 'adjustment'] as const satisfies readonly TransactionType[];
export const TRANSACTION_STATUSES = ['pending', 'posted', 'canceled'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];
export const DIRECTIONS = ['debit', 'credit'] as const;
export type Direction = (typeof DIRECTIONS)[number];

export type TransactionMetadata = Record<string, string>;

/**
 * One movement of money on an account, from the account's side (a transfer
 * also shows, from its receiver's side, in the receiver's lists). Every list
 * filter has an index that ends in `id`, so a filtered page is a range scan in
 * id order (created_at ranges become id ranges: ids carry their creation time).
 */
@Entity('transactions')
@Index('idx_transactions_account_id', ['accountId', 'id'])
@Index('idx_transactions_account_status_id', ['accountId', 'status', 'id'])
@Index('idx_transactions_account_type_id', ['accountId', 'type', 'id'])
@Index('idx_transactions_account_currency_id', ['accountId', 'currency', 'id'])
@Index('idx_transactions_status_id', ['status', 'id'])
@Index('idx_transactions_type_id', ['type', 'id'])
@Index('idx_transactions_currency_id', ['currency', 'id'])
// Partial: only transfers have a counterparty, and only they need these (the receiver's lists).
@Index('idx_transactions_counterparty_id', ['counterpartyAccountId', 'id'], { where: 'counterparty_account_id IS NOT NULL' })
@Index('idx_transactions_counterparty_status_id', ['counterpartyAccountId', 'status', 'id'], { where: 'counterparty_account_id IS NOT NULL' })
@Index('idx_transactions_counterparty_currency_id', ['counterpartyAccountId', 'currency', 'id'], { where: 'counterparty_account_id IS NOT NULL' })
export class Transaction {
  @PrimaryColumn({ type: 'varchar', length: 40 })
  id: string;

  @Column({ name: 'account_id', type: 'varchar', length: 40 })
  @ForeignKey('accounts', { onDelete: 'RESTRICT', name: 'fk_transactions_account_id' })
  accountId: string;

  @Column({ type: 'varchar', length: 16 })
  type: TransactionType;

  @Column({ type: 'varchar', length: 16 })
  status: TransactionStatus;

  @Column({ type: 'varchar', length: 8 })
  direction: Direction;

  @AmountColumn()
  amount: number;

  @Column({ type: 'varchar', length: 3 })
  currency: string;

  @Column({ type: 'varchar', length: 500, nullable: true })
  description: string | null;

  @Column({ name: 'reference_ids', type: 'simple-json' })
  referenceIds: string[];

  /** The source of truth; transaction_metadata mirrors it as rows for the `metadata[key]=value` filter. */
  @Column({ type: 'simple-json' })
  metadata: TransactionMetadata;

  @Column({ type: 'varchar', length: 2000, nullable: true })
  notes: string | null;

  @Column({ name: 'counterparty_account_id', type: 'varchar', length: 40, nullable: true })
  @ForeignKey('accounts', { onDelete: 'RESTRICT', name: 'fk_transactions_counterparty_account_id' })
  counterpartyAccountId: string | null;

  /** The payment request this credit settles; unique, so a payment is credited at most once. */
  @Index('uq_transactions_payment_id', { unique: true })
  @Column({ name: 'payment_id', type: 'varchar', length: 40, nullable: true })
  @ForeignKey('payment_requests', { onDelete: 'RESTRICT', name: 'fk_transactions_payment_id' })
  paymentId: string | null;

  /** Refunds: the payment (of the same account and currency) this refund gives money back for. */
  @Index('idx_transactions_refunded_transaction_id', { where: 'refunded_transaction_id IS NOT NULL' })
  @Column({ name: 'refunded_transaction_id', type: 'varchar', length: 40, nullable: true })
  @ForeignKey('transactions', { onDelete: 'RESTRICT', name: 'fk_transactions_refunded_transaction_id' })
  refundedTransactionId: string | null;

  /**
   * Payments: the sum of their refunds that are not canceled, kept by the
   * conditional update that books each refund, so it never exceeds `amount`.
   */
  @AmountColumn({ name: 'amount_refunded', default: 0 })
  amountRefunded: number;

  /** Reversals: the posted transaction this one undoes; unique, so a transaction is reversed at most once. */
  @Index('uq_transactions_reverses_transaction_id', { unique: true, where: 'reverses_transaction_id IS NOT NULL' })
  @Column({ name: 'reverses_transaction_id', type: 'varchar', length: 40, nullable: true })
  @ForeignKey('transactions', { onDelete: 'RESTRICT', name: 'fk_transactions_reverses_transaction_id' })
  reversesTransactionId: string | null;

  /** The reversal that undid this transaction; null until one is booked. */
  @Column({ name: 'reversed_by_transaction_id', type: 'varchar', length: 40, nullable: true })
  reversedByTransactionId: string | null;

  /** Its account's mode (fixed at the account's creation): true for live money. */
  @Column({ type: 'boolean', default: false })
  livemode: boolean;

  @TimestampColumn({ name: 'created_at' })
  createdAt: Date;

  @TimestampColumn({ name: 'updated_at' })
  updatedAt: Date;

  @TimestampColumn({ name: 'posted_at', nullable: true })
  postedAt: Date | null;

  @TimestampColumn({ name: 'canceled_at', nullable: true })
  canceledAt: Date | null;
}
