import { instantOrNull } from '../database/columns';
import { MultiRowInsert, Sql } from '../database/sql';
import { Transaction, TransactionMetadata } from './entities/transaction.entity';

/** A transactions row as the drivers return it (BIGINT may come back as a string, JSON as text). */
export interface TransactionRow {
  id: string;
  account_id: string;
  type: Transaction['type'];
  status: Transaction['status'];
  direction: Transaction['direction'];
  amount: number | string;
  currency: string;
  description: string | null;
  reference_ids: string;
  metadata: string;
  notes: string | null;
  counterparty_account_id: string | null;
  payment_id: string | null;
  refunded_transaction_id: string | null;
  amount_refunded: number | string;
  reverses_transaction_id: string | null;
  reversed_by_transaction_id: string | null;
  /** BOOLEAN on PostgreSQL, 0 or 1 on SQLite. */
  livemode: boolean | number;
  created_at: number | string;
  updated_at: number | string;
  posted_at: number | string | null;
  canceled_at: number | string | null;
}

export const TRANSACTION_COLUMNS = `id, account_id, type, status, direction, amount, currency, description, reference_ids, metadata, notes,
  counterparty_account_id, payment_id, refunded_transaction_id, amount_refunded, reverses_transaction_id, reversed_by_transaction_id, livemode, created_at, updated_at, posted_at, canceled_at`;

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

export function transactionFromRow(row: TransactionRow): Transaction {
  return {
    id: row.id,
    accountId: row.account_id,
    type: row.type,
    status: row.status,
    direction: row.direction,
    amount: Number(row.amount),
    currency: row.currency,
    description: row.description,
    referenceIds: JSON.parse(row.reference_ids) as string[],
    metadata: JSON.parse(row.metadata) as TransactionMetadata,
    notes: row.notes,
    counterpartyAccountId: row.counterparty_account_id,
    paymentId: row.payment_id,
    refundedTransactionId: row.refunded_transaction_id,
    amountRefunded: Number(row.amount_refunded),
    reversesTransactionId: row.reverses_transaction_id,
    reversedByTransactionId: row.reversed_by_transaction_id,
    livemode: Boolean(row.livemode),
    createdAt: new Date(Number(row.created_at)),
    updatedAt: new Date(Number(row.updated_at)),
    postedAt: instantOrNull(row.posted_at),
    canceledAt: instantOrNull(row.canceled_at),
  };
}

export const INSERT_TRANSACTION = new Sql(`INSERT INTO transactions (${TRANSACTION_COLUMNS})
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22)`);

/** The parameters of INSERT_TRANSACTION, in its column order. */
export function transactionParams(transaction: Transaction): unknown[] {
  return [
    transaction.id,
    transaction.accountId,
    transaction.type,
    transaction.status,
    transaction.direction,
    transaction.amount,
    transaction.currency,
    transaction.description,
    JSON.stringify(transaction.referenceIds),
    JSON.stringify(transaction.metadata),
    transaction.notes,
    transaction.counterpartyAccountId,
    transaction.paymentId,
    transaction.refundedTransactionId,
    transaction.amountRefunded,
    transaction.reversesTransactionId,
    transaction.reversedByTransactionId,
    // 1 or 0: SQLite binds no booleans, and PostgreSQL reads '1' and '0' as booleans.
    transaction.livemode ? 1 : 0,
    transaction.createdAt.getTime(),
    transaction.updatedAt.getTime(),
    transaction.postedAt?.getTime() ?? null,
    transaction.canceledAt?.getTime() ?? null,
  ];
}

/** The metadata rows of a transaction, in one statement (a transaction has at most 50 keys). */
export const INSERT_METADATA = new MultiRowInsert('transaction_metadata', ['transaction_id', 'account_id', 'key', 'value']);
