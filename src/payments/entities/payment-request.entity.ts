import { Column, Entity, ForeignKey, Index, PrimaryColumn } from 'typeorm';
import { AmountColumn, TimestampColumn } from '../../database/columns';

export const PAYMENT_PURPOSES = ['product', 'subscription', 'invoice'] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];
export const CAPTURE_METHODS = ['automatic', 'manual'] as const;
export type CaptureMethod = (typeof CAPTURE_METHODS)[number];
export const PAYMENT_STATUSES = ['pending', 'authorized', 'succeeded', 'failed', 'canceled', 'expired'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
/** Stored statuses that still await the customer or a capture; past expires_at they read as expired. */
export const OPEN_PAYMENT_STATUSES: readonly PaymentStatus[] = ['pending', 'authorized'];

/** Why an attempt or a request failed: the card was declined, its funds were insufficient, or a test card met a live request. */
export const PAYMENT_FAILURE_CODES = ['card_declined', 'insufficient_funds', 'test_card_in_live_mode'] as const;
export type PaymentFailureCode = (typeof PAYMENT_FAILURE_CODES)[number];

export type PaymentMetadata = Record<string, string>;

/** A request for money sent to a customer; on success it is settled by one posted credit transaction. */
@Entity('payment_requests')
@Index('idx_payment_requests_account_id', ['accountId', 'id'])
@Index('idx_payment_requests_status_expires_at', ['status', 'expiresAt'])
@Index('idx_payment_requests_account_status', ['accountId', 'status', 'id'])
@Index('idx_payment_requests_account_purpose', ['accountId', 'purpose', 'id'])
@Index('idx_payment_requests_account_customer', ['accountId', 'customerEmail', 'id'])
@Index('uq_payment_requests_checkout_token', ['checkoutToken'], { unique: true })
@Index('uq_payment_requests_provider_reference', ['provider', 'providerReference'], { unique: true })
export class PaymentRequest {
  @PrimaryColumn({ type: 'varchar', length: 40 })
  id: string;

  @Column({ name: 'account_id', type: 'varchar', length: 40 })
  @ForeignKey('accounts', { onDelete: 'RESTRICT', name: 'fk_payment_requests_account_id' })
  accountId: string;

  @Column({ type: 'varchar', length: 16 })
  purpose: PaymentPurpose;

  @Column({ name: 'reference_id', type: 'varchar', length: 255, nullable: true })
  referenceId: string | null;

  @AmountColumn()
  amount: number;

  @Column({ type: 'varchar', length: 3 })
  currency: string;

  @Column({ type: 'varchar', length: 500, nullable: true })
  description: string | null;

  @Column({ name: 'customer_email', type: 'varchar', length: 254 })
  customerEmail: string;

  @Column({ name: 'customer_name', type: 'varchar', length: 200, nullable: true })
  customerName: string | null;

  @Column({ name: 'capture_method', type: 'varchar', length: 16 })
  captureMethod: CaptureMethod;

  /** As stored; `effectiveStatus` reads pending or authorized past expires_at as expired. */
  @Column({ type: 'varchar', length: 16 })
  status: PaymentStatus;

  /** The provider chosen at creation: every later step of the request goes to it. */
  @Column({ type: 'varchar', length: 32 })
  provider: string;

  /** How the provider knows the request (bank_transfer: the RF creditor reference the customer quotes); unique per provider. */
  @Column({ name: 'provider_reference', type: 'varchar', length: 64, nullable: true })
  providerReference: string | null;

  /** Its account's mode: true for live money. */
  @Column({ type: 'boolean', default: false })
  livemode: boolean;

  @Column({ name: 'payment_url', type: 'varchar', length: 2048 })
  paymentUrl: string;

  /**
   * The only key to the hosted checkout page (/pay/{token}): random, unrelated to
   * the id. Null for requests created before the page existed.
   */
  @Column({ name: 'checkout_token', type: 'varchar', length: 64, nullable: true })
  checkoutToken: string | null;

  @Column({ name: 'failure_code', type: 'varchar', length: 32, nullable: true })
  failureCode: PaymentFailureCode | null;

  /** Why the customer's last attempt was declined (the request stays pending and may be tried again); null before any. */
  @Column({ name: 'last_failure_code', type: 'varchar', length: 32, nullable: true })
  lastFailureCode: PaymentFailureCode | null;

  @Column({ type: 'simple-json' })
  metadata: PaymentMetadata;

  /** What a success charged: the amount, or less when a manual capture took part of the authorization. 0 before. */
  @AmountColumn({ name: 'amount_captured', default: 0 })
  amountCaptured: number;

  /**
   * The sum of its refunds that have not failed, kept by the conditional update
   * that books each refund, so it never exceeds `amountCaptured`.
   */
  @AmountColumn({ name: 'amount_refunded', default: 0 })
  amountRefunded: number;

  @Column({ name: 'transaction_id', type: 'varchar', length: 40, nullable: true })
  transactionId: string | null;

  @TimestampColumn({ name: 'expires_at' })
  expiresAt: Date;

  @TimestampColumn({ name: 'created_at' })
  createdAt: Date;

  @TimestampColumn({ name: 'updated_at' })
  updatedAt: Date;

  @TimestampColumn({ name: 'paid_at', nullable: true })
  paidAt: Date | null;
}
