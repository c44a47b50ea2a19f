/**
 * Refunds of payment requests (contract section 15): through the request's
 * provider (the sandbox at once, a bank transfer once an admin confirms),
 * booked as `refund` debits against the request's settlement credit, never
 * above what the request captured, also under concurrency.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ApiResponse } from './support/api-client';
import { statementCsv } from './support/camt053';
import { accountMember, accountOwner, expectError, expectStatus, LoggedIn, loginAdmin } from './support/factories';
import { idPattern, ISO_TIMESTAMP, listItems } from './support/shapes';
import { TestApp, useTestApp } from './support/test-app';

type Owner = LoggedIn & { accountId: string };

const REFUND_FIELDS = ['amount', 'created_at', 'currency', 'failure_code', 'id', 'livemode', 'metadata', 'payment_id', 'reason', 'status', 'transaction_id', 'updated_at'];

async function paidRequest(t: TestApp, owner: Owner, amount = 4999, fields: Record<string, unknown> = {}): Promise<{ id: string; transaction_id: string; [field: string]: any }> {
  const created = await t.api.post('/v1/payments', { purpose: 'invoice', amount, currency: 'EUR', customer: { email: 'payer@example.com' }, ...fields }, { token: owner.token });
  expectStatus(created, 201);
  const paid = await t.api.post(`/v1/payments/${created.body.id}/simulate`, { outcome: 'succeeded' }, { token: owner.token });
  expectStatus(paid, 200);
  return paid.body;
}

function refund(t: TestApp, token: string, paymentId: string, body: Record<string, unknown> = {}, headers: Record<string, string> = {}): Promise<ApiResponse> {
  return t.api.post(`/v1/payments/${paymentId}/refunds`, body, { token, headers });
}

async function paymentOf(t: TestApp, owner: Owner, paymentId: string) {
  return (await t.api.get(`/v1/payments/${paymentId}`, { token: owner.token })).body;
}

async function balanceOf(t: TestApp, owner: Owner, currency = 'EUR'): Promise<{ posted: number; pending: number; available: number }> {
  const row = (await t.api.get('/v1/account/balances', { token: owner.token })).body.balances.find((balance: { currency: string }) => balance.currency === currency);
  return row === undefined ? { posted: 0, pending: 0, available: 0 } : { posted: row.posted, pending: row.pending, available: row.available };
}

async function eventTypes(t: TestApp, owner: Owner): Promise<string[]> {
  return (await listItems(t.api, owner.token, '/v1/events?after_sequence=0&limit=100')).map((event: { type: string }) => event.type);
}

describe('refunds of payment requests', () => {
  const t = useTestApp();

  it('refunds a sandbox payment in full at once: a posted refund debit naming the credit, the request refunded, the balance back to zero', async () => {
    const owner = await accountOwner(t.api);
    const payment = await paidRequest(t, owner);
    assert.equal(payment.amount_captured, 4999);
    assert.equal(payment.amount_refunded, 0);
    assert.equal(payment.refunded, false);
    assert.deepEqual(await balanceOf(t, owner), { posted: 4999, pending: 4999, available: 4999 });

    const response = await refund(t, owner.token, payment.id, { reason: 'requested_by_customer', metadata: { ticket: 'SUP-1' } });
    expectStatus(response, 201);
    const made = response.body;
    assert.deepEqual(Object.keys(made).sort(), REFUND_FIELDS);
    assert.match(made.id, idPattern('re'));
    assert.match(made.created_at, ISO_TIMESTAMP);
    assert.deepEqual(
      {
        payment_id: made.payment_id,
        amount: made.amount,
        currency: made.currency,
        status: made.status,
        reason: made.reason,
        failure_code: made.failure_code,
        metadata: made.metadata,
        livemode: made.livemode,
      },
      {
        payment_id: payment.id,
        amount: 4999,
        currency: 'EUR',
        status: 'succeeded',
        reason: 'requested_by_customer',
        failure_code: null,
        metadata: { ticket: 'SUP-1' },
        livemode: false,
      },
    );

    const debit = (await t.api.get(`/v1/transactions/${made.transaction_id}`, { token: owner.token })).body;
    assert.deepEqual(
      { type: debit.type, direction: debit.direction, status: debit.status, amount: debit.amount, refunded_transaction_id: debit.refunded_transaction_id },
      { type: 'refund', direction: 'debit', status: 'posted', amount: 4999, refunded_transaction_id: payment.transaction_id },
    );
    assert.equal((await t.api.get(`/v1/transactions/${payment.transaction_id}`, { token: owner.token })).body.amount_refunded, 4999);
    const after = await paymentOf(t, owner, payment.id);
    assert.deepEqual({ amount_refunded: after.amount_refunded, refunded: after.refunded, status: after.status }, { amount_refunded: 4999, refunded: true, status: 'succeeded' });
    assert.deepEqual(await balanceOf(t, owner), { posted: 0, pending: 0, available: 0 });

    assert.deepEqual((await t.api.get(`/v1/refunds/${made.id}`, { token: owner.token })).body, made);
    const listed = await t.api.get(`/v1/payments/${payment.id}/refunds`, { token: owner.token });
    expectStatus(listed, 200);
    assert.deepEqual(listed.body, { data: [made], has_more: false, next_cursor: null });

    const types = await eventTypes(t, owner);
    for (const type of ['refund.created', 'payment.refunded', 'refund.succeeded']) assert.ok(types.includes(type), type);
    assert.ok(types.indexOf('refund.created') < types.indexOf('refund.succeeded'));
  });

  it('refunds in parts until nothing is left: a refund above what is left is 409 refund_exceeds_payment, and the default is the rest', async () => {
    const owner = await accountOwner(t.api);
    const payment = await paidRequest(t, owner, 5000);
    expectStatus(await refund(t, owner.token, payment.id, { amount: 1000 }), 201);
    expectStatus(await refund(t, owner.token, payment.id, { amount: 2000 }), 201);
    expectError(await refund(t, owner.token, payment.id, { amount: 2001 }), 409, 'refund_exceeds_payment');
    const partly = await paymentOf(t, owner, payment.id);
    assert.deepEqual({ amount_refunded: partly.amount_refunded, refunded: partly.refunded }, { amount_refunded: 3000, refunded: false });
    const rest = await refund(t, owner.token, payment.id);
    expectStatus(rest, 201);
    assert.equal(rest.body.amount, 2000);
    expectError(await refund(t, owner.token, payment.id), 409, 'refund_exceeds_payment');
    expectError(await refund(t, owner.token, payment.id, { amount: 1 }), 409, 'refund_exceeds_payment');
    const full = await paymentOf(t, owner, payment.id);
    assert.deepEqual({ amount_refunded: full.amount_refunded, refunded: full.refunded }, { amount_refunded: 5000, refunded: true });
    const listed = (await listItems(t.api, owner.token, `/v1/payments/${payment.id}/refunds?limit=2`)).map((item: { amount: number }) => item.amount);
    assert.deepEqual(listed, [2000, 2000, 1000]);
    assert.equal((await balanceOf(t, owner)).posted, 0);
  });

  it('accepts exactly the concurrent refunds that fit in what was captured', async () => {
    const owner = await accountOwner(t.api);
    const payment = await paidRequest(t, owner, 10_000);
    const answers = await Promise.all(Array.from({ length: 20 }, () => refund(t, owner.token, payment.id, { amount: 700 })));
    const accepted = answers.filter((answer) => answer.status === 201);
    for (const answer of answers) if (answer.status !== 201) expectError(answer, 409, 'refund_exceeds_payment');
    assert.equal(accepted.length, 14);
    const after = await paymentOf(t, owner, payment.id);
    assert.equal(after.amount_refunded, 9800);
    assert.equal((await listItems(t.api, owner.token, `/v1/payments/${payment.id}/refunds`)).length, 14);
    assert.equal((await balanceOf(t, owner)).posted, 200);
  });

  it('refuses a refund an account that forbids overdrafts cannot pay (409 insufficient_funds), writing nothing', async () => {
    const owner = await accountOwner(t.api);
    expectStatus(await t.api.patch('/v1/accounts', { overdraft: 'forbidden' }, { token: owner.token }), 200);
    const payment = await paidRequest(t, owner, 3000);
    expectStatus(await t.api.post('/v1/transactions', { type: 'payment', amount: 2500, currency: 'EUR' }, { token: owner.token }), 201);
    expectError(await refund(t, owner.token, payment.id, { amount: 1000 }), 409, 'insufficient_funds');
    assert.equal((await paymentOf(t, owner, payment.id)).amount_refunded, 0);
    assert.deepEqual(await listItems(t.api, owner.token, `/v1/payments/${payment.id}/refunds`), []);
    expectStatus(await refund(t, owner.token, payment.id, { amount: 500 }), 201);
    assert.equal((await balanceOf(t, owner)).available, 0);
  });

  it('refuses to refund a request that did not succeed (409 payment_not_refundable)', async () => {
    const owner = await accountOwner(t.api);
    const body = { purpose: 'invoice', amount: 1000, currency: 'EUR', customer: { email: 'payer@example.com' } };
    const pending = (await t.api.post('/v1/payments', body, { token: owner.token })).body;
    expectError(await refund(t, owner.token, pending.id), 409, 'payment_not_refundable');
    const failed = (await t.api.post('/v1/payments', body, { token: owner.token })).body;
    expectStatus(await t.api.post(`/v1/payments/${failed.id}/simulate`, { outcome: 'failed' }, { token: owner.token }), 200);
    expectError(await refund(t, owner.token, failed.id), 409, 'payment_not_refundable');
    const authorized = (await t.api.post('/v1/payments', { ...body, capture_method: 'manual' }, { token: owner.token })).body;
    expectStatus(await t.api.post(`/v1/payments/${authorized.id}/simulate`, { outcome: 'authorized' }, { token: owner.token }), 200);
    expectError(await refund(t, owner.token, authorized.id), 409, 'payment_not_refundable');
  });

  it('lets the owner and admins refund; a member reads refunds but may not make one; other accounts see nothing', async () => {
    const owner = await accountOwner(t.api);
    const member = await accountMember(t.api, owner.token, owner.accountId);
    const stranger = await accountOwner(t.api);
    const admin = await loginAdmin(t.api);
    const payment = await paidRequest(t, owner);
    expectError(await refund(t, member.token, payment.id, { amount: 100 }), 403, 'insufficient_permissions');
    expectError(await refund(t, stranger.token, payment.id, { amount: 100 }), 404, 'payment_not_found');
    const made = await refund(t, admin.token, payment.id, { amount: 100 });
    expectStatus(made, 201);
    expectStatus(await t.api.get(`/v1/refunds/${made.body.id}`, { token: member.token }), 200);
    expectStatus(await t.api.get(`/v1/payments/${payment.id}/refunds`, { token: member.token }), 200);
    expectError(await t.api.get(`/v1/refunds/${made.body.id}`, { token: stranger.token }), 404, 'refund_not_found');
    expectError(await t.api.get(`/v1/payments/${payment.id}/refunds`, { token: stranger.token }), 404, 'payment_not_found');
    for (const id of ['re_123', 'pay_01JDQ4Z8X9T2M3N4P5Q6R7S8T9', 're_01JDQ4Z8X9T2M3N4P5Q6R7S8T9'])
      expectError(await t.api.get(`/v1/refunds/${id}`, { token: owner.token }), 404, 'refund_not_found');
    expectError(await refund(t, owner.token, payment.id, { amount: 0 }), 400, 'validation_error');
    expectError(await refund(t, owner.token, payment.id, { amount: 10.5 }), 400, 'validation_error');
    expectError(await refund(t, owner.token, payment.id, { reason: 'changed_my_mind' }), 400, 'validation_error');
    expectError(await refund(t, owner.token, payment.id, { currency: 'EUR' }), 400, 'validation_error');
  });

  it('replays a refund by Idempotency-Key: one refund, the first answer again', async () => {
    const owner = await accountOwner(t.api);
    const payment = await paidRequest(t, owner);
    const headers = { 'idempotency-key': `refund-${payment.id}` };
    const first = await refund(t, owner.token, payment.id, { amount: 1200 }, headers);
    expectStatus(first, 201);
    const again = await refund(t, owner.token, payment.id, { amount: 1200 }, headers);
    expectStatus(again, 201);
    assert.equal(again.headers.get('idempotent-replayed'), 'true');
    // The same answer as the first, settled by the sandbox at once: never the pending booking, nor the stored row.
    assert.deepEqual(again.body, first.body);
    assert.equal(again.body.status, 'succeeded');
    expectError(await refund(t, owner.token, payment.id, { amount: 1300 }, headers), 422, 'idempotency_key_reused');
    assert.equal((await listItems(t.api, owner.token, `/v1/payments/${payment.id}/refunds`)).length, 1);
    assert.equal((await paymentOf(t, owner, payment.id)).amount_refunded, 1200);
  });

  it('replays a refund that took all that was left, though the same request now would not fit; concurrent retries make one refund', async () => {
    const owner = await accountOwner(t.api);
    const payment = await paidRequest(t, owner, 3000);
    const headers = { 'idempotency-key': `refund-all-${payment.id}` };
    // Ten at once under one key: one refund, each answer that refund or 409 idempotency_request_in_progress.
    const answers = await Promise.all(Array.from({ length: 10 }, () => refund(t, owner.token, payment.id, {}, headers)));
    const created = answers.filter((answer) => answer.status === 201);
    assert.ok(created.length >= 1, answers.map((answer) => answer.status).join(', '));
    for (const answer of answers) if (answer.status !== 201) expectError(answer, 409, 'idempotency_request_in_progress');
    for (const answer of created) assert.deepEqual(answer.body, created[0].body);
    assert.equal(created[0].body.amount, 3000);
    // Nothing is left to refund, and the key's answer is still the refund.
    const again = await refund(t, owner.token, payment.id, {}, headers);
    expectStatus(again, 201);
    assert.equal(again.headers.get('idempotent-replayed'), 'true');
    assert.deepEqual(again.body, created[0].body);
    expectError(await refund(t, owner.token, payment.id, {}, { 'idempotency-key': `another-${payment.id}` }), 409, 'refund_exceeds_payment');
    assert.equal((await listItems(t.api, owner.token, `/v1/payments/${payment.id}/refunds`)).length, 1);
    assert.equal((await paymentOf(t, owner, payment.id)).amount_refunded, 3000);
  });
});

describe('refunds of bank-transfer payments', () => {
  const t = useTestApp();

  async function paidByTransfer(owner: Owner, admin: LoggedIn, amount: number) {
    const created = await t.api.post(
      '/v1/payments',
      { purpose: 'invoice', amount, currency: 'EUR', customer: { email: 'payer@example.com' }, provider: 'bank_transfer' },
      { token: owner.token },
    );
    expectStatus(created, 201);
    const csv = statementCsv([{ amount, reference: created.body.provider_reference }]);
    expectStatus(await t.api.post('/v1/bank_statements?mode=test', undefined, { token: admin.token, rawBody: csv, headers: { 'content-type': 'text/csv' } }), 200);
    const paid = await paymentOf(t, owner, created.body.id);
    assert.equal(paid.status, 'succeeded');
    return paid;
  }

  it('stays pending until an admin records that the bank sent it: then its debit posts', async () => {
    const owner = await accountOwner(t.api);
    const admin = await loginAdmin(t.api);
    const payment = await paidByTransfer(owner, admin, 8000);
    const made = await refund(t, owner.token, payment.id, { amount: 3000 });
    expectStatus(made, 201);
    assert.equal(made.body.status, 'pending');
    assert.deepEqual(await balanceOf(t, owner), { posted: 8000, pending: 5000, available: 5000 });
    assert.equal((await paymentOf(t, owner, payment.id)).amount_refunded, 3000);
    expectError(await t.api.post(`/v1/refunds/${made.body.id}/confirm`, { outcome: 'succeeded' }, { token: owner.token }), 403, 'insufficient_permissions');

    const confirmed = await t.api.post(`/v1/refunds/${made.body.id}/confirm`, { outcome: 'succeeded' }, { token: admin.token });
    expectStatus(confirmed, 200);
    assert.equal(confirmed.body.status, 'succeeded');
    assert.deepEqual(await balanceOf(t, owner), { posted: 5000, pending: 5000, available: 5000 });
    assert.equal((await t.api.get(`/v1/transactions/${made.body.transaction_id}`, { token: owner.token })).body.status, 'posted');
    expectError(await t.api.post(`/v1/refunds/${made.body.id}/confirm`, { outcome: 'failed' }, { token: admin.token }), 409, 'transaction_not_pending');
  });

  it('gives the amount back to the request when the bank returns it: the refund fails and its debit is canceled', async () => {
    const owner = await accountOwner(t.api);
    const admin = await loginAdmin(t.api);
    const payment = await paidByTransfer(owner, admin, 8000);
    const made = (await refund(t, owner.token, payment.id)).body;
    assert.equal((await paymentOf(t, owner, payment.id)).refunded, true);
    const answers = await Promise.all([
      t.api.post(`/v1/refunds/${made.id}/confirm`, { outcome: 'failed', failure_code: 'account_closed' }, { token: admin.token }),
      t.api.post(`/v1/refunds/${made.id}/confirm`, { outcome: 'failed', failure_code: 'account_closed' }, { token: admin.token }),
    ]);
    assert.deepEqual(answers.map((answer) => answer.status).sort(), [200, 409]);
    const failed = (await t.api.get(`/v1/refunds/${made.id}`, { token: owner.token })).body;
    assert.deepEqual({ status: failed.status, failure_code: failed.failure_code }, { status: 'failed', failure_code: 'account_closed' });
    assert.equal((await t.api.get(`/v1/transactions/${made.transaction_id}`, { token: owner.token })).body.status, 'canceled');
    const after = await paymentOf(t, owner, payment.id);
    assert.deepEqual({ amount_refunded: after.amount_refunded, refunded: after.refunded }, { amount_refunded: 0, refunded: false });
    assert.deepEqual(await balanceOf(t, owner), { posted: 8000, pending: 8000, available: 8000 });
    assert.ok((await eventTypes(t, owner)).includes('refund.failed'));
    expectStatus(await refund(t, owner.token, payment.id), 201);
  });

  it('fails the refunds still waiting for the bank when the account closes, and gives the request its amount back', async () => {
    const owner = await accountOwner(t.api);
    const admin = await loginAdmin(t.api);
    const payment = await paidByTransfer(owner, admin, 8000);
    const made = (await refund(t, owner.token, payment.id, { amount: 2500 })).body;
    expectStatus(await t.api.delete('/v1/auth/close', undefined, { token: owner.token }), 200);
    const failed = (await t.api.get(`/v1/refunds/${made.id}`, { token: admin.token })).body;
    assert.deepEqual({ status: failed.status, failure_code: failed.failure_code }, { status: 'failed', failure_code: 'account_closed' });
    assert.equal((await t.api.get(`/v1/transactions/${made.transaction_id}`, { token: admin.token })).body.status, 'canceled');
    const after = (await t.api.get(`/v1/payments/${payment.id}`, { token: admin.token })).body;
    assert.deepEqual({ amount_refunded: after.amount_refunded, refunded: after.refunded }, { amount_refunded: 0, refunded: false });
    const types = ((await t.api.get(`/v1/events?account_id=${owner.accountId}&limit=100`, { token: admin.token })).body.data as { type: string }[]).map((event) => event.type);
    assert.ok(types.includes('refund.failed'), types.join(', '));
    // Nothing may be confirmed afterwards.
    expectError(await t.api.post(`/v1/refunds/${made.id}/confirm`, { outcome: 'succeeded' }, { token: admin.token }), 409, 'transaction_not_pending');
  });
});

describe('partial capture', () => {
  const t = useTestApp();

  async function authorized(owner: Owner, amount: number) {
    const created = await t.api.post(
      '/v1/payments',
      { purpose: 'invoice', amount, currency: 'EUR', customer: { email: 'payer@example.com' }, capture_method: 'manual' },
      { token: owner.token },
    );
    expectStatus(created, 201);
    expectStatus(await t.api.post(`/v1/payments/${created.body.id}/simulate`, { outcome: 'authorized' }, { token: owner.token }), 200);
    return created.body;
  }

  it('captures part of an authorization: the credit books what was captured, the rest is released, and refunds stop there', async () => {
    const owner = await accountOwner(t.api);
    const payment = await authorized(owner, 5000);
    expectError(await t.api.post(`/v1/payments/${payment.id}/capture`, { amount: 5001 }, { token: owner.token }), 400, 'validation_error');
    expectError(await t.api.post(`/v1/payments/${payment.id}/capture`, { amount: 0 }, { token: owner.token }), 400, 'validation_error');
    const captured = await t.api.post(`/v1/payments/${payment.id}/capture`, { amount: 3000 }, { token: owner.token });
    expectStatus(captured, 200);
    assert.deepEqual(
      { status: captured.body.status, amount: captured.body.amount, amount_captured: captured.body.amount_captured },
      { status: 'succeeded', amount: 5000, amount_captured: 3000 },
    );
    const credit = (await t.api.get(`/v1/transactions/${captured.body.transaction_id}`, { token: owner.token })).body;
    assert.deepEqual({ type: credit.type, amount: credit.amount, status: credit.status }, { type: 'credit', amount: 3000, status: 'posted' });
    assert.deepEqual(await balanceOf(t, owner), { posted: 3000, pending: 3000, available: 3000 });
    expectError(await refund(t, owner.token, payment.id, { amount: 3001 }), 409, 'refund_exceeds_payment');
    const rest = await refund(t, owner.token, payment.id);
    expectStatus(rest, 201);
    assert.equal(rest.body.amount, 3000);
    assert.equal((await paymentOf(t, owner, payment.id)).refunded, true);
  });

  it('captures the whole authorization without a body, as before', async () => {
    const owner = await accountOwner(t.api);
    const payment = await authorized(owner, 2000);
    const captured = await t.api.post(`/v1/payments/${payment.id}/capture`, undefined, { token: owner.token });
    expectStatus(captured, 200);
    assert.equal(captured.body.amount_captured, 2000);
    assert.deepEqual(await balanceOf(t, owner), { posted: 2000, pending: 2000, available: 2000 });
  });
});

describe('refund transactions, either way', () => {
  const t = useTestApp();

  it('books a refund of a credit as a debit, and of a payment as a credit, through POST /v1/transactions', async () => {
    const owner = await accountOwner(t.api);
    const credit = (await t.api.post('/v1/transactions', { type: 'credit', amount: 4000, currency: 'EUR' }, { token: owner.token })).body;
    const payment = (await t.api.post('/v1/transactions', { type: 'payment', amount: 1000, currency: 'EUR' }, { token: owner.token })).body;
    const ofCredit = await t.api.post('/v1/transactions', { type: 'refund', amount: 1500, currency: 'EUR', refunded_transaction_id: credit.id }, { token: owner.token });
    expectStatus(ofCredit, 201);
    assert.equal(ofCredit.body.direction, 'debit');
    const ofPayment = await t.api.post('/v1/transactions', { type: 'refund', amount: 1000, currency: 'EUR', refunded_transaction_id: payment.id }, { token: owner.token });
    expectStatus(ofPayment, 201);
    assert.equal(ofPayment.body.direction, 'credit');
    expectError(
      await t.api.post('/v1/transactions', { type: 'refund', direction: 'credit', amount: 100, currency: 'EUR', refunded_transaction_id: credit.id }, { token: owner.token }),
      400,
      'validation_error',
    );
    expectError(
      await t.api.post('/v1/transactions', { type: 'refund', amount: 2501, currency: 'EUR', refunded_transaction_id: credit.id }, { token: owner.token }),
      409,
      'refund_exceeds_payment',
    );
    assert.equal((await t.api.get(`/v1/transactions/${credit.id}`, { token: owner.token })).body.amount_refunded, 1500);
  });

  it("counts a refund transaction of a request's credit against the request's refunds too", async () => {
    const owner = await accountOwner(t.api);
    const payment = await paidRequest(t, owner, 3000);
    expectStatus(
      await t.api.post('/v1/transactions', { type: 'refund', amount: 2000, currency: 'EUR', refunded_transaction_id: payment.transaction_id }, { token: owner.token }),
      201,
    );
    expectError(await refund(t, owner.token, payment.id, { amount: 1001 }), 409, 'refund_exceeds_payment');
    expectStatus(await refund(t, owner.token, payment.id, { amount: 1000 }), 201);
  });
});
