import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { AccountsRepository } from '../accounts/accounts.repository';
import { actingAccountId, visibleAccountScope } from '../common/access/account-access';
import { AuthErrors } from '../auth/auth.errors';
import { AuthenticatedUser, isAdmin } from '../common/access/caller';
import { validationError } from '../common/errors/domain-error';
import { creationTimeOf, isId, newId } from '../common/ids/ids';
import { Database, TransactionOptions } from '../database/database';
import { EventLog, NewEvent } from '../common/events/event-log';
import { balanceUpdatedEvents } from '../ledger/dto/balances.response.dto';
import { LedgerService } from '../ledger/ledger.service';
import { transactionEvents } from '../transactions/transaction-events';
import { postingOf } from '../transactions/transaction-rules';
import { TransactionsRepository } from '../transactions/transactions.repository';
import { CreatePaymentRequestDto } from './dto/create-payment.request.dto';
import { PaymentResponseDto, PaymentStatusResponseDto, toPaymentResponse, toPaymentStatusResponse } from './dto/payment.response.dto';
import { PaymentRequest } from './entities/payment-request.entity';
import { effectiveStatus, SimulatedOutcome, statusesAllowing } from './payment-status';
import { PaymentErrors } from './payments.errors';
import { PaymentsRepository } from './payments.repository';
import { PaymentProvider } from './providers/payment-provider';
import { settlementCredit } from './settlement-credit';

const DAY_MS = 24 * 60 * 60 * 1000;
const DEFAULT_LIFETIME_MS = 7 * DAY_MS;
const MIN_LIFETIME_MS = 60 * 1000;
const MAX_LIFETIME_MS = 90 * DAY_MS;

@Injectable()
export class PaymentsService {
  constructor(
    private readonly db: Database,
    private readonly provider: PaymentProvider,
    private readonly payments: PaymentsRepository,
    private readonly accounts: AccountsRepository,
    private readonly transactions: TransactionsRepository,
    private readonly ledger: LedgerService,
    private readonly events: EventLog,
  ) {}

  /** Opens a payment request on the caller's account (admins: on `account_id`) with the provider's checkout. */
  async create(caller: AuthenticatedUser, request: CreatePaymentRequestDto, commit: TransactionOptions = {}): Promise<PaymentResponseDto> {
    const accountId = actingAccountId(caller, request.account_id);
    const id = newId('pay');
    const createdAt = creationTimeOf(id);
    const expiresAt = this.expiryOf(request.expires_at, createdAt);
    // Checked before the provider is asked, so that a refused request leaves no checkout behind;
    // checked again under the lock below, as the account may close meanwhile.
    await this.db.run((manager) => this.accounts.checkOpen(manager, accountId));
    const checkout = await this.provider.openCheckout({
      paymentId: id,
      amount: request.amount,
      currency: request.currency,
      customerEmail: request.customer.email,
      expiresAt,
    });
    const payment: PaymentRequest = {
      id,
      accountId,
      purpose: request.purpose,
      referenceId: request.reference_id ?? null,
      amount: request.amount,
      currency: request.currency,
      description: request.description ?? null,
      customerEmail: request.customer.email,
      customerName: request.customer.name?.trim() ?? null,
      captureMethod: request.capture_method ?? 'automatic',
      status: 'pending',
      provider: this.provider.name,
      paymentUrl: checkout.paymentUrl,
      metadata: request.metadata ?? {},
      transactionId: null,
      expiresAt,
      createdAt,
      updatedAt: createdAt,
      paidAt: null,
    };
    return this.db.transaction(async (manager) => {
      // Locked against closure until this commits: a closure either refuses it or cancels it.
      await this.accounts.requireOpen(manager, accountId);
      await this.payments.insert(manager, payment);
      const response = toPaymentResponse(payment);
      await this.events.record(manager, [{ type: 'payment.created', accountId, object: response }]);
      return response;
    }, commit);
  }

