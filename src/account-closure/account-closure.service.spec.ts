import assert from 'node:assert/strict';
import { AppConfig } from '../config/app-config';
import { describe, it } from 'node:test';
import { AccountsRepository } from '../accounts/accounts.repository';
import { AccountsService } from '../accounts/accounts.service';
import { Account } from '../accounts/entities/account.entity';
import { SessionsRepository } from '../auth/sessions.repository';
import { AuthenticatedUser } from '../common/access/caller';
import { newId } from '../common/ids/ids';
import { CallLog, FakeDatabase, FakeEventLog, silentAuditLog } from '../common/testing/fakes';
import { PaymentRequest } from '../payments/entities/payment-request.entity';
import { Transaction } from '../transactions/entities/transaction.entity';
import { LedgerService } from '../ledger/ledger.service';
import { PayoutsRepository } from '../payouts/payouts.repository';
import { RefundsRepository } from '../refunds/refunds.repository';
import { PaymentsRepository } from '../payments/payments.repository';
import { TransactionsRepository } from '../transactions/transactions.repository';
import { UsersRepository } from '../users/users.repository';
import { AccountClosureService } from './account-closure.service';

const ACCOUNT = newId('acc');
const OWNER = newId('usr');
const MEMBER = newId('usr');
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
  userId: MEMBER,
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
const opened = new Date('2026-11-01T09:00:00.000Z');
const account: Account = {
  id: ACCOUNT,
  type: 'business',
  name: 'Acme',
  email: 'billing@acme.example',
  preferences: {},
  status: 'open',
  overdraft: 'allowed',
  mode: 'test',
  ownerUserId: OWNER,
  createdAt: opened,
  updatedAt: opened,
  closedAt: null,
};

/**
 * The rank in src/database/lock-order.md of each repository call that takes
 * or needs a lock (reads are left out): 2 account, 3 sessions (4: their tokens,
 * written by the same revokeAll), 5 ledger balances, 6 transactions, 7 payment requests.
 */
const LOCK_RANKS: Record<string, number> = {
  'accounts.lockForClosure': 2,
  'accounts.markClosed': 2,
  'sessions.revokeAll': 3,
  'ledger.cancelPendingTouching': 5,
  'transactions.releasePendingRefundsOfAccount': 6,
  'transactions.cancelPendingOfAccount': 6,
  'payments.cancelOpenOfAccount': 7,
  'refunds.failPendingOfAccount': 7,
  'events.record': 8,
};
const WRITES = [
  'accounts.markClosed',
  'sessions.revokeAll',
  'ledger.cancelPendingTouching',
  'transactions.releasePendingRefundsOfAccount',
  'transactions.cancelPendingOfAccount',
  'payments.cancelOpenOfAccount',
  'refunds.failPendingOfAccount',
  'events.record',
];

function transactionOf(accountId: string, counterpartyAccountId: string | null): Transaction {
  const now = new Date();
  return {
    id: newId('txn'),
    accountId,
    type: counterpartyAccountId === null ? 'payment' : 'transfer',
    status: 'canceled',
    direction: 'debit',
    amount: 5,
    currency: 'EUR',
    description: null,
    referenceIds: [],
    metadata: {},
    notes: null,
    counterpartyAccountId,
    paymentId: null,
    refundedTransactionId: null,
    amountRefunded: 0,
    reversesTransactionId: null,
    reversedByTransactionId: null,
    livemode: false,
    createdAt: now,
    updatedAt: now,
    postedAt: null,
    canceledAt: now,
  };
}

function paymentOf(accountId: string): PaymentRequest {
  const now = new Date();
  return {
    id: newId('pay'),
    accountId,
    purpose: 'invoice',
    referenceId: null,
    amount: 5,
    currency: 'EUR',
    description: null,
    customerEmail: 'payer@example.com',
    customerName: null,
    captureMethod: 'automatic',
    status: 'canceled',
    provider: 'sandbox',
    providerReference: null,
    livemode: false,
    paymentUrl: 'https://pay.example/x',
    checkoutToken: null,
    failureCode: null,
    lastFailureCode: null,
    metadata: {},
    amountCaptured: 0,
    amountRefunded: 0,
    transactionId: null,
    expiresAt: new Date(now.getTime() + 60_000),
    createdAt: now,
    updatedAt: now,
    paidAt: null,
  };
}

function setup(options: { markClosed?: boolean; found?: Account | null } = {}) {
  const log = new CallLog();
  const db = new FakeDatabase();
  const accounts = log.fake('accounts', {
    findById: async () => (options.found === undefined ? account : options.found),
    lockForClosure: async () => undefined,
    markClosed: async () => options.markClosed ?? true,
  }) as unknown as AccountsRepository;
  const users = log.fake('users', { idsOfAccount: async () => [OWNER, MEMBER] }) as unknown as UsersRepository;
  const sessions = log.fake('sessions', { revokeAll: async () => ({ sessions: 3, tokens: 7 }) });
  const canceled = [transactionOf(ACCOUNT, null), transactionOf(ACCOUNT, newId('acc')), transactionOf(newId('acc'), ACCOUNT), transactionOf(ACCOUNT, null)];
  const transactions = log.fake('transactions', { releasePendingRefundsOfAccount: async () => [], cancelPendingOfAccount: async () => canceled });
  const ledger = log.fake('ledger', { cancelPendingTouching: async () => [] });
  const payments = log.fake('payments', { cancelOpenOfAccount: async () => [paymentOf(ACCOUNT), paymentOf(ACCOUNT)], syncRefunded: async () => null });
  const refunds = log.fake('refunds', { failPendingOfAccount: async () => [] });
  const payouts = log.fake('payouts', { cancelPendingOfAccount: async () => [], countInTransitOfAccount: async () => 0 });
  const events = new FakeEventLog(log);
  const service = new AccountClosureService(
    db.asDatabase(),
    // The real findManageable, on the faked repositories: it decides who may close an account.
    new AccountsService(db.asDatabase(), accounts, users, events.asEventLog(), silentAuditLog(), new AppConfig({}), { overdrawnCurrencies: async () => [] }),
    accounts,
    users,
    sessions as unknown as SessionsRepository,
    transactions as unknown as TransactionsRepository,
    payments as unknown as PaymentsRepository,
    refunds as unknown as RefundsRepository,
    ledger as unknown as LedgerService,
    events.asEventLog(),
    silentAuditLog(),
    payouts as unknown as PayoutsRepository,
  );
  return { service, log, db, events };
}

