import { MigrationInterface, QueryRunner, Table, TableColumn, TableForeignKey, TableIndex } from 'typeorm';
import { falseLiteral } from './boolean-default';

/**
 * Money that comes back (contract section 15): refunds of payment requests,
 * the captured and refunded sums of each request, and reversals of
 * transactions. Requests that succeeded before captured all of their amount.
 */
export class MoneyThatComesBack1764400000000 implements MigrationInterface {
  name = 'MoneyThatComesBack1764400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumns('payment_requests', [
      new TableColumn({ name: 'amount_captured', type: 'bigint', default: 0 }),
      new TableColumn({ name: 'amount_refunded', type: 'bigint', default: 0 }),
    ]);
    await queryRunner.query("UPDATE payment_requests SET amount_captured = amount WHERE status = 'succeeded'");
    await queryRunner.addColumns('transactions', [
      new TableColumn({ name: 'reverses_transaction_id', type: 'varchar', length: '40', isNullable: true }),
      new TableColumn({ name: 'reversed_by_transaction_id', type: 'varchar', length: '40', isNullable: true }),
    ]);
    await queryRunner.createForeignKey(
      'transactions',
      new TableForeignKey({
        name: 'fk_transactions_reverses_transaction_id',
        columnNames: ['reverses_transaction_id'],
        referencedTableName: 'transactions',
        referencedColumnNames: ['id'],
        onDelete: 'RESTRICT',
      }),
    );
    // Unique: a transaction has at most one reversal, whichever of racing reversals commits first.
    await queryRunner.createIndex(
      'transactions',
      new TableIndex({ name: 'uq_transactions_reverses_transaction_id', columnNames: ['reverses_transaction_id'], isUnique: true, where: 'reverses_transaction_id IS NOT NULL' }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'refunds',
        columns: [
          { name: 'id', type: 'varchar', length: '40', isPrimary: true },
          { name: 'payment_id', type: 'varchar', length: '40' },
          { name: 'account_id', type: 'varchar', length: '40' },
          { name: 'amount', type: 'bigint' },
          { name: 'currency', type: 'varchar', length: '3' },
          { name: 'status', type: 'varchar', length: '16' },
          { name: 'reason', type: 'varchar', length: '32', isNullable: true },
          { name: 'failure_code', type: 'varchar', length: '32', isNullable: true },
          { name: 'transaction_id', type: 'varchar', length: '40' },
          { name: 'metadata', type: 'text' },
          { name: 'livemode', type: 'boolean', default: falseLiteral(queryRunner) },
          { name: 'created_at', type: 'bigint' },
          { name: 'updated_at', type: 'bigint' },
        ],
        foreignKeys: [
          { name: 'fk_refunds_payment_id', columnNames: ['payment_id'], referencedTableName: 'payment_requests', referencedColumnNames: ['id'], onDelete: 'RESTRICT' },
          { name: 'fk_refunds_account_id', columnNames: ['account_id'], referencedTableName: 'accounts', referencedColumnNames: ['id'], onDelete: 'RESTRICT' },
          { name: 'fk_refunds_transaction_id', columnNames: ['transaction_id'], referencedTableName: 'transactions', referencedColumnNames: ['id'], onDelete: 'RESTRICT' },
        ],
        indices: [{ name: 'idx_refunds_payment_id', columnNames: ['payment_id', 'id'] }],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('refunds');
    await queryRunner.dropIndex('transactions', 'uq_transactions_reverses_transaction_id');
    await queryRunner.dropForeignKey('transactions', 'fk_transactions_reverses_transaction_id');
    await queryRunner.dropColumns('transactions', ['reversed_by_transaction_id', 'reverses_transaction_id']);
    await queryRunner.dropColumns('payment_requests', ['amount_refunded', 'amount_captured']);
  }
}
