import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AccountsRepository } from '../accounts/accounts.repository';
import { newId } from '../common/ids/ids';
import { CallLog, FakeDatabase } from '../common/testing/fakes';
import { PaymentRequest } from '../payments/entities/payment-request.entity';
import { AttemptedPayment } from '../payments/payment-status';
import { PaymentTransitions } from '../payments/payment-transitions';
import { PaymentsRepository } from '../payments/payments.repository';
import { PaymentAttempt } from '../payments/providers/payment-provider';
import { PaymentProviders } from '../payments/providers/payment-providers';
import { CheckoutService } from './checkout.service';

const TOKEN = 'Qm9vdHN0cmFwcGluZyBhIHRva2VuIQAB';
const now = Date.now();

function request(fields: Partial<PaymentRequest> = {}): PaymentRequest {
  return {
    id: newId('pay'),
    accountId: newId('acc'),
    purpose: 'product',
    referenceId: null,
    amount: 500,
    currency: 'EUR',
    description: null,
    customerEmail: 'c@example.com',
    customerName: null,
    captureMethod: 'automatic',
    status: 'pending',
    provider: 'sandbox',
    providerReference: null,
    livemode: false,
    lastFailureCode: null,
    paymentUrl: `http://127.0.0.1:3000/pay/${TOKEN}`,
    checkoutToken: TOKEN,
    failureCode: null,
    metadata: {},
    amountCaptured: 0,
    amountRefunded: 0,
    transactionId: null,
    expiresAt: new Date(now + 3_600_000),
    createdAt: new Date(now),
    updatedAt: new Date(now),
    paidAt: null,
    ...fields,
  };
}

function setup(payment: PaymentRequest | null, attempt: PaymentAttempt = { outcome: 'approved' }) {
  const log = new CallLog();
  const db = new FakeDatabase();
  const payments = log.fake('payments', { findByCheckoutToken: async () => payment });
  const accounts = log.fake('accounts', { findById: async () => ({ name: 'Acme' }) });
  const transitions = log.fake('transitions', { attempted: async (_m: unknown, _p: PaymentRequest, _attempt: AttemptedPayment) => undefined });
  const provider = { ...log.fake('provider', { attempt: async () => attempt }), capabilities: { cardOnPage: true }, instructions: () => ({ kind: 'card_form', testCards: [] }) };
  const providers = { find: (name: string) => (name === 'sandbox' ? provider : null) };
  const service = new CheckoutService(
    db.asDatabase(),
    payments as unknown as PaymentsRepository,
    accounts as unknown as AccountsRepository,
    transitions as unknown as PaymentTransitions,
    providers as unknown as PaymentProviders,
  );
  return { service, log, db };
}

describe('CheckoutService', () => {
  it('answers a malformed token as not found without reading the database', async () => {
    const { service, log } = setup(request());
    for (const token of ['', 'short', `${TOKEN}x`, 'pay_01JDQ4Z8X9T2M3N4P5Q6R7S8T9', '../../../../etc/passwd..........']) {
      await assert.rejects(service.open(token), { code: 'payment_not_found' });
    }
    assert.deepEqual(log.names(), []);
  });

  it("sends the customer to a provider's own page when the request's checkout is not this one", async () => {
    const { service } = setup(request({ provider: 'acquirer', paymentUrl: 'https://acquirer.example/checkout/abc' }));
    assert.deepEqual(await service.open(TOKEN), { kind: 'redirect', url: 'https://acquirer.example/checkout/abc' });
  });

  it("asks the request's provider outside the database transaction, then hands its answer to the transitions", async () => {
    const declined: PaymentAttempt = { outcome: 'declined', failureCode: 'card_declined', final: false };
    const { service, log, db } = setup(request({ captureMethod: 'manual' }), declined);
    assert.deepEqual(await service.submitCard(TOKEN, '4000 0000 0000 0002'), { kind: 'settled' });
    assert.deepEqual(log.names(), ['payments.findByCheckoutToken', 'provider.attempt', 'transitions.attempted']);
    assert.deepEqual(
      db.units.map((unit) => unit.kind),
      ['run', 'transaction'],
    );
    assert.deepEqual(log.argsOf('transitions.attempted')[0][1], declined);
  });

  it('declines a test card typed on a live page without asking the provider (test_card_in_live_mode)', async () => {
    const { service, log } = setup(request({ livemode: true }));
    assert.deepEqual(await service.submitCard(TOKEN, '4242-4242-4242-4242'), { kind: 'settled' });
    assert.ok(!log.names().includes('provider.attempt'));
    assert.deepEqual(log.argsOf('transitions.attempted')[0][1], { outcome: 'declined', failureCode: 'test_card_in_live_mode', final: false });
  });

  it('takes no card for a request whose provider collects none, or is not enabled any more', async () => {
    for (const provider of ['bank_transfer', 'retired_acquirer']) {
      const { service, log } = setup(request({ provider }));
      assert.deepEqual(await service.submitCard(TOKEN, '4242 4242 4242 4242'), { kind: 'settled' });
      assert.deepEqual(log.names(), ['payments.findByCheckoutToken']);
    }
  });

  it('moves nothing for a card the provider does not take, and shows the form again with its message', async () => {
    const { service, log } = setup(request(), { outcome: 'card_not_accepted', message: 'Use a test card.' });
    const result = await service.submitCard(TOKEN, '4111 1111 1111 1111');
    assert.equal(result.kind, 'card_refused');
    assert.equal(result.kind === 'card_refused' && result.message, 'Use a test card.');
    assert.ok(!log.names().includes('transitions.attempted'));
  });

  it('asks nothing of the provider for a request that is no longer pending, or an empty or overlong number', async () => {
    for (const payment of [request({ status: 'succeeded' }), request({ expiresAt: new Date(now - 1) })]) {
      const { service, log } = setup(payment);
      assert.deepEqual(await service.submitCard(TOKEN, '4242 4242 4242 4242'), { kind: 'settled' });
      assert.ok(!log.names().includes('provider.attempt'));
    }
    for (const number of ['', '   ', '4'.repeat(41), undefined, ['4242']]) {
      const { service, log } = setup(request());
      assert.equal((await service.submitCard(TOKEN, number)).kind, 'card_refused');
      assert.ok(!log.names().includes('provider.attempt'));
    }
  });
});
