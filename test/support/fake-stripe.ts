import { randomBytes } from 'node:crypto';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export const FAKE_STRIPE_KEY = 'sk_test_fakestripe000000000000000000';
export const FAKE_STRIPE_WEBHOOK_SECRET = 'whsec_fakestripe0000000000000000000000';

interface FakeSession {
  id: string;
  paymentId: string;
  amount: number;
  currency: string;
  captureMethod: string;
  status: 'open' | 'complete' | 'expired';
  intent: FakeIntent | null;
}

interface FakeIntent {
  id: string;
  status: 'requires_capture' | 'succeeded' | 'canceled';
  amount: number;
  amountCaptured: number;
  chargeId: string;
  paymentId: string;
}

interface FakeRefund {
  id: string;
  amount: number;
  chargeId: string;
  intentId: string;
  status: 'pending' | 'succeeded' | 'failed';
  refundId: string;
}

/** What the fake's API was asked, in order: `POST /v1/checkout/sessions`, `POST /v1/payment_intents/pi_1/capture`... */
export interface FakeStripeCall {
  method: string;
  path: string;
  params: URLSearchParams;
}

/**
 * A small Stripe on a loopback port, enough for the provider's calls (Checkout Sessions, PaymentIntents'
 * capture and cancel, refunds), reached through the stripe client's host/port/protocol settings. Its
 * Checkout page is a URL of its own (GET /c/pay/{session}); a test "pays" on it with pay(), which sends
 * the webhooks Stripe would, signed as Stripe signs them: `Stripe-Signature: t={timestamp},v1={HMAC-SHA256
 * of "{timestamp}.{body}" with the endpoint's secret}`.
 */
export class FakeStripe {
  readonly calls: FakeStripeCall[] = [];
  readonly sessions = new Map<string, FakeSession>();
  readonly refunds = new Map<string, FakeRefund>();
  /** The status new refunds get (a card refund Stripe answers later: pending). */
  refundStatus: FakeRefund['status'] = 'pending';
  livemode = false;
  private server: Server | null = null;
  private port = 0;
  private webhookUrl = '';
  private counter = 0;

