import Stripe from 'stripe';
import { AppConfig } from '../../../config/app-config';
import { Mode } from '../../../config/modes';
import { PaymentFailureCode, PaymentRequest } from '../../entities/payment-request.entity';
import { PaymentErrors } from '../../payments.errors';
import { Checkout, CheckoutRequest, PaymentInstructions, PaymentProvider, ProviderCapabilities, RefundAnswer, RefundOrder } from '../payment-provider';
import { InboundNotification, ProviderInbox, ProviderRefundSettlement, ProviderSettle } from '../provider-inbox';
import { ProviderRegistration } from '../provider-registration';
import { readStripeSettings, StripeSettings } from './stripe-settings';

export const STRIPE_PROVIDER = 'stripe';

/** Stripe keeps a Checkout Session open between 30 minutes and 24 hours. */
const MIN_SESSION_MS = 31 * 60 * 1000;
const MAX_SESSION_MS = 23 * 60 * 60 * 1000;
/** A session's page in its URL: https://checkout.stripe.com/c/pay/cs_test_... */
const SESSION_IN_URL = /\/(cs_(?:test|live)_[A-Za-z0-9]+)/;

/**
 * What one Stripe event settles, once its signature and mode are checked (and anything it needed from Stripe's API
 * read); it may answer what to tell Stripe once that committed (money that came for a request no longer open).
 */
type Settlement = (settle: ProviderSettle) => Promise<Afterwards | void>;
type Afterwards = () => Promise<void>;

/**
 * Cards through Stripe Checkout: a request opens a Checkout Session (its PaymentIntent holds the funds when
 * `capture_method` is manual), `payment_url` is the session's page, and the outcome arrives by Stripe's signed
 * webhooks at POST /v1/providers/stripe/notifications, verified with the package's constructEvent on the
 * body as sent and applied once per event id. Capture, cancel and refunds go through Stripe's API. The
 * key's prefix decides the mode it serves: sk_test_ keys test accounts, sk_live_ keys live ones.
 */
export class StripePaymentProvider extends PaymentProvider {
  readonly name = STRIPE_PROVIDER;
  readonly modes: readonly Mode[];
  readonly capabilities: ProviderCapabilities = { cardOnPage: false, manualCapture: true, refunds: true, asynchronousSettlement: true };
  readonly checkout = 'redirect';
  override readonly receivesNotifications = true;
  private readonly stripe: Stripe;

  constructor(private readonly settings: StripeSettings) {
    super();
    this.modes = [settings.mode];
    this.stripe = new Stripe(settings.secretKey, { ...(settings.api ?? {}), maxNetworkRetries: 2, appInfo: { name: 'payments-platform' } });
  }

  /** The key's mode is the account's to match: `400 provider_mode_mismatch` rather than a validation error. */
  override refuseMode(): Error {
    return PaymentErrors.providerModeMismatch();
  }

  async openCheckout(request: CheckoutRequest): Promise<Checkout> {
    const lifetime = Math.min(Math.max(request.expiresAt.getTime() - Date.now(), MIN_SESSION_MS), MAX_SESSION_MS);
    const metadata = { payment_id: request.paymentId };
    const session = await this.reach(() =>
      this.stripe.checkout.sessions.create(
        {
          mode: 'payment',
          client_reference_id: request.paymentId,
          customer_email: request.customerEmail,
          line_items: [{ quantity: 1, price_data: { currency: request.currency.toLowerCase(), unit_amount: request.amount, product_data: { name: request.description } } }],
          payment_intent_data: { capture_method: request.captureMethod, metadata },
          metadata,
          success_url: request.hostedPageUrl,
          cancel_url: request.hostedPageUrl,
          expires_at: Math.floor((Date.now() + lifetime) / 1000),
        },
        { idempotencyKey: `checkout-${request.paymentId}` },
      ),
    );
    if (session.url === null) throw new Error(`Stripe answered Checkout Session ${session.id} without a url`);
    // The PaymentIntent is known once the customer completes the page (checkout.session.completed).
    return { paymentUrl: session.url, providerReference: null };
  }

  instructions(payment: PaymentRequest): Promise<PaymentInstructions> {
    return Promise.resolve({ kind: 'redirect', url: payment.paymentUrl });
  }

  override async capture(payment: PaymentRequest, amount: number): Promise<void> {
    const intent = this.paymentIntentOf(payment);
    await this.reach(() => this.stripe.paymentIntents.capture(intent, { amount_to_capture: amount }, { idempotencyKey: `capture-${payment.id}` }));
  }

  /** An authorization is released (its PaymentIntent canceled); a request not yet paid has its Checkout page closed. */
  async cancel(payment: PaymentRequest): Promise<void> {
    if (payment.providerReference !== null) {
      const intent = payment.providerReference;
      await this.reach(() => this.stripe.paymentIntents.cancel(intent, {}, { idempotencyKey: `cancel-${payment.id}` }));
      return;
    }
    const session = SESSION_IN_URL.exec(payment.paymentUrl)?.[1];
    if (session !== undefined) await this.reach(() => this.stripe.checkout.sessions.expire(session, {}, { idempotencyKey: `expire-${payment.id}` }));
  }

  override async refund(payment: PaymentRequest, order: RefundOrder): Promise<RefundAnswer> {
    const intent = this.paymentIntentOf(payment);
    const refund = await this.reach(() =>
      this.stripe.refunds.create({ payment_intent: intent, amount: order.amount, metadata: { refund_id: order.refundId } }, { idempotencyKey: `refund-${order.refundId}` }),
    );
    const settlement = refundSettlementOf(refund);
    if (settlement === null) return { outcome: 'pending' };
    return settlement.status === 'succeeded' ? { outcome: 'succeeded' } : { outcome: 'failed', failureCode: 'declined' };
  }

