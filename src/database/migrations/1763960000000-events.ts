import { MigrationInterface, QueryRunner, Table } from 'typeorm';

/** Events (the outbox every change writes to) and the per-account counters that number them. */
export class Events1763960000000 implements MigrationInterface {
  name = 'Events1763960000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'events',
        columns: [
          { name: 'id', type: 'varchar', length: '40', isPrimary: true },
          { name: 'stream', type: 'varchar', length: '40' },
          { name: 'sequence', type: 'bigint' },
          { name: 'type', type: 'varchar', length: '40' },
          { name: 'created_at', type: 'bigint' },
          { name: 'data', type: 'text' },
        ],
        indices: [
          { name: 'uq_events_stream_sequence', columnNames: ['stream', 'sequence'], isUnique: true },
          { name: 'idx_events_stream_id', columnNames: ['stream', 'id'] },
          { name: 'idx_events_stream_type_id', columnNames: ['stream', 'type', 'id'] },
          { name: 'idx_events_type_id', columnNames: ['type', 'id'] },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'event_streams',
        withoutRowid: true,
        columns: [
          { name: 'stream', type: 'varchar', length: '40', isPrimary: true },
          { name: 'last_sequence', type: 'bigint' },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('event_streams');
    await queryRunner.dropTable('events');
  }
}
