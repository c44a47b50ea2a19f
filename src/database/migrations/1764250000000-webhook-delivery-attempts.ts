import { MigrationInterface, QueryRunner, Table } from 'typeorm';

/** Every attempt of a webhook delivery (contract section 18), beside the delivery's latest state. */
export class WebhookDeliveryAttempts1764250000000 implements MigrationInterface {
  name = 'WebhookDeliveryAttempts1764250000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'webhook_delivery_attempts',
        columns: [
          { name: 'id', type: 'varchar', length: '40', isPrimary: true },
          { name: 'delivery_id', type: 'varchar', length: '40' },
          { name: 'attempted_at', type: 'bigint' },
          { name: 'status_code', type: 'integer', isNullable: true },
          { name: 'duration_ms', type: 'integer', isNullable: true },
          { name: 'error', type: 'varchar', length: '500', isNullable: true },
        ],
        indices: [{ name: 'idx_webhook_delivery_attempts_delivery_id', columnNames: ['delivery_id', 'id'] }],
        foreignKeys: [
          {
            name: 'fk_webhook_delivery_attempts_delivery_id',
            columnNames: ['delivery_id'],
            referencedTableName: 'webhook_deliveries',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('webhook_delivery_attempts');
  }
}
