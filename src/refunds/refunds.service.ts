import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { AccountsRepository } from '../accounts/accounts.repository';
import { AuthErrors } from '../auth/auth.errors';
import { visibleAccountScope } from '../common/access/account-access';
import { AuthenticatedUser, isAdmin } from '../common/access/caller';
import { AuditLog } from '../common/audit/audit-log';
import { EventLog, NewEvent } from '../common/events/event-log';
import { creationTimeOf, isId, newId } from '../common/ids/ids';
import { Page } from '../common/pagination/page';
import { PaginationQueryDto } from '../common/pagination/pagination-query.dto';
import { Database, TransactionOptions } from '../database/database';
import { valuesInOrder } from '../database/sent-together';
import { balanceUpdatedEvents } from '../ledger/dto/balances.response.dto';
import { LedgerService } from '../ledger/ledger.service';
import { toPaymentResponse } from '../payments/dto/payment.response.dto';
import { PaymentRequest } from '../payments/entities/payment-request.entity';
import { effectiveStatus } from '../payments/payment-status';
import { PaymentErrors } from '../payments/payments.errors';
import { PaymentsRepository } from '../payments/payments.repository';
import { RefundAnswer } from '../payments/providers/payment-provider';
import { PaymentProviders } from '../payments/providers/payment-providers';
import { Transaction } from '../transactions/entities/transaction.entity';
import { transactionEvents } from '../transactions/transaction-events';
import { postingOf } from '../transactions/transaction-rules';
import { TransactionsRepository } from '../transactions/transactions.repository';
import { ConfirmRefundRequestDto } from './dto/confirm-refund.request.dto';
import { CreateRefundRequestDto } from './dto/create-refund.request.dto';
import { RefundResponseDto, toRefundResponse } from './dto/refund.response.dto';
import { Refund, RefundFailureCode } from './entities/refund.entity';
import { RefundErrors } from './refunds.errors';
import { RefundsRepository } from './refunds.repository';

/** The provider's (or the admin's) last word on a pending refund. */
type RefundSettlement = { status: 'succeeded' } | { status: 'failed'; failureCode: RefundFailureCode };

/**
 * Refunds of succeeded payment requests. A refund is booked first (the
 * request's refunded sum, a pending `refund` debit with its ledger entries and
 * events, in one database transaction whose conditional update decides whether
 * it fits), then asked of the request's provider outside any transaction,
 * then settled with the provider's answer: posted, canceled, or left pending
 * for an admin to confirm. A provider that answers in process (the sandbox) is
 * asked inside the booking's transaction instead, which then settles it too.
 */
@Injectable()
export class RefundsService {
  constructor(
    private readonly db: Database,
    private readonly refunds: RefundsRepository,
    private readonly payments: PaymentsRepository,
    private readonly accounts: AccountsRepository,
    private readonly transactions: TransactionsRepository,
    private readonly ledger: LedgerService,
    private readonly providers: PaymentProviders,
    private readonly events: EventLog,
    private readonly audit: AuditLog,
  ) {}

  async create(caller: AuthenticatedUser, paymentId: string, request: CreateRefundRequestDto, commit: TransactionOptions = {}): Promise<RefundResponseDto> {
    const payment = await this.db.run(async (manager) => {
      const found = await this.findPayment(manager, caller, paymentId);
      await this.requireOwnerOrAdmin(manager, caller, found.accountId);
      return found;
    });
    const status = effectiveStatus(payment, new Date());
    if (status !== 'succeeded' || payment.transactionId === null) throw RefundErrors.notRefundable(status);
    const provider = this.providers.find(payment.provider);
    if (provider === null) throw PaymentErrors.providerUnavailable(payment.provider);
    // Read before the booking decides: a default amount is what was left then; the conditional update settles races.
    const amount = request.amount ?? payment.amountCaptured - payment.amountRefunded;
    if (amount <= 0) throw RefundErrors.exceedsPayment(payment.amountRefunded, payment.amountCaptured, amount);
    const order = (refundId: string) => ({ refundId, amount, currency: payment.currency });
    if (provider.refundsInProcess) {
      // No network call to wait for: asked inside the booking, and settled in the same commit.
      return this.db.transaction(async (manager) => {
        const { refund, debit, settleAt } = await this.book(manager, payment, payment.transactionId!, amount, request, true);
        const settlement = settlementOf(await provider.refund(payment, order(refund.id)));
        return toRefundResponse(settlement === null || settleAt === null ? refund : await this.settle(manager, refund, settlement, { debit, at: settleAt }));
      }, commit);
    }
    // The answer stored for an Idempotency-Key is the response, never the entity.
    let refund: Refund | undefined;
    const booked = await this.db.transaction(async (manager) => {
      refund = (await this.book(manager, payment, payment.transactionId!, amount, request, false)).refund;
      return toRefundResponse(refund);
    }, commit);
    const answer = await provider.refund(payment, order(booked.id));
    const settlement = settlementOf(answer);
    if (settlement === null || refund === undefined) return booked;
    const pending = refund;
    // A provider that answers at once (the sandbox) settles it now: a replay then answers as this request does.
    return this.db.transaction(async (manager) => {
      const settled = toRefundResponse(await this.settle(manager, pending, settlement));
      await commit.restate?.(manager, settled);
      return settled;
    });
  }

