import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { Sql } from '../database/sql';
import { BankStatement } from './entities/bank-statement.entity';
import { BankStatementLine, LineOutcome } from './entities/bank-statement-line.entity';

/**
 * Claims a bank entry for this import: inserted, or nothing when an import has it already. On PostgreSQL a
 * concurrent import of the same entry waits on the primary key until this transaction ends, then finds it.
 */
const CLAIM_LINE = new Sql(`INSERT INTO bank_statement_lines (entry_id, statement_id, booking_date, amount, currency, reference, outcome, payment_id, created_at)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
  ON CONFLICT (entry_id) DO NOTHING
  RETURNING entry_id`);

/** The bank_statements and bank_statement_lines tables. */
@Injectable()
export class BankStatementsRepository {
  async insertStatement(manager: EntityManager, statement: BankStatement): Promise<void> {
    await manager.insert(BankStatement, statement);
  }

  async recordCounts(manager: EntityManager, statementId: string, matchedCount: number, unmatchedCount: number): Promise<void> {
    await manager.update(BankStatement, { id: statementId }, { matchedCount, unmatchedCount });
  }

  /** Inserts the line with its outcome; false when its entry was imported before (the line is then left as it was). */
  async claimLine(manager: EntityManager, line: BankStatementLine): Promise<boolean> {
    const claimed = await CLAIM_LINE.rows(manager, [
      line.entryId,
      line.statementId,
      line.bookingDate,
      line.amount,
      line.currency,
      line.reference,
      line.outcome,
      line.paymentId,
      line.createdAt.getTime(),
    ]);
    return claimed.length === 1;
  }

  async settleLine(manager: EntityManager, entryId: string, outcome: LineOutcome, paymentId: string | null): Promise<void> {
    await manager.update(BankStatementLine, { entryId }, { outcome, paymentId });
  }

  findLine(manager: EntityManager, entryId: string): Promise<BankStatementLine | null> {
    return manager.findOneBy(BankStatementLine, { entryId });
  }
}
