import { QueryRunner } from 'typeorm';

/**
 * A boolean column's `false` default as each database spells it in its schema (SQLite: 0, PostgreSQL: false),
 * so that the migrated schema is exactly what the entities describe (test/database.e2e.ts compares them).
 */
export function falseLiteral(queryRunner: QueryRunner): string {
  return queryRunner.connection.driver.options.type === 'postgres' ? 'false' : '0';
}
