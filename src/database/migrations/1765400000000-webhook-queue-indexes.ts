import { MigrationInterface, QueryRunner, TableIndex } from 'typeorm';

/**
 * The webhook queue's two indexes cover only the pending deliveries (issue 35): the queue, not its history.
 * With `status` as their leading column they also held every delivered row, and PostgreSQL's planner, whose
 * statistics of a queue are those of the moment it was last analyzed (often empty), took the due index for
 * a stream's next delivery and read every pending row for each stream (seconds per claim under load). A
 * partial index on (endpoint, stream, sequence) is the only one that answers "the first pending delivery of
 * this stream" whatever the statistics say, and both stay as small as the queue.
 */
export class WebhookQueueIndexes1765400000000 implements MigrationInterface {
  name = 'WebhookQueueIndexes1765400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('webhook_deliveries', 'idx_webhook_deliveries_due');
    await queryRunner.dropIndex('webhook_deliveries', 'idx_webhook_deliveries_order');
    await queryRunner.createIndices('webhook_deliveries', [
      new TableIndex({ name: 'idx_webhook_deliveries_due', columnNames: ['next_attempt_at'], where: "status = 'pending'" }),
      new TableIndex({ name: 'idx_webhook_deliveries_pending_order', columnNames: ['endpoint_id', 'stream', 'sequence'], where: "status = 'pending'" }),
    ]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('webhook_deliveries', 'idx_webhook_deliveries_due');
    await queryRunner.dropIndex('webhook_deliveries', 'idx_webhook_deliveries_pending_order');
    await queryRunner.createIndices('webhook_deliveries', [
      new TableIndex({ name: 'idx_webhook_deliveries_due', columnNames: ['status', 'next_attempt_at'] }),
      new TableIndex({ name: 'idx_webhook_deliveries_order', columnNames: ['endpoint_id', 'stream', 'status', 'sequence'] }),
    ]);
  }
}
