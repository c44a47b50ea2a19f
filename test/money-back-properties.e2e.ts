/**
 * The ledger's properties (test/ledger-properties.e2e.ts) through money that
 * comes back: random payments (captured in full or in part), refunds and
 * reversals keep every balance equal to the sums of the account's
 * transactions, the books balanced, and no request refunded beyond what it
 * captured (its amount_refunded is the sum of its refunds that did not fail),
 * and a settlement credit given back either by refunds or by its reversal, never both.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import fc from 'fast-check';
import { ApiClient } from './support/api-client';
import { accountOwner, expectError, expectStatus, LoggedIn, loginAdmin } from './support/factories';
import { listItems } from './support/shapes';
import { useTestApp } from './support/test-app';

type Command =
  | { kind: 'pay'; amount: number; capturedShare: number | null }
  | { kind: 'refund'; pick: number; amount: number | null }
  | { kind: 'reverse'; pick: number }
  | { kind: 'adjust'; amount: number; direction: 'debit' | 'credit' };

interface Request {
  id: string;
  /** Its settlement credit. */
  creditId: string;
  captured: number;
  refunded: number;
  /** Whether its settlement credit was reversed. */
  reversed: boolean;
}

const commandArbitrary: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('pay' as const),
      amount: fc.integer({ min: 1, max: 5_000 }),
      capturedShare: fc.option(fc.double({ min: 0.01, max: 1, noNaN: true }), { nil: null }),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('refund' as const), pick: fc.nat(), amount: fc.option(fc.integer({ min: 1, max: 3_000 }), { nil: null }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('reverse' as const), pick: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('adjust' as const), amount: fc.integer({ min: 1, max: 5_000 }), direction: fc.constantFrom<'debit' | 'credit'>('debit', 'credit') }),
  },
);

describe('Ledger properties through refunds, partial captures and reversals', () => {
  const t = useTestApp();
  let admin: LoggedIn;
  before(async () => {
    admin = await loginAdmin(t.api);
  });

  it('keeps balances equal to the sums of the transactions and every request refunded within its capture', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(commandArbitrary, { minLength: 1, maxLength: 12 }), async (commands) => {
        const owner = await accountOwner(t.api);
        const requests: Request[] = [];
        const reversible: string[] = [];
        for (const command of commands) await apply(t.api, admin, owner, requests, reversible, command);

        const transactions = await listItems(t.api, admin.token, `/v1/transactions?account_id=${owner.accountId}&limit=100`);
        let posted = 0;
        let pendingDebits = 0;
        let pendingCredits = 0;
        for (const transaction of transactions) {
          const signed = transaction.direction === 'credit' ? transaction.amount : -transaction.amount;
          if (transaction.status === 'posted') posted += signed;
          else if (transaction.status === 'pending' && transaction.direction === 'debit') pendingDebits += transaction.amount;
          else if (transaction.status === 'pending') pendingCredits += transaction.amount;
        }
        const row = (await t.api.get(`/v1/account/balances?account_id=${owner.accountId}`, { token: admin.token })).body.balances.find(
          (balance: { currency: string }) => balance.currency === 'EUR',
        );
        const actual = row === undefined ? { posted: 0, pending: 0, available: 0 } : { posted: row.posted, pending: row.pending, available: row.available };
        assert.deepEqual(actual, { posted, pending: posted + pendingCredits - pendingDebits, available: posted - pendingDebits });

        for (const request of requests) {
          const payment = (await t.api.get(`/v1/payments/${request.id}`, { token: owner.token })).body;
          const refunds = await listItems(t.api, owner.token, `/v1/payments/${request.id}/refunds`);
          const counted = refunds.filter((refund: { status: string }) => refund.status !== 'failed').reduce((sum: number, refund: { amount: number }) => sum + refund.amount, 0);
          assert.equal(payment.amount_captured, request.captured);
          assert.equal(payment.amount_refunded, request.refunded);
          assert.equal(payment.amount_refunded, counted);
          assert.ok(payment.amount_refunded <= payment.amount_captured, 'never refunded beyond its capture');
          assert.equal(payment.refunded, payment.amount_refunded === payment.amount_captured);
        }
      }),
      { numRuns: Number(process.env.LEDGER_PROPERTY_RUNS ?? 20) },
    );
    const check = await t.api.get('/v1/ledger/check', { token: admin.token });
    assert.equal(check.body.ok, true, JSON.stringify(check.body.differences));
  });
});

