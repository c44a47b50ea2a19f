import { MigrationInterface, QueryRunner, Table, TableColumn } from 'typeorm';

/**
 * API keys and their secrets' keyed hashes, the audit log with its hash chains
 * (contract section 14), and the actor on every event. On PostgreSQL the audit
 * log refuses UPDATE and DELETE unless the transaction set
 * `audit.retention = 'on'` (the retention job, and only it, does).
 */
export class ApiKeysAndAudit1764600000000 implements MigrationInterface {
  name = 'ApiKeysAndAudit1764600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'api_keys',
        columns: [
          { name: 'id', type: 'varchar', length: '40', isPrimary: true },
          { name: 'name', type: 'varchar', length: '200' },
          { name: 'account_id', type: 'varchar', length: '40', isNullable: true },
          { name: 'mode', type: 'varchar', length: '16' },
          { name: 'scopes', type: 'text' },
          { name: 'prefix', type: 'varchar', length: '24' },
          { name: 'created_by', type: 'varchar', length: '40' },
          { name: 'created_at', type: 'bigint' },
          { name: 'expires_at', type: 'bigint', isNullable: true },
          { name: 'last_used_at', type: 'bigint', isNullable: true },
          { name: 'revoked_at', type: 'bigint', isNullable: true },
        ],
        foreignKeys: [{ name: 'fk_api_keys_account_id', columnNames: ['account_id'], referencedTableName: 'accounts', referencedColumnNames: ['id'], onDelete: 'RESTRICT' }],
        indices: [{ name: 'idx_api_keys_account_id', columnNames: ['account_id', 'id'] }],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'api_key_secrets',
        columns: [
          { name: 'secret_hash', type: 'varchar', length: '64', isPrimary: true },
          { name: 'api_key_id', type: 'varchar', length: '40' },
          { name: 'created_at', type: 'bigint' },
          { name: 'expires_at', type: 'bigint', isNullable: true },
        ],
        foreignKeys: [{ name: 'fk_api_key_secrets_api_key_id', columnNames: ['api_key_id'], referencedTableName: 'api_keys', referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
        indices: [{ name: 'idx_api_key_secrets_api_key_id', columnNames: ['api_key_id'] }],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'audit_log',
        columns: [
          { name: 'id', type: 'varchar', length: '40', isPrimary: true },
          { name: 'chain', type: 'varchar', length: '40' },
          { name: 'sequence', type: 'bigint' },
          { name: 'action', type: 'varchar', length: '64' },
          { name: 'outcome', type: 'varchar', length: '16' },
          { name: 'reason', type: 'varchar', length: '255', isNullable: true },
          { name: 'actor_type', type: 'varchar', length: '16' },
          { name: 'actor_id', type: 'varchar', length: '40', isNullable: true },
          { name: 'actor_session_id', type: 'varchar', length: '40', isNullable: true },
          { name: 'account_id', type: 'varchar', length: '40', isNullable: true },
          { name: 'target_type', type: 'varchar', length: '40', isNullable: true },
          { name: 'target_id', type: 'varchar', length: '64', isNullable: true },
          { name: 'ip', type: 'varchar', length: '64', isNullable: true },
          { name: 'user_agent', type: 'varchar', length: '512', isNullable: true },
          { name: 'request_id', type: 'varchar', length: '128', isNullable: true },
          { name: 'created_at', type: 'bigint' },
          { name: 'previous_hash', type: 'varchar', length: '64' },
          { name: 'hash', type: 'varchar', length: '64' },
        ],
        indices: [
          { name: 'uq_audit_log_chain_sequence', columnNames: ['chain', 'sequence'], isUnique: true },
          { name: 'idx_audit_log_account_id_id', columnNames: ['account_id', 'id'] },
          { name: 'idx_audit_log_action_id', columnNames: ['action', 'id'] },
          { name: 'idx_audit_log_outcome_id', columnNames: ['outcome', 'id'] },
          { name: 'idx_audit_log_actor_id_id', columnNames: ['actor_id', 'id'] },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'audit_chains',
        columns: [
          { name: 'chain', type: 'varchar', length: '40', isPrimary: true },
          { name: 'last_sequence', type: 'bigint' },
          { name: 'last_hash', type: 'varchar', length: '64' },
        ],
      }),
    );
    await queryRunner.addColumn('events', new TableColumn({ name: 'actor', type: 'text', isNullable: true }));
    if (queryRunner.connection.options.type === 'postgres') {
      await queryRunner.query(`CREATE FUNCTION audit_log_append_only() RETURNS trigger AS $$
        BEGIN
          IF TG_OP = 'DELETE' AND current_setting('audit.retention', true) = 'on' THEN RETURN OLD; END IF;
          RAISE EXCEPTION 'audit_log is append-only (%)', TG_OP;
        END $$ LANGUAGE plpgsql`);
      await queryRunner.query('CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_append_only()');
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.connection.options.type === 'postgres') {
      await queryRunner.query('DROP TRIGGER audit_log_append_only ON audit_log');
      await queryRunner.query('DROP FUNCTION audit_log_append_only()');
    }
    await queryRunner.dropColumn('events', 'actor');
    await queryRunner.dropTable('audit_chains');
    await queryRunner.dropTable('audit_log');
    await queryRunner.dropTable('api_key_secrets');
    await queryRunner.dropTable('api_keys');
  }
}
