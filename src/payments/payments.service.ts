import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { checkOpenAccount, requireOpenAccount } from '../accounts/account-lock';
import { actingAccountId, visibleAccountScope } from '../accounts/account-scope';
import { Account } from '../accounts/entities/account.entity';
import { AuthErrors } from '../auth/auth.errors';
import { AuthenticatedUser, isAdmin } from '../auth/authenticated-user';
import { validationError } from '../common/errors/domain-error';
import { creationTimeOf, isId, newId } from '../common/ids/ids';
import { Database } from '../database/database';
import { TransactionsService } from '../transactions/transactions.service';
import { CreatePaymentRequestDto } from './dto/create-payment.request.dto';
import { PaymentResponseDto, PaymentStatusResponseDto, toPaymentResponse, toPaymentStatusResponse } from './dto/payment.response.dto';
import { OPEN_PAYMENT_STATUSES, PaymentRequest } from './entities/payment-request.entity';
import { effectiveStatus, SimulatedOutcome, statusesAllowing } from './payment-status';
import { PaymentErrors } from './payments.errors';
import { PaymentProvider } from './providers/payment-provider';

const DAY_MS = 24 * 60 * 60 * 1000;
const DEFAULT_LIFETIME_MS = 7 * DAY_MS;
const MIN_LIFETIME_MS = 60 * 1000;
const MAX_LIFETIME_MS = 90 * DAY_MS;

@Injectable()
export class PaymentsService {
  constructor(
    private readonly db: Database,
    private readonly provider: PaymentProvider,
    private readonly transactions: TransactionsService,
  ) {}

  /** Opens a payment request on the caller's account (admins: on `account_id`) with the provider's checkout. */
  async create(caller: AuthenticatedUser, request: CreatePaymentRequestDto): Promise<PaymentResponseDto> {
    const accountId = actingAccountId(caller, request.account_id);
    const id = newId('pay');
    const createdAt = creationTimeOf(id);
    const expiresAt = this.expiryOf(request.expires_at, createdAt);
    // Checked before the provider is asked, so that a refused request leaves no checkout behind;
    // checked again under the lock below, as the account may close meanwhile.
    await this.db.run((manager) => checkOpenAccount(manager, accountId));
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
    await this.db.transaction(async (manager) => {
      // Locked against closure until this commits: a closure either refuses it or cancels it.
      await requireOpenAccount(manager, accountId);
      await manager.insert(PaymentRequest, payment);
    });
    return toPaymentResponse(payment);
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
      await requireOpenAccount(manager, payment.accountId);
      const now = new Date();
      const from = statusesAllowing(outcome, payment.captureMethod);
      const changes: Partial<PaymentRequest> = { status: outcome, updatedAt: now, ...(outcome === 'succeeded' ? { paidAt: now } : {}) };
      const moved =
        from.length > 0 &&
        (
          await manager
            .createQueryBuilder()
            .update(PaymentRequest)
            .set(changes)
            .where('id = :id AND status IN (:...from) AND expires_at > :now', { id: payment.id, from, now: now.getTime() })
            .execute()
        ).affected === 1;
      if (!moved) {
        const current = await manager.findOneByOrFail(PaymentRequest, { id: payment.id });
        throw PaymentErrors.notPending(effectiveStatus(current, now), current.captureMethod, outcome);
      }
      if (outcome === 'succeeded') {
        const credit = await this.transactions.recordPaymentCredit(manager, { ...payment, ...changes }, now);
        await manager.update(PaymentRequest, { id: payment.id }, { transactionId: credit.id });
      }
      return toPaymentResponse(await manager.findOneByOrFail(PaymentRequest, { id: payment.id }), now);
    });
  }

  /** Cancels, inside the closing transaction, the account's requests that still await the customer or a capture. */
  async cancelOpenOfClosedAccount(manager: EntityManager, accountId: string, now: Date): Promise<number> {
    const result = await manager
      .createQueryBuilder()
      .update(PaymentRequest)
      .set({ status: 'canceled', updatedAt: now })
      .where('account_id = :accountId AND status IN (:...open) AND expires_at > :now', { accountId, open: OPEN_PAYMENT_STATUSES, now: now.getTime() })
      .execute();
    return result.affected ?? 0;
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
    const owned = await manager.existsBy(Account, { id: accountId, ownerUserId: caller.userId });
    if (!owned) throw AuthErrors.insufficientPermissions('Only the owner of the account or an admin may drive a payment request.');
  }

  /** A request of the caller's account (any, for admins); anything else reads as not found. */
  private async findVisible(manager: EntityManager, caller: AuthenticatedUser, paymentId: string): Promise<PaymentRequest> {
    if (!isId('pay', paymentId)) throw PaymentErrors.notFound();
    const scope = visibleAccountScope(caller);
    if (scope === null) throw PaymentErrors.notFound();
    const payment = await manager.findOneBy(PaymentRequest, { id: paymentId, ...scope });
    if (!payment) throw PaymentErrors.notFound();
    return payment;
  }
}
