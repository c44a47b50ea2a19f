import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import fc from 'fast-check';
import { ApiClient } from './support/api-client';
import { accountOwner, expectError, expectStatus, LoggedIn, loginAdmin } from './support/factories';
import { useTestApp } from './support/test-app';

const CURRENCIES = ['EUR', 'JPY'] as const;
type Currency = (typeof CURRENCIES)[number];
type Type = 'payment' | 'credit' | 'refund' | 'transfer' | 'adjustment';

type Command = { kind: 'create'; account: number; type: Type; direction: 'debit' | 'credit'; amount: number; currency: Currency } | { kind: 'post' | 'cancel'; pick: number };

/** What the test itself believes happened: the oracle the service's balances are held to. */
interface Booked {
  id: string;
  /** Index of the account the money moves on, and of the receiver of a transfer. */
  account: number;
  receiver: number | null;
  direction: 'debit' | 'credit';
  amount: number;
  currency: Currency;
  status: 'pending' | 'posted' | 'canceled';
}

interface Sums {
  posted: number;
  pendingDebits: number;
  pendingCredits: number;
}

const commandArbitrary: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('create' as const),
      account: fc.nat(1),
      type: fc.constantFrom<Type>('payment', 'credit', 'refund', 'transfer', 'adjustment'),
      direction: fc.constantFrom<'debit' | 'credit'>('debit', 'credit'),
      amount: fc.integer({ min: 1, max: 5_000 }),
      currency: fc.constantFrom(...CURRENCIES),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constantFrom('post' as const, 'cancel' as const), pick: fc.nat() }) },
);

const IMPLIED: Record<Exclude<Type, 'adjustment'>, 'debit' | 'credit'> = { payment: 'debit', credit: 'credit', refund: 'credit', transfer: 'debit' };

/** The sums of one account and currency, from the oracle's transactions, each from that account's side. */
function expectedSums(booked: Booked[], account: number, currency: Currency): Sums {
  const sums: Sums = { posted: 0, pendingDebits: 0, pendingCredits: 0 };
  for (const transaction of booked) {
    if (transaction.currency !== currency || transaction.status === 'canceled') continue;
    const side = transaction.account === account ? transaction.direction : transaction.receiver === account ? 'credit' : null;
    if (side === null) continue;
    if (transaction.status === 'posted') sums.posted += side === 'credit' ? transaction.amount : -transaction.amount;
    else if (side === 'debit') sums.pendingDebits += transaction.amount;
    else sums.pendingCredits += transaction.amount;
  }
  return sums;
}

describe('Ledger properties', () => {
  const t = useTestApp();
  let admin: LoggedIn;
  before(async () => {
    admin = await loginAdmin(t.api);
  });

  it('keeps balances equal to the sums of the transactions, and the books balanced, through any sequence of creates, posts and cancels', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(commandArbitrary, { minLength: 1, maxLength: 16 }), fc.boolean(), async (commands, firstForbidsOverdraft) => {
        const accounts = [await accountOwner(t.api), await accountOwner(t.api)];
        if (firstForbidsOverdraft) {
          expectStatus(await t.api.patch(`/v1/accounts?account_id=${accounts[0].accountId}`, { overdraft: 'forbidden' }, { token: admin.token }), 200);
        }
        const booked: Booked[] = [];
        for (const command of commands) await apply(t.api, admin, accounts, firstForbidsOverdraft, booked, command);
        for (const [index, account] of accounts.entries()) {
          const response = await t.api.get(`/v1/account/balances?account_id=${account.accountId}`, { token: admin.token });
          expectStatus(response, 200);
          for (const currency of CURRENCIES) {
            const sums = expectedSums(booked, index, currency);
            const row = response.body.balances.find((balance: { currency: string }) => balance.currency === currency);
            const actual = row === undefined ? { posted: 0, pending: 0, available: 0 } : { posted: row.posted, pending: row.pending, available: row.available };
            assert.deepEqual(actual, {
              posted: sums.posted,
              pending: sums.posted + sums.pendingCredits - sums.pendingDebits,
              available: sums.posted - sums.pendingDebits,
            });
            if (firstForbidsOverdraft && index === 0) assert.ok(actual.available >= 0, 'an account that forbids overdrafts never has less than nothing available');
          }
        }
      }),
      { numRuns: Number(process.env.LEDGER_PROPERTY_RUNS ?? 25) },
    );
    // Once for all runs: a run's own accounts are what its property checks, so that shrinking finds the run at fault.
    const check = await t.api.get('/v1/ledger/check', { token: admin.token });
    assert.equal(check.body.ok, true, JSON.stringify(check.body.differences));
  });
});

/** Sends one command as a client would, and updates the oracle with what must have happened. */
async function apply(api: ApiClient, admin: LoggedIn, accounts: { accountId: string }[], firstForbidsOverdraft: boolean, booked: Booked[], command: Command): Promise<void> {
  if (command.kind === 'create') {
    const direction = command.type === 'adjustment' ? command.direction : IMPLIED[command.type];
    const receiver = command.type === 'transfer' ? 1 - command.account : null;
    const body = {
      type: command.type,
      amount: command.amount,
      currency: command.currency,
      account_id: accounts[command.account].accountId,
      ...(command.type === 'adjustment' ? { direction } : {}),
      ...(receiver === null ? {} : { counterparty_account_id: accounts[receiver].accountId }),
    };
    const sums = expectedSums(booked, command.account, command.currency);
    const refused = firstForbidsOverdraft && command.account === 0 && direction === 'debit' && command.amount > sums.posted - sums.pendingDebits;
    const response = await api.post('/v1/transactions', body, { token: admin.token });
    if (refused) return expectError(response, 409, 'insufficient_funds');
    expectStatus(response, 201);
    booked.push({ id: response.body.id, account: command.account, receiver, direction, amount: command.amount, currency: command.currency, status: 'pending' });
    return;
  }
  if (booked.length === 0) return;
  const target = booked[command.pick % booked.length];
  const response =
    command.kind === 'post'
      ? await api.post(`/v1/transactions/${target.id}/post`, undefined, { token: admin.token })
      : await api.delete(`/v1/transactions/${target.id}`, undefined, { token: admin.token });
  if (target.status !== 'pending') return expectError(response, 409, 'transaction_not_pending');
  expectStatus(response, 200);
  target.status = command.kind === 'post' ? 'posted' : 'canceled';
}
