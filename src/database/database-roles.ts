import { DataSource, QueryRunner } from 'typeorm';

/** What the owner's session sets after the migrations (contract section 21). */
export interface OwnerSettings {
  /** The role the service runs as (DATABASE_URL's), when it is not the owner; null: one role does both. */
  runtimeRole: string | null;
  auditRetentionSeconds: number;
}

function quoted(identifier: string): string {
  return `"${identifier.replace(/"/g, '""')}"`;
}

/**
 * Run by the owner (the role migrations run as) after the migrations, on PostgreSQL: the retention the audit purge
 * function allows, from AUDIT_RETENTION; and, with two roles, the runtime role's rights: rows only (SELECT, INSERT,
 * UPDATE, DELETE), insert and read only on the audit log, no delete on the audit chain heads, read only on the
 * migrations' own table, the purge function. It owns nothing, so it may not alter, truncate or drop a table, nor
 * disable a trigger. Every statement is idempotent: each run states the whole grant again. Run in the migrations'
 * transaction, under their lock: concurrent GRANTs on one table fail (tuple concurrently updated).
 */
export async function applyOwnerSettings(owner: Pick<QueryRunner, 'query'>, settings: OwnerSettings): Promise<void> {
  const retentionMs = Math.round(settings.auditRetentionSeconds * 1000);
  await owner.query(`CREATE OR REPLACE FUNCTION audit_retention_ms() RETURNS bigint LANGUAGE sql IMMUTABLE AS $$ SELECT ${retentionMs}::bigint $$`);
  const [{ schema, owner: current }] = (await owner.query('SELECT current_schema() AS schema, current_user AS owner')) as { schema: string; owner: string }[];
  if (settings.runtimeRole === null || settings.runtimeRole === current) return;
  const role = quoted(settings.runtimeRole);
  const statements = [
    `GRANT USAGE ON SCHEMA ${quoted(schema)} TO ${role}`,
    `REVOKE ALL ON ALL TABLES IN SCHEMA ${quoted(schema)} FROM ${role}`,
    `GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA ${quoted(schema)} TO ${role}`,
    `REVOKE UPDATE, DELETE ON audit_log FROM ${role}`,
    `REVOKE DELETE ON audit_chains FROM ${role}`,
    `REVOKE INSERT, UPDATE, DELETE ON migrations FROM ${role}`,
    `GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA ${quoted(schema)} TO ${role}`,
    `GRANT EXECUTE ON FUNCTION audit_purge(varchar, integer) TO ${role}`,
  ];
  for (const statement of statements) await owner.query(statement);
}

/** The role a data source logs in as. */
export async function currentRole(dataSource: DataSource): Promise<string> {
  const [{ role }] = await dataSource.query<{ role: string }[]>('SELECT current_user AS role');
  return role;
}
