import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CallLog, fakeManager } from '../common/testing/fakes';
import { LedgerErrors } from './ledger.errors';
import { ChangedBalance, LedgerRepository } from './ledger.repository';
import { LedgerService } from './ledger.service';
import { Posting } from './posting';

const NOW = new Date('2026-11-20T10:00:00.000Z');
const payment: Posting = { transactionId: 'txn_1', accountId: 'acc_B', direction: 'debit', counterpartyAccountId: null, amount: 100, currency: 'EUR' };
const transfer: Posting = { ...payment, counterpartyAccountId: 'acc_A' };

function balanceOf(accountId: string): ChangedBalance {
  return { accountId, currency: 'EUR', posted: 0, pendingDebits: 0, pendingCredits: 0, postedCount: 1, lastPostedAt: null, updatedAt: NOW };
}

function setup(options: { fits?: boolean; lastPostedAt?: Record<string, Date | null>; applied?: ChangedBalance } = {}) {
  const log = new CallLog();
  const repository = log.fake('ledger', {
    holdDebitWithinAvailable: async (_m: unknown, key: { accountId: string }) => ((options.fits ?? true) ? balanceOf(key.accountId) : null),
    applyChange: async (_m: unknown, key: { accountId: string }) => options.applied ?? balanceOf(key.accountId),
    insertEntries: async () => undefined,
    lock: async (_m: unknown, key: { accountId: string }) => options.lastPostedAt?.[key.accountId] ?? null,
    moveEntry: async () => true,
  });
  return { service: new LedgerService(repository as unknown as LedgerRepository), log };
}

describe('LedgerService.open', () => {
  it("holds a debit on an account that forbids overdrafts by the balance's conditional update, never by an upsert, after the entries", async () => {
    const { service, log } = setup();
    await service.open(fakeManager, payment, 'forbidden', NOW);
    assert.deepEqual(log.names(), ['ledger.insertEntries', 'ledger.holdDebitWithinAvailable']);
  });

  it('refuses with insufficient_funds when the debit does not fit (the caller rolls back)', async () => {
    const { service } = setup({ fits: false });
    await assert.rejects(service.open(fakeManager, payment, 'forbidden', NOW), { code: LedgerErrors.insufficientFunds('EUR').code });
  });

  it("guards only the debited account's own balance: the receiver of a transfer is credited by an upsert, in account id order", async () => {
    const { service, log } = setup();
    await service.open(fakeManager, transfer, 'forbidden', NOW);
    assert.deepEqual(log.names(), ['ledger.insertEntries', 'ledger.applyChange', 'ledger.holdDebitWithinAvailable']);
    assert.equal((log.argsOf('ledger.applyChange')[0][0] as { accountId: string }).accountId, 'acc_A');
  });

  it('keeps no balance for the external account', async () => {
    const { service, log } = setup();
    await service.open(fakeManager, payment, 'allowed', NOW);
    assert.deepEqual(
      log.argsOf('ledger.applyChange').map(([key]) => key),
      [{ accountId: 'acc_B', currency: 'EUR' }],
    );
  });
});

describe('LedgerService.lockBalances', () => {
  it('returns the clock when no balance has posted later', async () => {
    const { service } = setup({ lastPostedAt: { acc_A: new Date('2026-11-20T09:00:00.000Z') } });
    assert.deepEqual(await service.lockBalances(fakeManager, transfer, NOW), NOW);
  });

  it("returns the last posting's instant when a balance posted later than this clock reads (another instance's clock ahead)", async () => {
    const ahead = new Date('2026-11-20T10:00:00.250Z');
    const { service, log } = setup({ lastPostedAt: { acc_B: ahead } });
    assert.deepEqual(await service.lockBalances(fakeManager, transfer, NOW), ahead);
    assert.deepEqual(
      log.argsOf('ledger.lock').map(([key]) => (key as { accountId: string }).accountId),
      ['acc_A', 'acc_B'],
    );
  });
});

describe('LedgerService.postingInstant', () => {
  it('returns the clock when no balance the posting opened has posted later', () => {
    const { service } = setup();
    const opened = [{ ...balanceOf('acc_A'), lastPostedAt: new Date('2026-11-20T09:00:00.000Z') }, balanceOf('acc_B')];
    assert.deepEqual(service.postingInstant(opened, NOW), NOW);
  });

  it("returns the latest last posting of the balances it opened when one is ahead of this clock (another instance's)", () => {
    const { service, log } = setup();
    const ahead = new Date('2026-11-20T10:00:00.250Z');
    const opened = [
      { ...balanceOf('acc_A'), lastPostedAt: new Date('2026-11-20T10:00:00.100Z') },
      { ...balanceOf('acc_B'), lastPostedAt: ahead },
    ];
    assert.deepEqual(service.postingInstant(opened, NOW), ahead);
    assert.deepEqual(log.names(), [], 'it holds the rows already: no statement');
  });
});

describe('LedgerService.settleWithCommit', () => {
  // A pending debit of 100 on acc_B, opened in this unit of work: 1,000 posted, 100 held, 4 entries posted before.
  const opened = { ...balanceOf('acc_B'), posted: 1000, pendingDebits: 100, postedCount: 4, lastPostedAt: new Date('2026-11-20T09:00:00.000Z') };
  const settled = { ...opened, posted: 900, pendingDebits: 0, postedCount: 5, lastPostedAt: NOW, updatedAt: NOW };

  it('returns the held balance as posting moves it (the debit leaves posted and the pending sum; one more posted entry) once the database agrees', async () => {
    const { service, log } = setup({ applied: settled });
    assert.deepEqual(await service.settleWithCommit(fakeManager, payment, [opened], 'posted', NOW), [settled]);
    assert.deepEqual(log.names(), ['ledger.applyChange', 'ledger.moveEntry', 'ledger.moveEntry'], "settle's statements, all of them");
  });

  it('fails (and so fails its unit of work) when the database leaves the balance elsewhere', async () => {
    const { service } = setup({ applied: { ...settled, posted: 899 } });
    await assert.rejects(
      service.settleWithCommit(fakeManager, payment, [opened], 'posted', NOW),
      /left its balances at .*899.* where .*"acc_B","EUR",900,0,0,5,1795168800000,1795168800000.* was expected/,
    );
  });
});
