import { MigrationInterface, QueryRunner, Table, TableColumn } from 'typeorm';

/**
 * Verified emails and password reset (contract section 22): when a user's address was proven, the address a
 * change waits to prove, and the single-use links mailed to prove one or to reset a password (hashes only).
 * Users who existed before were never asked to prove their address: they start unverified.
 */
export class PeopleEmailLinks1765210000000 implements MigrationInterface {
  name = 'PeopleEmailLinks1765210000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumns('users', [
      new TableColumn({ name: 'email_verified_at', type: 'bigint', isNullable: true }),
      new TableColumn({ name: 'pending_email', type: 'varchar', length: '254', isNullable: true }),
    ]);
    await queryRunner.createTable(
      new Table({
        name: 'user_tokens',
        columns: [
          { name: 'id', type: 'varchar', length: '40', isPrimary: true },
          { name: 'user_id', type: 'varchar', length: '40' },
          { name: 'purpose', type: 'varchar', length: '16' },
          { name: 'token_hash', type: 'varchar', length: '64' },
          { name: 'email', type: 'varchar', length: '254' },
          { name: 'expires_at', type: 'bigint' },
          { name: 'used_at', type: 'bigint', isNullable: true },
          { name: 'created_at', type: 'bigint' },
        ],
        foreignKeys: [{ name: 'fk_user_tokens_user_id', columnNames: ['user_id'], referencedTableName: 'users', referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
        indices: [
          { name: 'uq_user_tokens_token_hash', columnNames: ['token_hash'], isUnique: true },
          { name: 'idx_user_tokens_user_id_purpose', columnNames: ['user_id', 'purpose'] },
          { name: 'idx_user_tokens_expires_at', columnNames: ['expires_at'] },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('user_tokens');
    await queryRunner.dropColumn('users', 'pending_email');
    await queryRunner.dropColumn('users', 'email_verified_at');
  }
}
