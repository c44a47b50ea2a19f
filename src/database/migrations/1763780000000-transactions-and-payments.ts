import { MigrationInterface, QueryRunner, Table, TableColumnOptions, TableForeignKey } from 'typeorm';

const id = (): TableColumnOptions => ({ name: 'id', type: 'varchar', length: '40', isPrimary: true });
const ref = (name: string, nullable = false): TableColumnOptions => ({ name, type: 'varchar', length: '40', isNullable: nullable });
const text = (name: string, length: number, nullable = false): TableColumnOptions => ({
  name,
  type: 'varchar',
  length: String(length),
  isNullable: nullable,
});
const json = (name: string): TableColumnOptions => ({ name, type: 'text' });
const bigint = (name: string, nullable = false): TableColumnOptions => ({ name, type: 'bigint', isNullable: nullable });
const accountKey = (table: string, column: string) =>
  new TableForeignKey({
    name: `fk_${table}_${column}`,
    columnNames: [column],
    referencedTableName: 'accounts',
    referencedColumnNames: ['id'],
    onDelete: 'RESTRICT',
  });

/** Payment requests, transactions (with their metadata as rows) and idempotency keys. */
export class TransactionsAndPayments1763780000000 implements MigrationInterface {
  name = 'TransactionsAndPayments1763780000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'payment_requests',
        columns: [
          id(),
          ref('account_id'),
          text('purpose', 16),
          text('reference_id', 255, true),
          bigint('amount'),
          text('currency', 3),
          text('description', 500, true),
          text('customer_email', 254),
          text('customer_name', 200, true),
          text('capture_method', 16),
          text('status', 16),
          text('provider', 32),
          text('payment_url', 2048),
          json('metadata'),
          ref('transaction_id', true),
          bigint('expires_at'),
          bigint('created_at'),
          bigint('updated_at'),
          bigint('paid_at', true),
        ],
        indices: [
          { name: 'idx_payment_requests_account_id', columnNames: ['account_id', 'id'] },
          { name: 'idx_payment_requests_status_expires_at', columnNames: ['status', 'expires_at'] },
        ],
        foreignKeys: [accountKey('payment_requests', 'account_id')],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'transactions',
        columns: [
          id(),
          ref('account_id'),
          text('type', 16),
          text('status', 16),
          text('direction', 8),
          bigint('amount'),
          text('currency', 3),
          text('description', 500, true),
          json('reference_ids'),
          json('metadata'),
          text('notes', 2000, true),
          ref('counterparty_account_id', true),
          ref('payment_id', true),
          bigint('created_at'),
          bigint('updated_at'),
          bigint('posted_at', true),
          bigint('canceled_at', true),
        ],
        indices: [
          { name: 'idx_transactions_account_id', columnNames: ['account_id', 'id'] },
          { name: 'idx_transactions_account_status_id', columnNames: ['account_id', 'status', 'id'] },
          { name: 'idx_transactions_account_type_id', columnNames: ['account_id', 'type', 'id'] },
          { name: 'idx_transactions_account_currency_id', columnNames: ['account_id', 'currency', 'id'] },
          { name: 'idx_transactions_status_id', columnNames: ['status', 'id'] },
          { name: 'idx_transactions_type_id', columnNames: ['type', 'id'] },
          { name: 'idx_transactions_currency_id', columnNames: ['currency', 'id'] },
          { name: 'idx_transactions_counterparty_status', columnNames: ['counterparty_account_id', 'status'] },
          { name: 'uq_transactions_payment_id', columnNames: ['payment_id'], isUnique: true },
        ],
        foreignKeys: [
          accountKey('transactions', 'account_id'),
          accountKey('transactions', 'counterparty_account_id'),
          {
            name: 'fk_transactions_payment_id',
            columnNames: ['payment_id'],
            referencedTableName: 'payment_requests',
            referencedColumnNames: ['id'],
            onDelete: 'RESTRICT',
          },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'transaction_metadata',
        columns: [{ ...ref('transaction_id'), isPrimary: true }, { ...text('key', 40), isPrimary: true }, text('value', 500), ref('account_id')],
        indices: [
          { name: 'idx_transaction_metadata_account_entry', columnNames: ['account_id', 'key', 'value', 'transaction_id'] },
          { name: 'idx_transaction_metadata_entry', columnNames: ['key', 'value', 'transaction_id'] },
        ],
        foreignKeys: [
          {
            name: 'fk_transaction_metadata_transaction_id',
            columnNames: ['transaction_id'],
            referencedTableName: 'transactions',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'idempotency_keys',
        columns: [
          { ...text('fingerprint', 64), isPrimary: true },
          text('request_hash', 64),
          text('state', 16),
          { name: 'response_status', type: 'integer', isNullable: true },
          { name: 'response_body', type: 'text', isNullable: true },
          bigint('created_at'),
          bigint('expires_at'),
        ],
        indices: [{ name: 'idx_idempotency_keys_expires_at', columnNames: ['expires_at'] }],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('idempotency_keys');
    await queryRunner.dropTable('transaction_metadata');
    await queryRunner.dropTable('transactions');
    await queryRunner.dropTable('payment_requests');
  }
}
