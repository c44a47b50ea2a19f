import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AccountErrors } from '../accounts/accounts.errors';
import { AccountsRepository } from '../accounts/accounts.repository';
import { AccountScope } from '../common/access/account-access';
import { AuthenticatedUser } from '../common/access/caller';
import { newId } from '../common/ids/ids';
import { CallLog, FakeDatabase, FakeEventLog, silentAuditLog } from '../common/testing/fakes';
import { CreateTransactionRequestDto } from './dto/create-transaction.request.dto';
import { toTransactionResponse } from './dto/transaction.response.dto';
import { Transaction, TransactionStatus } from './entities/transaction.entity';
import { TransactionErrors } from './transactions.errors';
import { TransactionsRepository } from './transactions.repository';
import { TransactionsService } from './transactions.service';
import { LedgerService } from '../ledger/ledger.service';

const ACCOUNT = newId('acc');
const OTHER_ACCOUNT = newId('acc');
const member: AuthenticatedUser = {
  kind: 'user',
  userId: newId('usr'),
  sessionId: 'ses_1',
  role: 'member',
  accountId: ACCOUNT,
  apiKeyId: null,
  emailVerified: true,
  scopes: null,
  mfaEnabled: false,
};
const outsider: AuthenticatedUser = {
  kind: 'user',
  userId: newId('usr'),
  sessionId: 'ses_2',
  role: 'member',
  accountId: OTHER_ACCOUNT,
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
const created = new Date('2026-11-20T10:00:00.000Z');

const pending: Transaction = {
  id: newId('txn'),
  accountId: ACCOUNT,
  type: 'payment',
  status: 'pending',
  direction: 'debit',
  amount: 1250,
  currency: 'EUR',
  description: null,
  referenceIds: [],
  metadata: { order: '42' },
  notes: null,
  counterpartyAccountId: null,
  paymentId: null,
  refundedTransactionId: null,
  amountRefunded: 0,
  reversesTransactionId: null,
  reversedByTransactionId: null,
  livemode: false,
  createdAt: created,
  updatedAt: created,
  postedAt: null,
  canceledAt: null,
};

interface Setup {
  /** Whether the conditional update wins. */
  transition?: boolean;
  /** The status read after a lost transition. */
  current?: TransactionStatus;
  /** What requireOpen throws for an account (by id), if anything. */
  closed?: Record<string, Error>;
  /** The transaction found (default: a pending payment). */
  found?: Transaction;
}

function setup(options: Setup = {}) {
  const log = new CallLog();
  const db = new FakeDatabase();
  let reread: Transaction | null = null;
  const transactions = log.fake('transactions', {
    // Honours the scope as the repository does, so a spec sees what the caller's scope lets through.
    findVisible: async (_m: unknown, scope: AccountScope, id: string) =>
      id === pending.id && (scope.kind === 'all' || (scope.kind === 'account' && scope.accountId === pending.accountId)) ? (options.found ?? pending) : null,
    transition: async (_m: unknown, _id: string, transition: { to: TransactionStatus; at: 'postedAt' | 'canceledAt' }, now: Date) => {
      // The row as the update leaves it (or, after a lost update, as the winner left it), amended by someone else meanwhile.
      const status = options.transition === false ? (options.current ?? 'posted') : transition.to;
      reread = { ...pending, status, [transition.at]: now, updatedAt: now, notes: 'amended meanwhile' };
      return options.transition === false ? null : reread;
    },
    findById: async () => reread,
    insert: async (_m: unknown, row: Transaction) => row,
  });
  const accounts = log.fake('accounts', {
    requireOpen: async (_m: unknown, accountId: string) => {
      const refusal = options.closed?.[accountId];
      if (refusal) throw refusal;
      return { overdraft: 'allowed' };
    },
  });
  const events = new FakeEventLog(log);
  const ledger = log.fake('ledger', {
    lockBalances: async (_m: unknown, _posting: unknown, clock: Date) => clock,
    settle: async () => [],
    open: async () => [],
  });
  const service = new TransactionsService(
    db.asDatabase(),
    transactions as unknown as TransactionsRepository,
    accounts as unknown as AccountsRepository,
    ledger as unknown as LedgerService,
    events.asEventLog(),
    silentAuditLog(),
    log.fake('refundLinks', { requireMovable: async () => undefined, refundedChanged: async () => [] }),
  );
  return { service, log, db, events, reread: () => reread };
}

describe('TransactionsService transitions', () => {
  it('posts a pending transaction and answers with the row as read again after the update', async () => {
    const { service, log, reread } = setup();
    const response = await service.post(admin, pending.id);
    const [[id, transition]] = log.argsOf('transactions.transition');
    assert.equal(id, pending.id);
    assert.deepEqual(transition, { to: 'posted', at: 'postedAt', event: 'transaction.posted' });
    assert.deepEqual(response, toTransactionResponse(reread()!));
    assert.equal(response.status, 'posted');
    assert.equal(response.notes, 'amended meanwhile');
  });

  it('cancels a pending transaction and answers with the row as read again after the update', async () => {
    const { service, log } = setup();
    const response = await service.cancel(member, pending.id);
    assert.deepEqual(log.argsOf('transactions.transition')[0][1], { to: 'canceled', at: 'canceledAt', event: 'transaction.canceled' });
    assert.equal(response.status, 'canceled');
    assert.notEqual(response.canceled_at, null);
    assert.equal(response.notes, 'amended meanwhile');
  });

  it('requires the account open before the transition', async () => {
    const { service, log } = setup();
    await service.cancel(member, pending.id);
    assert.deepEqual(log.argsOf('accounts.requireOpen'), [[ACCOUNT]]);
    const names = log.names();
    assert.ok(names.indexOf('accounts.requireOpen') < names.indexOf('transactions.transition'), names.join(', '));
  });

  it('does not touch the transaction of a closed account', async () => {
    const { service, log } = setup({ closed: { [ACCOUNT]: AccountErrors.closed() } });
    await assert.rejects(service.post(admin, pending.id), { code: 'account_closed' });
    assert.ok(!log.names().includes('transactions.transition'));
  });

  it('posts a transfer only while its counterparty is open too, locking both accounts before the transition', async () => {
    const transfer: Transaction = { ...pending, type: 'transfer', counterpartyAccountId: OTHER_ACCOUNT };
    const { service, log } = setup({ found: transfer });
    await service.post(admin, pending.id);
    assert.deepEqual(log.argsOf('accounts.requireOpen'), [[ACCOUNT], [OTHER_ACCOUNT]]);
    const names = log.names();
    assert.ok(names.lastIndexOf('accounts.requireOpen') < names.indexOf('transactions.transition'), names.join(', '));

    const refused = setup({ found: transfer, closed: { [OTHER_ACCOUNT]: AccountErrors.closed() } });
    await assert.rejects(refused.service.post(admin, pending.id), { code: 'account_closed' });
    assert.ok(!refused.log.names().includes('transactions.transition'));
  });

  it('reports transaction_not_pending with the current status when the conditional update loses', async () => {
    for (const current of ['posted', 'canceled'] as const) {
      const { service, log, db } = setup({ transition: false, current });
      await assert.rejects(service.cancel(member, pending.id), {
        code: 'transaction_not_pending',
        description: TransactionErrors.notPending(current).description,
      });
      assert.ok(!log.names().includes('ledger.settle'), 'the books move only with the transaction');
      assert.deepEqual(db.units, [{ kind: 'transaction', outcome: 'rejected' }]);
    }
  });

  it("answers transaction_not_found to a member for another account's transaction, and writes nothing", async () => {
    const { service, log } = setup();
    await assert.rejects(service.cancel(outsider, pending.id), { code: 'transaction_not_found' });
    assert.deepEqual(log.names(), ['transactions.findVisible']);
  });

  it("lets an admin move any account's transaction", async () => {
    const { service, log } = setup();
    assert.equal((await service.cancel(admin, pending.id)).status, 'canceled');
    assert.deepEqual(log.argsOf('transactions.findVisible'), [[{ kind: 'all' }, pending.id]]);
  });

  it('answers transaction_not_found for a malformed id without asking the repository', async () => {
    const { service, log } = setup();
    await assert.rejects(service.post(admin, 'txn_nope'), { code: 'transaction_not_found' });
    assert.deepEqual(log.names(), []);
  });
});

describe('TransactionsService.create', () => {
  const transfer = (counterparty: string): CreateTransactionRequestDto => ({ type: 'transfer', amount: 500, currency: 'EUR', counterparty_account_id: counterparty });

  it('books a pending transfer, its entries and its events after requiring both accounts open, the own one first', async () => {
    const { service, log, events } = setup();
    const response = await service.create(member, transfer(OTHER_ACCOUNT));
    assert.deepEqual(log.argsOf('accounts.requireOpen'), [[ACCOUNT], [OTHER_ACCOUNT]]);
    assert.deepEqual(log.names().slice(-3), ['transactions.insert', 'ledger.open', 'events.record']);
    assert.deepEqual(
      events.recorded.map((event) => [event.type, event.accountId, (event.object as { direction: string }).direction]),
      [
        ['transaction.created', ACCOUNT, 'debit'],
        ['transaction.created', OTHER_ACCOUNT, 'credit'],
      ],
    );
    const [[row]] = log.argsOf('transactions.insert') as [[Transaction]];
    assert.deepEqual(
      { accountId: row.accountId, status: row.status, direction: row.direction, counterpartyAccountId: row.counterpartyAccountId },
      { accountId: ACCOUNT, status: 'pending', direction: 'debit', counterpartyAccountId: OTHER_ACCOUNT },
    );
    assert.equal(response.id, row.id);
  });

  it('refuses a transfer to a closed counterparty and inserts nothing', async () => {
    const { service, log, db } = setup({ closed: { [OTHER_ACCOUNT]: AccountErrors.closed() } });
    await assert.rejects(service.create(member, transfer(OTHER_ACCOUNT)), { code: 'account_closed' });
    assert.ok(!log.names().includes('transactions.insert'));
    assert.deepEqual(db.units, [{ kind: 'transaction', outcome: 'rejected' }]);
  });

  it('answers account_not_found for a malformed counterparty id, without locking it or inserting', async () => {
    const { service, log } = setup();
    await assert.rejects(service.create(member, transfer('acc_not-an-id')), { code: 'account_not_found' });
    assert.ok(!log.argsOf('accounts.requireOpen').some(([id]) => id === 'acc_not-an-id'));
    assert.ok(!log.names().includes('transactions.insert'));
  });

  it('answers account_not_found to a member who books on another account', async () => {
    const { service, log } = setup();
    await assert.rejects(service.create(member, { type: 'credit', amount: 1, currency: 'EUR', account_id: OTHER_ACCOUNT }), { code: 'account_not_found' });
    assert.deepEqual(log.names(), []);
  });
});