  async get(caller: AuthenticatedUser, paymentId: string): Promise<PaymentResponseDto> {
    return toPaymentResponse(await this.db.run((manager) => this.findVisible(manager, caller, paymentId)));
  }

  async getStatus(caller: AuthenticatedUser, paymentId: string): Promise<PaymentStatusResponseDto> {
    return toPaymentStatusResponse(await this.db.run((manager) => this.findVisible(manager, caller, paymentId)));
  }

  /**
   * Sandbox: drives the request as the customer and the provider would. The
   * transition is one conditional update, so of concurrent outcomes exactly one
   * wins; a success books exactly one posted credit in the same transaction.
   */
  async simulate(caller: AuthenticatedUser, paymentId: string, outcome: SimulatedOutcome): Promise<PaymentResponseDto> {
    return this.db.transaction(async (manager) => {
      const payment = await this.findVisible(manager, caller, paymentId);
      await this.requireOwnerOrAdmin(manager, caller, payment.accountId);
      await this.accounts.requireOpen(manager, payment.accountId);
      const from = statusesAllowing(outcome, payment.captureMethod);
      // A success posts a credit: its balance is locked before the request's row, and the instant read after.
      const creditId = outcome === 'succeeded' ? newId('txn') : null;
      const now = creditId === null ? new Date() : await this.ledger.lockBalances(manager, postingOf(settlementCredit(payment, creditId, new Date())), new Date());
      const changes: Partial<PaymentRequest> = { status: outcome, updatedAt: now, ...(outcome === 'succeeded' ? { paidAt: now } : {}) };
      if (!(await this.payments.move(manager, payment.id, from, changes, now))) {
        const current = (await this.payments.findById(manager, payment.id)) ?? payment;
        throw PaymentErrors.notPending(effectiveStatus(current, now), current.captureMethod, outcome);
      }
      const settled: NewEvent[] = [];
      if (creditId !== null) {
        const credit = await this.transactions.insert(manager, settlementCredit({ ...payment, ...changes }, creditId, now));
        const balances = await this.ledger.openPosted(manager, postingOf(credit), now);
        await this.payments.linkTransaction(manager, payment.id, credit.id);
        changes.transactionId = credit.id;
        settled.push(...transactionEvents('transaction.created', credit), ...balanceUpdatedEvents(balances));
      }
      const response = toPaymentResponse({ ...payment, ...changes }, now);
      await this.events.record(manager, [{ type: `payment.${outcome}`, accountId: payment.accountId, object: response }, ...settled]);
      return response;
    });
  }

  private expiryOf(requested: string | undefined, createdAt: Date): Date {
    if (requested === undefined) return new Date(createdAt.getTime() + DEFAULT_LIFETIME_MS);
    const expiresAt = new Date(requested);
    const lifetime = expiresAt.getTime() - createdAt.getTime();
    if (lifetime < MIN_LIFETIME_MS || lifetime > MAX_LIFETIME_MS) {
      throw validationError('expires_at', 'must be at least a minute and at most 90 days ahead');
    }
    return expiresAt;
  }

  private async requireOwnerOrAdmin(manager: EntityManager, caller: AuthenticatedUser, accountId: string): Promise<void> {
    if (isAdmin(caller)) return;
    const owned = await this.accounts.isOwner(manager, caller.userId, accountId);
    if (!owned) throw AuthErrors.insufficientPermissions('Only the owner of the account or an admin may drive a payment request.');
  }

  /** A request of the caller's account (any, for admins); anything else reads as not found. */
  private async findVisible(manager: EntityManager, caller: AuthenticatedUser, paymentId: string): Promise<PaymentRequest> {
    if (!isId('pay', paymentId)) throw PaymentErrors.notFound();
    const payment = await this.payments.findVisible(manager, visibleAccountScope(caller), paymentId);
    if (!payment) throw PaymentErrors.notFound();
    return payment;
  }
}
