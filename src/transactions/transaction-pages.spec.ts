import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { lowestIdAt } from '../common/ids/ids';
import { transactionPageStatement, transactionPageWalks } from './transaction-pages';

const NONE = { metadata: {} };

describe('the statements of a page of transactions (transaction-pages.ts)', () => {
  it('builds one statement per shape: other values of the same filters reuse it, with their own parameters', () => {
    const first = transactionPageStatement({ side: 'sent', accountId: 'acc_1', filters: { status: 'posted', metadata: {} }, rows: 21 });
    const second = transactionPageStatement({ side: 'sent', accountId: 'acc_2', filters: { status: 'pending', metadata: {} }, rows: 6 });
    assert.equal(second.statement, first.statement);
    assert.deepEqual(first.params, ['acc_1', 'posted', 21]);
    assert.deepEqual(second.params, ['acc_2', 'pending', 6]);
    const withCursor = transactionPageStatement({ side: 'sent', accountId: 'acc_1', filters: { status: 'posted', metadata: {} }, cursorId: 'txn_X', rows: 21 });
    assert.notEqual(withCursor.statement, first.statement);
  });

  it('walks the account index newest first, from the cursor on', () => {
    const { statement, params } = transactionPageStatement({ side: 'sent', accountId: 'acc_1', filters: NONE, cursorId: 'txn_C', rows: 11 });
    assert.match(statement.text, /FROM transactions txn WHERE txn\.account_id = \$1 AND txn\.id < \$2 ORDER BY txn\.id DESC LIMIT \$3$/);
    assert.deepEqual(params, ['acc_1', 'txn_C', 11]);
  });

  it('reads every account without a WHERE for an admin without filters', () => {
    const { statement, params } = transactionPageStatement({ side: 'sent', filters: NONE, rows: 101 });
    assert.match(statement.text, /FROM transactions txn ORDER BY txn\.id DESC LIMIT \$1$/);
    assert.deepEqual(params, [101]);
  });

  it('joins the metadata index per filter, binds its id like the row id, orders by it, and matches the account only there', () => {
    const from = new Date('2026-11-01T00:00:00Z');
    const { statement, params } = transactionPageStatement({
      side: 'sent',
      accountId: 'acc_1',
      filters: { createdFrom: from, metadata: { order: '42' } },
      cursorId: 'txn_C',
      rows: 21,
    });
    assert.match(
      statement.text,
      /INNER JOIN transaction_metadata meta0 ON meta0\.transaction_id = txn\.id AND meta0\.key = \$1 AND meta0\.value = \$2 AND meta0\.account_id = \$3 WHERE/,
    );
    assert.doesNotMatch(statement.text, /txn\.account_id =/);
    assert.match(
      statement.text,
      /txn\.id >= \$4 AND txn\.id < \$5 AND meta0\.transaction_id >= \$6 AND meta0\.transaction_id < \$7 ORDER BY meta0\.transaction_id DESC LIMIT \$8$/,
    );
    assert.deepEqual(params, ['order', '42', 'acc_1', lowestIdAt('txn', from), 'txn_C', lowestIdAt('txn', from), 'txn_C', 21]);
  });

  it('walks the transfers an account receives on the counterparty index, leaving the sender-only filters out', () => {
    const { statement, params } = transactionPageStatement({ side: 'received', accountId: 'acc_1', filters: { status: 'posted', type: 'transfer', metadata: {} }, rows: 21 });
    assert.match(statement.text, /WHERE txn\.counterparty_account_id = \$1 AND txn\.status = \$2 ORDER BY txn\.id DESC LIMIT \$3$/);
    assert.deepEqual(params, ['acc_1', 'posted', 21]);
  });

  it('adds the received walk only for an account, and not when a filter leaves transfers to it out', () => {
    const sides = (accountId: string | undefined, filters: Parameters<typeof transactionPageWalks>[1]) =>
      transactionPageWalks(accountId, filters, undefined, 21).map((walk) => walk.side);
    assert.deepEqual(sides('acc_1', NONE), ['sent', 'received']);
    assert.deepEqual(sides('acc_1', { type: 'transfer', metadata: {} }), ['sent', 'received']);
    assert.deepEqual(sides('acc_1', { type: 'payment', metadata: {} }), ['sent']);
    assert.deepEqual(sides('acc_1', { metadata: { order: '42' } }), ['sent']);
    assert.deepEqual(sides(undefined, NONE), ['sent']);
  });
});
