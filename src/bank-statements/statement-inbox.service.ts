import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { AuthErrors } from '../auth/auth.errors';
import { AuthenticatedUser, isAdmin } from '../common/access/caller';
import { AuditLog } from '../common/audit/audit-log';
import { isId } from '../common/ids/ids';
import { Page } from '../common/pagination/page';
import { Database } from '../database/database';
import { PaymentRequest } from '../payments/entities/payment-request.entity';
import { PaymentErrors } from '../payments/payments.errors';
import { PaymentsRepository } from '../payments/payments.repository';
import { PaymentSettlement, SettlementResult } from '../payments/payment-settlement';
import { BANK_TRANSFER_PROVIDER } from '../payments/providers/bank-transfer/bank-transfer.provider';
import { BankStatementErrors } from './bank-statements.errors';
import { BankStatementsRepository } from './bank-statements.repository';
import { BankStatementLineResponseDto, ListBankStatementLinesQueryDto, toLineResponse } from './dto/bank-statement-line.dto';
import { BankStatementLine } from './entities/bank-statement-line.entity';

/**
 * The reconciliation inbox (contract section 19): the lines no request claimed, for an admin to settle by hand
 * (the customer typed the reference wrong) or to set aside with a reason. Each decision is one database
 * transaction with its audit entry; the line's conditional update makes one winner of concurrent decisions,
 * and the request's own conditional move one winner of two lines paying one request.
 */
@Injectable()
export class StatementInbox {
  constructor(
    private readonly db: Database,
    private readonly statements: BankStatementsRepository,
    private readonly payments: PaymentsRepository,
    private readonly settlement: PaymentSettlement,
    private readonly audit: AuditLog,
  ) {}

  list(caller: AuthenticatedUser, query: ListBankStatementLinesQueryDto): Promise<Page<BankStatementLineResponseDto>> {
    requireAdmin(caller);
    return this.db.run((manager) => this.statements.pageLines(manager, { status: query.status, statementId: query.statement_id }, query, toLineResponse));
  }

  async get(caller: AuthenticatedUser, lineId: string): Promise<BankStatementLineResponseDto> {
    requireAdmin(caller);
    return toLineResponse(await this.db.run((manager) => this.lineOrFail(manager, lineId)));
  }

  match(caller: AuthenticatedUser, lineId: string, paymentId: string): Promise<BankStatementLineResponseDto> {
    requireAdmin(caller);
    return this.db.transaction(async (manager) => {
      const line = await this.unmatchedLine(manager, lineId);
      const payment = await this.requestFor(manager, line, paymentId);
      const at = new Date();
      if (!(await this.statements.resolveLine(manager, line.id, { status: 'matched', paymentId: payment.id }, caller.userId, at))) {
        throw BankStatementErrors.lineNotUnmatched('decided by someone else meanwhile');
      }
      refuseUnsettled(await this.settlement.settleRequest(manager, payment, moneyOf(line)), line, payment);
      await this.audit.record(manager, {
        action: 'bank_statement_line.matched',
        accountId: payment.accountId,
        target: { type: 'bank_statement_line', id: line.id },
        reason: `settled ${payment.id}`,
      });
      return toLineResponse(await this.lineOrFail(manager, line.id));
    });
  }

  ignore(caller: AuthenticatedUser, lineId: string, reason: string): Promise<BankStatementLineResponseDto> {
    requireAdmin(caller);
    return this.db.transaction(async (manager) => {
      const line = await this.unmatchedLine(manager, lineId);
      if (!(await this.statements.resolveLine(manager, line.id, { status: 'ignored', reason }, caller.userId, new Date()))) {
        throw BankStatementErrors.lineNotUnmatched('decided by someone else meanwhile');
      }
      await this.audit.record(manager, { action: 'bank_statement_line.ignored', accountId: null, target: { type: 'bank_statement_line', id: line.id }, reason });
      return toLineResponse(await this.lineOrFail(manager, line.id));
    });
  }

  private async lineOrFail(manager: EntityManager, lineId: string): Promise<BankStatementLine> {
    const line = isId('bsl', lineId) ? await this.statements.findLine(manager, lineId) : null;
    if (line === null) throw BankStatementErrors.lineNotFound();
    return line;
  }

  private async unmatchedLine(manager: EntityManager, lineId: string): Promise<BankStatementLine> {
    const line = await this.lineOrFail(manager, lineId);
    if (line.status !== 'unmatched') throw BankStatementErrors.lineNotUnmatched(line.status);
    return line;
  }

  /** The request a line may settle: of its mode (another mode's is not found), a bank transfer, of its currency and amount. */
  private async requestFor(manager: EntityManager, line: BankStatementLine, paymentId: string): Promise<PaymentRequest> {
    const payment = isId('pay', paymentId) ? await this.payments.findById(manager, paymentId) : null;
    if (payment === null || payment.livemode !== line.livemode) throw PaymentErrors.notFound();
    if (payment.provider !== BANK_TRANSFER_PROVIDER) throw BankStatementErrors.requestNotOpen(`paid through ${payment.provider}`);
    if (payment.currency !== line.currency || payment.amount !== line.amount) throw BankStatementErrors.amountMismatch(line, payment);
    return payment;
  }
}

function requireAdmin(caller: AuthenticatedUser): void {
  if (!isAdmin(caller)) throw AuthErrors.insufficientPermissions('Only an admin may reconcile bank statement lines.');
}

function moneyOf(line: BankStatementLine) {
  return { provider: BANK_TRANSFER_PROVIDER, amount: line.amount, currency: line.currency, livemode: line.livemode };
}

/** A request that could not be settled rolls the whole decision back, with the reason. */
function refuseUnsettled(result: SettlementResult, line: BankStatementLine, payment: PaymentRequest): void {
  if (result.settled) return;
  if (result.reason === 'amount_mismatch' || result.reason === 'currency_mismatch') throw BankStatementErrors.amountMismatch(line, payment);
  throw BankStatementErrors.requestNotOpen(result.reason === 'already_settled' ? 'succeeded' : 'no longer pending');
}
