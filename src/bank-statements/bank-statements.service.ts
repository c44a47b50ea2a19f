import { Injectable } from '@nestjs/common';
import { AuthErrors } from '../auth/auth.errors';
import { AuthenticatedUser, isAdmin } from '../common/access/caller';
import { AuditLog } from '../common/audit/audit-log';
import { EventLog, NewEvent } from '../common/events/event-log';
import { isCurrencyCode } from '../common/money/currencies';
import { newId } from '../common/ids/ids';
import { Page } from '../common/pagination/page';
import { PaginationQueryDto } from '../common/pagination/pagination-query.dto';
import { Database } from '../database/database';
import { PaymentSettlement } from '../payments/payment-settlement';
import { BANK_TRANSFER_PROVIDER } from '../payments/providers/bank-transfer/bank-transfer.provider';
import { BankStatementErrors } from './bank-statements.errors';
import { BankStatementsRepository } from './bank-statements.repository';
import { BankStatementProfiles } from './bank-statement-profiles.service';
import { LineReportDto, ReconciliationReportDto } from './dto/reconciliation-report.response.dto';
import { BankStatementResponseDto, toStatementResponse } from './dto/bank-statement.response.dto';
import { BankStatement } from './entities/bank-statement.entity';
import { BankStatementLine, UnmatchedReason } from './entities/bank-statement-line.entity';
import type { IdentifiedLine } from './line-identity';
import type { ReadStatement } from './parse-statement';
import { parseStatementOffThread } from './parse-statement-off-thread';
import { StatementBody } from './statement-body';
import { StatementFormatError } from './statement-line';
import { PayoutsService } from '../payouts/payouts.service';
import type { PayoutLine } from './formats/statement-format';
import { PayoutLineReportDto } from './dto/reconciliation-report.response.dto';

/** How an import is asked for: the mode it settles, and the profile of a bank's CSV export. */
export interface ImportOptions {
  livemode: boolean;
  profile: string | null;
}

/** Payouts settled per database transaction: a statement of 10,000 payout debits takes 100 units of work, not 10,000. */
export const PAYOUTS_PER_UNIT = 100;

/** What became of one line of an import. */
type LineOutcome = { lineId: string; entryId: string } & ({ paymentId: string; reason: null } | { paymentId: string | null; reason: UnmatchedReason });

/**
 * Imports a bank statement and reconciles it with the bank-transfer requests of its mode (contract section 19).
 * The whole statement is read and checked first (in a worker thread): a malformed one applies nothing. Then
 * each credit line that quotes an open request's RF reference with its amount and currency settles it exactly
 * as a card payment does, one database transaction per line (the line's record, the request's move, its
 * credit, ledger entries and events). Lines are kept by mode, account and entry id: an import that stops
 * part-way (the database failed: 503) is completed by importing the statement again, and no line settles twice.
 */
@Injectable()
export class BankStatementsService {
  constructor(
    private readonly db: Database,
    private readonly statements: BankStatementsRepository,
    private readonly profiles: BankStatementProfiles,
    private readonly settlement: PaymentSettlement,
    private readonly audit: AuditLog,
    private readonly payouts: PayoutsService,
    private readonly events: EventLog,
  ) {}

  async import(caller: AuthenticatedUser, upload: StatementBody, options: ImportOptions): Promise<ReconciliationReportDto> {
    if (!isAdmin(caller)) throw AuthErrors.insufficientPermissions('Only an admin may import bank statements.');
    const profile = options.profile === null ? null : await this.profiles.definition(options.profile);
    const read = await readOrRefuse(await upload.bytes(), { mediaType: upload.mediaType, profile });
    const statement = newStatement(read, options.livemode, caller.userId);
    await this.db.transaction((manager) => this.statements.insertStatement(manager, statement));
    const outcomes: LineOutcome[] = [];
    for (const line of read.lines) outcomes.push(await this.reconcile(statement, line));
    const settled = await this.settlePayouts(read.payouts ?? [], statement.livemode);
    const report = reportOf(statement, read, outcomes, settled);
    await this.db.transaction(async (manager) => {
      await this.statements.completeStatement(manager, statement.id, {
        status: 'completed',
        matchedCount: report.matched.length,
        unmatchedCount: report.unmatched.length,
        report: JSON.stringify(report),
      });
      await this.audit.record(manager, {
        action: 'bank_statement.imported',
        accountId: null,
        target: { type: 'bank_statement', id: statement.id },
        reason: `${report.matched.length} matched, ${report.unmatched.length} unmatched`,
      });
    });
    return report;
  }

