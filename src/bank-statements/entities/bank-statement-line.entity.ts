import { Column, Entity, ForeignKey, Index, PrimaryColumn } from 'typeorm';
import { AmountColumn, TimestampColumn } from '../../database/columns';
import { UnsettledReason } from '../../payments/payment-settlement';

/** A line settled its request, or did not and why. */
export type LineOutcome = 'matched' | UnsettledReason;

/**
 * A credit line of a bank statement, kept once per bank entry id: the first
 * import that sees an entry decides it, and a later import of the same entry
 * settles nothing again (its primary key is the entry id).
 */
@Entity('bank_statement_lines')
@Index('idx_bank_statement_lines_statement_id', ['statementId'])
@Index('idx_bank_statement_lines_payment_id', ['paymentId'])
export class BankStatementLine {
  @PrimaryColumn({ name: 'entry_id', type: 'varchar', length: 140 })
  entryId: string;

  @Column({ name: 'statement_id', type: 'varchar', length: 40 })
  @ForeignKey('bank_statements', { onDelete: 'RESTRICT', name: 'fk_bank_statement_lines_statement_id' })
  statementId: string;

  @Column({ name: 'booking_date', type: 'varchar', length: 10 })
  bookingDate: string;

  @AmountColumn()
  amount: number;

  @Column({ type: 'varchar', length: 3 })
  currency: string;

  @Column({ type: 'varchar', length: 140, nullable: true })
  reference: string | null;

  @Column({ type: 'varchar', length: 24 })
  outcome: LineOutcome;

  @Column({ name: 'payment_id', type: 'varchar', length: 40, nullable: true })
  @ForeignKey('payment_requests', { onDelete: 'RESTRICT', name: 'fk_bank_statement_lines_payment_id' })
  paymentId: string | null;

  @TimestampColumn({ name: 'created_at' })
  createdAt: Date;
}
