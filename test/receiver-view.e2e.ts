/**
 * The receiver's view of a transfer (contract section 15): what the money is,
 * not the sender's private fields, in reads, lists, metadata filters and events.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { accountOwner, expectStatus, loginAdmin } from './support/factories';
import { listItems } from './support/shapes';
import { useTestApp } from './support/test-app';

const PRIVATE = { metadata: { margin: 'INTERNAL 38%' }, notes: 'INTERNAL: supplier margin 38%', reference_ids: ['PO-7781'] };
const HIDDEN = { metadata: {}, notes: null, reference_ids: [] };

function privateFields(transaction: Record<string, unknown>): Record<string, unknown> {
  return { metadata: transaction.metadata, notes: transaction.notes, reference_ids: transaction.reference_ids };
}

describe("the receiver's view of a transfer", () => {
  const t = useTestApp();

  it("shows the receiver none of the sender's metadata, notes and reference ids, in reads, lists, filters and events", async () => {
    const sender = await accountOwner(t.api);
    const receiver = await accountOwner(t.api);
    const admin = await loginAdmin(t.api);
    const created = await t.api.post(
      '/v1/transactions',
      { type: 'transfer', amount: 1500, currency: 'EUR', description: 'Invoice 88', counterparty_account_id: receiver.accountId, ...PRIVATE },
      { token: sender.token },
    );
    expectStatus(created, 201);
    const id = created.body.id;
    expectStatus(await t.api.patch(`/v1/transactions/${id}`, { notes: 'INTERNAL: renegotiate', metadata: { margin: 'INTERNAL 40%' } }, { token: sender.token }), 200);
    expectStatus(await t.api.post(`/v1/transactions/${id}/post`, undefined, { token: admin.token }), 200);

    const seenBySender = (await t.api.get(`/v1/transactions/${id}`, { token: sender.token })).body;
    assert.deepEqual(privateFields(seenBySender), { metadata: { margin: 'INTERNAL 40%' }, notes: 'INTERNAL: renegotiate', reference_ids: ['PO-7781'] });

    const read = (await t.api.get(`/v1/transactions/${id}`, { token: receiver.token })).body;
    assert.deepEqual(privateFields(read), HIDDEN);
    assert.deepEqual(
      {
        amount: read.amount,
        currency: read.currency,
        description: read.description,
        direction: read.direction,
        status: read.status,
        counterparty_account_id: read.counterparty_account_id,
      },
      { amount: 1500, currency: 'EUR', description: 'Invoice 88', direction: 'credit', status: 'posted', counterparty_account_id: sender.accountId },
    );
    const listed = (await listItems(t.api, receiver.token, '/v1/transactions')).find((item: { id: string }) => item.id === id);
    assert.deepEqual(privateFields(listed), HIDDEN);
    assert.deepEqual(await listItems(t.api, receiver.token, '/v1/transactions?metadata[margin]=INTERNAL%2040%25'), []);
    assert.deepEqual(await listItems(t.api, receiver.token, '/v1/transactions?metadata[margin]=INTERNAL%2038%25'), []);
    const sendersMatches = await listItems(t.api, sender.token, '/v1/transactions?metadata[margin]=INTERNAL%2040%25');
    assert.deepEqual(
      sendersMatches.map((item: { id: string }) => item.id),
      [id],
    );

    const events = (await listItems(t.api, receiver.token, '/v1/events?after_sequence=0&limit=100')).filter(
      (event: { type: string; data: { object: { id: string } } }) => event.type.startsWith('transaction.') && event.data.object.id === id,
    );
    assert.deepEqual(
      events.map((event: { type: string }) => event.type),
      ['transaction.created', 'transaction.updated', 'transaction.posted'],
    );
    for (const event of events) assert.deepEqual(privateFields(event.data.object), HIDDEN, event.type);
    const admins = (await t.api.get(`/v1/transactions/${id}`, { token: admin.token })).body;
    assert.deepEqual(privateFields(admins), privateFields(seenBySender));
  });
});
