import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AccountsRepository } from '../accounts/accounts.repository';
import { AccountScope } from '../common/access/account-access';
import { AuthenticatedUser } from '../common/access/caller';
import { newId } from '../common/ids/ids';
import { CallLog, FakeDatabase, FakeEventLog } from '../common/testing/fakes';
import { Transaction } from '../transactions/entities/transaction.entity';
import { LedgerService } from '../ledger/ledger.service';
import { TransactionsRepository } from '../transactions/transactions.repository';
import { PaymentRequest } from './entities/payment-request.entity';
import { PaymentErrors } from './payments.errors';
import { PaymentTransitions } from './payment-transitions';
import { PaymentsRepository } from './payments.repository';
import { PaymentsService } from './payments.service';
import { SandboxPaymentProvider } from './providers/sandbox/sandbox.provider';
import { PaymentProviders } from './providers/payment-providers';
import { AppConfig } from '../config/app-config';

const ACCOUNT = newId('acc');
const OWNER = newId('usr');
const owner: AuthenticatedUser = {
  kind: 'user',
  userId: OWNER,
  sessionId: 'ses_1',
  role: 'member',
  accountId: ACCOUNT,
  apiKeyId: null,
  emailVerified: true,
  scopes: null,
  mfaEnabled: false,
};
const member: AuthenticatedUser = {
  kind: 'user',
  userId: newId('usr'),
  sessionId: 'ses_2',
  role: 'member',
  accountId: ACCOUNT,
  apiKeyId: null,
  emailVerified: true,
  scopes: null,
  mfaEnabled: false,
};
const admin: AuthenticatedUser = {
  kind: 'user',
  userId: newId('usr'),
  sessionId: 'ses_3',
  role: 'admin',
  accountId: null,
  apiKeyId: null,
  emailVerified: true,
  scopes: null,
  mfaEnabled: false,
};
const created = new Date(Date.now() - 60_000);

const payment: PaymentRequest = {
  id: newId('pay'),
  accountId: ACCOUNT,
  purpose: 'invoice',
  referenceId: 'inv-7',
  amount: 1250,
  currency: 'EUR',
  description: null,
  customerEmail: 'bob@example.com',
  customerName: 'Bob',
  captureMethod: 'automatic',
  status: 'pending',
  provider: 'sandbox',
  providerReference: null,
  livemode: false,
  lastFailureCode: null,
  paymentUrl: 'http://127.0.0.1:3000/pay/x',
  checkoutToken: 'x',
  failureCode: null,
  metadata: { order: '42' },
  amountCaptured: 0,
  amountRefunded: 0,
  transactionId: null,
  expiresAt: new Date(Date.now() + 3_600_000),
  createdAt: created,
  updatedAt: created,
  paidAt: null,
};

interface Setup {
  /** Whether the conditional update wins. */
  move?: boolean;
  /** The row as read after a lost move. */
  current?: Partial<PaymentRequest>;
  /** The stored request belongs to a live account. */
  livemode?: boolean;
}

function setup(options: Setup = {}) {
  const log = new CallLog();
  const db = new FakeDatabase();
  const payments = log.fake('payments', {
    findVisible: async (_m: unknown, scope: AccountScope, id: string) =>
      id === payment.id && (scope.kind === 'all' || (scope.kind === 'account' && scope.accountId === payment.accountId))
        ? { ...payment, livemode: options.livemode ?? false }
        : null,
    move: async () => options.move ?? true,
    findById: async () => ({ ...payment, ...options.current }),
    linkTransaction: async () => undefined,
  });
  const accounts = log.fake('accounts', {
    isOwner: async (_m: unknown, userId: string, accountId: string) => userId === OWNER && accountId === ACCOUNT,
    requireOpen: async () => undefined,
  });
  const transactions = log.fake('transactions', { insert: async (_m: unknown, row: Transaction) => row });
  const events = new FakeEventLog(log);
  const ledger = log.fake('ledger', { lockBalances: async (_m: unknown, _posting: unknown, clock: Date) => clock, openPosted: async () => [] });
  const transitions = new PaymentTransitions(
    payments as unknown as PaymentsRepository,
    accounts as unknown as AccountsRepository,
    transactions as unknown as TransactionsRepository,
    ledger as unknown as LedgerService,
    events.asEventLog(),
  );
  const service = new PaymentsService(
    db.asDatabase(),
    new AppConfig({}),
    new PaymentProviders({ all: [new SandboxPaymentProvider()], registered: ['sandbox'] }, new AppConfig({ PAYMENT_PROVIDERS: 'sandbox' })),
    payments as unknown as PaymentsRepository,
    accounts as unknown as AccountsRepository,
    transitions,
    events.asEventLog(),
  );
  return { service, log, db, events };
}

