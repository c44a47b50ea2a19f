import { MigrationInterface, QueryRunner, Table, TableColumnOptions, TableForeignKey } from 'typeorm';

const id = (name = 'id'): TableColumnOptions => ({ name, type: 'varchar', length: '40', isPrimary: name === 'id' });
const ref = (name: string, nullable = false): TableColumnOptions => ({ name, type: 'varchar', length: '40', isNullable: nullable });
const text = (name: string, length: number, nullable = false): TableColumnOptions => ({
  name,
  type: 'varchar',
  length: String(length),
  isNullable: nullable,
});
const instant = (name: string, nullable = false): TableColumnOptions => ({ name, type: 'bigint', isNullable: nullable });

/**
 * Users, accounts, sessions and tokens. Written with TypeORM's schema API so
 * that one migration serves SQLite and PostgreSQL.
 */
export class InitialSchema1763690000000 implements MigrationInterface {
  name = 'InitialSchema1763690000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'accounts',
        columns: [
          id(),
          text('type', 16),
          text('name', 200),
          text('email', 254),
          { name: 'preferences', type: 'text' },
          text('status', 16),
          ref('owner_user_id', true),
          instant('created_at'),
          instant('updated_at'),
          instant('closed_at', true),
        ],
        indices: [
          { name: 'idx_accounts_type_id', columnNames: ['type', 'id'] },
          { name: 'idx_accounts_status_id', columnNames: ['status', 'id'] },
          { name: 'idx_accounts_owner_user_id', columnNames: ['owner_user_id'] },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'users',
        columns: [id(), text('email', 254), text('password_hash', 255), text('name', 200), text('role', 16), ref('account_id', true), instant('created_at'), instant('updated_at')],
        indices: [
          { name: 'uq_users_email', columnNames: ['email'], isUnique: true },
          { name: 'idx_users_account_id', columnNames: ['account_id', 'id'] },
          { name: 'idx_users_role_id', columnNames: ['role', 'id'] },
        ],
        foreignKeys: [
          {
            name: 'fk_users_account_id',
            columnNames: ['account_id'],
            referencedTableName: 'accounts',
            referencedColumnNames: ['id'],
            onDelete: 'RESTRICT',
          },
        ],
      }),
    );
    // accounts and users reference each other: the second key is added once both tables exist.
    await queryRunner.createForeignKey(
      'accounts',
      new TableForeignKey({
        name: 'fk_accounts_owner_user_id',
        columnNames: ['owner_user_id'],
        referencedTableName: 'users',
        referencedColumnNames: ['id'],
        onDelete: 'SET NULL',
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'sessions',
        columns: [
          id(),
          ref('user_id'),
          text('status', 16),
          text('device_id', 255, true),
          text('client_version', 100, true),
          text('reason', 255, true),
          instant('created_at'),
          instant('last_used_at'),
          instant('invalidated_at', true),
        ],
        indices: [{ name: 'idx_sessions_user_id_id', columnNames: ['user_id', 'id'] }],
        foreignKeys: [
          {
            name: 'fk_sessions_user_id',
            columnNames: ['user_id'],
            referencedTableName: 'users',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'auth_tokens',
        columns: [
          id(),
          ref('session_id'),
          text('kind', 16),
          text('status', 16),
          text('token_hash', 64, true),
          ref('parent_id', true),
          ref('replaced_by_id', true),
          instant('issued_at'),
          instant('expires_at'),
          instant('rotated_at', true),
          instant('revoked_at', true),
        ],
        indices: [{ name: 'idx_auth_tokens_session_status', columnNames: ['session_id', 'status'] }],
        foreignKeys: [
          {
            name: 'fk_auth_tokens_session_id',
            columnNames: ['session_id'],
            referencedTableName: 'sessions',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('auth_tokens');
    await queryRunner.dropTable('sessions');
    await queryRunner.dropForeignKey('accounts', 'fk_accounts_owner_user_id');
    await queryRunner.dropTable('users');
    await queryRunner.dropTable('accounts');
  }
}
