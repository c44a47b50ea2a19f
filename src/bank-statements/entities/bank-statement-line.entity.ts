import { Column, Entity, ForeignKey, Index, PrimaryColumn } from 'typeorm';
import { AmountColumn, TimestampColumn } from '../../database/columns';

/** Why a line settled nothing: settlement's reasons, and a currency the platform does not hold. */
export const UNMATCHED_REASONS = ['no_such_reference', 'amount_mismatch', 'currency_mismatch', 'already_settled', 'request_not_open', 'unsupported_currency'] as const;
export type UnmatchedReason = (typeof UNMATCHED_REASONS)[number];

/** Where a line stands in the reconciliation inbox. */
export const LINE_STATUSES = ['matched', 'unmatched', 'ignored'] as const;
export type LineStatus = (typeof LINE_STATUSES)[number];

/**
 * A credit line of a bank statement, kept once per mode, account and entry id: the first import that sees it
 * decides it, and a later import of the same line settles nothing again (the unique index). An unmatched line
 * waits in the inbox until an admin matches it to a request or ignores it.
 */
@Entity('bank_statement_lines')
@Index('uq_bank_statement_lines_entry', ['livemode', 'account', 'entryId'], { unique: true })
@Index('idx_bank_statement_lines_status', ['status', 'id'])
@Index('idx_bank_statement_lines_statement_id', ['statementId', 'id'])
@Index('idx_bank_statement_lines_payment_id', ['paymentId'])
export class BankStatementLine {
  @PrimaryColumn({ type: 'varchar', length: 40 })
  id: string;

  /** The import that first read it. */
  @Column({ name: 'statement_id', type: 'varchar', length: 40 })
  @ForeignKey('bank_statements', { onDelete: 'RESTRICT', name: 'fk_bank_statement_lines_statement_id' })
  statementId: string;

  @Column({ type: 'boolean' })
  livemode: boolean;

  /** The statement's account (IBAN); empty when its format names none. */
  @Column({ type: 'varchar', length: 64 })
  account: string;

  /** The bank's id of the line, or `derived:` and a hash when the bank gives none unique to it. */
  @Column({ name: 'entry_id', type: 'varchar', length: 140 })
  entryId: string;

  /** Where it stood in the file that first brought it (1-based line). */
  @AmountColumn()
  position: number;

  @Column({ name: 'booking_date', type: 'varchar', length: 10 })
  bookingDate: string;

  @AmountColumn()
  amount: number;

  @Column({ type: 'varchar', length: 3 })
  currency: string;

  /** The RF creditor reference found in the line (electronic form). */
  @Column({ name: 'creditor_reference', type: 'varchar', length: 35, nullable: true })
  creditorReference: string | null;

  /** The bank's references of the line, as a JSON array of strings. */
  @Column({ name: 'bank_references', type: 'text' })
  references: string;

  @Column({ type: 'varchar', length: 500, nullable: true })
  remittance: string | null;

  @Column({ name: 'debtor_name', type: 'varchar', length: 140, nullable: true })
  debtorName: string | null;

  @Column({ name: 'debtor_iban', type: 'varchar', length: 34, nullable: true })
  debtorIban: string | null;

  @Column({ type: 'varchar', length: 16 })
  status: LineStatus;

  /** Why it did not settle a request when read; kept after an admin matches or ignores it. */
  @Column({ type: 'varchar', length: 32, nullable: true })
  reason: UnmatchedReason | null;

  @Column({ name: 'payment_id', type: 'varchar', length: 40, nullable: true })
  @ForeignKey('payment_requests', { onDelete: 'RESTRICT', name: 'fk_bank_statement_lines_payment_id' })
  paymentId: string | null;

  /** Why an admin ignored it. */
  @Column({ name: 'ignore_reason', type: 'varchar', length: 500, nullable: true })
  ignoreReason: string | null;

  /** The admin who matched or ignored it by hand, and when. */
  @Column({ name: 'resolved_by', type: 'varchar', length: 40, nullable: true })
  resolvedBy: string | null;

  @TimestampColumn({ name: 'resolved_at', nullable: true })
  resolvedAt: Date | null;

  @TimestampColumn({ name: 'created_at' })
  createdAt: Date;
}
