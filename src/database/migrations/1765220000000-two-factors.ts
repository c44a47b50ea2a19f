import { MigrationInterface, QueryRunner, Table, TableColumn } from 'typeorm';

/**
 * Two factors (contract section 22): `users.mfa_enabled_at` (null: no TOTP), each person's TOTP factor with its sealed
 * secret and the last time step accepted (replay refusal), the hashed single-use recovery codes, and the login
 * challenges (`mfa_token`, hashed) between the password and the code.
 */
export class TwoFactors1765220000000 implements MigrationInterface {
  name = 'TwoFactors1765220000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn('users', new TableColumn({ name: 'mfa_enabled_at', type: 'bigint', isNullable: true }));
    await queryRunner.createTable(
      new Table({
        name: 'mfa_totp_factors',
        columns: [
          { name: 'user_id', type: 'varchar', length: '40', isPrimary: true },
          { name: 'sealed_secret', type: 'varchar', length: '255' },
          { name: 'status', type: 'varchar', length: '16' },
          { name: 'last_used_step', type: 'bigint', isNullable: true },
          { name: 'created_at', type: 'bigint' },
          { name: 'activated_at', type: 'bigint', isNullable: true },
        ],
        foreignKeys: [{ name: 'fk_mfa_totp_factors_user_id', columnNames: ['user_id'], referencedTableName: 'users', referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'mfa_recovery_codes',
        columns: [
          { name: 'code_hash', type: 'varchar', length: '64', isPrimary: true },
          { name: 'user_id', type: 'varchar', length: '40' },
          { name: 'created_at', type: 'bigint' },
          { name: 'used_at', type: 'bigint', isNullable: true },
        ],
        foreignKeys: [{ name: 'fk_mfa_recovery_codes_user_id', columnNames: ['user_id'], referencedTableName: 'users', referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
        indices: [{ name: 'idx_mfa_recovery_codes_user_id', columnNames: ['user_id'] }],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'mfa_challenges',
        columns: [
          { name: 'token_hash', type: 'varchar', length: '64', isPrimary: true },
          { name: 'user_id', type: 'varchar', length: '40' },
          { name: 'password_digest', type: 'varchar', length: '64' },
          { name: 'attempts', type: 'integer' },
          { name: 'created_at', type: 'bigint' },
          { name: 'expires_at', type: 'bigint' },
          { name: 'used_at', type: 'bigint', isNullable: true },
        ],
        foreignKeys: [{ name: 'fk_mfa_challenges_user_id', columnNames: ['user_id'], referencedTableName: 'users', referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
        indices: [
          { name: 'idx_mfa_challenges_user_id', columnNames: ['user_id'] },
          { name: 'idx_mfa_challenges_expires_at', columnNames: ['expires_at'] },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('mfa_challenges');
    await queryRunner.dropTable('mfa_recovery_codes');
    await queryRunner.dropTable('mfa_totp_factors');
    await queryRunner.dropColumn('users', 'mfa_enabled_at');
  }
}
