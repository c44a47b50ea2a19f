import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { fetchPage, Page } from '../common/pagination/page';
import { PaginationQueryDto } from '../common/pagination/pagination-query.dto';
import { Sql } from '../database/sql';
import { BankStatement } from './entities/bank-statement.entity';
import { BankStatementLine, LineStatus, UnmatchedReason } from './entities/bank-statement-line.entity';

/**
 * Claims a line for this import: inserted, or nothing when an import has it already (same mode, account and
 * entry id). On PostgreSQL a concurrent import of the same line waits on the unique index until this
 * transaction ends, then finds it.
 */
const CLAIM_LINE = new Sql(`INSERT INTO bank_statement_lines (id, statement_id, livemode, account, entry_id, position, booking_date, amount,
    currency, creditor_reference, bank_references, remittance, debtor_name, debtor_iban, status, reason, created_at)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)
  ON CONFLICT (livemode, account, entry_id) DO NOTHING
  RETURNING id`);

/** A hand-made decision on an unmatched line; one winner, whoever comes second changes nothing. */
const RESOLVE_LINE = new Sql(`UPDATE bank_statement_lines
  SET status = $2, payment_id = $3, ignore_reason = $4, resolved_by = $5, resolved_at = $6
  WHERE id = $1 AND status = 'unmatched'`);

export interface LineFilters {
  status?: LineStatus;
  statementId?: string;
}

export interface StatementTotals {
  status: BankStatement['status'];
  matchedCount: number;
  unmatchedCount: number;
  report: string;
}

/** A hand-made decision: matched to a request, or ignored with a reason. */
export type LineResolution = { status: 'matched'; paymentId: string } | { status: 'ignored'; reason: string };

/** The bank_statements and bank_statement_lines tables. */
@Injectable()
export class BankStatementsRepository {
  async insertStatement(manager: EntityManager, statement: BankStatement): Promise<void> {
    await manager.insert(BankStatement, statement);
  }

  async completeStatement(manager: EntityManager, statementId: string, totals: StatementTotals): Promise<void> {
    await manager.update(BankStatement, { id: statementId }, totals);
  }

  findStatement(manager: EntityManager, statementId: string): Promise<BankStatement | null> {
    return manager.findOneBy(BankStatement, { id: statementId });
  }

  /** Newest first, walked on the primary key. */
  pageStatements<Item>(manager: EntityManager, pagination: PaginationQueryDto, toItem: (row: BankStatement) => Item): Promise<Page<Item>> {
    return fetchPage(manager.createQueryBuilder(BankStatement, 'statement'), pagination, toItem);
  }

  /** Inserts the line as unmatched; false when an import of its mode and account has it already (it is then left as it was). */
  async claimLine(manager: EntityManager, line: BankStatementLine): Promise<boolean> {
    const claimed = await CLAIM_LINE.rows(manager, [
      line.id,
      line.statementId,
      line.livemode ? 1 : 0,
      line.account,
      line.entryId,
      line.position,
      line.bookingDate,
      line.amount,
      line.currency,
      line.creditorReference,
      line.references,
      line.remittance,
      line.debtorName,
      line.debtorIban,
      line.status,
      line.reason,
      line.createdAt.getTime(),
    ]);
    return claimed.length === 1;
  }

  /** What the import that read a line decided: matched to a request, or why not. */
  async recordOutcome(manager: EntityManager, lineId: string, outcome: { paymentId: string | null; reason: UnmatchedReason | null }): Promise<void> {
    await manager.update(BankStatementLine, { id: lineId }, { status: outcome.reason === null ? 'matched' : 'unmatched', reason: outcome.reason, paymentId: outcome.paymentId });
  }

  findLineByEntry(manager: EntityManager, key: Pick<BankStatementLine, 'livemode' | 'account' | 'entryId'>): Promise<BankStatementLine | null> {
    return manager.findOneBy(BankStatementLine, { livemode: key.livemode, account: key.account, entryId: key.entryId });
  }

  findLine(manager: EntityManager, lineId: string): Promise<BankStatementLine | null> {
    return manager.findOneBy(BankStatementLine, { id: lineId });
  }

  /** Newest first; a status walks (status, id), a statement (statement_id, id). */
  pageLines<Item>(manager: EntityManager, filters: LineFilters, pagination: PaginationQueryDto, toItem: (row: BankStatementLine) => Item): Promise<Page<Item>> {
    const query = manager.createQueryBuilder(BankStatementLine, 'line');
    if (filters.status !== undefined) query.andWhere('line.status = :status', { status: filters.status });
    if (filters.statementId !== undefined) query.andWhere('line.statement_id = :statementId', { statementId: filters.statementId });
    return fetchPage(query, pagination, toItem);
  }

  /** Moves an unmatched line to matched or ignored; false when it was not unmatched (someone else decided first). */
  async resolveLine(manager: EntityManager, lineId: string, resolution: LineResolution, by: string | null, at: Date): Promise<boolean> {
    const matched = resolution.status === 'matched';
    const changed = await RESOLVE_LINE.run(manager, [lineId, resolution.status, matched ? resolution.paymentId : null, matched ? null : resolution.reason, by, at.getTime()]);
    return changed === 1;
  }
}
