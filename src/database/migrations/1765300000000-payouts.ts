import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { falseLiteral } from './boolean-default';

/**
 * Payouts (contract section 23): the payouts with their sealed destination and their pending `payout` debit, and
 * the batches (pain.001 files, rebuilt from the rows on each download) that a payout joins at most once.
 */
export class Payouts1765300000000 implements MigrationInterface {
  name = 'Payouts1765300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'payout_batches',
        columns: [
          { name: 'id', type: 'varchar', length: '40', isPrimary: true },
          { name: 'payout_count', type: 'integer' },
          { name: 'total_amount', type: 'bigint' },
          { name: 'currency', type: 'varchar', length: '3' },
          { name: 'execution_date', type: 'varchar', length: '10' },
          { name: 'created_by', type: 'varchar', length: '40', isNullable: true },
          { name: 'created_at', type: 'bigint' },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'payouts',
        columns: [
          { name: 'id', type: 'varchar', length: '40', isPrimary: true },
          { name: 'account_id', type: 'varchar', length: '40' },
          { name: 'amount', type: 'bigint' },
          { name: 'currency', type: 'varchar', length: '3' },
          { name: 'status', type: 'varchar', length: '16' },
          { name: 'iban_sealed', type: 'varchar', length: '255' },
          { name: 'iban_last4', type: 'varchar', length: '4' },
          { name: 'bic', type: 'varchar', length: '11', isNullable: true },
          { name: 'destination_name', type: 'varchar', length: '70' },
          { name: 'reference', type: 'varchar', length: '140', isNullable: true },
          { name: 'description', type: 'varchar', length: '500', isNullable: true },
          { name: 'metadata', type: 'text' },
          { name: 'batch_id', type: 'varchar', length: '40', isNullable: true },
          { name: 'failure_code', type: 'varchar', length: '35', isNullable: true },
          { name: 'transaction_id', type: 'varchar', length: '40' },
          { name: 'return_transaction_id', type: 'varchar', length: '40', isNullable: true },
          { name: 'livemode', type: 'boolean', default: falseLiteral(queryRunner) },
          { name: 'created_at', type: 'bigint' },
          { name: 'updated_at', type: 'bigint' },
        ],
        foreignKeys: [
          { name: 'fk_payouts_account_id', columnNames: ['account_id'], referencedTableName: 'accounts', referencedColumnNames: ['id'], onDelete: 'RESTRICT' },
          { name: 'fk_payouts_batch_id', columnNames: ['batch_id'], referencedTableName: 'payout_batches', referencedColumnNames: ['id'], onDelete: 'RESTRICT' },
          { name: 'fk_payouts_transaction_id', columnNames: ['transaction_id'], referencedTableName: 'transactions', referencedColumnNames: ['id'], onDelete: 'RESTRICT' },
          {
            name: 'fk_payouts_return_transaction_id',
            columnNames: ['return_transaction_id'],
            referencedTableName: 'transactions',
            referencedColumnNames: ['id'],
            onDelete: 'RESTRICT',
          },
        ],
        indices: [
          { name: 'idx_payouts_account_id', columnNames: ['account_id', 'id'] },
          { name: 'idx_payouts_account_status_id', columnNames: ['account_id', 'status', 'id'] },
          { name: 'idx_payouts_status_id', columnNames: ['status', 'id'] },
          { name: 'idx_payouts_batch_id', columnNames: ['batch_id', 'id'] },
          { name: 'uq_payouts_transaction_id', columnNames: ['transaction_id'], isUnique: true },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('payouts');
    await queryRunner.dropTable('payout_batches');
  }
}
