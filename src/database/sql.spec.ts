import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import BetterSqlite3 from 'better-sqlite3';
import { EntityManager } from 'typeorm';
import { MultiRowInsert, rowPlaceholders, Sql, sqliteInTransaction } from './sql';

/** An EntityManager as far as Sql looks at it: the driver type and SQLite's one connection. */
function sqliteManager(connection: BetterSqlite3.Database): EntityManager {
  return { connection: { options: { type: 'better-sqlite3' }, driver: { databaseConnection: connection } } } as unknown as EntityManager;
}

describe('Sql on SQLite', () => {
  it('binds $n placeholders by number, in any order and repeated', async () => {
    const manager = sqliteManager(new BetterSqlite3(':memory:'));
    const statement = new Sql('SELECT $2 AS second, $1 AS first, $2 AS again');
    assert.deepEqual(await statement.row(manager, ['one', 'two']), { second: 'two', first: 'one', again: 'two' });
  });

  it('prepares a statement once per connection and reuses it', async () => {
    const connection = new BetterSqlite3(':memory:');
    let prepared = 0;
    const counting = new Proxy(connection, {
      get: (target, property) => {
        if (property === 'prepare') {
          return (source: string) => {
            prepared += 1;
            return target.prepare(source);
          };
        }
        const value: unknown = Reflect.get(target, property);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    const manager = sqliteManager(counting);
    const statement = new Sql('SELECT $1 AS n');
    for (let n = 0; n < 3; n += 1) assert.deepEqual(await statement.rows(manager, [n]), [{ n }]);
    assert.equal(prepared, 1);
  });

  it('reports the rows a write changed, and null for a row that is not there', async () => {
    const connection = new BetterSqlite3(':memory:');
    connection.exec('CREATE TABLE notes (id TEXT PRIMARY KEY, body TEXT NOT NULL)');
    const manager = sqliteManager(connection);
    assert.equal(await new Sql('INSERT INTO notes (id, body) VALUES ($1, $2)').run(manager, ['a', 'first']), 1);
    assert.equal(await new Sql('UPDATE notes SET body = $2 WHERE id = $1').run(manager, ['missing', 'x']), 0);
    assert.equal(await new Sql('SELECT body FROM notes WHERE id = $1').row(manager, ['missing']), null);
  });

  it('tells whether the connection is inside a transaction', () => {
    const connection = new BetterSqlite3(':memory:');
    const manager = sqliteManager(connection);
    assert.equal(sqliteInTransaction(manager), false);
    connection.exec('BEGIN');
    assert.equal(sqliteInTransaction(manager), true);
    connection.exec('ROLLBACK');
  });
});

describe('rowPlaceholders', () => {
  it('numbers the rows one after the other, after the parameters that come before them', () => {
    assert.equal(rowPlaceholders(2, 3), '($1, $2, $3), ($4, $5, $6)');
    assert.equal(rowPlaceholders(2, 2, 4), '($5, $6), ($7, $8)');
    assert.equal(rowPlaceholders(0, 3), '');
  });
});

describe('MultiRowInsert', () => {
  it('inserts any number of rows in one statement per count, values in column order, and nothing for none', async () => {
    const connection = new BetterSqlite3(':memory:');
    connection.exec('CREATE TABLE pairs (a TEXT, b INTEGER)');
    const manager = sqliteManager(connection);
    const insert = new MultiRowInsert('pairs', ['a', 'b']);
    await insert.run(manager, [['x', 1]]);
    await insert.run(manager, [
      ['y', 2],
      ['z', 3],
    ]);
    await insert.run(manager, []);
    assert.deepEqual(connection.prepare('SELECT a, b FROM pairs ORDER BY b').all(), [
      { a: 'x', b: 1 },
      { a: 'y', b: 2 },
      { a: 'z', b: 3 },
    ]);
  });
});
