/**
 * Reversals (contract section 15): a posted transaction gets one correcting
 * transaction of the same type and amount the other way round, posted at once;
 * a transfer moves back from its receiver; the overdraft guard weighs on the
 * side the reversal debits.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { ApiClient } from './support/api-client';
import { accountOwner, expectError, expectStatus, LoggedIn, loginAdmin } from './support/factories';
import { listItems } from './support/shapes';
import { useTestApp } from './support/test-app';

type Owner = LoggedIn & { accountId: string };

async function booked(api: ApiClient, token: string, body: Record<string, unknown>): Promise<any> {
  const response = await api.post('/v1/transactions', { currency: 'EUR', ...body }, { token });
  expectStatus(response, 201);
  return response.body;
}

async function posted(api: ApiClient, admin: LoggedIn, token: string, body: Record<string, unknown>): Promise<any> {
  const transaction = await booked(api, token, body);
  const response = await api.post(`/v1/transactions/${transaction.id}/post`, undefined, { token: admin.token });
  expectStatus(response, 200);
  return response.body;
}

async function postedBalance(api: ApiClient, owner: Owner): Promise<number> {
  const row = (await api.get('/v1/account/balances', { token: owner.token })).body.balances.find((balance: { currency: string }) => balance.currency === 'EUR');
  return row?.posted ?? 0;
}

describe('reversals of posted transactions', () => {
  const t = useTestApp();
  let admin: LoggedIn;

  before(async () => {
    admin = await loginAdmin(t.api);
  });

  for (const [type, direction, effect] of [
    ['payment', 'debit', 1000],
    ['credit', 'credit', -1000],
    ['adjustment', 'debit', 1000],
    ['adjustment', 'credit', -1000],
    ['refund', 'credit', -1000],
  ] as const) {
    it(`reverses a posted ${type} (${direction}) with a posted ${type} the other way round`, async () => {
      const owner = await accountOwner(t.api);
      const original = await posted(t.api, admin, owner.token, { type, amount: 1000, ...(type === 'adjustment' ? { direction } : {}) });
      const before = await postedBalance(t.api, owner);
      const response = await t.api.post(`/v1/transactions/${original.id}/reverse`, { reason: 'Booked by mistake' }, { token: admin.token });
      expectStatus(response, 201);
      const reversal = response.body;
      assert.deepEqual(
        {
          type: reversal.type,
          status: reversal.status,
          amount: reversal.amount,
          direction: reversal.direction,
          reverses: reversal.reverses_transaction_id,
          description: reversal.description,
          account_id: reversal.account_id,
        },
        {
          type,
          status: 'posted',
          amount: 1000,
          direction: direction === 'debit' ? 'credit' : 'debit',
          reverses: original.id,
          description: 'Booked by mistake',
          account_id: owner.accountId,
        },
      );
      assert.equal(await postedBalance(t.api, owner), before + effect);
      const after = (await t.api.get(`/v1/transactions/${original.id}`, { token: owner.token })).body;
      assert.equal(after.reversed_by_transaction_id, reversal.id);
      assert.equal(after.status, 'posted');
      const types = (await listItems(t.api, owner.token, '/v1/events?after_sequence=0&limit=100')).map(
        (event: { type: string; data: { object: { id: string } } }) => `${event.type} ${event.data.object.id ?? ''}`,
      );
      for (const expected of [`transaction.reversed ${original.id}`, `transaction.created ${reversal.id}`, `transaction.posted ${reversal.id}`])
        assert.ok(types.includes(expected), expected);
      expectError(await t.api.post(`/v1/transactions/${original.id}/reverse`, {}, { token: admin.token }), 409, 'transaction_already_reversed');
    });
  }

  it('moves a transfer back from its receiver: both sides see the reversal, and the balances are as before', async () => {
    const sender = await accountOwner(t.api);
    const receiver = await accountOwner(t.api);
    const transfer = await posted(t.api, admin, sender.token, { type: 'transfer', amount: 2500, counterparty_account_id: receiver.accountId });
    assert.deepEqual([await postedBalance(t.api, sender), await postedBalance(t.api, receiver)], [-2500, 2500]);
    const reversal = (await t.api.post(`/v1/transactions/${transfer.id}/reverse`, {}, { token: admin.token })).body;
    assert.deepEqual([await postedBalance(t.api, sender), await postedBalance(t.api, receiver)], [0, 0]);
    const seenBySender = (await t.api.get(`/v1/transactions/${reversal.id}`, { token: sender.token })).body;
    const seenByReceiver = (await t.api.get(`/v1/transactions/${reversal.id}`, { token: receiver.token })).body;
    assert.deepEqual([seenBySender.direction, seenBySender.counterparty_account_id], ['credit', receiver.accountId]);
    assert.deepEqual([seenByReceiver.direction, seenByReceiver.counterparty_account_id], ['debit', sender.accountId]);
    for (const owner of [sender, receiver]) {
      assert.equal((await t.api.get(`/v1/transactions/${transfer.id}`, { token: owner.token })).body.reversed_by_transaction_id, reversal.id);
      const events = await listItems(t.api, owner.token, '/v1/events?type=transaction.reversed');
      assert.deepEqual(
        events.map((event: { data: { object: { id: string } } }) => event.data.object.id),
        [transfer.id],
      );
    }
  });

  it('refuses what is not posted (409 transaction_not_posted), members, and unknown ids', async () => {
    const owner = await accountOwner(t.api);
    const pending = await booked(t.api, owner.token, { type: 'payment', amount: 100 });
    expectError(await t.api.post(`/v1/transactions/${pending.id}/reverse`, {}, { token: admin.token }), 409, 'transaction_not_posted');
    const canceled = await booked(t.api, owner.token, { type: 'payment', amount: 100 });
    expectStatus(await t.api.delete(`/v1/transactions/${canceled.id}`, undefined, { token: owner.token }), 200);
    expectError(await t.api.post(`/v1/transactions/${canceled.id}/reverse`, {}, { token: admin.token }), 409, 'transaction_not_posted');
    const done = await posted(t.api, admin, owner.token, { type: 'payment', amount: 100 });
    expectError(await t.api.post(`/v1/transactions/${done.id}/reverse`, {}, { token: owner.token }), 403, 'insufficient_permissions');
    expectError(await t.api.post('/v1/transactions/txn_01JDQ4Z8X9T2M3N4P5Q6R7S8T9/reverse', {}, { token: admin.token }), 404, 'transaction_not_found');
    expectError(await t.api.post(`/v1/transactions/${done.id}/reverse`, { reason: 7 }, { token: admin.token }), 400, 'validation_error');
  });

  it('lets exactly one of concurrent reversals win', async () => {
    const owner = await accountOwner(t.api);
    const original = await posted(t.api, admin, owner.token, { type: 'credit', amount: 700 });
    const answers = await Promise.all(Array.from({ length: 10 }, () => t.api.post(`/v1/transactions/${original.id}/reverse`, {}, { token: admin.token })));
    assert.equal(answers.filter((answer) => answer.status === 201).length, 1);
    for (const answer of answers) if (answer.status !== 201) expectError(answer, 409, 'transaction_already_reversed');
    assert.equal(await postedBalance(t.api, owner), 0);
  });

  it('replays a reversal to its Idempotency-Key, though the transaction is reversed since; another key is refused', async () => {
    const owner = await accountOwner(t.api);
    const original = await posted(t.api, admin, owner.token, { type: 'credit', amount: 900 });
    const headers = { 'idempotency-key': `reverse-${original.id}` };
    const first = await t.api.post(`/v1/transactions/${original.id}/reverse`, {}, { token: admin.token, headers });
    expectStatus(first, 201);
    const again = await t.api.post(`/v1/transactions/${original.id}/reverse`, {}, { token: admin.token, headers });
    expectStatus(again, 201);
    assert.equal(again.headers.get('idempotent-replayed'), 'true');
    assert.deepEqual(again.body, first.body);
    expectError(
      await t.api.post(`/v1/transactions/${original.id}/reverse`, {}, { token: admin.token, headers: { 'idempotency-key': `other-${original.id}` } }),
      409,
      'transaction_already_reversed',
    );
    assert.equal(await postedBalance(t.api, owner), 0);
  });

  it('applies the overdraft guard to the side the reversal debits', async () => {
    const owner = await accountOwner(t.api);
    const receiver = await accountOwner(t.api);
    expectStatus(await t.api.patch('/v1/accounts', { overdraft: 'forbidden' }, { token: receiver.token }), 200);
    const transfer = await posted(t.api, admin, owner.token, { type: 'transfer', amount: 900, counterparty_account_id: receiver.accountId });
    await posted(t.api, admin, receiver.token, { type: 'payment', amount: 500 });
    expectError(await t.api.post(`/v1/transactions/${transfer.id}/reverse`, {}, { token: admin.token }), 409, 'insufficient_funds');
    assert.equal((await t.api.get(`/v1/transactions/${transfer.id}`, { token: owner.token })).body.reversed_by_transaction_id, null);
    assert.deepEqual([await postedBalance(t.api, owner), await postedBalance(t.api, receiver)], [-900, 400]);
  });
});
