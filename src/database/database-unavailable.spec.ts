import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import BetterSqlite3 from 'better-sqlite3';
import { QueryFailedError } from 'typeorm';
import { databaseUnavailableReason, isDatabaseUnavailable } from './database-unavailable';

/** An error as a driver raises it: a message and a code. */
function driverError(message: string, code?: string): Error {
  return Object.assign(new Error(message), code === undefined ? {} : { code });
}

describe('isDatabaseUnavailable', () => {
  it('recognises a database that cannot be reached, whatever the network says', () => {
    for (const code of ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND']) {
      assert.equal(databaseUnavailableReason(driverError(`connect ${code} 127.0.0.1:5432`, code)), code);
    }
  });

  it('recognises PostgreSQL shutting down, refusing connections, cancelling a statement or missing the database', () => {
    const cases = {
      '57P01': 'terminating connection due to administrator command',
      '57P02': 'terminating connection due to crash of another server process',
      '57P03': 'the database system is starting up',
      '57014': 'canceling statement due to statement timeout',
      '08006': 'connection failure',
      '53300': 'sorry, too many clients already',
      '3D000': 'database "payments" does not exist',
    };
    for (const [code, message] of Object.entries(cases)) assert.equal(databaseUnavailableReason(driverError(message, code)), code, message);
  });

  it("recognises node-postgres's own connection failures by their message", () => {
    for (const message of [
      'Connection terminated unexpectedly',
      'Connection terminated due to connection timeout',
      'timeout exceeded when trying to connect',
      'Client has encountered a connection error and is not queryable',
      'Cannot use a pool after calling end on the pool',
    ]) {
      assert.ok(isDatabaseUnavailable(new Error(message)), message);
    }
  });

  it('looks inside what TypeORM, a cause or an AggregateError wraps', () => {
    const refused = driverError('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED');
    assert.ok(isDatabaseUnavailable(new QueryFailedError('SELECT 1', [], driverError('terminating connection due to administrator command', '57P01'))));
    assert.ok(isDatabaseUnavailable(new QueryFailedError('SELECT 1', [], new TypeError('The database connection is not open'))));
    assert.ok(isDatabaseUnavailable(new Error('Connection failed', { cause: refused })));
    assert.ok(isDatabaseUnavailable(new AggregateError([new Error('first address'), refused])));
  });

  it('recognises SQLite busy past its timeout, an unopenable file and I/O failures, with their extended codes', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sqlite-busy-'));
    const holder = new BetterSqlite3(join(dir, 'app.db'));
    holder.pragma('journal_mode = WAL');
    holder.exec('CREATE TABLE t (x INTEGER)');
    holder.exec('BEGIN IMMEDIATE');
    const waiter = new BetterSqlite3(join(dir, 'app.db'), { timeout: 10 });
    const busy = (() => {
      try {
        waiter.exec('BEGIN IMMEDIATE');
        return null;
      } catch (error) {
        return error;
      }
    })();
    holder.exec('ROLLBACK');
    holder.close();
    waiter.close();
    rmSync(dir, { recursive: true, force: true });
    assert.equal(databaseUnavailableReason(busy), 'SQLITE_BUSY');
    for (const code of ['SQLITE_CANTOPEN', 'SQLITE_IOERR_WRITE', 'SQLITE_FULL', 'SQLITE_BUSY_SNAPSHOT']) {
      assert.equal(databaseUnavailableReason(driverError('disk trouble', code)), code);
    }
  });

  it('leaves every other failure alone: constraint violations, syntax errors, bugs', () => {
    assert.equal(isDatabaseUnavailable(driverError('duplicate key value violates unique constraint', '23505')), false);
    assert.equal(isDatabaseUnavailable(driverError('syntax error at or near "SELEC"', '42601')), false);
    assert.equal(isDatabaseUnavailable(new QueryFailedError('INSERT', [], driverError('UNIQUE constraint failed: users.email', 'SQLITE_CONSTRAINT_UNIQUE'))), false);
    assert.equal(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined (reading 'id')")), false);
    assert.equal(isDatabaseUnavailable(driverError('Connection refused by policy', 'ERR_POLICY')), false);
    assert.equal(isDatabaseUnavailable('Connection terminated'), false);
    assert.equal(isDatabaseUnavailable(null), false);
  });

  it('does not loop on an error that is its own cause', () => {
    const looping = new Error('strange');
    Object.assign(looping, { cause: looping });
    assert.equal(isDatabaseUnavailable(looping), false);
  });
});