describe('PaymentsService.simulate', () => {
  it("books exactly one posted credit with the payment's amount, currency and metadata, and links it", async () => {
    const { service, log } = setup();
    const response = await service.simulate(owner, payment.id, 'succeeded');
    const inserts = log.argsOf('transactions.insert') as [Transaction][];
    assert.equal(inserts.length, 1);
    const [credit] = inserts[0];
    assert.deepEqual(
      { type: credit.type, status: credit.status, direction: credit.direction, accountId: credit.accountId, paymentId: credit.paymentId },
      { type: 'credit', status: 'posted', direction: 'credit', accountId: ACCOUNT, paymentId: payment.id },
    );
    assert.deepEqual([credit.amount, credit.currency, credit.metadata, credit.referenceIds], [1250, 'EUR', { order: '42' }, ['inv-7']]);
    assert.deepEqual(log.argsOf('payments.linkTransaction'), [[payment.id, credit.id]]);
    assert.equal(response.transaction_id, credit.id);
    assert.equal(response.status, 'succeeded');
    assert.equal(response.paid_at, credit.postedAt?.toISOString());
  });

  it('locks the balance, moves the request, then books the credit and its entries, after requiring the account open', async () => {
    const { service, log } = setup();
    await service.simulate(owner, payment.id, 'succeeded');
    const order = ['accounts.requireOpen', 'ledger.lockBalances', 'payments.move', 'transactions.insert', 'ledger.openPosted', 'payments.linkTransaction'];
    assert.deepEqual(
      log.names().filter((name) => order.includes(name)),
      order,
    );
    const [[id, from, changes]] = log.argsOf('payments.move');
    assert.equal(id, payment.id);
    assert.deepEqual(from, ['pending']);
    assert.equal((changes as Partial<PaymentRequest>).status, 'succeeded');
  });

  it('books no credit for an outcome other than succeeded', async () => {
    const { service, log } = setup();
    const response = await service.simulate(owner, payment.id, 'failed');
    assert.equal(response.status, 'failed');
    assert.equal(response.transaction_id, null);
    assert.ok(!log.names().includes('transactions.insert'));
    assert.ok(!log.names().includes('payments.linkTransaction'));
  });

  it('reports the effective status when the conditional update loses, and books nothing', async () => {
    const races: [Partial<PaymentRequest>, 'expired' | 'failed' | 'succeeded'][] = [
      [{ status: 'pending', expiresAt: new Date(Date.now() - 1000) }, 'expired'],
      [{ status: 'failed' }, 'failed'],
      [{ status: 'succeeded' }, 'succeeded'],
    ];
    for (const [current, effective] of races) {
      const { service, log, db } = setup({ move: false, current });
      await assert.rejects(service.simulate(owner, payment.id, 'succeeded'), {
        code: 'payment_not_pending',
        description: PaymentErrors.notPending(effective, 'automatic', 'moved to succeeded').description,
      });
      assert.ok(!log.names().includes('transactions.insert'));
      // The request is read first (its mode, its owner), then moved in a transaction that rolls back.
      assert.deepEqual(db.units, [
        { kind: 'run', outcome: 'resolved' },
        { kind: 'transaction', outcome: 'rejected' },
      ]);
    }
  });

  it('refuses a member who does not own the account with insufficient_permissions, before moving anything', async () => {
    const { service, log } = setup();
    await assert.rejects(service.simulate(member, payment.id, 'succeeded'), { code: 'insufficient_permissions' });
    assert.deepEqual(log.argsOf('accounts.isOwner'), [[member.userId, ACCOUNT]]);
    assert.ok(!log.names().includes('payments.move'));
  });

  it("lets an admin drive any account's request without owning it", async () => {
    const { service, log } = setup();
    assert.equal((await service.simulate(admin, payment.id, 'succeeded')).status, 'succeeded');
    assert.ok(!log.names().includes('accounts.isOwner'));
    // Read once to check its mode before anything moves, and again under the transaction that moves it.
    assert.deepEqual(log.argsOf('payments.findVisible'), [
      [{ kind: 'all' }, payment.id],
      [{ kind: 'all' }, payment.id],
    ]);
  });

  it('refuses a live request with test_mode_only, for its owner and an admin alike, before moving or booking anything', async () => {
    for (const caller of [owner, admin]) {
      const { service, log, db } = setup({ livemode: true });
      await assert.rejects(service.simulate(caller, payment.id, 'succeeded'), { code: 'test_mode_only' });
      assert.ok(!log.names().includes('payments.move'));
      assert.ok(!log.names().includes('transactions.insert'));
      assert.deepEqual(
        db.units.map((unit) => unit.kind),
        ['run'],
      );
    }
  });

  it("answers payment_not_found for another account's request", async () => {
    const { service, log } = setup();
    const stranger: AuthenticatedUser = { ...owner, accountId: newId('acc') };
    await assert.rejects(service.simulate(stranger, payment.id, 'succeeded'), { code: 'payment_not_found' });
    assert.deepEqual(log.names(), ['payments.findVisible']);
  });
});
