import assert from 'node:assert/strict';
import { before, after, describe, it } from 'node:test';
import { Environment } from '../src/config/app-config';
import { FAKE_STRIPE_KEY, FAKE_STRIPE_WEBHOOK_SECRET, FakeStripe } from './support/fake-stripe';
import { accountOwner, createAccount, expectError, expectStatus, LoggedIn, loginAdmin } from './support/factories';
import { freeLoopbackPort, useTestApp } from './support/test-app';

type Owner = LoggedIn & { accountId: string };

describe('the Stripe provider, against a fake Stripe on loopback', () => {
  const stripe = new FakeStripe();
  const env: Environment = { PAYMENT_PROVIDERS: 'stripe,sandbox', STRIPE_SECRET_KEY: FAKE_STRIPE_KEY, STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET };
  before(async () => {
    env.STRIPE_API_BASE = await stripe.start();
  });
  after(() => stripe.stop());
  const t = useTestApp(env);
  before(() => stripe.sendWebhooksTo(`${t.baseUrl}/v1/providers/stripe/notifications`));

  async function stripeRequest(owner: Owner, fields: Record<string, unknown> = {}) {
    const created = await t.api.post(
      '/v1/payments',
      { purpose: 'invoice', amount: 2500, currency: 'EUR', customer: { email: 'payer@example.com' }, provider: 'stripe', ...fields },
      { token: owner.token },
    );
    expectStatus(created, 201);
    return { payment: created.body, session: stripe.sessionOfPayment(created.body.id) };
  }

  async function read(owner: Owner, paymentId: string) {
    return (await t.api.get(`/v1/payments/${paymentId}`, { token: owner.token })).body;
  }

  it('lists stripe as a redirect provider of the test mode its key says', async () => {
    const owner = await accountOwner(t.api);
    const providers = (await t.api.get('/v1/payment_providers', { token: owner.token })).body.data;
    const listed = providers.find((provider: { name: string }) => provider.name === 'stripe');
    assert.deepEqual({ modes: listed.modes, checkout: listed.checkout, manual: listed.capabilities.manual_capture }, { modes: ['test'], checkout: 'redirect', manual: true });
  });

  it('sends the customer to Stripe Checkout, and its signed webhook settles the request once, replays included', async () => {
    const owner = await accountOwner(t.api);
    const { payment, session } = await stripeRequest(owner);
    assert.equal(payment.provider, 'stripe');
    assert.equal(payment.payment_url, `${stripe.apiBase}/c/pay/${session.id}`);
    const checkoutPage = (await (await fetch(payment.payment_url)).json()) as { session: string };
    assert.equal(checkoutPage.session, session.id);
    const created = stripe.calls.find((call) => call.path === '/v1/checkout/sessions' && call.params.get('client_reference_id') === payment.id)!;
    assert.equal(created.params.get('payment_intent_data[capture_method]'), 'automatic');
    assert.equal(created.params.get('line_items[0][price_data][unit_amount]'), '2500');

    const completed = stripe.pay(session.id);
    for (let i = 0; i < 3; i += 1) assert.equal((await stripe.post(completed)).status, 200);
    const paid = await read(owner, payment.id);
    assert.equal(paid.status, 'succeeded');
    const credits = (await t.api.get(`/v1/transactions?type=credit`, { token: owner.token })).body.data.filter((txn: { payment_id: string }) => txn.payment_id === payment.id);
    assert.equal(credits.length, 1);
    // A decline that arrives after the success changes nothing (out of order).
    assert.equal((await stripe.post(stripe.decline(session.id, 'insufficient_funds'))).status, 200);
    assert.equal((await read(owner, payment.id)).status, 'succeeded');
  });

  it('records a declined attempt without ending the request', async () => {
    const owner = await accountOwner(t.api);
    const { payment, session } = await stripeRequest(owner);
    expectStatus(await stripe.post(stripe.decline(session.id, 'insufficient_funds')), 200);
    const read1 = await read(owner, payment.id);
    assert.deepEqual([read1.status, read1.last_failure_code], ['pending', 'insufficient_funds']);
  });

  it('refuses a webhook whose signature does not verify, with the error body', async () => {
    const owner = await accountOwner(t.api);
    const { payment, session } = await stripeRequest(owner);
    const forged = await stripe.post(stripe.pay(session.id), 'whsec_not_the_endpoints_secret');
    assert.equal(forged.status, 400);
    const body = (await forged.json()) as { error_code: string; error_description: string; request_id: string };
    assert.equal(body.error_code, 'invalid_signature');
    assert.equal(body.request_id, forged.headers.get('x-request-id'));
    assert.equal((await read(owner, payment.id)).status, 'pending');
  });

  it('captures and cancels manual-capture requests through Stripe', async () => {
    const owner = await accountOwner(t.api);
    const first = await stripeRequest(owner, { capture_method: 'manual' });
    expectStatus(await stripe.post(stripe.pay(first.session.id)), 200);
    assert.equal((await read(owner, first.payment.id)).status, 'authorized');
    const captured = await t.api.post(`/v1/payments/${first.payment.id}/capture`, { amount: 2000 }, { token: owner.token });
    expectStatus(captured, 200);
    assert.deepEqual([captured.body.status, captured.body.amount_captured], ['succeeded', 2000]);
    assert.equal(first.session.intent!.status, 'succeeded');
    assert.equal(first.session.intent!.amountCaptured, 2000);

    const second = await stripeRequest(owner, { capture_method: 'manual' });
    expectStatus(await stripe.post(stripe.pay(second.session.id)), 200);
    expectStatus(await t.api.post(`/v1/payments/${second.payment.id}/cancel`, undefined, { token: owner.token }), 200);
    assert.equal(second.session.intent!.status, 'canceled');

    const unpaid = await stripeRequest(owner);
    expectStatus(await t.api.post(`/v1/payments/${unpaid.payment.id}/cancel`, undefined, { token: owner.token }), 200);
    assert.equal(unpaid.session.status, 'expired');
  });

  it('gives back at Stripe the money of a session completed after its request was canceled, once', async () => {
    const owner = await accountOwner(t.api);
    const automatic = await stripeRequest(owner);
    const manual = await stripeRequest(owner, { capture_method: 'manual' });
    for (const { payment } of [automatic, manual]) expectStatus(await t.api.post(`/v1/payments/${payment.id}/cancel`, undefined, { token: owner.token }), 200);
    const late = [stripe.pay(automatic.session.id), stripe.pay(manual.session.id)];
    for (const event of [...late, ...late]) expectStatus(await stripe.post(event), 200);
    assert.deepEqual([(await read(owner, automatic.payment.id)).status, (await read(owner, manual.payment.id)).status], ['canceled', 'canceled']);
    const refunded = [...stripe.refunds.values()].filter((refund) => refund.intentId === automatic.session.intent!.id);
    assert.deepEqual(
      refunded.map((refund) => refund.amount),
      [2500],
    );
    assert.equal(manual.session.intent!.status, 'canceled');
  });

  it('refunds through Stripe and settles the refund by webhook, once, whatever the order', async () => {
    const owner = await accountOwner(t.api);
    const { payment, session } = await stripeRequest(owner);
    expectStatus(await stripe.post(stripe.pay(session.id)), 200);
    const refund = await t.api.post(`/v1/payments/${payment.id}/refunds`, { amount: 1000 }, { token: owner.token });
    expectStatus(refund, 201);
    assert.equal(refund.body.status, 'pending');
    const stripeRefund = [...stripe.refunds.values()].find((candidate) => candidate.refundId === refund.body.id)!;
    assert.equal(stripeRefund.amount, 1000);
    const { updated, chargeRefunded } = stripe.settleRefund(stripeRefund.id, 'succeeded');
    expectStatus(await stripe.post(chargeRefunded), 200);
    expectStatus(await stripe.post(updated), 200);
    expectStatus(await stripe.post(chargeRefunded), 200);
    const settled = await t.api.get(`/v1/refunds/${refund.body.id}`, { token: owner.token });
    assert.equal(settled.body.status, 'succeeded');
    const debit = await t.api.get(`/v1/transactions/${refund.body.transaction_id}`, { token: owner.token });
    assert.equal(debit.body.status, 'posted');
  });

  it('refuses a live account with a test key, and a live event at a test endpoint', async () => {
    const admin = await loginAdmin(t.api);
    const live = await createAccount(t.api, admin.token, { mode: 'live' });
    const refused = await t.api.post(
      '/v1/payments',
      { account_id: live.id, purpose: 'invoice', amount: 2500, currency: 'EUR', customer: { email: 'payer@example.com' }, provider: 'stripe' },
      { token: admin.token },
    );
    expectError(refused, 400, 'provider_mode_mismatch');
    const owner = await accountOwner(t.api);
    const { session } = await stripeRequest(owner);
    const event = { ...stripe.pay(session.id), livemode: true };
    const answer = await stripe.post(event);
    assert.equal(answer.status, 400);
    assert.equal(((await answer.json()) as { error_code: string }).error_code, 'provider_mode_mismatch');
    assert.equal((await read(owner, session.paymentId)).status, 'pending');
  });
});

describe('the Stripe provider when Stripe cannot be reached', () => {
  const env: Environment = { PAYMENT_PROVIDERS: 'stripe,sandbox', STRIPE_SECRET_KEY: FAKE_STRIPE_KEY, STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET };
  before(async () => {
    // A loopback port nothing listens on: every connection is refused.
    env.STRIPE_API_BASE = `http://127.0.0.1:${await freeLoopbackPort()}`;
  });
  const t = useTestApp(env);

  it('answers a new request 503 service_unavailable with Retry-After, and keeps nothing of it', async () => {
    const owner = await accountOwner(t.api);
    const refused = await t.api.post(
      '/v1/payments',
      { purpose: 'invoice', amount: 2500, currency: 'EUR', customer: { email: 'payer@example.com' }, provider: 'stripe' },
      { token: owner.token },
    );
    expectError(refused, 503, 'service_unavailable');
    assert.match(refused.body.error_description, /stripe cannot be reached/);
    assert.ok(Number(refused.headers.get('retry-after')) > 0);
    assert.deepEqual((await t.api.get('/v1/payments', { token: owner.token })).body.data, []);
  });
});