/** Sends one command as a client would, and checks the answer against what the oracle expects. */
async function apply(api: ApiClient, admin: LoggedIn, owner: LoggedIn & { accountId: string }, requests: Request[], reversible: string[], command: Command): Promise<void> {
  const token = owner.token;
  switch (command.kind) {
    case 'pay': {
      const manual = command.capturedShare !== null;
      const created = await api.post(
        '/v1/payments',
        { purpose: 'invoice', amount: command.amount, currency: 'EUR', customer: { email: 'payer@example.com' }, ...(manual ? { capture_method: 'manual' } : {}) },
        { token },
      );
      expectStatus(created, 201);
      const simulated = await api.post(`/v1/payments/${created.body.id}/simulate`, { outcome: manual ? 'authorized' : 'succeeded' }, { token });
      expectStatus(simulated, 200);
      let captured = command.amount;
      let paid = simulated.body;
      if (command.capturedShare !== null) {
        captured = Math.max(1, Math.floor(command.amount * command.capturedShare));
        const capture = await api.post(`/v1/payments/${created.body.id}/capture`, { amount: captured }, { token });
        expectStatus(capture, 200);
        paid = capture.body;
      }
      requests.push({ id: paid.id, creditId: paid.transaction_id, captured, refunded: 0, reversed: false });
      reversible.push(paid.transaction_id);
      return;
    }
    case 'refund': {
      if (requests.length === 0) return;
      const request = requests[command.pick % requests.length];
      const left = request.captured - request.refunded;
      const amount = command.amount ?? left;
      const response = await api.post(`/v1/payments/${request.id}/refunds`, command.amount === null ? {} : { amount }, { token });
      if (request.reversed && amount > 0) return expectError(response, 409, 'payment_not_refundable');
      if (amount > left || amount === 0) return expectError(response, 409, 'refund_exceeds_payment');
      expectStatus(response, 201);
      assert.equal(response.body.status, 'succeeded');
      request.refunded += amount;
      reversible.push(response.body.transaction_id);
      return;
    }
    case 'reverse': {
      if (reversible.length === 0) return;
      const id = reversible[command.pick % reversible.length];
      const before = (await api.get(`/v1/transactions/${id}`, { token: admin.token })).body;
      const response = await api.post(`/v1/transactions/${id}/reverse`, {}, { token: admin.token });
      if (before.status !== 'posted') return expectError(response, 409, 'transaction_not_posted');
      if (before.reversed_by_transaction_id !== null) return expectError(response, 409, 'transaction_already_reversed');
      if (before.amount_refunded > 0) return expectError(response, 409, 'transaction_has_refunds');
      expectStatus(response, 201);
      const settled = requests.find((request) => request.creditId === id);
      if (settled !== undefined) settled.reversed = true;
      assert.equal(response.body.amount, before.amount);
      assert.notEqual(response.body.direction, before.direction);
      reversible.push(response.body.id);
      return;
    }
    case 'adjust': {
      const created = await api.post(
        '/v1/transactions',
        { type: 'adjustment', direction: command.direction, amount: command.amount, currency: 'EUR', account_id: owner.accountId },
        { token: admin.token },
      );
      expectStatus(created, 201);
      expectStatus(await api.post(`/v1/transactions/${created.body.id}/post`, undefined, { token: admin.token }), 200);
      reversible.push(created.body.id);
      return;
    }
  }
}