  list(caller: AuthenticatedUser, pagination: PaginationQueryDto): Promise<Page<BankStatementResponseDto>> {
    if (!isAdmin(caller)) throw AuthErrors.insufficientPermissions('Only an admin may read bank statements.');
    return this.db.run((manager) => this.statements.pageStatements(manager, pagination, (row) => toStatementResponse(row, false)));
  }

  async get(caller: AuthenticatedUser, statementId: string): Promise<BankStatementResponseDto> {
    if (!isAdmin(caller)) throw AuthErrors.insufficientPermissions('Only an admin may read bank statements.');
    const statement = await this.db.run((manager) => this.statements.findStatement(manager, statementId));
    if (statement === null) throw BankStatementErrors.statementNotFound();
    return toStatementResponse(statement, true);
  }

  /**
   * The payouts the statement's debits and returns name (contract section 23), in parts of PAYOUTS_PER_UNIT, each
   * part one database transaction: a debit of the payout's amount and currency marks an in_transit payout paid and
   * posts its debit; a return marks an in_transit or paid one returned and books the amount back. Each is a
   * conditional move of the payout, so a statement imported again (or a later one repeating the lines) changes
   * nothing; a line that names no payout of this mode, or another amount, is left as it is (a debit stays counted
   * among the skipped debits).
   */
  private async settlePayouts(lines: readonly PayoutLine[], livemode: boolean): Promise<{ paid: PayoutLineReportDto[]; returned: PayoutLineReportDto[] }> {
    const paid: PayoutLineReportDto[] = [];
    const returned: PayoutLineReportDto[] = [];
    for (let start = 0; start < lines.length; start += PAYOUTS_PER_UNIT) {
      const part = lines.slice(start, start + PAYOUTS_PER_UNIT);
      await this.db.transaction(async (manager) => {
        const found = await this.payouts.findForStatement(
          manager,
          part.map((line) => line.endToEndId),
          livemode,
        );
        const events: NewEvent[] = [];
        for (const line of part) {
          const payout = found.get(line.endToEndId);
          if (payout === undefined || payout.amount !== line.amount || payout.currency !== line.currency) continue;
          const moved =
            line.kind === 'debit'
              ? await this.payouts.markPaid(manager, payout, ['in_transit'])
              : await this.payouts.markReturned(manager, payout, ['in_transit', 'paid'], line.reason ?? 'NARR');
          if (moved === null) continue;
          found.set(payout.id, moved.payout);
          events.push(...moved.events);
          const entry = { payout_id: payout.id, entry_id: line.bankId, reason: line.reason };
          (line.kind === 'debit' ? paid : returned).push(entry);
        }
        await this.events.record(manager, events);
      });
    }
    return { paid, returned };
  }

  /** One line in its own database transaction: claimed by mode, account and entry id, then settled or not. */
  private reconcile(statement: BankStatement, line: IdentifiedLine): Promise<LineOutcome> {
    return this.db.transaction(async (manager) => {
      const record = newLine(statement, line);
      if (!(await this.statements.claimLine(manager, record))) {
        // Seen before: it settled its request then (now already settled), or it was left unmatched for its reason.
        const earlier = await this.statements.findLineByEntry(manager, record);
        return { lineId: earlier?.id ?? record.id, entryId: line.entryId, paymentId: earlier?.paymentId ?? null, reason: earlier?.reason ?? 'already_settled' };
      }
      const outcome = await this.settle(manager, statement, line, record.id);
      await this.statements.recordOutcome(manager, record.id, outcome);
      return outcome;
    });
  }

