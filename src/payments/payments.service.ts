import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { AccountsRepository } from '../accounts/accounts.repository';
import { actingAccountId, listedAccountScope, visibleAccountScope } from '../common/access/account-access';
import { AuthErrors } from '../auth/auth.errors';
import { AuthenticatedUser, isAdmin } from '../common/access/caller';
import { normalizeEmail } from '../common/email';
import { validationError } from '../common/errors/domain-error';
import { EventLog } from '../common/events/event-log';
import { creationTimeOf, isId, newId } from '../common/ids/ids';
import { createdRangeOf } from '../common/pagination/created-range';
import { Page } from '../common/pagination/page';
import { AppConfig } from '../config/app-config';
import { Database, TransactionOptions } from '../database/database';
import { CreatePaymentRequestDto } from './dto/create-payment.request.dto';
import { ListPaymentsQueryDto } from './dto/list-payments.query.dto';
import { PaymentResponseDto, PaymentStatusResponseDto, toPaymentResponse, toPaymentStatusResponse } from './dto/payment.response.dto';
import { PaymentRequest } from './entities/payment-request.entity';
import { CANCELLATION, CAPTURE, effectiveStatus, PaymentMove, SimulatedOutcome, simulatedMove } from './payment-status';
import { PaymentTransitions } from './payment-transitions';
import { PaymentErrors } from './payments.errors';
import { PaymentsRepository } from './payments.repository';
import { PaymentProvider } from './providers/payment-provider';

const DAY_MS = 24 * 60 * 60 * 1000;
const DEFAULT_LIFETIME_MS = 7 * DAY_MS;
const MIN_LIFETIME_MS = 60 * 1000;
const MAX_LIFETIME_MS = 90 * DAY_MS;
/** 192 random bits, 32 url-safe characters: the checkout page's only key. */
const CHECKOUT_TOKEN_BYTES = 24;

@Injectable()
export class PaymentsService {
  constructor(
    private readonly db: Database,
    private readonly config: AppConfig,
    private readonly provider: PaymentProvider,
    private readonly payments: PaymentsRepository,
    private readonly accounts: AccountsRepository,
    private readonly transitions: PaymentTransitions,
    private readonly events: EventLog,
  ) {}

  /** Opens a payment request on the caller's account (admins: on `account_id`) with the provider's checkout. */
  async create(caller: AuthenticatedUser, request: CreatePaymentRequestDto, commit: TransactionOptions = {}): Promise<PaymentResponseDto> {
    const accountId = actingAccountId(caller, request.account_id);
    const id = newId('pay');
    const createdAt = creationTimeOf(id);
    const expiresAt = this.expiryOf(request.expires_at, createdAt);
    const checkoutToken = randomBytes(CHECKOUT_TOKEN_BYTES).toString('base64url');
    // Checked before the provider is asked, so that a refused request leaves no checkout behind;
    // checked again under the lock below, as the account may close meanwhile.
    await this.db.run((manager) => this.accounts.checkOpen(manager, accountId));
    const checkout = await this.provider.openCheckout({
      paymentId: id,
      amount: request.amount,
      currency: request.currency,
      customerEmail: request.customer.email,
      expiresAt,
      hostedPageUrl: `${this.config.publicBaseUrl}/pay/${checkoutToken}`,
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
      checkoutToken,
      failureCode: null,
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

  /** Newest first: the caller's account's requests (admins: every account's, or `account_id`'s). */
  list(caller: AuthenticatedUser, query: ListPaymentsQueryDto): Promise<Page<PaymentResponseDto>> {
    const scope = listedAccountScope(caller, query.account_id, 'payment requests');
    const customerEmail = query.customer_email === undefined ? undefined : normalizeEmail(query.customer_email);
    const filters = { status: query.status, purpose: query.purpose, customerEmail, ...createdRangeOf(query) };
    const now = new Date();
    return this.db.runOnReplica((manager) => this.payments.page(manager, scope, filters, query, now, (row) => toPaymentResponse(row, now)));
  }

  async get(caller: AuthenticatedUser, paymentId: string): Promise<PaymentResponseDto> {
    return toPaymentResponse(await this.db.run((manager) => this.findVisible(manager, caller, paymentId)));
  }

  async getStatus(caller: AuthenticatedUser, paymentId: string): Promise<PaymentStatusResponseDto> {
    return toPaymentStatusResponse(await this.db.run((manager) => this.findVisible(manager, caller, paymentId)));
  }

  /** Sandbox: drives the request as the customer and the provider would, through the checkout page's code path. */
  simulate(caller: AuthenticatedUser, paymentId: string, outcome: SimulatedOutcome): Promise<PaymentResponseDto> {
    return this.drive(caller, paymentId, (payment) => simulatedMove(outcome, payment.captureMethod), `moved to ${outcome}`);
  }

  /** Charges an authorized request: `succeeded`, with its posted credit. */
  capture(caller: AuthenticatedUser, paymentId: string): Promise<PaymentResponseDto> {
    return this.drive(caller, paymentId, () => CAPTURE, 'captured');
  }

  /** Withdraws a pending request or releases an authorization: `canceled`. */
  cancel(caller: AuthenticatedUser, paymentId: string): Promise<PaymentResponseDto> {
    return this.drive(caller, paymentId, () => CANCELLATION, 'canceled');
  }

  /** The owner's or an admin's move of a request; `409 payment_not_pending` when it cannot be made now. */
  private drive(caller: AuthenticatedUser, paymentId: string, moveOf: (payment: PaymentRequest) => PaymentMove, verb: string): Promise<PaymentResponseDto> {
    return this.db.transaction(async (manager) => {
      const payment = await this.findVisible(manager, caller, paymentId);
      await this.requireOwnerOrAdmin(manager, caller, payment.accountId);
      const result = await this.transitions.move(manager, payment, moveOf(payment));
      if (!result.moved) throw PaymentErrors.notPending(effectiveStatus(result.current, result.now), result.current.captureMethod, verb);
      return result.payment;
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