  override async receiveNotification(notification: InboundNotification, inbox: ProviderInbox): Promise<void> {
    const event = this.verified(notification);
    if (event.livemode !== (this.settings.mode === 'live')) throw PaymentErrors.providerModeMismatch();
    const settlement = await this.settlementOf(event);
    if (settlement === null) return;
    let afterwards: Afterwards | undefined;
    await inbox.once(this.name, event.id, event.livemode, async (settle) => {
      afterwards = (await settlement(settle)) ?? undefined;
    });
    // Outside the unit of work (a network call), and only by the delivery that recorded the event.
    if (afterwards !== undefined) await afterwards();
  }

  private verified(notification: InboundNotification): Stripe.Event {
    const signature = notification.headers['stripe-signature'];
    if (typeof signature !== 'string') throw PaymentErrors.invalidSignature();
    try {
      return this.stripe.webhooks.constructEvent(notification.body, signature, this.settings.webhookSecret);
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeSignatureVerificationError)) throw error;
      throw PaymentErrors.invalidSignature();
    }
  }

  /** What the event settles; null for the events this provider does not act on (acknowledged, not recorded). */
  private async settlementOf(event: Stripe.Event): Promise<Settlement | null> {
    switch (event.type) {
      case 'checkout.session.completed': {
        const session = event.data.object;
        const paymentId = session.client_reference_id ?? session.metadata?.payment_id;
        if (paymentId == null || session.amount_total === null || session.currency === null) return null;
        const money = { amount: session.amount_total, currency: session.currency.toUpperCase() };
        const intent = typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? undefined);
        // Paid: charged at once; unpaid: a manual capture's authorization holds the funds.
        const paid = session.payment_status === 'paid';
        return async (settle) => {
          const result = paid ? await settle.paid(paymentId, money, intent) : await settle.authorized(paymentId, money, intent);
          // Paid after the request was canceled or expired here: the money goes back rather than stays unowned at Stripe.
          if (result.settled || result.reason !== 'request_not_open' || intent === undefined) return;
          return () => this.giveBack(intent, paid, event.id);
        };
      }
      case 'payment_intent.payment_failed': {
        const intent = event.data.object;
        const paymentId = intent.metadata.payment_id;
        if (paymentId === undefined) return null;
        const failureCode: PaymentFailureCode = intent.last_payment_error?.decline_code === 'insufficient_funds' ? 'insufficient_funds' : 'card_declined';
        return async (settle) => settle.attemptFailed(paymentId, failureCode);
      }
      case 'charge.refunded': {
        // The charge no longer lists its refunds in recent API versions: they are read from the API, before the unit of work.
        const refunds = await this.reach(() => this.stripe.refunds.list({ charge: event.data.object.id, limit: 100 }));
        return async (settle) => {
          for (const refund of refunds.data) await settleRefund(settle, refund);
        };
      }
      case 'refund.created':
      case 'refund.updated':
      case 'refund.failed':
      case 'charge.refund.updated': {
        const refund = event.data.object;
        return async (settle) => settleRefund(settle, refund);
      }
      default:
        return null;
    }
  }

  /** Releases an authorization, or refunds a charge in full, that no open request here owns any more. */
  private async giveBack(intent: string, paid: boolean, eventId: string): Promise<void> {
    if (paid) await this.reach(() => this.stripe.refunds.create({ payment_intent: intent, metadata: { reason: 'request_not_open' } }, { idempotencyKey: `give-back-${eventId}` }));
    else await this.reach(() => this.stripe.paymentIntents.cancel(intent, {}, { idempotencyKey: `give-back-${eventId}` }));
  }

  /**
   * A call to Stripe's API. Stripe out of reach (no connection, or its own 5xx or rate limit after the client's
   * retries) is `503 service_unavailable` with Retry-After, as the database's absence is: the unit of work around
   * the call rolls back, and the client tries again.
   */
  private async reach<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      const unreachable =
        error instanceof Stripe.errors.StripeConnectionError ||
        error instanceof Stripe.errors.StripeRateLimitError ||
        (error instanceof Stripe.errors.StripeError && (error.statusCode ?? 0) >= 500);
      if (unreachable) throw PaymentErrors.providerUnreachable(this.name);
      throw error;
    }
  }

  private paymentIntentOf(payment: PaymentRequest): string {
    if (payment.providerReference === null) throw new Error(`payment request ${payment.id} has no Stripe PaymentIntent yet (no checkout.session.completed received)`);
    return payment.providerReference;
  }
}

async function settleRefund(settle: ProviderSettle, refund: Stripe.Refund): Promise<void> {
  const refundId = refund.metadata?.refund_id;
  const settlement = refundSettlementOf(refund);
  if (refundId !== undefined && settlement !== null) await settle.refund(refundId, settlement);
}

/** A Stripe refund's final status as the service's refund settlement; null while it is still pending. */
function refundSettlementOf(refund: Stripe.Refund): ProviderRefundSettlement | null {
  if (refund.status === 'succeeded') return { status: 'succeeded' };
  if (refund.status === 'failed' || refund.status === 'canceled') {
    return { status: 'failed', failureCode: refund.failure_reason === 'expired_or_canceled_card' ? 'expired_or_canceled_card' : 'declined' };
  }
  return null;
}

export const STRIPE: ProviderRegistration = { name: STRIPE_PROVIDER, create: (config: AppConfig) => new StripePaymentProvider(config.readSettings(readStripeSettings)) };
