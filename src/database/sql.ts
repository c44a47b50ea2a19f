import { EntityManager } from 'typeorm';
import { hasRowLocks } from './dialect';

/**
 * A statement written once, with PostgreSQL's numbered placeholders ($1, $2...),
 * and run on either database: for SQLite each placeholder becomes a `?` and
 * the parameters are laid out in the order they appear. Built when the module
 * loads, never per request.
 */
export class Sql {
  private readonly sqliteText: string;
  /** For each `?` of the SQLite text, the index of its parameter. */
  private readonly sqliteOrder: number[] = [];

  constructor(readonly text: string) {
    this.sqliteText = text.replace(/\$(\d+)/g, (_placeholder, position: string) => {
      this.sqliteOrder.push(Number(position) - 1);
      return '?';
    });
  }

  /** The rows the statement returns. */
  rows<Row>(manager: EntityManager, params: readonly unknown[]): Promise<Row[]> {
    if (hasRowLocks(manager)) return manager.query(this.text, [...params]);
    return manager.query(this.sqliteText, this.sqliteOrder.map((index) => params[index]));
  }
}

export function sql(strings: TemplateStringsArray): Sql {
  return new Sql(strings.join(''));
}
