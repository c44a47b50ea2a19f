import { Injectable } from '@nestjs/common';
import { AuthErrors } from '../auth/auth.errors';
import { AuthenticatedUser, isAdmin } from '../common/access/caller';
import { DomainError, validationError } from '../common/errors/domain-error';
import { newId } from '../common/ids/ids';
import { Database } from '../database/database';
import { SettlementResult, PaymentSettlement } from '../payments/payment-settlement';
import { BANK_TRANSFER_PROVIDER } from '../payments/providers/bank-transfer/bank-transfer.provider';
import { parseCreditorReference } from '../payments/providers/bank-transfer/creditor-reference';
import { BankStatementsRepository } from './bank-statements.repository';
import { ReconciliationReportDto } from './dto/reconciliation-report.response.dto';
import { BankStatement, StatementFormatName } from './entities/bank-statement.entity';
import { BankStatementLine, LineOutcome } from './entities/bank-statement-line.entity';
import { parseStatementOffThread } from './parse-statement-off-thread';
import { StatementBody } from './statement-body';
import { StatementFormatError, StatementLine } from './statement-line';
import { AuditLog } from '../common/audit/audit-log';

/** The longest remittance text kept with a line (camt.053's unstructured remittance is at most 140 characters). */
const MAX_REFERENCE_LENGTH = 140;

/**
 * Imports a bank statement and reconciles it with the bank-transfer requests:
 * each credit line that quotes an open request's RF reference with its amount
 * and currency settles it exactly as a card payment does, one database
 * transaction per line (the line's record, the request's move, its credit,
 * ledger entries and events). Lines are kept by the bank's entry id, so an
 * entry imported again (in this statement's next import, or concurrently)
 * settles nothing twice.
 */
@Injectable()
export class BankStatementsService {
  constructor(
    private readonly db: Database,
    private readonly statements: BankStatementsRepository,
    private readonly settlement: PaymentSettlement,
    private readonly audit: AuditLog,
  ) {}

  async import(caller: AuthenticatedUser, upload: StatementBody): Promise<ReconciliationReportDto> {
    if (!isAdmin(caller)) throw AuthErrors.insufficientPermissions('Only an admin may import bank statements.');
    const format = upload.format;
    // Read whole before anything is written: a malformed statement applies nothing.
    const lines = await parseOrRefuse(await upload.text(), format);
    const statement: BankStatement = { id: newId('stm'), format, lineCount: lines.length, matchedCount: 0, unmatchedCount: 0, importedBy: caller.userId, importedAt: new Date() };
    await this.db.transaction((manager) => this.statements.insertStatement(manager, statement));
    const report: ReconciliationReportDto = { statement_id: statement.id, lines: lines.length, matched: [], unmatched: [] };
    for (const line of lines) {
      const outcome = await this.reconcile(statement.id, line);
      if (outcome.outcome === 'matched') report.matched.push({ entry_id: line.entryId, payment_id: outcome.paymentId! });
      else report.unmatched.push({ entry_id: line.entryId, reason: outcome.outcome });
    }
    await this.db.transaction(async (manager) => {
      await this.statements.recordCounts(manager, statement.id, report.matched.length, report.unmatched.length);
      await this.audit.record(manager, {
        action: 'bank_statement.imported',
        accountId: null,
        target: { type: 'bank_statement', id: statement.id },
        reason: `${report.matched.length} matched, ${report.unmatched.length} unmatched`,
      });
    });
    return report;
  }

  /** One line in its own database transaction: claimed by entry id, then settled or not. */
  private reconcile(statementId: string, line: StatementLine): Promise<{ outcome: LineOutcome; paymentId: string | null }> {
    return this.db.transaction(async (manager) => {
      const record: BankStatementLine = {
        entryId: line.entryId,
        statementId,
        bookingDate: line.bookingDate,
        amount: line.amount,
        currency: line.currency,
        reference: line.reference?.slice(0, MAX_REFERENCE_LENGTH) ?? null,
        outcome: 'no_such_reference',
        paymentId: null,
        createdAt: new Date(),
      };
      if (!(await this.statements.claimLine(manager, record))) {
        // Seen before: it settled its request then (now already settled), or it was unmatched for its reason.
        const earlier = await this.statements.findLine(manager, line.entryId);
        return { outcome: earlier === null || earlier.outcome === 'matched' ? 'already_settled' : earlier.outcome, paymentId: earlier?.paymentId ?? null };
      }
      const reference = line.reference === null ? null : parseCreditorReference(line.reference);
      const result = await this.settlement.settle(manager, { provider: BANK_TRANSFER_PROVIDER, reference, amount: line.amount, currency: line.currency });
      const outcome = outcomeOf(result);
      await this.statements.settleLine(manager, line.entryId, outcome, result.paymentId);
      return { outcome, paymentId: result.paymentId };
    });
  }
}

function outcomeOf(result: SettlementResult): LineOutcome {
  return result.settled ? 'matched' : result.reason;
}

/** The statement's credit lines, read in a worker thread (a large camt.053 takes a second); `400` naming the line when malformed. */
async function parseOrRefuse(body: string, format: StatementFormatName): Promise<StatementLine[]> {
  try {
    return await parseStatementOffThread(body, format);
  } catch (error) {
    if (!(error instanceof StatementFormatError)) throw error;
    const problem = error.entryId === null ? error.problem : `entry ${error.entryId}: ${error.problem}`;
    throw validationError(error.line === null ? 'statement' : `line ${error.line}`, problem);
  }
}

export const BankStatementErrors = {
  unsupportedMediaType: () => new DomainError('unsupported_media_type', 'Send the statement as camt.053 XML (Content-Type: application/xml) or as CSV (text/csv).'),
};
