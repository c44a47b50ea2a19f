import { MultiRowInsert, Sql } from '../database/sql';
import { Table } from '../database/table';
import { Transaction } from './entities/transaction.entity';

/** The transactions table, described once by its entity. */
export const TRANSACTIONS = new Table(Transaction);
export const TRANSACTION_COLUMNS = TRANSACTIONS.columnList;

export const TRANSACTION_BY_ID = new Sql(`SELECT ${TRANSACTION_COLUMNS} FROM transactions WHERE id = $1`);
/** The transaction when the account sent it or, for a transfer, receives it. */
export const TRANSACTION_OF_ACCOUNT_BY_ID = new Sql(`SELECT ${TRANSACTION_COLUMNS} FROM transactions WHERE id = $1 AND (account_id = $2 OR counterparty_account_id = $2)`);

/** A closure: every pending transaction of the account and every pending transfer to it, as they end. */
export const CANCEL_PENDING_OF_ACCOUNT = new Sql(`UPDATE transactions SET status = 'canceled', canceled_at = $2, updated_at = $2
  WHERE status = 'pending' AND (account_id = $1 OR counterparty_account_id = $1)
  RETURNING ${TRANSACTION_COLUMNS}`);

/** Before a closure cancels an account's pending refunds: their payments get their amounts back. */
export const RELEASE_PENDING_REFUNDS_OF_ACCOUNT = new Sql(`UPDATE transactions SET amount_refunded = amount_refunded -
    (SELECT COALESCE(SUM(refund.amount), 0) FROM transactions refund WHERE refund.refunded_transaction_id = transactions.id AND refund.status = 'pending')
  WHERE id IN (SELECT refunded_transaction_id FROM transactions WHERE account_id = $1 AND status = 'pending' AND refunded_transaction_id IS NOT NULL)
  RETURNING ${TRANSACTION_COLUMNS}`);

/** The metadata rows of a transaction, in one statement (a transaction has at most 50 keys). */
export const INSERT_METADATA = new MultiRowInsert('transaction_metadata', ['transaction_id', 'account_id', 'key', 'value']);
