import { lowestIdAt } from '../common/ids/ids';
import { Sql } from '../database/sql';
import { TransactionStatus, TransactionType } from './entities/transaction.entity';
import { TRANSACTIONS } from './transaction-rows';

/** What a list of transactions is filtered by. */
export interface TransactionFilters {
  status?: TransactionStatus;
  type?: TransactionType;
  currency?: string;
  createdFrom?: Date;
  createdTo?: Date;
  /** `metadata[key]=value` filters; all must match. */
  metadata: Record<string, string>;
}

/** One side of a page: the rows of one index walk, from the cursor on, newest first. */
export interface TransactionPageWalk {
  /** `sent`: the transactions booked on the account (or on every account); `received`: the transfers it receives. */
  side: 'sent' | 'received';
  /** The account whose list it is; undefined: every account's (an admin's list, `sent` only). */
  accountId?: string;
  filters: TransactionFilters;
  /** The id of the last row of the previous page. */
  cursorId?: string;
  /** How many rows to read (a page and one more, which says whether another page follows). */
  rows: number;
}

const COLUMNS = TRANSACTIONS.qualifiedColumns('txn');

/**
 * Each shape of statement (which filters, how many metadata keys, a cursor or not) is built from its parts once,
 * and prepared once per connection by `Sql`: the text of a walk depends only on its shape, so it is its own key.
 * The shapes are bounded: the combinations of the account, the five optional filters and the cursor, times eleven metadata
 * counts (0-10), about 1,500 at most, so the cache (and each connection's prepared statements) stays bounded.
 */
const statements = new Map<string, Sql>();

/**
 * The statement of one walk and its parameters. Every filter has an index ending in id, and ids carry their
 * creation time, so a created_at range is an id range on the same index. A metadata filter joins its index
 * (key, value, account, transaction id): the cursor and the range bind the joined id too, and the first joined
 * id orders the page, since planners do not carry a bound across the join; the account is then matched on the
 * joined index only, because a second predicate on txn.account_id leads PostgreSQL's planner to sort every match
 * instead of walking the index.
 */
export function transactionPageStatement(walk: TransactionPageWalk): { statement: Sql; params: unknown[] } {
  const params: unknown[] = [];
  const bind = (value: unknown): string => `$${params.push(value)}`;
  const { filters, accountId } = walk;
  const joins: string[] = [];
  const where: string[] = [];
  const idColumns = ['txn.id'];
  if (walk.side === 'received') {
    where.push(`txn.counterparty_account_id = ${bind(accountId)}`);
  } else {
    for (const [key, value] of Object.entries(filters.metadata)) {
      const alias = `meta${joins.length}`;
      const matches = `${alias}.transaction_id = txn.id AND ${alias}.key = ${bind(key)} AND ${alias}.value = ${bind(value)}`;
      joins.push(` INNER JOIN transaction_metadata ${alias} ON ${matches}${accountId === undefined ? '' : ` AND ${alias}.account_id = ${bind(accountId)}`}`);
      idColumns.push(`${alias}.transaction_id`);
    }
    if (accountId !== undefined && joins.length === 0) where.push(`txn.account_id = ${bind(accountId)}`);
    if (filters.type !== undefined) where.push(`txn.type = ${bind(filters.type)}`);
  }
  if (filters.status !== undefined) where.push(`txn.status = ${bind(filters.status)}`);
  if (filters.currency !== undefined) where.push(`txn.currency = ${bind(filters.currency)}`);
  for (const column of idColumns) {
    if (filters.createdFrom) where.push(`${column} >= ${bind(lowestIdAt('txn', filters.createdFrom))}`);
    if (filters.createdTo) where.push(`${column} < ${bind(lowestIdAt('txn', filters.createdTo))}`);
    if (walk.cursorId !== undefined) where.push(`${column} < ${bind(walk.cursorId)}`);
  }
  const order = idColumns[1] ?? idColumns[0];
  const text = `SELECT ${COLUMNS} FROM transactions txn${joins.join('')}${where.length > 0 ? ` WHERE ${where.join(' AND ')}` : ''} ORDER BY ${order} DESC LIMIT ${bind(walk.rows)}`;
  let statement = statements.get(text);
  if (statement === undefined) statements.set(text, (statement = new Sql(text)));
  return { statement, params };
}

/** The walks of a page: what the account sent and, unless a filter leaves them out, the transfers it receives. */
export function transactionPageWalks(accountId: string | undefined, filters: TransactionFilters, cursorId: string | undefined, rows: number): TransactionPageWalk[] {
  const walks: TransactionPageWalk[] = [{ side: 'sent', accountId, filters, cursorId, rows }];
  // The receiver sees none of the sender's metadata, so a metadata filter matches no incoming transfer.
  const receives = filters.type === undefined || filters.type === 'transfer';
  if (accountId !== undefined && receives && Object.keys(filters.metadata).length === 0) walks.push({ side: 'received', accountId, filters, cursorId, rows });
  return walks;
}
