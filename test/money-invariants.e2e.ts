/**
 * Money invariants across every path (contract section 20): a credit has one remaining amount that refunds by
 * either route and a reversal all draw on, with one winner under any race; a request's amount_refunded is the
 * same whichever route booked its refunds; a refund object's transaction moves only with its refund; an account
 * forbids overdrafts only while no balance of it is below zero.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { ApiResponse } from './support/api-client';
import { statementCsv } from './support/camt053';
import { accountOwner, expectError, expectStatus, LoggedIn, loginAdmin } from './support/factories';
import { listItems } from './support/shapes';
import { sql } from './support/sql';
import { useTestApp } from './support/test-app';

type Owner = LoggedIn & { accountId: string };
interface Paid {
  id: string;
  transaction_id: string;
}

describe('one reserve per incoming credit', () => {
  const t = useTestApp();
  let admin: LoggedIn;
  before(async () => {
    admin = await loginAdmin(t.api);
  });

  /** A bank-transfer request settled by a statement line: its refunds wait for the bank (pending). */
  async function paidByTransfer(owner: Owner, amount: number): Promise<Paid> {
    const created = await t.api.post(
      '/v1/payments',
      { purpose: 'invoice', amount, currency: 'EUR', customer: { email: 'payer@example.com' }, provider: 'bank_transfer' },
      { token: owner.token },
    );
    expectStatus(created, 201);
    const csv = statementCsv([{ amount, reference: created.body.provider_reference }]);
    expectStatus(await t.api.post('/v1/bank_statements?mode=test', undefined, { token: admin.token, rawBody: csv, headers: { 'content-type': 'text/csv' } }), 200);
    return (await t.api.get(`/v1/payments/${created.body.id}`, { token: owner.token })).body;
  }

  async function paidRequest(owner: Owner, amount: number): Promise<Paid> {
    const created = await t.api.post('/v1/payments', { purpose: 'invoice', amount, currency: 'EUR', customer: { email: 'payer@example.com' } }, { token: owner.token });
    expectStatus(created, 201);
    const paid = await t.api.post(`/v1/payments/${created.body.id}/simulate`, { outcome: 'succeeded' }, { token: owner.token });
    expectStatus(paid, 200);
    return paid.body;
  }

  const refundByRequest = (owner: Owner, paymentId: string, body: Record<string, unknown> = {}) => t.api.post(`/v1/payments/${paymentId}/refunds`, body, { token: owner.token });
  const refundByTransaction = (owner: Owner, creditId: string, amount: number) =>
    t.api.post('/v1/transactions', { type: 'refund', amount, currency: 'EUR', refunded_transaction_id: creditId }, { token: owner.token });
  const reverse = (transactionId: string) => t.api.post(`/v1/transactions/${transactionId}/reverse`, {}, { token: admin.token });

  async function euroBalance(owner: Owner): Promise<{ posted: number; available: number }> {
    const balances = (await t.api.get('/v1/account/balances', { token: owner.token })).body.balances as { currency: string; posted: number; available: number }[];
    return balances.find((balance) => balance.currency === 'EUR') ?? { posted: 0, available: 0 };
  }
  const posted = async (owner: Owner) => (await euroBalance(owner)).posted;
  const payment = async (owner: Owner, id: string) => (await t.api.get(`/v1/payments/${id}`, { token: owner.token })).body;
  const credit = async (id: string) => (await t.api.get(`/v1/transactions/${id}`, { token: admin.token })).body;

  async function expectLedgerOk(): Promise<void> {
    const check = await t.api.get('/v1/ledger/check', { token: admin.token });
    expectStatus(check, 200);
    assert.equal(check.body.ok, true, JSON.stringify(check.body.differences));
  }

  it('refuses to reverse a credit that was refunded: 10.00 in, 10.00 back, once', async () => {
    const owner = await accountOwner(t.api);
    const paid = await paidRequest(owner, 1000);
    expectStatus(await refundByRequest(owner, paid.id), 201);
    const reversal = await reverse(paid.transaction_id);
    expectError(reversal, 409, 'transaction_has_refunds');
    assert.match(reversal.body.error_description, /\(1000 of 1000\)/);
    assert.equal(await posted(owner), 0);
    assert.equal((await credit(paid.transaction_id)).reversed_by_transaction_id, null);
    await expectLedgerOk();
  });

  it('refuses to refund a reversed credit by either route', async () => {
    const owner = await accountOwner(t.api);
    const paid = await paidRequest(owner, 1000);
    expectStatus(await reverse(paid.transaction_id), 201);
    const byRequest = await refundByRequest(owner, paid.id);
    expectError(byRequest, 409, 'payment_not_refundable');
    assert.match(byRequest.body.error_description, /was reversed/);
    expectError(await refundByRequest(owner, paid.id, { amount: 1 }), 409, 'payment_not_refundable');
    const byTransaction = await refundByTransaction(owner, paid.transaction_id, 1);
    expectError(byTransaction, 400, 'validation_error');
    assert.equal(byTransaction.body.details[0].field, 'refunded_transaction_id');
    assert.equal(await posted(owner), 0);
    assert.equal((await payment(owner, paid.id)).amount_refunded, 0);
    await expectLedgerOk();
  });

  it('refuses to reverse a plain credit or a payment with a pending refund, and to refund them once reversed', async () => {
    const owner = await accountOwner(t.api);
    const plain = await t.api.post('/v1/transactions', { type: 'credit', amount: 800, currency: 'EUR', account_id: owner.accountId }, { token: admin.token });
    expectStatus(await t.api.post(`/v1/transactions/${plain.body.id}/post`, undefined, { token: admin.token }), 200);
    const refunded = await refundByTransaction(owner, plain.body.id, 300);
    expectStatus(refunded, 201);
    expectError(await reverse(plain.body.id), 409, 'transaction_has_refunds');
    // Canceled, the refund gives its reserve back: the credit may then be reversed, and no longer refunded.
    expectStatus(await t.api.delete(`/v1/transactions/${refunded.body.id}`, undefined, { token: owner.token }), 200);
    expectStatus(await reverse(plain.body.id), 201);
    expectError(await refundByTransaction(owner, plain.body.id, 1), 400, 'validation_error');

    const spent = await t.api.post('/v1/transactions', { type: 'payment', amount: 500, currency: 'EUR' }, { token: owner.token });
    expectStatus(await t.api.post(`/v1/transactions/${spent.body.id}/post`, undefined, { token: admin.token }), 200);
    expectStatus(await t.api.post('/v1/transactions', { type: 'refund', amount: 200, currency: 'EUR', refunded_transaction_id: spent.body.id }, { token: owner.token }), 201);
    expectError(await reverse(spent.body.id), 409, 'transaction_has_refunds');
    await expectLedgerOk();
  });

  it("counts refunds through the transactions route in the request's amount_refunded, as the refunds route does", async () => {
    const owner = await accountOwner(t.api);
    const paid = await paidRequest(owner, 1000);
    expectStatus(await refundByRequest(owner, paid.id, { amount: 400 }), 201);
    const booked = await refundByTransaction(owner, paid.transaction_id, 600);
    expectStatus(booked, 201);
    const full = await payment(owner, paid.id);
    assert.deepEqual([full.amount_captured, full.amount_refunded, full.refunded], [1000, 1000, true]);
    assert.equal((await credit(paid.transaction_id)).amount_refunded, 1000);
    expectError(await refundByRequest(owner, paid.id, { amount: 1 }), 409, 'refund_exceeds_payment');
    expectError(await refundByTransaction(owner, paid.transaction_id, 1), 409, 'refund_exceeds_payment');
    const refundedEvents = (await listItems(t.api, owner.token, '/v1/events?type=payment.refunded&limit=100')) as { data: { object: { amount_refunded: number } } }[];
    assert.deepEqual(refundedEvents.map((event) => event.data.object.amount_refunded).sort(), [1000, 400]);

    // Canceled, the transaction route's refund gives its 6.00 back to the credit and to the request alike.
    expectStatus(await t.api.delete(`/v1/transactions/${booked.body.id}`, undefined, { token: owner.token }), 200);
    const after = await payment(owner, paid.id);
    assert.deepEqual([after.amount_refunded, after.refunded], [400, false]);
    assert.equal((await credit(paid.transaction_id)).amount_refunded, 400);
    expectStatus(await refundByRequest(owner, paid.id), 201);
    assert.equal((await payment(owner, paid.id)).amount_refunded, 1000);
    assert.equal(await posted(owner), 0);
    await expectLedgerOk();
  });

  it('posts a refund only once what it refunds has posted, so a closure never cancels a payment it gave money back for', async () => {
    const owner = await accountOwner(t.api);
    const spent = await t.api.post('/v1/transactions', { type: 'payment', amount: 100, currency: 'EUR' }, { token: owner.token });
    const refund = await t.api.post('/v1/transactions', { type: 'refund', amount: 100, currency: 'EUR', refunded_transaction_id: spent.body.id }, { token: owner.token });
    expectStatus(refund, 201);
    const early = await t.api.post(`/v1/transactions/${refund.body.id}/post`, undefined, { token: admin.token });
    expectError(early, 409, 'transaction_not_posted');
    assert.match(early.body.error_description, /refunds is pending/);
    // Closed meanwhile, the account cancels the payment and its pending refund together: nothing was given back.
    expectStatus(await t.api.delete('/v1/auth/close', undefined, { token: owner.token }), 200);
    const [payment, refunded] = [await credit(spent.body.id), await credit(refund.body.id)];
    assert.deepEqual([payment.status, payment.amount_refunded, refunded.status], ['canceled', 0, 'canceled']);
    await expectLedgerOk();
  });

  /** 20 concurrent give-backs of the credit: reversals, full and partial refunds by the request's route, refunds by the transactions route. */
  function mixedGiveBacks(owner: Owner, paid: Paid): Promise<ApiResponse[]> {
    const attempts: (() => Promise<ApiResponse>)[] = [];
    for (let i = 0; i < 20; i += 1) {
      if (i % 4 === 0) attempts.push(() => reverse(paid.transaction_id));
      else if (i % 4 === 1) attempts.push(() => refundByRequest(owner, paid.id));
      else if (i % 4 === 2) attempts.push(() => refundByRequest(owner, paid.id, { amount: 300 }));
      else attempts.push(() => refundByTransaction(owner, paid.transaction_id, 250));
    }
    return Promise.all(attempts.map((attempt) => attempt()));
  }

  /** What the answers accepted left the account, and nothing else did; the credit was reversed or refunded, not both. */
  async function expectGivenBackOnce(owner: Owner, paid: Paid, answers: ApiResponse[]): Promise<void> {
    const refusals = new Set(['transaction_has_refunds', 'transaction_already_reversed', 'refund_exceeds_payment', 'payment_not_refundable', 'validation_error']);
    for (const answer of answers) assert.ok(answer.status === 201 || refusals.has(answer.body.error_code), JSON.stringify(answer.body));
    // What left the account: the reversal's amount, or the sum of the refunds it accepted. A refund through the
    // transactions route stays pending until an admin posts it: what is left is the available balance, which
    // counts it as gone; the posted balance counts only what posted.
    const amountOf = (some: ApiResponse[]) => some.reduce((sum, answer) => sum + (answer.body.amount as number), 0);
    const accepted = answers.filter((answer) => answer.status === 201);
    const given = amountOf(accepted);
    const givenPending = amountOf(accepted.filter((answer) => answer.body.status === 'pending'));
    const left = await euroBalance(owner);
    assert.equal(given + left.available, 1000, 'what left plus what is left is what came in');
    assert.equal(given - givenPending + left.posted, 1000, 'what posted plus what is posted is what came in');
    const after = await credit(paid.transaction_id);
    const reversed = after.reversed_by_transaction_id !== null;
    assert.ok(!(reversed && after.amount_refunded > 0), 'reversed and refunded');
    assert.equal((await payment(owner, paid.id)).amount_refunded, after.amount_refunded);
    assert.ok(given <= 1000);
    await expectLedgerOk();
  }

  it('gives back exactly the captured amount, once, of 20 mixed concurrent give-backs of one credit', async () => {
    const owner = await accountOwner(t.api);
    const paid = await paidRequest(owner, 1000);
    await expectGivenBackOnce(owner, paid, await mixedGiveBacks(owner, paid));
  });

  it('counts a pending refund through the transactions route as given back, then of 20 concurrent give-backs refuses every reversal', async () => {
    const owner = await accountOwner(t.api);
    const paid = await paidRequest(owner, 1000);
    const pendingRefund = await refundByTransaction(owner, paid.transaction_id, 250);
    expectStatus(pendingRefund, 201);
    assert.equal(pendingRefund.body.status, 'pending');
    const answers = await mixedGiveBacks(owner, paid);
    const reversals = answers.filter((_answer, i) => i % 4 === 0);
    for (const reversal of reversals) expectError(reversal, 409, 'transaction_has_refunds');
    await expectGivenBackOnce(owner, paid, [pendingRefund, ...answers]);
  });

  it('answers every give-back of one credit with a refusal the rules allow, never a 500, on an account that forbids overdrafts', async () => {
    for (let round = 0; round < 12; round += 1) {
      const owner = await accountOwner(t.api);
      expectStatus(await t.api.patch('/v1/accounts', { overdraft: 'forbidden' }, { token: owner.token }), 200);
      const paid = round % 2 === 0 ? await paidRequest(owner, 99) : await paidByTransfer(owner, 99);
      const answers = await Promise.all([
        reverse(paid.transaction_id),
        refundByRequest(owner, paid.id, { amount: 106 }),
        refundByTransaction(owner, paid.transaction_id, 14),
        t.api.post(
          '/v1/transactions',
          { type: 'refund', amount: 77, currency: 'EUR', refunded_transaction_id: paid.transaction_id, account_id: owner.accountId },
          { token: admin.token },
        ),
        reverse(paid.transaction_id),
      ]);
      for (const answer of answers) assert.ok(answer.status < 500, `round ${round}: ${JSON.stringify(answer.body)}`);
      await expectLedgerOk();
    }
  });

  it("refuses to post or cancel a refund object's transaction through the transactions routes: it settles with its refund", async () => {
    const owner = await accountOwner(t.api);
    const created = await t.api.post(
      '/v1/payments',
      { purpose: 'invoice', amount: 900, currency: 'EUR', customer: { email: 'payer@example.com' }, provider: 'bank_transfer' },
      { token: owner.token },
    );
    const csv = statementCsv([{ amount: 900, reference: created.body.provider_reference }]);
    expectStatus(await t.api.post('/v1/bank_statements?mode=test', undefined, { token: admin.token, rawBody: csv, headers: { 'content-type': 'text/csv' } }), 200);
    const made = await refundByRequest(owner, created.body.id, { amount: 500 });
    expectStatus(made, 201);
    assert.equal(made.body.status, 'pending');
    const canceled = await t.api.delete(`/v1/transactions/${made.body.transaction_id}`, undefined, { token: owner.token });
    expectError(canceled, 409, 'transaction_belongs_to_refund');
    assert.match(canceled.body.error_description, new RegExp(made.body.id));
    expectError(await t.api.post(`/v1/transactions/${made.body.transaction_id}/post`, undefined, { token: admin.token }), 409, 'transaction_belongs_to_refund');
    const failed = await t.api.post(`/v1/refunds/${made.body.id}/confirm`, { outcome: 'failed' }, { token: admin.token });
    expectStatus(failed, 200);
    assert.equal((await payment(owner, created.body.id)).amount_refunded, 0);
    assert.equal(await posted(owner), 900);
    await expectLedgerOk();
  });
});

