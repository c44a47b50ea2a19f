import { MigrationInterface, QueryRunner } from 'typeorm';

/** AUDIT_RETENTION's default, 400 days, until `npm run migrate` (or a start with MIGRATIONS=auto) sets the configured one. */
const DEFAULT_RETENTION_MS = 400 * 24 * 60 * 60 * 1000;

/**
 * Least privilege (contract section 21), PostgreSQL: the service's own role may not delete audit entries at all. The
 * retention job deletes through this function, owned by the owner and run with the owner's rights (SECURITY DEFINER),
 * which removes only entries written longer ago than `audit_retention_ms()` (a setting only the owner can change),
 * whatever cutoff it is asked for. It returns what it removed, so the caller records in the same transaction where
 * each chain now continues.
 */
export class AuditRetentionByOwner1764900000000 implements MigrationInterface {
  name = 'AuditRetentionByOwner1764900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.connection.options.type !== 'postgres') return;
    await queryRunner.query(`CREATE FUNCTION audit_retention_ms() RETURNS bigint LANGUAGE sql IMMUTABLE AS $$ SELECT ${DEFAULT_RETENTION_MS}::bigint $$`);
    await queryRunner.query(`CREATE FUNCTION audit_purge(cutoff_id varchar, batch integer)
      RETURNS TABLE (purged_chain varchar, purged_action varchar, purged_target_id varchar)
      LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT AS $$
      BEGIN
        PERFORM set_config('audit.retention', 'on', true);
        RETURN QUERY DELETE FROM audit_log WHERE id IN (
          SELECT id FROM audit_log
          WHERE id < cutoff_id AND created_at < (extract(epoch FROM clock_timestamp()) * 1000)::bigint - audit_retention_ms()
          ORDER BY id LIMIT batch)
        RETURNING chain, action, target_id;
        PERFORM set_config('audit.retention', 'off', true);
      END $$`);
    await queryRunner.query('REVOKE EXECUTE ON FUNCTION audit_purge(varchar, integer) FROM PUBLIC');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.connection.options.type !== 'postgres') return;
    await queryRunner.query('DROP FUNCTION audit_purge(varchar, integer)');
    await queryRunner.query('DROP FUNCTION audit_retention_ms()');
  }
}