describe('AccountClosureService.close', () => {
  it('takes the account lock for closure before it marks the account closed', async () => {
    const { service, log } = setup();
    await service.close(owner, {});
    const names = log.names();
    assert.ok(names.includes('accounts.lockForClosure'));
    assert.ok(names.indexOf('accounts.lockForClosure') < names.indexOf('accounts.markClosed'), names.join(', '));
    assert.deepEqual(log.argsOf('accounts.lockForClosure'), [[ACCOUNT]]);
  });

  it('takes its locks in the order of lock-order.md: account, sessions, balances, transactions, payment requests and their refunds, event streams', async () => {
    const { service, log } = setup();
    await service.close(owner, {});
    const ranks = log
      .names()
      .filter((name) => name in LOCK_RANKS)
      .map((name) => LOCK_RANKS[name]);
    assert.deepEqual(ranks, [2, 2, 3, 5, 6, 6, 7, 7, 8]);
  });

  it("revokes the sessions of exactly the account's users, with reason account_closed", async () => {
    const { service, log } = setup();
    await service.close(owner, {});
    assert.deepEqual(log.argsOf('users.idsOfAccount'), [[ACCOUNT]]);
    const [[scope, reason]] = log.argsOf('sessions.revokeAll');
    assert.deepEqual(scope, { userIds: [OWNER, MEMBER] });
    assert.equal(reason, 'account_closed');
  });

  it('closes, revokes and cancels with one and the same now, and reports it with the counts', async () => {
    const { service, log, db } = setup();
    const response = await service.close(owner, {});
    const [[, closedAt]] = log.argsOf('accounts.markClosed');
    assert.ok(closedAt instanceof Date);
    assert.equal(log.argsOf('sessions.revokeAll')[0][2], closedAt);
    assert.deepEqual(log.argsOf('transactions.cancelPendingOfAccount'), [[ACCOUNT, closedAt]]);
    assert.deepEqual(log.argsOf('payments.cancelOpenOfAccount'), [[ACCOUNT, closedAt]]);
    assert.deepEqual(response, {
      account_id: ACCOUNT,
      status: 'closed',
      closed_at: closedAt.toISOString(),
      revoked_sessions: 3,
      canceled_transactions: 4,
      canceled_payments: 2,
    });
    assert.deepEqual(db.units, [{ kind: 'transaction', outcome: 'resolved' }]);
  });

  it('records each canceled transaction (to both sides of a transfer), each canceled payment request, then account.closed', async () => {
    const { service, events } = setup();
    await service.close(owner, {});
    assert.deepEqual(
      events.recorded.map((event) => `${event.type} ${event.accountId === ACCOUNT ? 'own' : 'other'}`),
      [
        'transaction.canceled own',
        'transaction.canceled own',
        'transaction.canceled other',
        'transaction.canceled other',
        'transaction.canceled own',
        'transaction.canceled own',
        'payment.canceled own',
        'payment.canceled own',
        'account.closed own',
      ],
    );
    const closed = events.recorded.at(-1)!.object as { status: string; closed_at: string };
    assert.equal(closed.status, 'closed');
  });

  it('lets an admin close the account it names', async () => {
    const { service, log } = setup();
    const response = await service.close(admin, { account_id: ACCOUNT });
    assert.equal(response.account_id, ACCOUNT);
    assert.deepEqual(
      log.argsOf('accounts.markClosed').map(([id]) => id),
      [ACCOUNT],
    );
  });

  it('answers account_closed and writes nothing more when a racing closure marked it closed first', async () => {
    const { service, log, db } = setup({ markClosed: false });
    await assert.rejects(service.close(owner, {}), { code: 'account_closed' });
    assert.deepEqual(
      log.names().filter((name) => WRITES.includes(name)),
      ['accounts.markClosed'],
    );
    assert.deepEqual(db.units, [{ kind: 'transaction', outcome: 'rejected' }]);
  });

  it('answers account_closed for an account already closed, before taking any lock', async () => {
    const { service, log } = setup({ found: { ...account, status: 'closed' } });
    await assert.rejects(service.close(owner, {}), { code: 'account_closed' });
    assert.deepEqual(log.names(), ['accounts.findById']);
  });

  it('refuses a member who does not own the account with insufficient_permissions, before taking any lock', async () => {
    const { service, log } = setup();
    await assert.rejects(service.close(member, {}), { code: 'insufficient_permissions' });
    assert.deepEqual(log.names(), ['accounts.findById']);
  });

  it('answers account_not_found when a member names another account, without opening a transaction', async () => {
    const { service, log, db } = setup();
    await assert.rejects(service.close(owner, { account_id: newId('acc') }), { code: 'account_not_found' });
    assert.deepEqual(log.names(), []);
    assert.deepEqual(db.units, []);
  });

  it('answers account_not_found when the account does not exist', async () => {
    const { service, log } = setup({ found: null });
    await assert.rejects(service.close(admin, { account_id: ACCOUNT }), { code: 'account_not_found' });
    assert.deepEqual(log.names(), ['accounts.findById']);
  });
});
