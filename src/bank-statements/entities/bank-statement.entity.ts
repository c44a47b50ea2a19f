import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { AmountColumn, TimestampColumn } from '../../database/columns';

/** An import that read every line, or one the database stopped part-way (importing the statement again completes it). */
export const STATEMENT_STATUSES = ['completed', 'incomplete'] as const;
export type StatementStatus = (typeof STATEMENT_STATUSES)[number];

/** One import of a bank statement (POST /v1/bank_statements) and what it found. */
@Entity('bank_statements')
@Index('idx_bank_statements_livemode', ['livemode', 'id'])
export class BankStatement {
  @PrimaryColumn({ type: 'varchar', length: 40 })
  id: string;

  /** What was read: `camt.053.001.08`, `camt.054.001.04`, `mt940`, `csv`, `csv:<profile>`. */
  @Column({ type: 'varchar', length: 80 })
  format: string;

  /** The mode it was imported for: it settles only requests of that mode. */
  @Column({ type: 'boolean' })
  livemode: boolean;

  /** The bank account the statement is for (IBAN), where the format says. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  account: string | null;

  @Column({ type: 'varchar', length: 16 })
  status: StatementStatus;

  @AmountColumn({ name: 'line_count' })
  lineCount: number;

  @AmountColumn({ name: 'matched_count' })
  matchedCount: number;

  @AmountColumn({ name: 'unmatched_count' })
  unmatchedCount: number;

  @AmountColumn({ name: 'skipped_debits' })
  skippedDebits: number;

  @AmountColumn({ name: 'skipped_not_booked' })
  skippedNotBooked: number;

  @AmountColumn({ name: 'skipped_reversals' })
  skippedReversals: number;

  @AmountColumn({ name: 'skipped_zero_amounts' })
  skippedZeroAmounts: number;

  /** The reconciliation report as the import answered it (JSON); null until the import completes. */
  @Column({ type: 'text', nullable: true })
  report: string | null;

  /** The admin who imported it. */
  @Column({ name: 'imported_by', type: 'varchar', length: 40, nullable: true })
  importedBy: string | null;

  @TimestampColumn({ name: 'imported_at' })
  importedAt: Date;
}
