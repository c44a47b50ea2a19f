import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Transaction } from './entities/transaction.entity';
import { TRANSACTIONS } from './transaction-rows';

const CREATED = new Date('2026-11-28T10:00:00.123Z');

describe('the transactions table (described by its entity)', () => {
  it('round-trips a transaction through its insert parameters and back', () => {
    const transaction: Transaction = {
      id: 'txn_1',
      accountId: 'acc_1',
      type: 'payment',
      status: 'posted',
      direction: 'debit',
      amount: 990,
      currency: 'EUR',
      description: null,
      referenceIds: ['INV-1'],
      metadata: { order: '42' },
      notes: null,
      counterpartyAccountId: null,
      paymentId: null,
      refundedTransactionId: null,
      amountRefunded: 0,
      reversesTransactionId: null,
      reversedByTransactionId: null,
      livemode: false,
      createdAt: CREATED,
      updatedAt: CREATED,
      postedAt: CREATED,
      canceledAt: null,
    };
    const params = TRANSACTIONS.params(transaction);
    const row = Object.fromEntries(TRANSACTIONS.columns.map((column, index) => [column.name, params[index]]));
    assert.deepEqual(TRANSACTIONS.fromRow(row), transaction);
  });
});
