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
import { PaymentProviderResponseDto, toPaymentProviderResponse } from './dto/payment-provider.response.dto';
import { PaymentRequest } from './entities/payment-request.entity';
import { CANCELLATION, CAPTURE, captureOf, effectiveStatus, PaymentMove, SimulatedOutcome, simulatedMove } from './payment-status';
import { PaymentTransitions } from './payment-transitions';
import { PaymentErrors } from './payments.errors';
import { PaymentsRepository } from './payments.repository';
import { PaymentProvider } from './providers/payment-provider';
import { PaymentProviders } from './providers/payment-providers';
import { isLive, Mode } from '../config/modes';

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
    private readonly providers: PaymentProviders,
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
    // checked again under the lock below, as the account may close meanwhile. The mode never changes.
    const mode = await this.db.run((manager) => this.accounts.checkOpen(manager, accountId));
    const provider = this.providerFor(request, mode);
    const checkout = await provider.openCheckout({
      paymentId: id,
      amount: request.amount,
      currency: request.currency,
      customerEmail: request.customer.email,
      description: request.description ?? `${request.purpose} ${request.reference_id ?? id}`,
      captureMethod: request.capture_method ?? 'automatic',
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
      provider: provider.name,
      providerReference: checkout.providerReference,
      livemode: isLive(mode),
      paymentUrl: checkout.paymentUrl,
      checkoutToken,
      failureCode: null,
      lastFailureCode: null,
      metadata: request.metadata ?? {},
      amountCaptured: 0,
      amountRefunded: 0,
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

  /** The providers enabled here, in order of preference, with what each supports. */
  listProviders(): PaymentProviderResponseDto[] {
    return this.providers.list().map(toPaymentProviderResponse);
  }

  /**
   * Test mode: drives the request as the customer and the provider would, through the checkout page's
   * code path. A live request is `403 test_mode_only`: simulated money never reaches a live balance.
   */
  async simulate(caller: AuthenticatedUser, paymentId: string, outcome: SimulatedOutcome): Promise<PaymentResponseDto> {
    const payment = await this.findManageable(caller, paymentId);
    if (payment.livemode) throw PaymentErrors.testModeOnly();
    return this.drive(caller, payment.id, simulatedMove(outcome, payment.captureMethod), `moved to ${outcome}`);
  }

  /**
   * Charges an authorized request through its provider, all of it or `amount` of it (the rest is
   * released): `succeeded`, with its posted credit of what was captured.
   */
  async capture(caller: AuthenticatedUser, paymentId: string, amount?: number): Promise<PaymentResponseDto> {
    const payment = await this.findManageable(caller, paymentId);
    this.requireMovable(payment, CAPTURE, 'captured');
    if (amount !== undefined && amount > payment.amount) throw validationError('amount', `must be at most the authorized amount (${payment.amount})`);
    // The provider is asked first, outside the database transaction (a network call); a capture
    // that then loses a race to a cancel is answered 409 like any other.
    await this.enabledProvider(payment).capture(payment, amount ?? payment.amount);
    return this.drive(caller, payment.id, captureOf(amount), 'captured');
  }

  /**
   * Withdraws a pending request or releases an authorization: `canceled`. Its provider is told when it
   * is still enabled; a request whose provider was disabled since can still be canceled.
   */
  async cancel(caller: AuthenticatedUser, paymentId: string): Promise<PaymentResponseDto> {
    const payment = await this.findManageable(caller, paymentId);
    this.requireMovable(payment, CANCELLATION, 'canceled');
    await this.providers.find(payment.provider)?.cancel(payment);
    return this.drive(caller, payment.id, CANCELLATION, 'canceled');
  }

  /** The owner's or an admin's move of a request; `409 payment_not_pending` when it cannot be made now. */
  private drive(caller: AuthenticatedUser, paymentId: string, move: PaymentMove, verb: string): Promise<PaymentResponseDto> {
    return this.db.transaction(async (manager) => {
      const payment = await this.findVisible(manager, caller, paymentId);
      await this.requireOwnerOrAdmin(manager, caller, payment.accountId);
      const result = await this.transitions.move(manager, payment, move);
      if (!result.moved) throw PaymentErrors.notPending(effectiveStatus(result.current, result.now), result.current.captureMethod, verb);
      return result.payment;
    });
  }

  /** A request the caller may drive (`404`, `403` otherwise), read before its provider is asked. */
  private findManageable(caller: AuthenticatedUser, paymentId: string): Promise<PaymentRequest> {
    return this.db.run(async (manager) => {
      const payment = await this.findVisible(manager, caller, paymentId);
      await this.requireOwnerOrAdmin(manager, caller, payment.accountId);
      return payment;
    });
  }

  /** `409 payment_not_pending` before a provider is asked to do what the request's status does not allow. */
  private requireMovable(payment: PaymentRequest, move: PaymentMove, verb: string): void {
    const now = new Date();
    const status = effectiveStatus(payment, now);
    if (!move.from.includes(status)) throw PaymentErrors.notPending(status, payment.captureMethod, verb);
  }

  private enabledProvider(payment: PaymentRequest): PaymentProvider {
    const provider = this.providers.find(payment.provider);
    if (provider === null) throw PaymentErrors.providerUnavailable(payment.provider);
    return provider;
  }

  /**
   * The provider a new request goes to: the one the body names, else the first enabled one that serves the
   * account's mode. `400 validation_error` naming `provider` (or `capture_method`) when it cannot serve it.
   */
  private providerFor(request: CreatePaymentRequestDto, mode: Mode): PaymentProvider {
    const enabled = this.providers.list().map((provider) => provider.name);
    const provider = request.provider === undefined ? this.providers.defaultFor(mode) : this.providers.find(request.provider);
    if (provider === null) {
      throw request.provider === undefined
        ? validationError('provider', `no enabled provider serves ${mode}-mode accounts (enabled: ${enabled.join(', ') || 'none'})`)
        : validationError('provider', `must be one of the enabled providers: ${enabled.join(', ') || 'none'}`);
    }
    if (!provider.modes.includes(mode)) throw provider.refuseMode(mode);
    if (request.capture_method === 'manual' && !provider.capabilities.manualCapture) {
      throw validationError('capture_method', `manual capture is not offered by ${provider.name}`);
    }
    return provider;
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
