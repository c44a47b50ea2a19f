import { MigrationInterface, QueryRunner, Table, TableColumn, TableColumnOptions, TableForeignKey, TableIndex } from 'typeorm';

const bigint = (name: string, nullable = false): TableColumnOptions => ({ name, type: 'bigint', isNullable: nullable });
const text = (name: string, length: number): TableColumnOptions => ({ name, type: 'varchar', length: String(length) });

/**
 * The ledger: entries and balances, the overdraft rule of accounts, linked
 * refunds, the indexes that list incoming transfers; and the entries and
 * balances of the transactions that exist already.
 */
export class Ledger1763870000000 implements MigrationInterface {
  name = 'Ledger1763870000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn('accounts', new TableColumn({ ...text('overdraft', 16), default: "'allowed'" }));
    await queryRunner.addColumns('transactions', [
      new TableColumn({ name: 'refunded_transaction_id', type: 'varchar', length: '40', isNullable: true }),
      new TableColumn({ ...bigint('amount_refunded'), default: 0 }),
    ]);
    await queryRunner.createForeignKey(
      'transactions',
      new TableForeignKey({
        name: 'fk_transactions_refunded_transaction_id',
        columnNames: ['refunded_transaction_id'],
        referencedTableName: 'transactions',
        referencedColumnNames: ['id'],
        onDelete: 'RESTRICT',
      }),
    );
    await queryRunner.dropIndex('transactions', 'idx_transactions_counterparty_status');
    await queryRunner.createIndices('transactions', [
      new TableIndex({ name: 'idx_transactions_refunded_transaction_id', columnNames: ['refunded_transaction_id'], where: 'refunded_transaction_id IS NOT NULL' }),
      new TableIndex({ name: 'idx_transactions_counterparty_id', columnNames: ['counterparty_account_id', 'id'], where: 'counterparty_account_id IS NOT NULL' }),
      new TableIndex({ name: 'idx_transactions_counterparty_status_id', columnNames: ['counterparty_account_id', 'status', 'id'], where: 'counterparty_account_id IS NOT NULL' }),
      new TableIndex({
        name: 'idx_transactions_counterparty_currency_id',
        columnNames: ['counterparty_account_id', 'currency', 'id'],
        where: 'counterparty_account_id IS NOT NULL',
      }),
    ]);
    await queryRunner.createTable(
      new Table({
        name: 'ledger_entries',
        withoutRowid: true,
        columns: [
          { ...text('transaction_id', 40), isPrimary: true },
          { ...text('side', 8), isPrimary: true },
          text('account_id', 40),
          text('currency', 3),
          bigint('amount'),
          text('status', 16),
          bigint('created_at'),
          bigint('posted_at', true),
          bigint('canceled_at', true),
          bigint('posted_seq', true),
          bigint('balance_after', true),
        ],
        indices: [
          { name: 'idx_ledger_entries_account_status', columnNames: ['account_id', 'status', 'transaction_id'] },
          { name: 'idx_ledger_entries_account_posted', columnNames: ['account_id', 'currency', 'posted_at', 'posted_seq'], where: 'posted_at IS NOT NULL' },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'ledger_balances',
        withoutRowid: true,
        columns: [
          { ...text('account_id', 40), isPrimary: true },
          { ...text('currency', 3), isPrimary: true },
          bigint('posted'),
          bigint('pending_debits'),
          bigint('pending_credits'),
          bigint('posted_count'),
          bigint('last_posted_at', true),
          bigint('updated_at'),
        ],
      }),
    );
    await writeLedgerOfTransactions((statement) => queryRunner.query(statement));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('ledger_balances');
    await queryRunner.dropTable('ledger_entries');
    await queryRunner.dropIndex('transactions', 'idx_transactions_counterparty_currency_id');
    await queryRunner.dropIndex('transactions', 'idx_transactions_counterparty_status_id');
    await queryRunner.dropIndex('transactions', 'idx_transactions_counterparty_id');
    await queryRunner.dropIndex('transactions', 'idx_transactions_refunded_transaction_id');
    await queryRunner.createIndex('transactions', new TableIndex({ name: 'idx_transactions_counterparty_status', columnNames: ['counterparty_account_id', 'status'] }));
    await queryRunner.dropForeignKey('transactions', 'fk_transactions_refunded_transaction_id');
    await queryRunner.dropColumns('transactions', ['amount_refunded', 'refunded_transaction_id']);
    await queryRunner.dropColumn('accounts', 'overdraft');
  }
}

const SIDE_OF_ACCOUNT = 't.direction';
const OTHER_SIDE = "CASE WHEN t.direction = 'debit' THEN 'credit' ELSE 'debit' END";
const OTHER_ACCOUNT = "COALESCE(t.counterparty_account_id, 'external:' || t.currency)";

/**
 * Writes the entries of every transaction that has none, then derives the
 * running balances and the balance rows from all entries, in set-based
 * statements that run the same on SQLite (3.33 or later) and PostgreSQL. The
 * migration runs it once; the seed runs it after its bulk inserts.
 */
export async function writeLedgerOfTransactions(run: (statement: string) => Promise<unknown>): Promise<void> {
  for (const [side, account] of [
    [SIDE_OF_ACCOUNT, 't.account_id'],
    [OTHER_SIDE, OTHER_ACCOUNT],
  ]) {
    await run(`INSERT INTO ledger_entries (transaction_id, side, account_id, currency, amount, status, created_at, posted_at, canceled_at)
      SELECT t.id, ${side}, ${account}, t.currency, t.amount, t.status, t.created_at, t.posted_at, t.canceled_at FROM transactions t
      WHERE NOT EXISTS (SELECT 1 FROM ledger_entries e WHERE e.transaction_id = t.id AND e.side = ${side})`);
  }
  await run(`UPDATE ledger_entries SET posted_seq = running.seq, balance_after = running.balance
    FROM (SELECT transaction_id, side,
            ROW_NUMBER() OVER positions AS seq,
            SUM(CASE WHEN side = 'credit' THEN amount ELSE -amount END) OVER positions AS balance
          FROM ledger_entries WHERE status = 'posted' AND account_id NOT LIKE 'external:%'
          WINDOW positions AS (PARTITION BY account_id, currency ORDER BY posted_at, transaction_id ROWS UNBOUNDED PRECEDING)) AS running
    WHERE ledger_entries.transaction_id = running.transaction_id AND ledger_entries.side = running.side`);
  await run('DELETE FROM ledger_balances');
  await run(`INSERT INTO ledger_balances (account_id, currency, posted, pending_debits, pending_credits, posted_count, last_posted_at, updated_at)
    SELECT account_id, currency,
      SUM(CASE WHEN status = 'posted' THEN (CASE WHEN side = 'credit' THEN amount ELSE -amount END) ELSE 0 END),
      SUM(CASE WHEN status = 'pending' AND side = 'debit' THEN amount ELSE 0 END),
      SUM(CASE WHEN status = 'pending' AND side = 'credit' THEN amount ELSE 0 END),
      SUM(CASE WHEN status = 'posted' THEN 1 ELSE 0 END),
      MAX(posted_at),
      MAX(COALESCE(canceled_at, posted_at, created_at))
    FROM ledger_entries WHERE account_id NOT LIKE 'external:%' GROUP BY account_id, currency`);
}
