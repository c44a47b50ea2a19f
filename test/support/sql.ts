import { Client } from 'pg';

/** The little of better-sqlite3 used here (the package ships no types). */
interface SqliteStatement {
  readonly reader: boolean;
  all(...params: unknown[]): Record<string, unknown>[];
  run(...params: unknown[]): { changes: number };
}
interface SqliteDatabase {
  prepare(sql: string): SqliteStatement;
  close(): void;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the package ships no types; only this much of it is used
const BetterSqlite3 = require('better-sqlite3') as new (path: string, options?: { timeout?: number }) => SqliteDatabase;

export interface SqlResult {
  rows: Record<string, unknown>[];
  /** Rows a write changed. */
  changes: number;
}

/**
 * Runs one statement straight on a test application's database, behind the
 * service's back (to move a stored instant into the past, say, or to count rows
 * no endpoint lists). `databaseUrl` is TestApp.databaseUrl: `sqlite:PATH` or
 * `postgres://...`. Parameters are written `$1`, `$2`... in order.
 */
export async function sql(databaseUrl: string, text: string, params: unknown[] = []): Promise<SqlResult> {
  if (databaseUrl.startsWith('sqlite:')) {
    const database = new BetterSqlite3(databaseUrl.slice('sqlite:'.length), { timeout: 5000 });
    try {
      const statement = database.prepare(text.replace(/\$\d+/g, '?'));
      if (statement.reader) {
        const rows = statement.all(...params);
        return { rows, changes: 0 };
      }
      return { rows: [], changes: statement.run(...params).changes };
    } finally {
      database.close();
    }
  }
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const result = await client.query(text, params);
    return { rows: result.rows, changes: result.rowCount ?? 0 };
  } finally {
    await client.end();
  }
}