describe('forbidding overdrafts', () => {
  const t = useTestApp();

  it('refuses while a balance is below zero, and allows it once the account is back above', async () => {
    const admin = await loginAdmin(t.api);
    const owner = await accountOwner(t.api);
    const debit = await t.api.post('/v1/transactions', { type: 'payment', amount: 700, currency: 'EUR' }, { token: owner.token });
    expectStatus(debit, 201);
    const refused = await t.api.patch('/v1/accounts', { overdraft: 'forbidden' }, { token: owner.token });
    expectError(refused, 409, 'insufficient_funds');
    assert.match(refused.body.error_description, /available EUR balance is below zero/);
    assert.equal((await t.api.get('/v1/account', { token: owner.token })).body.overdraft, 'allowed');
    const topUp = await t.api.post('/v1/transactions', { type: 'credit', amount: 700, currency: 'EUR', account_id: owner.accountId }, { token: admin.token });
    expectStatus(await t.api.post(`/v1/transactions/${topUp.body.id}/post`, undefined, { token: admin.token }), 200);
    const allowed = await t.api.patch('/v1/accounts', { overdraft: 'forbidden' }, { token: owner.token });
    expectStatus(allowed, 200);
    assert.equal(allowed.body.overdraft, 'forbidden');
  });

  it('of a switch to forbidden racing debits, never leaves a forbidding account below zero', async () => {
    const admin = await loginAdmin(t.api);
    const owner = await accountOwner(t.api);
    const topUp = await t.api.post('/v1/transactions', { type: 'credit', amount: 1000, currency: 'EUR', account_id: owner.accountId }, { token: admin.token });
    expectStatus(await t.api.post(`/v1/transactions/${topUp.body.id}/post`, undefined, { token: admin.token }), 200);
    const debits = Array.from({ length: 6 }, () => t.api.post('/v1/transactions', { type: 'payment', amount: 400, currency: 'EUR' }, { token: owner.token }));
    const [switched, ...answers] = await Promise.all([t.api.patch('/v1/accounts', { overdraft: 'forbidden' }, { token: owner.token }), ...debits]);
    for (const answer of answers) assert.ok(answer.status === 201 || answer.body.error_code === 'insufficient_funds', JSON.stringify(answer.body));
    const balance = (await t.api.get('/v1/account/balances', { token: owner.token })).body.balances[0];
    if (switched.status === 200) assert.ok(balance.available >= 0, `available ${balance.available} on a forbidding account`);
    else expectError(switched, 409, 'insufficient_funds');
    const check = await t.api.get('/v1/ledger/check', { token: admin.token });
    assert.equal(check.body.ok, true, JSON.stringify(check.body.differences));
  });
});

