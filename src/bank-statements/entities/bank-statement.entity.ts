import { Column, Entity, PrimaryColumn } from 'typeorm';
import { AmountColumn, TimestampColumn } from '../../database/columns';

export const STATEMENT_FORMATS = ['camt053', 'csv'] as const;
export type StatementFormatName = (typeof STATEMENT_FORMATS)[number];

/** One import of a bank statement (POST /v1/bank_statements) and what it found. */
@Entity('bank_statements')
export class BankStatement {
  @PrimaryColumn({ type: 'varchar', length: 40 })
  id: string;

  @Column({ type: 'varchar', length: 16 })
  format: StatementFormatName;

  @AmountColumn({ name: 'line_count' })
  lineCount: number;

  @AmountColumn({ name: 'matched_count' })
  matchedCount: number;

  @AmountColumn({ name: 'unmatched_count' })
  unmatchedCount: number;

  /** The admin who imported it. */
  @Column({ name: 'imported_by', type: 'varchar', length: 40, nullable: true })
  importedBy: string | null;

  @TimestampColumn({ name: 'imported_at' })
  importedAt: Date;
}
