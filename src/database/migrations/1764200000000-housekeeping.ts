import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';

/**
 * Housekeeping: the leases that let one instance per period run each job, and
 * the indexes its deletes of expired tokens and unused sessions ride on.
 */
export class Housekeeping1764200000000 implements MigrationInterface {
  name = 'Housekeeping1764200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'job_leases',
        columns: [
          { name: 'name', type: 'varchar', length: '64', isPrimary: true },
          { name: 'leased_until', type: 'bigint' },
          { name: 'leased_by', type: 'varchar', length: '100' },
        ],
      }),
    );
    await queryRunner.createIndex('auth_tokens', new TableIndex({ name: 'idx_auth_tokens_expires_at', columnNames: ['expires_at'] }));
    await queryRunner.createIndex('sessions', new TableIndex({ name: 'idx_sessions_last_used_at', columnNames: ['last_used_at'] }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('sessions', 'idx_sessions_last_used_at');
    await queryRunner.dropIndex('auth_tokens', 'idx_auth_tokens_expires_at');
    await queryRunner.dropTable('job_leases');
  }
}