  async start(): Promise<string> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => this.answer(request, response, Buffer.concat(chunks).toString('utf8')));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this.apiBase;
  }

  get apiBase(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Where the webhooks go (the app's notification route for stripe). */
  sendWebhooksTo(url: string): void {
    this.webhookUrl = url;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  sessionOfPayment(paymentId: string): FakeSession {
    const session = [...this.sessions.values()].find((candidate) => candidate.paymentId === paymentId);
    if (session === undefined) throw new Error(`no Checkout Session for ${paymentId}`);
    return session;
  }

  /** The customer pays on the Checkout page: the session completes; its event, unsent, for the test to post (and replay). */
  pay(sessionId: string): StripeEvent {
    const session = this.sessions.get(sessionId)!;
    const manual = session.captureMethod === 'manual';
    const intent: FakeIntent = {
      id: this.id('pi'),
      status: manual ? 'requires_capture' : 'succeeded',
      amount: session.amount,
      amountCaptured: manual ? 0 : session.amount,
      chargeId: this.id('ch'),
      paymentId: session.paymentId,
    };
    session.status = 'complete';
    session.intent = intent;
    return this.event('checkout.session.completed', this.sessionObject(session));
  }

  /** A card declined on the Checkout page: the customer may try again. */
  decline(sessionId: string, declineCode: string): StripeEvent {
    const session = this.sessions.get(sessionId)!;
    const intent = {
      id: this.id('pi'),
      object: 'payment_intent',
      status: 'requires_payment_method',
      metadata: { payment_id: session.paymentId },
      last_payment_error: { decline_code: declineCode },
    };
    return this.event('payment_intent.payment_failed', intent);
  }

  /** Stripe's answer to a pending refund arrives: the refund's update event (and charge.refunded on success). */
  settleRefund(stripeRefundId: string, status: 'succeeded' | 'failed'): { updated: StripeEvent; chargeRefunded: StripeEvent } {
    const refund = this.refunds.get(stripeRefundId)!;
    refund.status = status;
    return {
      updated: this.event('refund.updated', this.refundObject(refund)),
      chargeRefunded: this.event('charge.refunded', { id: refund.chargeId, object: 'charge', payment_intent: refund.intentId, amount_refunded: refund.amount }),
    };
  }

  /** Posts an event to the app as Stripe does, signed with `secret` (the endpoint's, unless a test forges one). */
  async post(event: StripeEvent, secret = FAKE_STRIPE_WEBHOOK_SECRET): Promise<Response> {
    const body = JSON.stringify(event);
    return fetch(this.webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature(body, secret) }, body });
  }

  private event(type: string, object: object): StripeEvent {
    return { id: this.id('evt'), object: 'event', api_version: '2026-10-28.endive', created: Math.floor(Date.now() / 1000), livemode: this.livemode, type, data: { object } };
  }

  private id(prefix: string): string {
    this.counter += 1;
    return `${prefix}_${this.livemode ? '' : 'test_'}${randomBytes(8).toString('hex')}${this.counter}`;
  }

  private answer(request: IncomingMessage, response: ServerResponse, body: string): void {
    const url = new URL(request.url ?? '/', this.apiBase);
    const params = request.method === 'GET' ? url.searchParams : new URLSearchParams(body);
    this.calls.push({ method: request.method ?? 'GET', path: url.pathname, params });
    const send = (status: number, object: object): void => {
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(object));
    };
    const parts = url.pathname.split('/').filter((part) => part !== '');
    if (request.method === 'POST' && url.pathname === '/v1/checkout/sessions') return send(200, this.createSession(params));
    if (request.method === 'POST' && parts[1] === 'checkout' && parts[4] === 'expire') {
      const session = this.sessions.get(parts[3]);
      if (session === undefined || session.status !== 'open') return send(400, { error: { type: 'invalid_request_error', message: 'Only open sessions can be expired.' } });
      session.status = 'expired';
      return send(200, this.sessionObject(session));
    }
    if (request.method === 'POST' && parts[1] === 'payment_intents') {
      const intent = this.intent(parts[2]);
      if (intent === undefined) return send(404, { error: { type: 'invalid_request_error', message: 'No such payment_intent' } });
      if (parts[3] === 'capture') {
        if (intent.status !== 'requires_capture') return send(400, { error: { type: 'invalid_request_error', message: 'This PaymentIntent could not be captured.' } });
        intent.status = 'succeeded';
        intent.amountCaptured = Number(params.get('amount_to_capture') ?? intent.amount);
      } else if (parts[3] === 'cancel') intent.status = 'canceled';
      return send(200, {
        id: intent.id,
        object: 'payment_intent',
        status: intent.status,
        amount: intent.amount,
        amount_received: intent.amountCaptured,
        metadata: { payment_id: intent.paymentId },
      });
    }
    if (request.method === 'POST' && url.pathname === '/v1/refunds') {
      const intent = this.intent(params.get('payment_intent') ?? '');
      if (intent === undefined) return send(404, { error: { type: 'invalid_request_error', message: 'No such payment_intent' } });
      const refund: FakeRefund = {
        id: this.id('re'),
        amount: Number(params.get('amount') ?? intent.amountCaptured),
        chargeId: intent.chargeId,
        intentId: intent.id,
        status: this.refundStatus,
        refundId: params.get('metadata[refund_id]') ?? '',
      };
      this.refunds.set(refund.id, refund);
      return send(200, this.refundObject(refund));
    }
    if (request.method === 'GET' && url.pathname === '/v1/refunds') {
      const data = [...this.refunds.values()].filter((refund) => refund.chargeId === params.get('charge')).map((refund) => this.refundObject(refund));
      return send(200, { object: 'list', data, has_more: false, url: '/v1/refunds' });
    }
    if (request.method === 'GET' && parts[0] === 'c') return send(200, { page: 'Stripe Checkout (fake)', session: parts[2] });
    send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${request.method}: ${url.pathname})` } });
  }

  private createSession(params: URLSearchParams): object {
    const session: FakeSession = {
      id: this.id('cs'),
      paymentId: params.get('client_reference_id') ?? '',
      amount: Number(params.get('line_items[0][price_data][unit_amount]')),
      currency: params.get('line_items[0][price_data][currency]') ?? '',
      captureMethod: params.get('payment_intent_data[capture_method]') ?? 'automatic',
      status: 'open',
      intent: null,
    };
    this.sessions.set(session.id, session);
    return this.sessionObject(session);
  }

  private sessionObject(session: FakeSession): object {
    return {
      id: session.id,
      object: 'checkout.session',
      client_reference_id: session.paymentId,
      metadata: { payment_id: session.paymentId },
      amount_total: session.amount,
      currency: session.currency,
      status: session.status,
      payment_status: session.intent === null || session.intent.status === 'requires_capture' ? 'unpaid' : 'paid',
      payment_intent: session.intent?.id ?? null,
      livemode: this.livemode,
      url: session.status === 'open' ? `${this.apiBase}/c/pay/${session.id}` : null,
    };
  }

  private refundObject(refund: FakeRefund): object {
    return {
      id: refund.id,
      object: 'refund',
      amount: refund.amount,
      charge: refund.chargeId,
      payment_intent: refund.intentId,
      status: refund.status,
      metadata: { refund_id: refund.refundId },
    };
  }

  private intent(id: string): FakeIntent | undefined {
    return [...this.sessions.values()].map((session) => session.intent).find((intent) => intent?.id === id) ?? undefined;
  }
}

export interface StripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  livemode: boolean;
  type: string;
  data: { object: object };
}

/** The Stripe-Signature header of a body, made by Stripe's own library (its reference of how Stripe signs), not by us. */
export function signature(body: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  return Stripe.webhooks.generateTestHeaderString({ payload: body, secret, timestamp });
}
