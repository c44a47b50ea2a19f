import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { balanceChange, balanceFigures, externalAccountOf, isExternalAccount, Posting, sidesOf } from './posting';

const posting = (overrides: Partial<Posting> = {}): Posting => ({
  transactionId: 'txn_1',
  accountId: 'acc_B',
  direction: 'debit',
  counterpartyAccountId: null,
  amount: 100,
  currency: 'EUR',
  ...overrides,
});

describe('sidesOf', () => {
  it("puts the direction on the account and the opposite on the currency's external account", () => {
    assert.deepEqual(sidesOf(posting({ direction: 'credit' })), [
      { side: 'credit', accountId: 'acc_B', hasBalance: true },
      { side: 'debit', accountId: 'external:EUR', hasBalance: false },
    ]);
  });

  it('puts the other side of a transfer on the counterparty, and orders the sides by account id (the lock order)', () => {
    assert.deepEqual(sidesOf(posting({ counterpartyAccountId: 'acc_A' })), [
      { side: 'credit', accountId: 'acc_A', hasBalance: true },
      { side: 'debit', accountId: 'acc_B', hasBalance: true },
    ]);
  });

  it('names one external account per currency', () => {
    assert.equal(externalAccountOf('JPY'), 'external:JPY');
    assert.ok(isExternalAccount(externalAccountOf('JPY')));
    assert.ok(!isExternalAccount('acc_01JDQ4Z8X9T2M3N4P5Q6R7S8T9'));
  });
});

describe('balanceChange', () => {
  const cases: [Parameters<typeof balanceChange>, ReturnType<typeof balanceChange>][] = [
    [['debit', 'new', 'pending', 100], { posted: 0, pendingDebits: 100, pendingCredits: 0, postedCount: 0 }],
    [['credit', 'new', 'pending', 100], { posted: 0, pendingDebits: 0, pendingCredits: 100, postedCount: 0 }],
    [['debit', 'new', 'posted', 100], { posted: -100, pendingDebits: 0, pendingCredits: 0, postedCount: 1 }],
    [['credit', 'new', 'posted', 100], { posted: 100, pendingDebits: 0, pendingCredits: 0, postedCount: 1 }],
    [['debit', 'pending', 'posted', 100], { posted: -100, pendingDebits: -100, pendingCredits: 0, postedCount: 1 }],
    [['credit', 'pending', 'posted', 100], { posted: 100, pendingDebits: 0, pendingCredits: -100, postedCount: 1 }],
    [['debit', 'pending', 'canceled', 100], { posted: 0, pendingDebits: -100, pendingCredits: 0, postedCount: 0 }],
    [['credit', 'pending', 'canceled', 100], { posted: 0, pendingDebits: 0, pendingCredits: -100, postedCount: 0 }],
  ];
  for (const [args, expected] of cases) {
    it(`${args[0]} ${args[1]} -> ${args[2]}`, () => assert.deepEqual(balanceChange(...args), expected));
  }
});

describe('balanceFigures', () => {
  it('derives pending and available from the stored sums as the contract defines them', () => {
    assert.deepEqual(balanceFigures({ posted: 1_000, pendingDebits: 300, pendingCredits: 50 }), { posted: 1_000, pending: 750, available: 700 });
    assert.deepEqual(balanceFigures({ posted: -20, pendingDebits: 0, pendingCredits: 0 }), { posted: -20, pending: -20, available: -20 });
  });
});