  list(caller: AuthenticatedUser, paymentId: string, query: PaginationQueryDto): Promise<Page<RefundResponseDto>> {
    return this.db.run(async (manager) => {
      const payment = await this.findPayment(manager, caller, paymentId);
      return this.refunds.pageOfPayment(manager, payment.id, query, toRefundResponse);
    });
  }

  async get(caller: AuthenticatedUser, refundId: string): Promise<RefundResponseDto> {
    return toRefundResponse(await this.db.run((manager) => this.findVisible(manager, caller, refundId)));
  }

  /** An admin records the bank's answer to a pending refund; of racing answers exactly one counts. */
  confirm(caller: AuthenticatedUser, refundId: string, request: ConfirmRefundRequestDto): Promise<RefundResponseDto> {
    const settlement: RefundSettlement = request.outcome === 'succeeded' ? { status: 'succeeded' } : { status: 'failed', failureCode: request.failure_code ?? 'declined' };
    return this.db.transaction(async (manager) => {
      const refund = await this.findVisible(manager, caller, refundId);
      if (refund.status !== 'pending') throw RefundErrors.notPending(refund.status);
      return toRefundResponse(await this.settle(manager, refund, settlement));
    });
  }

  /**
   * The pending refund transaction, its ledger entries and the request's refunded sum, in lock order:
   * the new rows, the balance (the overdraft guard), the credit's and then the request's conditional
   * updates, which refuse what does not fit; events last.
   */
  private async book(
    manager: EntityManager,
    payment: PaymentRequest,
    creditId: string,
    amount: number,
    request: CreateRefundRequestDto,
    settlesNow: boolean,
  ): Promise<{ refund: Refund; debit: Transaction; settleAt: Date | null }> {
    const account = await this.accounts.requireOpen(manager, payment.accountId);
    const id = newId('re');
    const createdAt = creationTimeOf(id);
    const debit = refundDebit(payment, creditId, amount, id, newId('txn'));
    const refund: Refund = {
      id,
      paymentId: payment.id,
      accountId: payment.accountId,
      amount,
      currency: payment.currency,
      status: 'pending',
      reason: request.reason ?? null,
      failureCode: null,
      transactionId: debit.id,
      metadata: request.metadata ?? {},
      livemode: payment.livemode,
      createdAt,
      updatedAt: createdAt,
    };
    // Sent together (one round trip), in lock order; the answers are then checked in that order, and
    // whatever was written past a refusal is rolled back with it.
    const posting = postingOf(debit);
    const [, balances, settleAt, credit, requestFits, , refunded] = valuesInOrder(
      await Promise.allSettled([
        this.transactions.insert(manager, debit),
        this.ledger.open(manager, posting, account.overdraft, debit.createdAt),
        // Settled in this unit of work, it takes the instant it posts at now, from balances it holds already.
        settlesNow ? this.ledger.lockBalances(manager, posting, new Date()) : null,
        this.transactions.reserveRefund(manager, creditId, debit),
        this.payments.reserveRefund(manager, payment.id, amount, createdAt),
        this.refunds.insert(manager, refund),
        this.payments.findById(manager, payment.id),
        this.events.lockStreams(manager, [refund.accountId]),
        this.audit.lockChain(manager, refund.accountId),
      ]),
    );
    if (credit === null || !requestFits) {
      const current = refunded ?? payment;
      throw RefundErrors.exceedsPayment(current.amountRefunded, current.amountCaptured, amount);
    }
    await this.events.record(manager, [
      { type: 'refund.created', accountId: refund.accountId, object: toRefundResponse(refund) },
      ...transactionEvents('transaction.created', debit),
      ...transactionEvents('transaction.updated', credit),
      { type: 'payment.refunded', accountId: refund.accountId, object: toPaymentResponse(refunded ?? payment) },
      ...balanceUpdatedEvents(balances),
    ]);
    await this.audit.record(manager, { action: 'payment.refunded', accountId: refund.accountId, target: { type: 'refund', id: refund.id } });
    return { refund, debit, settleAt };
  }

