import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { AccountsRepository, OpenAccount } from '../accounts/accounts.repository';
import { AuthErrors } from '../auth/auth.errors';
import { visibleAccountScope } from '../common/access/account-access';
import { AuthenticatedUser } from '../common/access/caller';
import { AuditLog } from '../common/audit/audit-log';
import { EventLog, NewEvent } from '../common/events/event-log';
import { creationTimeOf, isId, newId } from '../common/ids/ids';
import { Page } from '../common/pagination/page';
import { PaginationQueryDto } from '../common/pagination/pagination-query.dto';
import { Database, sendWithCommit, TransactionOptions } from '../database/database';
import { valuesInOrder } from '../database/sent-together';
import { balanceUpdatedEvents } from '../ledger/dto/balances.response.dto';
import { ChangedBalance } from '../ledger/ledger.repository';
import { LedgerService } from '../ledger/ledger.service';
import { toPaymentResponse } from '../payments/dto/payment.response.dto';
import { PaymentRequest } from '../payments/entities/payment-request.entity';
import { effectiveStatus } from '../payments/payment-status';
import { PaymentErrors } from '../payments/payments.errors';
import { PaymentsRepository } from '../payments/payments.repository';
import { PaymentProvider, RefundAnswer, RefundOrder } from '../payments/providers/payment-provider';
import { PaymentProviders } from '../payments/providers/payment-providers';
import { ProviderRefunds, ProviderRefundSettlement } from '../payments/providers/provider-inbox';
import { Transaction } from '../transactions/entities/transaction.entity';
import { transactionEvents } from '../transactions/transaction-events';
import { postingOf } from '../transactions/transaction-rules';
import { TO_CANCELED, TO_POSTED, TransactionsRepository } from '../transactions/transactions.repository';
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
export class RefundsService implements ProviderRefunds {
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
    if (!isId('pay', paymentId)) throw PaymentErrors.notFound();
    // A provider that calls out is asked once the booking committed; this is what it is asked about.
    let toAsk: { payment: PaymentRequest; provider: PaymentProvider; refund: Refund } | undefined;
    // The answer stored for an Idempotency-Key is the response, never the entity.
    const answered = await this.db.transaction(async (manager) => {
      const { payment, account } = await this.refundable(manager, caller, paymentId);
      const provider = this.providers.find(payment.provider);
      if (provider === null) throw PaymentErrors.providerUnavailable(payment.provider);
      // A default amount is what is left as the request is read; the conditional update settles races.
      const amount = request.amount ?? payment.amountCaptured - payment.amountRefunded;
      if (amount <= 0) throw RefundErrors.exceedsPayment(payment.amountRefunded, payment.amountCaptured, amount);
      const booked = await this.book(manager, payment, account, amount, request, provider.refundsInProcess);
      if (!provider.refundsInProcess || booked.settleAt === null) {
        await this.events.record(manager, booked.events);
        toAsk = provider.refundsInProcess ? undefined : { payment, provider, refund: booked.refund };
        return toRefundResponse(booked.refund);
      }
      return toRefundResponse(await this.settleInProcess(manager, provider, payment, booked, booked.settleAt));
    }, commit);
    if (toAsk === undefined) return answered;
    const { payment, provider, refund } = toAsk;
    const settlement = settlementOf(await provider.refund(payment, orderOf(refund)));
    if (settlement === null) return answered;
    // A provider that answers at once settles it now: a replay then answers as this request does.
    return this.db.transaction(async (manager) => {
      const settled = await this.settle(manager, refund, settlement);
      await this.events.record(manager, settled.events);
      const response = toRefundResponse(settled.refund);
      await commit.restate?.(manager, response);
      return response;
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
      const settled = await this.settle(manager, refund, settlement);
      await this.events.record(manager, settled.events);
      return toRefundResponse(settled.refund);
    });
  }

  /**
   * A provider's asynchronous answer (its webhook) to a refund of one of its requests, in the provider's unit of
   * work (ProviderRefunds): settled as confirm settles it. False when the refund is not the provider's, is of the
   * other mode, or was settled already (its answer at creation, an earlier event): nothing changes.
   */
  async settleFromProvider(manager: EntityManager, provider: string, livemode: boolean, refundId: string, settlement: ProviderRefundSettlement): Promise<boolean> {
    if (!isId('re', refundId)) return false;
    const refund = await this.refunds.findById(manager, refundId);
    if (refund === null || refund.status !== 'pending' || refund.livemode !== livemode) return false;
    if ((await this.payments.findById(manager, refund.paymentId))?.provider !== provider) return false;
    const settled = await this.settle(manager, refund, settlement);
    await this.events.record(manager, settled.events);
    return true;
  }

  /**
   * The request the caller may refund, with its account held open (the overdraft rule its refund is booked under).
   * A member's account is known beforehand: the request, the ownership and the account's lock are sent together;
   * an admin's request (or nothing, for a caller without an account) names its account first. Refusals in the
   * order a caller fixes them: 404, 403, 409, then the account's own.
   */
  private async refundable(manager: EntityManager, caller: AuthenticatedUser, paymentId: string): Promise<{ payment: PaymentRequest; account: OpenAccount }> {
    const scope = visibleAccountScope(caller);
    if (scope.kind !== 'account') {
      const payment = await this.findPayment(manager, caller, paymentId);
      requireRefundable(payment);
      return { payment, account: await this.accounts.requireOpen(manager, payment.accountId) };
    }
    const [found, owned, account] = await Promise.allSettled([
      this.payments.findVisible(manager, scope, paymentId),
      this.accounts.isOwner(manager, caller.userId, scope.accountId),
      this.accounts.requireOpen(manager, scope.accountId),
    ]);
    const [payment, isOwner] = valuesInOrder([found, owned]);
    if (payment === null) throw PaymentErrors.notFound();
    if (!isOwner) throw notOwner();
    requireRefundable(payment);
    return { payment, account: valuesInOrder([account])[0] };
  }

  /**
   * The pending refund transaction, its ledger entries and the request's refunded sum, in lock order:
   * the new rows, the balance (the overdraft guard), the credit's and then the request's conditional
   * updates, which refuse what does not fit; the streams' counters and the audit chain last. Its events,
   * to be recorded by the caller (with the settlement's, when it settles in the same unit of work).
   */
  private async book(manager: EntityManager, payment: PaymentRequest, account: OpenAccount, amount: number, request: CreateRefundRequestDto, settlesNow: boolean): Promise<Booked> {
    const id = newId('re');
    const createdAt = creationTimeOf(id);
    const debit = refundDebit(payment, amount, id, newId('txn'));
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
    // whatever was written past a refusal is rolled back with it. The new rows first: they wait for no one,
    // and every refund of the request queues on the rows after them until this one commits.
    const posting = postingOf(debit);
    const [, , balances, credit, refunded] = valuesInOrder(
      await Promise.allSettled([
        this.transactions.insert(manager, debit),
        this.refunds.insert(manager, refund),
        this.ledger.open(manager, posting, account.overdraft, debit.createdAt),
        this.transactions.reserveRefund(manager, payment.transactionId!, debit),
        this.payments.syncRefunded(manager, payment.id, createdAt),
        this.events.lockStreams(manager, [refund.accountId]),
        this.audit.lockChain(manager, refund.accountId),
      ]),
    );
    if (credit === null || refunded === null) throw await this.refusal(manager, payment, amount);
    await this.audit.record(manager, { action: 'payment.refunded', accountId: refund.accountId, target: { type: 'refund', id: refund.id } });
    const events: NewEvent[] = [
      { type: 'refund.created', accountId: refund.accountId, object: toRefundResponse(refund) },
      ...transactionEvents('transaction.created', debit),
      ...transactionEvents('transaction.updated', credit),
      { type: 'payment.refunded', accountId: refund.accountId, object: toPaymentResponse(refunded) },
      ...balanceUpdatedEvents(balances),
    ];
    // Settled in this unit of work, it posts at an instant read from the balances it holds already.
    const settleAt = settlesNow ? this.ledger.postingInstant(balances, new Date()) : null;
    return { refund, debit, balances, settleAt, events };
  }

  /**
   * Why the credit's conditional update refused a refund: the credit was reversed, or the refund does not fit in
   * what is left of it (the credit's sums are the request's: its amount is what the request captured).
   */
  private async refusal(manager: EntityManager, payment: PaymentRequest, amount: number): Promise<Error> {
    const credit = await this.transactions.findById(manager, payment.transactionId!);
    if (credit?.reversedByTransactionId) return RefundErrors.creditReversed(credit.reversedByTransactionId);
    return RefundErrors.exceedsPayment(credit?.amountRefunded ?? payment.amountRefunded, credit?.amount ?? payment.amountCaptured, amount);
  }

  /**
   * No network call to wait for: the provider is asked inside the booking's unit of work, its answer settles
   * the refund in the same commit, and the booking's and the settlement's events are recorded together.
   */
  private async settleInProcess(manager: EntityManager, provider: PaymentProvider, payment: PaymentRequest, booked: Booked, at: Date): Promise<Refund> {
    const settlement = settlementOf(await provider.refund(payment, orderOf(booked.refund)));
    const settled =
      settlement === null
        ? null
        : settlement.status === 'succeeded'
          ? await this.postBooked(manager, booked, at)
          : await this.settle(manager, booked.refund, settlement, { debit: booked.debit, at });
    await this.events.record(manager, [...booked.events, ...(settled?.events ?? [])]);
    return settled?.refund ?? booked.refund;
  }

  /**
   * settle's success, for a refund booked in this unit of work and refunded at once by its provider: nothing
   * else can have moved what the booking wrote (no one else sees those rows yet) or holds (its balance), so
   * the outcome is known and its statements travel with the commit rather than cost a round trip while the
   * request's row, its credit and the account's balance are held. A statement that finds otherwise (a bug)
   * fails the unit.
   */
  private async postBooked(manager: EntityManager, booked: Booked, at: Date): Promise<{ refund: Refund; events: NewEvent[] }> {
    const posted: Transaction = { ...booked.debit, status: 'posted', postedAt: at, updatedAt: at };
    const settled: Refund = { ...booked.refund, status: 'succeeded', updatedAt: at };
    const asBooked = (what: string) => (found: unknown) => {
      if (!found) throw new Error(`refund ${settled.id}: ${what} was not pending as booked`);
    };
    await sendWithCommit(manager, this.transactions.transition(manager, posted.id, TO_POSTED, at).then(asBooked('its transaction')));
    const balances = await this.ledger.settleWithCommit(manager, postingOf(booked.debit), booked.balances, 'posted', at);
    await sendWithCommit(manager, this.refunds.settle(manager, settled.id, { status: 'succeeded', failureCode: null, updatedAt: at }).then(asBooked('it')));
    const events: NewEvent[] = [
      { type: 'refund.succeeded', accountId: settled.accountId, object: toRefundResponse(settled) },
      ...transactionEvents('transaction.posted', posted),
      ...balanceUpdatedEvents(balances),
    ];
    return { refund: settled, events };
  }

  /**
   * A pending refund succeeded (its transaction posts) or failed (it is canceled and the request's
   * refunded sum gives its amount back). Balances, then the transaction, whose conditional update
   * decides between racing answers, then the request and the refund. The refund as it ends and its
   * events, to be recorded by the caller.
   */
  private async settle(
    manager: EntityManager,
    refund: Refund,
    settlement: RefundSettlement,
    booked?: { debit: Transaction; at: Date },
  ): Promise<{ refund: Refund; events: NewEvent[] }> {
    // Booked in this unit of work, the debit is known and its balances held; else it is read and they are locked.
    const debit = booked?.debit ?? (await this.transactions.findById(manager, refund.transactionId));
    if (debit === null) throw new Error(`refund ${refund.id} has no transaction ${refund.transactionId}`);
    const to = settlement.status === 'succeeded' ? 'posted' : 'canceled';
    const posting = postingOf(debit);
    const at = booked?.at ?? (await this.ledger.lockBalances(manager, posting, new Date()));
    const transition = to === 'posted' ? TO_POSTED : TO_CANCELED;
    const failureCode = settlement.status === 'failed' ? settlement.failureCode : null;
    const creditId = to === 'canceled' ? debit.refundedTransactionId : null;
    // Sent together, in lock order: the transaction's conditional update (which decides between racing answers:
    // checked first, the rest is rolled back with a refusal), the books, what a failed refund gives back, the
    // refund, the stream's counter.
    const results = await Promise.allSettled([
      this.transactions.transition(manager, debit.id, transition, at),
      this.ledger.settle(manager, posting, to, at),
      creditId === null ? null : this.transactions.releaseRefund(manager, creditId, debit.amount),
      creditId === null ? null : this.payments.syncRefunded(manager, refund.paymentId, at),
      creditId === null ? null : this.transactions.findById(manager, creditId),
      this.refunds.settle(manager, refund.id, { status: settlement.status, failureCode, updatedAt: at }),
      this.events.lockStreams(manager, [refund.accountId]),
    ]);
    if (results[0].status === 'fulfilled' && results[0].value === null) {
      throw RefundErrors.notPending((await this.refunds.findById(manager, refund.id))?.status ?? refund.status);
    }
    const [moved, balances, , , credit] = valuesInOrder(results);
    if (moved === null) throw new Error(`refund ${refund.id}: its transaction ${debit.id} was not pending`);
    const released: NewEvent[] = credit === null ? [] : transactionEvents('transaction.updated', credit);
    const settled: Refund = { ...refund, status: settlement.status, failureCode, updatedAt: at };
    const events: NewEvent[] = [
      { type: `refund.${settlement.status}`, accountId: refund.accountId, object: toRefundResponse(settled) },
      ...transactionEvents(transition.event, moved),
      ...released,
      ...balanceUpdatedEvents(balances),
    ];
    return { refund: settled, events };
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

/** What booking a refund left for the rest of its unit of work. */
interface Booked {
  refund: Refund;
  debit: Transaction;
  /** Its balances as the booking left them (held until the commit). */
  balances: ChangedBalance[];
  /** When it settles in the same unit of work: the instant it posts at (its balances held); else null. */
  settleAt: Date | null;
  events: NewEvent[];
}

function notOwner(): Error {
  return AuthErrors.insufficientPermissions('Only the owner of the account or an admin may refund a payment request.');
}

/** Only a succeeded request that settled into a credit has money to give back. */
function requireRefundable(payment: PaymentRequest): void {
  const status = effectiveStatus(payment, new Date());
  if (status !== 'succeeded' || payment.transactionId === null) throw RefundErrors.notRefundable(status);
}

function orderOf(refund: Refund): RefundOrder {
  return { refundId: refund.id, amount: refund.amount, currency: refund.currency };
}

/** What a provider's answer does now: settle the refund, or nothing yet (pending: an admin confirms later). */
function settlementOf(answer: RefundAnswer): RefundSettlement | null {
  if (answer.outcome === 'pending') return null;
  return answer.outcome === 'succeeded' ? { status: 'succeeded' } : { status: 'failed', failureCode: answer.failureCode };
}

/** The pending debit a refund books on the account, naming the request's settlement credit. */
function refundDebit(payment: PaymentRequest, amount: number, refundId: string, id: string): Transaction {
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
    refundedTransactionId: payment.transactionId,
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
