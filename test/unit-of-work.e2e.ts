import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DataSource } from 'typeorm';
import { AppConfig } from '../src/config/app-config';
import { afterCommit, Database } from '../src/database/database';
import { sql } from '../src/database/sql';
import { createTestDatabase, openDataSource, TestDatabase } from './support/test-app';

const INSERT_NOTE = sql`INSERT INTO notes (id, body) VALUES ($1, $2)`;
const NOTE_BODY = sql`SELECT body FROM notes WHERE id = $1`;

/**
 * Database.transaction on the real database (SQLite, or PostgreSQL with
 * TEST_DATABASE_URL): what a request adds before the commit (the stored answer
 * of an Idempotency-Key) lands with the work, or neither does.
 */
describe('Database.transaction', () => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let db: Database;

  before(async () => {
    database = await createTestDatabase();
    const config = new AppConfig({ DATABASE_URL: database.url });
    dataSource = await openDataSource(database.url);
    await dataSource.query('CREATE TABLE notes (id VARCHAR(40) PRIMARY KEY, body VARCHAR(100) NOT NULL)');
    db = new Database(dataSource, config);
  });

  after(async () => {
    await dataSource.destroy();
    await database.drop();
  });

  const bodyOf = async (id: string) => (await db.run((manager) => NOTE_BODY.row<{ body: string }>(manager, [id])))?.body ?? null;

  it('runs what the work registered with afterCommit only once the commit is visible, and never after a rollback', async () => {
    const seen: (string | null)[] = [];
    await db.transaction(async (manager) => {
      await INSERT_NOTE.run(manager, ['after-commit', 'visible']);
      // Read from outside the transaction when the callback runs: the row must be there already.
      afterCommit(manager, () => void bodyOf('after-commit').then((body) => seen.push(body)));
      assert.deepEqual(seen, [], 'not before the commit');
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.deepEqual(seen, ['visible']);

    let ranAfterRollback = false;
    await assert.rejects(
      db.transaction(async (manager) => {
        await INSERT_NOTE.run(manager, ['rolled-back', 'never']);
        afterCommit(manager, () => {
          ranAfterRollback = true;
        });
        throw new Error('the work fails');
      }),
      /the work fails/,
    );
    assert.equal(ranAfterRollback, false);

    let ranOutside = false;
    await db.run(async (manager) => afterCommit(manager, () => (ranOutside = true)));
    assert.equal(ranOutside, true, 'outside a transaction it runs at once');
  });

  it('commits the work and what runs before the commit together, and hands the work its result', async () => {
    const seen: unknown[] = [];
    const result = await db.transaction(
      async (manager) => {
        await INSERT_NOTE.run(manager, ['work-1', 'the resource']);
        return { id: 'work-1' };
      },
      {
        beforeCommit: async (manager, workResult) => {
          seen.push(workResult);
          await INSERT_NOTE.run(manager, ['answer-1', JSON.stringify(workResult)]);
        },
      },
    );
    assert.deepEqual(result, { id: 'work-1' });
    assert.deepEqual(seen, [{ id: 'work-1' }]);
    assert.equal(await bodyOf('work-1'), 'the resource');
    assert.equal(await bodyOf('answer-1'), '{"id":"work-1"}');
  });

  it('rolls the work back when what runs before the commit fails', async () => {
    await assert.rejects(
      db.transaction(
        async (manager) => {
          await INSERT_NOTE.run(manager, ['work-2', 'the resource']);
        },
        {
          beforeCommit: async (manager) => {
            // The same key as a stored answer: the primary key refuses it, as it refuses a second answer.
            await INSERT_NOTE.run(manager, ['work-2', 'a second answer']);
          },
        },
      ),
    );
    assert.equal(await bodyOf('work-2'), null);
  });

  it('rolls the work back when what runs before the commit fails before it reaches the database', async () => {
    await assert.rejects(
      db.transaction(
        async (manager) => {
          await INSERT_NOTE.run(manager, ['work-4', 'the resource']);
        },
        {
          beforeCommit: () => Promise.reject(new Error('the answer could not be written')),
        },
      ),
      /the answer could not be written/,
    );
    assert.equal(await bodyOf('work-4'), null);
  });

  it('runs nothing before the commit when the work fails, and keeps nothing of it', async () => {
    let ranBeforeCommit = false;
    await assert.rejects(
      db.transaction(
        async (manager) => {
          await INSERT_NOTE.run(manager, ['work-3', 'the resource']);
          throw new Error('the work fails');
        },
        {
          beforeCommit: async () => {
            ranBeforeCommit = true;
          },
        },
      ),
      /the work fails/,
    );
    assert.equal(ranBeforeCommit, false);
    assert.equal(await bodyOf('work-3'), null);
    // The connection is usable afterwards (SQLite: its one connection left the transaction).
    await db.transaction((manager) => INSERT_NOTE.run(manager, ['work-4', 'after a rollback']));
    assert.equal(await bodyOf('work-4'), 'after a rollback');
  });
});
