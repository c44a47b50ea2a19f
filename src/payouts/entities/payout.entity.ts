import { Column, Entity, ForeignKey, Index, PrimaryColumn } from 'typeorm';
import { AmountColumn, TimestampColumn } from '../../database/columns';

/** pending -> in_transit -> paid | returned (also after paid); pending -> canceled (contract section 23). */
export const PAYOUT_STATUSES = ['pending', 'in_transit', 'paid', 'returned', 'canceled'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

export type PayoutMetadata = Record<string, string>;

/**
 * Money sent from an account to a bank account by SEPA credit transfer. It books one pending `payout` debit that
 * reserves the amount until the bank's statement shows it left (posted) or it is canceled. The destination IBAN
 * is kept sealed (AES-256-GCM under a key derived from the root secret); only its last four characters are clear.
 */
@Entity('payouts')
@Index('idx_payouts_account_id', ['accountId', 'id'])
@Index('idx_payouts_account_status_id', ['accountId', 'status', 'id'])
@Index('idx_payouts_status_id', ['status', 'id'])
@Index('idx_payouts_batch_id', ['batchId', 'id'])
@Index('uq_payouts_transaction_id', ['transactionId'], { unique: true })
export class Payout {
  @PrimaryColumn({ type: 'varchar', length: 40 })
  id: string;

  @Column({ name: 'account_id', type: 'varchar', length: 40 })
  @ForeignKey('accounts', { onDelete: 'RESTRICT', name: 'fk_payouts_account_id' })
  accountId: string;

  @AmountColumn()
  amount: number;

  @Column({ type: 'varchar', length: 3 })
  currency: string;

  @Column({ type: 'varchar', length: 16 })
  status: PayoutStatus;

  /** The destination IBAN, sealed (sealed-text.ts); never stored or logged in clear. */
  @Column({ name: 'iban_sealed', type: 'varchar', length: 255 })
  ibanSealed: string;

  @Column({ name: 'iban_last4', type: 'varchar', length: 4 })
  ibanLast4: string;

  @Column({ type: 'varchar', length: 11, nullable: true })
  bic: string | null;

  @Column({ name: 'destination_name', type: 'varchar', length: 70 })
  destinationName: string;

  @Column({ type: 'varchar', length: 140, nullable: true })
  reference: string | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  description: string | null;

  @Column({ type: 'simple-json' })
  metadata: PayoutMetadata;

  /** The batch file it went out in: set once, by the conditional update that moves it to in_transit. */
  @Column({ name: 'batch_id', type: 'varchar', length: 40, nullable: true })
  @ForeignKey('payout_batches', { onDelete: 'RESTRICT', name: 'fk_payouts_batch_id' })
  batchId: string | null;

  /** The bank's return reason (ISO 20022 ExternalReturnReason1Code, e.g. AC04); null unless returned. */
  @Column({ name: 'failure_code', type: 'varchar', length: 35, nullable: true })
  failureCode: string | null;

  /** The pending `payout` debit that reserves the amount. */
  @Column({ name: 'transaction_id', type: 'varchar', length: 40 })
  @ForeignKey('transactions', { onDelete: 'RESTRICT', name: 'fk_payouts_transaction_id' })
  transactionId: string;

  /** The posted credit that booked a return back; null unless returned. */
  @Column({ name: 'return_transaction_id', type: 'varchar', length: 40, nullable: true })
  @ForeignKey('transactions', { onDelete: 'RESTRICT', name: 'fk_payouts_return_transaction_id' })
  returnTransactionId: string | null;

  @Column({ type: 'boolean', default: false })
  livemode: boolean;

  @TimestampColumn({ name: 'created_at' })
  createdAt: Date;

  @TimestampColumn({ name: 'updated_at' })
  updatedAt: Date;
}
