import { EntityManager } from 'typeorm';

/**
 * True on PostgreSQL, where units of work run in parallel and rows can be locked
 * explicitly (FOR SHARE / FOR UPDATE). SQLite runs one unit of work at a time.
 */
export function hasRowLocks(manager: EntityManager): boolean {
  return manager.connection.options.type === 'postgres';
}