  /**
   * A pending refund succeeded (its transaction posts) or failed (it is canceled and the request's
   * refunded sum gives its amount back). Balances, then the transaction, whose conditional update
   * decides between racing answers, then the request and the refund; events last.
   */
  private async settle(manager: EntityManager, refund: Refund, settlement: RefundSettlement, booked?: { debit: Transaction; at: Date }): Promise<Refund> {
    // Booked in this unit of work, the debit is known and its balances held; else it is read and they are locked.
    const debit = booked?.debit ?? (await this.transactions.findById(manager, refund.transactionId));
    if (debit === null) throw new Error(`refund ${refund.id} has no transaction ${refund.transactionId}`);
    const to = settlement.status === 'succeeded' ? 'posted' : 'canceled';
    const posting = postingOf(debit);
    const at = booked?.at ?? (await this.ledger.lockBalances(manager, posting, new Date()));
    const transition = to === 'posted' ? ({ to, at: 'postedAt', event: 'transaction.posted' } as const) : ({ to, at: 'canceledAt', event: 'transaction.canceled' } as const);
    const failureCode = settlement.status === 'failed' ? settlement.failureCode : null;
    const creditId = to === 'canceled' ? debit.refundedTransactionId : null;
    // Sent together, in lock order: the transaction's conditional update (which decides between racing answers:
    // checked first, the rest is rolled back with a refusal), the books, what a failed refund gives back, the
    // refund, the stream's counter.
    const results = await Promise.allSettled([
      this.transactions.transition(manager, debit.id, transition, at),
      this.transactions.findById(manager, debit.id),
      this.ledger.settle(manager, posting, to, at),
      creditId === null ? null : this.transactions.releaseRefund(manager, creditId, debit.amount),
      creditId === null ? null : this.payments.releaseRefund(manager, refund.paymentId, refund.amount, at),
      creditId === null ? null : this.transactions.findById(manager, creditId),
      this.refunds.settle(manager, refund.id, { status: settlement.status, failureCode, updatedAt: at }),
      this.events.lockStreams(manager, [refund.accountId]),
    ]);
    if (results[0].status === 'fulfilled' && !results[0].value) {
      throw RefundErrors.notPending((await this.refunds.findById(manager, refund.id))?.status ?? refund.status);
    }
    const [, reread, balances, , , credit] = valuesInOrder(results);
    const released: NewEvent[] = credit === null ? [] : transactionEvents('transaction.updated', credit);
    const settled: Refund = { ...refund, status: settlement.status, failureCode, updatedAt: at };
    const moved = reread ?? debit;
    await this.events.record(manager, [
      { type: `refund.${settlement.status}`, accountId: refund.accountId, object: toRefundResponse(settled) },
      ...transactionEvents(transition.event, moved),
      ...released,
      ...balanceUpdatedEvents(balances),
    ]);
    return settled;
  }

  private async requireOwnerOrAdmin(manager: EntityManager, caller: AuthenticatedUser, accountId: string): Promise<void> {
    if (isAdmin(caller)) return;
    if (!(await this.accounts.isOwner(manager, caller.userId, accountId))) {
      throw AuthErrors.insufficientPermissions('Only the owner of the account or an admin may refund a payment request.');
    }
  }

  /** A request of the caller's account (any, for admins); anything else reads as not found. */
  private async findPayment(manager: EntityManager, caller: AuthenticatedUser, paymentId: string): Promise<PaymentRequest> {
    if (!isId('pay', paymentId)) throw PaymentErrors.notFound();
    const payment = await this.payments.findVisible(manager, visibleAccountScope(caller), paymentId);
    if (payment === null) throw PaymentErrors.notFound();
    return payment;
  }

  private async findVisible(manager: EntityManager, caller: AuthenticatedUser, refundId: string): Promise<Refund> {
    if (!isId('re', refundId)) throw RefundErrors.notFound();
    const refund = await this.refunds.findVisible(manager, visibleAccountScope(caller), refundId);
    if (refund === null) throw RefundErrors.notFound();
    return refund;
  }
}

/** What a provider's answer does now: settle the refund, or nothing yet (pending: an admin confirms later). */
function settlementOf(answer: RefundAnswer): RefundSettlement | null {
  if (answer.outcome === 'pending') return null;
  return answer.outcome === 'succeeded' ? { status: 'succeeded' } : { status: 'failed', failureCode: answer.failureCode };
}

/** The pending debit a refund books on the account, naming the request's settlement credit. */
function refundDebit(payment: PaymentRequest, creditId: string, amount: number, refundId: string, id: string): Transaction {
  const createdAt = creationTimeOf(id);
  return {
    id,
    accountId: payment.accountId,
    type: 'refund',
    status: 'pending',
    direction: 'debit',
    amount,
    currency: payment.currency,
    description: `Refund ${refundId} of payment request ${payment.id}`,
    referenceIds: payment.referenceId === null ? [] : [payment.referenceId],
    metadata: {},
    notes: null,
    counterpartyAccountId: null,
    paymentId: null,
    refundedTransactionId: creditId,
    amountRefunded: 0,
    reversesTransactionId: null,
    reversedByTransactionId: null,
    livemode: payment.livemode,
    createdAt,
    updatedAt: createdAt,
    postedAt: null,
    canceledAt: null,
  };
}