describe('the ledger check names each invariant that breaks, with the offending ids', () => {
  const t = useTestApp();
  let admin: LoggedIn;
  before(async () => {
    admin = await loginAdmin(t.api);
  });

  interface Difference {
    invariant: string;
    kind: string;
    transaction_id?: string;
    payment_id?: string;
    account_id?: string;
    stream?: string;
    currency?: string;
  }

  /** Edits the database behind the service's back, checks what the report says, and undoes the edit. */
  async function brokenBy(edit: string, undo: string, params: unknown[], undoParams = params): Promise<{ differences: Difference[]; failing: string[] }> {
    await sql(t.databaseUrl, edit, params);
    try {
      const report = (await t.api.get('/v1/ledger/check', { token: admin.token })).body;
      assert.equal(report.ok, false);
      const failing = (report.invariants as { name: string; ok: boolean }[]).filter((invariant) => !invariant.ok).map((invariant) => invariant.name);
      return { differences: report.differences, failing };
    } finally {
      await sql(t.databaseUrl, undo, undoParams);
      const after = (await t.api.get('/v1/ledger/check', { token: admin.token })).body;
      assert.equal(after.ok, true, JSON.stringify(after.differences));
    }
  }

  async function postedCredit(owner: Owner, amount: number, currency = 'EUR'): Promise<string> {
    const credit = await t.api.post('/v1/transactions', { type: 'credit', amount, currency, account_id: owner.accountId }, { token: admin.token });
    expectStatus(await t.api.post(`/v1/transactions/${credit.body.id}/post`, undefined, { token: admin.token }), 200);
    return credit.body.id;
  }

  it('reports every invariant as checked and ok on sound books', async () => {
    const report = (await t.api.get('/v1/ledger/check', { token: admin.token })).body;
    assert.equal(report.ok, true);
    assert.deepEqual(
      report.invariants.map((invariant: { name: string; ok: boolean }) => [invariant.name, invariant.ok]),
      [
        'debits_equal_credits',
        'balances_equal_entries',
        'transactions_have_their_entries',
        'credits_given_back_within_amount',
        'payment_amounts_consistent',
        'overdrafts_forbidden_held',
        'event_sequences_gapless',
      ].map((name) => [name, true]),
    );
  });

  it('debits_equal_credits: an entry whose amount was changed', async () => {
    const owner = await accountOwner(t.api);
    const id = await postedCredit(owner, 500, 'NOK');
    const found = await brokenBy(
      "UPDATE ledger_entries SET amount = amount + 1 WHERE transaction_id = $1 AND side = 'debit'",
      "UPDATE ledger_entries SET amount = amount - 1 WHERE transaction_id = $1 AND side = 'debit'",
      [id],
    );
    assert.ok(found.failing.includes('debits_equal_credits'));
    assert.ok(found.differences.some((d) => d.invariant === 'debits_equal_credits' && d.kind === 'unbalanced_currency' && d.currency === 'NOK'));
    assert.ok(found.differences.some((d) => d.kind === 'transaction_entries_mismatch' && d.transaction_id === id));
  });

  it('balances_equal_entries: a stored balance that is not its entries', async () => {
    const owner = await accountOwner(t.api);
    await postedCredit(owner, 500);
    const found = await brokenBy(
      "UPDATE ledger_balances SET pending_debits = pending_debits + 3 WHERE account_id = $1 AND currency = 'EUR'",
      "UPDATE ledger_balances SET pending_debits = pending_debits - 3 WHERE account_id = $1 AND currency = 'EUR'",
      [owner.accountId],
    );
    assert.deepEqual(found.failing, ['balances_equal_entries']);
    assert.ok(found.differences.some((d) => d.kind === 'balance_mismatch' && d.account_id === owner.accountId));
  });

  it('transactions_have_their_entries: a transaction whose amount is not its entries', async () => {
    const owner = await accountOwner(t.api);
    const id = await postedCredit(owner, 500);
    const found = await brokenBy('UPDATE transactions SET amount = amount + 5 WHERE id = $1', 'UPDATE transactions SET amount = amount - 5 WHERE id = $1', [id]);
    assert.deepEqual(found.failing, ['transactions_have_their_entries']);
    assert.deepEqual(found.differences, [
      {
        invariant: 'transactions_have_their_entries',
        kind: 'transaction_entries_mismatch',
        transaction_id: id,
        field: 'entries',
        expected: 2,
        actual: 2,
        description: "its entries are not its two: of its amount, currency and status, on its account on its direction's side and on the other side",
      },
    ]);
  });

  it('credits_given_back_within_amount: a reserve that is not its refunds, and a credit refunded and reversed', async () => {
    const owner = await accountOwner(t.api);
    const credit = await postedCredit(owner, 900);
    const refund = await t.api.post('/v1/transactions', { type: 'refund', amount: 400, currency: 'EUR', refunded_transaction_id: credit }, { token: owner.token });
    expectStatus(refund, 201);
    const reserve = await brokenBy('UPDATE transactions SET amount_refunded = 0 WHERE id = $1', 'UPDATE transactions SET amount_refunded = 400 WHERE id = $1', [credit]);
    assert.deepEqual(reserve.failing, ['credits_given_back_within_amount']);
    assert.deepEqual(
      reserve.differences.map((d) => [d.kind, d.transaction_id]),
      [['refunds_mismatch', credit]],
    );
    const twice = await brokenBy(
      'UPDATE transactions SET reversed_by_transaction_id = $1 WHERE id = $2',
      'UPDATE transactions SET reversed_by_transaction_id = NULL WHERE id = $1',
      [refund.body.id, credit],
      [credit],
    );
    assert.deepEqual(twice.failing, ['credits_given_back_within_amount']);
    assert.ok(twice.differences.some((d) => d.kind === 'given_back_beyond_amount' && d.transaction_id === credit));
  });

  it('credits_given_back_within_amount: a canceled payment whose refund still gives money back', async () => {
    const owner = await accountOwner(t.api);
    const spent = await t.api.post('/v1/transactions', { type: 'payment', amount: 300, currency: 'EUR' }, { token: owner.token });
    expectStatus(await t.api.post(`/v1/transactions/${spent.body.id}/post`, undefined, { token: admin.token }), 200);
    expectStatus(await t.api.post('/v1/transactions', { type: 'refund', amount: 120, currency: 'EUR', refunded_transaction_id: spent.body.id }, { token: owner.token }), 201);
    const found = await brokenBy("UPDATE transactions SET status = 'canceled' WHERE id = $1", "UPDATE transactions SET status = 'posted' WHERE id = $1", [spent.body.id]);
    assert.ok(found.failing.includes('credits_given_back_within_amount'));
    const canceled = found.differences.find((d) => d.kind === 'given_back_beyond_amount' && d.transaction_id === spent.body.id);
    assert.ok(canceled, JSON.stringify(found.differences));
  });

  it("payment_amounts_consistent: a request's amount_refunded that is not its credit's", async () => {
    const owner = await accountOwner(t.api);
    const created = await t.api.post('/v1/payments', { purpose: 'invoice', amount: 700, currency: 'EUR', customer: { email: 'payer@example.com' } }, { token: owner.token });
    expectStatus(await t.api.post(`/v1/payments/${created.body.id}/simulate`, { outcome: 'succeeded' }, { token: owner.token }), 200);
    const found = await brokenBy('UPDATE payment_requests SET amount_refunded = 300 WHERE id = $1', 'UPDATE payment_requests SET amount_refunded = 0 WHERE id = $1', [
      created.body.id,
    ]);
    assert.deepEqual(found.failing, ['payment_amounts_consistent']);
    assert.deepEqual(
      found.differences.map((d) => [d.kind, d.payment_id]),
      [['payment_amounts_mismatch', created.body.id]],
    );
  });

  it('overdrafts_forbidden_held: an account that forbids overdrafts below zero', async () => {
    const owner = await accountOwner(t.api);
    expectStatus(await t.api.post('/v1/transactions', { type: 'payment', amount: 250, currency: 'EUR' }, { token: owner.token }), 201);
    const found = await brokenBy("UPDATE accounts SET overdraft = 'forbidden' WHERE id = $1", "UPDATE accounts SET overdraft = 'allowed' WHERE id = $1", [owner.accountId]);
    assert.deepEqual(found.failing, ['overdrafts_forbidden_held']);
    assert.deepEqual(
      found.differences.map((d) => [d.kind, d.account_id, d.currency]),
      [['overdraft_exceeded', owner.accountId, 'EUR']],
    );
  });

  it('event_sequences_gapless: a stream whose counter ran ahead of its events', async () => {
    const owner = await accountOwner(t.api);
    await postedCredit(owner, 100);
    const found = await brokenBy(
      'UPDATE event_streams SET last_sequence = last_sequence + 1 WHERE stream = $1',
      'UPDATE event_streams SET last_sequence = last_sequence - 1 WHERE stream = $1',
      [owner.accountId],
    );
    assert.deepEqual(found.failing, ['event_sequences_gapless']);
    assert.deepEqual(
      found.differences.map((d) => [d.kind, d.stream, d.account_id]),
      [['event_sequence_gap', owner.accountId, owner.accountId]],
    );
  });
});
