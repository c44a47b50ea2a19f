import { Column, Entity, ForeignKey, Index, PrimaryColumn } from 'typeorm';
import { AmountColumn, TimestampColumn } from '../../database/columns';

export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
export const REFUND_REASONS = ['requested_by_customer', 'duplicate', 'fraudulent'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];
/** Why a provider refused to give the money back; `declined` when the bank's answer named none. */
export const REFUND_FAILURE_CODES = ['declined', 'account_closed', 'insufficient_funds', 'expired_or_canceled_card', 'unknown'] as const;
export type RefundFailureCode = (typeof REFUND_FAILURE_CODES)[number];

export type RefundMetadata = Record<string, string>;

/**
 * Money of a succeeded payment request given back to its customer through the
 * request's provider. It books one `refund` transaction (a debit) on the
 * account, pending while the provider works, posted when it succeeds and
 * canceled when it fails.
 */
@Entity('refunds')
@Index('idx_refunds_payment_id', ['paymentId', 'id'])
@Index('uq_refunds_transaction_id', ['transactionId'], { unique: true })
export class Refund {
  @PrimaryColumn({ type: 'varchar', length: 40 })
  id: string;

  @Column({ name: 'payment_id', type: 'varchar', length: 40 })
  @ForeignKey('payment_requests', { onDelete: 'RESTRICT', name: 'fk_refunds_payment_id' })
  paymentId: string;

  @Column({ name: 'account_id', type: 'varchar', length: 40 })
  @ForeignKey('accounts', { onDelete: 'RESTRICT', name: 'fk_refunds_account_id' })
  accountId: string;

  @AmountColumn()
  amount: number;

  @Column({ type: 'varchar', length: 3 })
  currency: string;

  @Column({ type: 'varchar', length: 16 })
  status: RefundStatus;

  @Column({ type: 'varchar', length: 32, nullable: true })
  reason: RefundReason | null;

  @Column({ name: 'failure_code', type: 'varchar', length: 32, nullable: true })
  failureCode: RefundFailureCode | null;

  @Column({ name: 'transaction_id', type: 'varchar', length: 40 })
  @ForeignKey('transactions', { onDelete: 'RESTRICT', name: 'fk_refunds_transaction_id' })
  transactionId: string;

  @Column({ type: 'simple-json' })
  metadata: RefundMetadata;

  @Column({ type: 'boolean', default: false })
  livemode: boolean;

  @TimestampColumn({ name: 'created_at' })
  createdAt: Date;

  @TimestampColumn({ name: 'updated_at' })
  updatedAt: Date;
}
