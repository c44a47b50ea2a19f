import { MigrationInterface, QueryRunner, Table } from 'typeorm';

/** The provider events already applied (issue 34): one row per (provider, event id), so that each settles once. */
export class ProviderEvents1765310000000 implements MigrationInterface {
  name = 'ProviderEvents1765310000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'provider_events',
        columns: [
          { name: 'provider', type: 'varchar', length: '32', isPrimary: true },
          { name: 'event_id', type: 'varchar', length: '255', isPrimary: true },
          { name: 'received_at', type: 'bigint' },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('provider_events');
  }
}
