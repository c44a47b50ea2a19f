import { MigrationInterface, QueryRunner, Table, TableColumn, TableIndex } from 'typeorm';
import { Mode } from '../../config/modes';
import { falseLiteral } from './boolean-default';

/**
 * Live and test modes, payment providers and bank statements (contract section
 * 16). Accounts made before modes existed get the deployment's default mode
 * (ACCOUNTS_DEFAULT_MODE), and everything they own shows it. Payment requests
 * gain the provider's reference (the bank transfer's RF reference, unique per
 * provider) and the last failed attempt; statements and their lines are kept,
 * each bank entry once.
 */
export function modesAndProviders(existingAccountsMode: Mode): new () => MigrationInterface {
  return class ModesAndProviders1764300000000 implements MigrationInterface {
    name = 'ModesAndProviders1764300000000';

    async up(queryRunner: QueryRunner): Promise<void> {
      // The columns' defaults are fixed (the entities say the same); a live deployment's rows are then updated.
      const FALSE = falseLiteral(queryRunner);
      await queryRunner.addColumn('accounts', new TableColumn({ name: 'mode', type: 'varchar', length: '8', default: "'test'" }));
      await queryRunner.addColumn('transactions', new TableColumn({ name: 'livemode', type: 'boolean', default: FALSE }));
      await queryRunner.addColumns('payment_requests', [
        new TableColumn({ name: 'livemode', type: 'boolean', default: FALSE }),
        new TableColumn({ name: 'provider_reference', type: 'varchar', length: '64', isNullable: true }),
        new TableColumn({ name: 'last_failure_code', type: 'varchar', length: '32', isNullable: true }),
      ]);
      await queryRunner.createIndex(
        'payment_requests',
        new TableIndex({ name: 'uq_payment_requests_provider_reference', columnNames: ['provider', 'provider_reference'], isUnique: true }),
      );
      await queryRunner.addColumn('event_streams', new TableColumn({ name: 'livemode', type: 'boolean', default: FALSE }));
      await queryRunner.addColumn('events', new TableColumn({ name: 'livemode', type: 'boolean', default: FALSE }));
      if (existingAccountsMode === 'live') {
        await queryRunner.query("UPDATE accounts SET mode = 'live'");
        for (const table of ['transactions', 'payment_requests', 'event_streams', 'events']) await queryRunner.query(`UPDATE ${table} SET livemode = TRUE`);
      }
      await queryRunner.createTable(
        new Table({
          name: 'bank_statements',
          columns: [
            { name: 'id', type: 'varchar', length: '40', isPrimary: true },
            { name: 'format', type: 'varchar', length: '16' },
            { name: 'line_count', type: 'bigint' },
            { name: 'matched_count', type: 'bigint' },
            { name: 'unmatched_count', type: 'bigint' },
            { name: 'imported_by', type: 'varchar', length: '40', isNullable: true },
            { name: 'imported_at', type: 'bigint' },
          ],
        }),
      );
      await queryRunner.createTable(
        new Table({
          name: 'bank_statement_lines',
          columns: [
            { name: 'entry_id', type: 'varchar', length: '140', isPrimary: true },
            { name: 'statement_id', type: 'varchar', length: '40' },
            { name: 'booking_date', type: 'varchar', length: '10' },
            { name: 'amount', type: 'bigint' },
            { name: 'currency', type: 'varchar', length: '3' },
            { name: 'reference', type: 'varchar', length: '140', isNullable: true },
            { name: 'outcome', type: 'varchar', length: '24' },
            { name: 'payment_id', type: 'varchar', length: '40', isNullable: true },
            { name: 'created_at', type: 'bigint' },
          ],
          foreignKeys: [
            {
              name: 'fk_bank_statement_lines_statement_id',
              columnNames: ['statement_id'],
              referencedTableName: 'bank_statements',
              referencedColumnNames: ['id'],
              onDelete: 'RESTRICT',
            },
            {
              name: 'fk_bank_statement_lines_payment_id',
              columnNames: ['payment_id'],
              referencedTableName: 'payment_requests',
              referencedColumnNames: ['id'],
              onDelete: 'RESTRICT',
            },
          ],
          indices: [
            { name: 'idx_bank_statement_lines_statement_id', columnNames: ['statement_id'] },
            { name: 'idx_bank_statement_lines_payment_id', columnNames: ['payment_id'] },
          ],
        }),
      );
    }

    async down(queryRunner: QueryRunner): Promise<void> {
      await queryRunner.dropTable('bank_statement_lines');
      await queryRunner.dropTable('bank_statements');
      await queryRunner.dropColumn('events', 'livemode');
      await queryRunner.dropColumn('event_streams', 'livemode');
      await queryRunner.dropIndex('payment_requests', 'uq_payment_requests_provider_reference');
      await queryRunner.dropColumns('payment_requests', ['last_failure_code', 'provider_reference', 'livemode']);
      await queryRunner.dropColumn('transactions', 'livemode');
      await queryRunner.dropColumn('accounts', 'mode');
    }
  };
}