  private async settle(manager: Parameters<PaymentSettlement['settle']>[0], statement: BankStatement, line: IdentifiedLine, lineId: string): Promise<LineOutcome> {
    const at = { lineId, entryId: line.entryId };
    if (!isCurrencyCode(line.currency)) return { ...at, paymentId: null, reason: 'unsupported_currency' };
    const result = await this.settlement.settle(manager, {
      provider: BANK_TRANSFER_PROVIDER,
      reference: line.creditorReference,
      amount: line.amount,
      currency: line.currency,
      livemode: statement.livemode,
    });
    return result.settled ? { ...at, paymentId: result.paymentId, reason: null } : { ...at, paymentId: result.paymentId, reason: result.reason };
  }
}

function newStatement(read: ReadStatement, livemode: boolean, importedBy: string | null): BankStatement {
  return {
    id: newId('stm'),
    format: read.format,
    livemode,
    account: read.account,
    status: 'incomplete',
    lineCount: read.lines.length,
    matchedCount: 0,
    unmatchedCount: 0,
    skippedDebits: read.skipped.debits,
    skippedNotBooked: read.skipped.notBooked,
    skippedReversals: read.skipped.reversals,
    skippedZeroAmounts: read.skipped.zeroAmounts,
    report: null,
    importedBy,
    importedAt: new Date(),
  };
}

function newLine(statement: BankStatement, line: IdentifiedLine): BankStatementLine {
  return {
    id: newId('bsl'),
    statementId: statement.id,
    livemode: statement.livemode,
    account: line.account ?? statement.account ?? '',
    entryId: line.entryId,
    position: line.line,
    bookingDate: line.bookingDate,
    amount: line.amount,
    currency: line.currency,
    creditorReference: line.creditorReference,
    references: JSON.stringify(line.references),
    remittance: line.remittance,
    debtorName: line.debtorName,
    debtorIban: line.debtorIban,
    status: 'unmatched',
    reason: null,
    paymentId: null,
    ignoreReason: null,
    resolvedBy: null,
    resolvedAt: null,
    createdAt: new Date(),
  };
}

function reportOf(
  statement: BankStatement,
  read: ReadStatement,
  outcomes: readonly LineOutcome[],
  payouts: { paid: PayoutLineReportDto[]; returned: PayoutLineReportDto[] },
): ReconciliationReportDto {
  const matched: ReconciliationReportDto['matched'] = [];
  const unmatched: LineReportDto[] = [];
  for (const outcome of outcomes) {
    if (outcome.reason === null) matched.push({ line_id: outcome.lineId, entry_id: outcome.entryId, payment_id: outcome.paymentId });
    else unmatched.push({ line_id: outcome.lineId, entry_id: outcome.entryId, reason: outcome.reason });
  }
  return {
    statement_id: statement.id,
    livemode: statement.livemode,
    format: statement.format,
    account: statement.account,
    lines: read.lines.length,
    matched,
    unmatched,
    skipped: { debits: read.skipped.debits, not_booked: read.skipped.notBooked, reversals: read.skipped.reversals, zero_amounts: read.skipped.zeroAmounts },
    payouts_paid: payouts.paid,
    payouts_returned: payouts.returned,
  };
}

/** The statement read in a worker thread (a large camt.053 takes a second); `400` naming the line when malformed. */
async function readOrRefuse(body: Buffer, upload: Parameters<typeof parseStatementOffThread>[1]): Promise<ReadStatement> {
  try {
    return await parseStatementOffThread(body, upload);
  } catch (error) {
    if (!(error instanceof StatementFormatError)) throw error;
    throw BankStatementErrors.malformed(error);
  }
}
