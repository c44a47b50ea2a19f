import { MigrationInterface, QueryRunner, Table } from 'typeorm';

/** Webhook endpoints and the queue of their deliveries. */
export class Webhooks1764000000000 implements MigrationInterface {
  name = 'Webhooks1764000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'webhook_endpoints',
        columns: [
          { name: 'id', type: 'varchar', length: '40', isPrimary: true },
          { name: 'account_id', type: 'varchar', length: '40', isNullable: true },
          { name: 'url', type: 'varchar', length: '2048' },
          { name: 'description', type: 'varchar', length: '500', isNullable: true },
          { name: 'enabled_events', type: 'text' },
          { name: 'status', type: 'varchar', length: '16' },
          { name: 'sealed_secret', type: 'varchar', length: '200' },
          { name: 'sealed_previous_secret', type: 'varchar', length: '200', isNullable: true },
          { name: 'previous_secret_expires_at', type: 'bigint', isNullable: true },
          { name: 'failing_since', type: 'bigint', isNullable: true },
          { name: 'created_at', type: 'bigint' },
          { name: 'updated_at', type: 'bigint' },
        ],
        indices: [
          { name: 'idx_webhook_endpoints_account_id', columnNames: ['account_id', 'id'] },
          { name: 'idx_webhook_endpoints_status_account', columnNames: ['status', 'account_id'] },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'webhook_deliveries',
        columns: [
          { name: 'id', type: 'varchar', length: '40', isPrimary: true },
          { name: 'endpoint_id', type: 'varchar', length: '40' },
          { name: 'event_id', type: 'varchar', length: '40' },
          { name: 'stream', type: 'varchar', length: '40' },
          { name: 'sequence', type: 'bigint' },
          { name: 'ordered', type: 'boolean' },
          { name: 'status', type: 'varchar', length: '16' },
          { name: 'attempts', type: 'integer' },
          { name: 'next_attempt_at', type: 'bigint', isNullable: true },
          { name: 'locked_until', type: 'bigint', isNullable: true },
          { name: 'last_status_code', type: 'integer', isNullable: true },
          { name: 'last_error', type: 'varchar', length: '500', isNullable: true },
          { name: 'last_duration_ms', type: 'integer', isNullable: true },
          { name: 'created_at', type: 'bigint' },
          { name: 'updated_at', type: 'bigint' },
        ],
        indices: [
          { name: 'idx_webhook_deliveries_due', columnNames: ['status', 'next_attempt_at'] },
          { name: 'idx_webhook_deliveries_order', columnNames: ['endpoint_id', 'stream', 'status', 'sequence'] },
          { name: 'idx_webhook_deliveries_endpoint_id', columnNames: ['endpoint_id', 'id'] },
        ],
        foreignKeys: [
          {
            name: 'fk_webhook_deliveries_endpoint_id',
            columnNames: ['endpoint_id'],
            referencedTableName: 'webhook_endpoints',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('webhook_deliveries');
    await queryRunner.dropTable('webhook_endpoints');
  }
}
