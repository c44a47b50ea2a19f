/**
 * Anchor for creating transactions on SQLite: how many single-row commits better-sqlite3
 * makes per second on this disk, with the connection set up as the service sets up its own
 * (src/database/data-source-options.ts and TypeORM's better-sqlite3 driver): WAL journal,
 * busy_timeout 5000, foreign_keys ON, synchronous FULL (set explicitly by the service: every
 * acknowledged commit is synced). The file is switched to WAL by a first connection and written
 * by a second one, as the service reopens its file; the mode found is reported.
 *
 * Runs as its own process: `node sqlite-commits.js <seconds> <database file>`; prints one
 * JSON line: { commitsPerSecond, commits, seconds, journalMode, synchronous }.
 */
import Database from 'better-sqlite3';
import { performance } from 'node:perf_hooks';

const SYNCHRONOUS_NAMES = ['OFF', 'NORMAL', 'FULL', 'EXTRA'];

function main(): void {
  const [secondsArgument, file] = process.argv.slice(2);
  const seconds = Number(secondsArgument);
  if (!(seconds > 0) || file === undefined) throw new Error('usage: sqlite-commits.js <seconds> <database file>');

  createInWalMode(file);
  const db = openAsTheService(file);
  const journalMode = String(db.pragma('journal_mode', { simple: true }));
  const synchronous = SYNCHRONOUS_NAMES[Number(db.pragma('synchronous', { simple: true }))] ?? 'unknown';
  const insert = db.prepare('INSERT INTO commits (id, account_id, amount, currency, created_at) VALUES (?, ?, ?, ?, ?)');

  // Autocommit: every run() is its own transaction, committed (and, in WAL mode, appended to the WAL) before the next.
  let commits = 0;
  const began = performance.now();
  const until = began + seconds * 1000;
  while (performance.now() < until) {
    insert.run(`row_${process.pid}_${commits}`, 'acc_bench', 1250, 'EUR', Date.now());
    commits += 1;
  }
  const elapsed = (performance.now() - began) / 1000;
  db.close();
  process.stdout.write(`${JSON.stringify({ commitsPerSecond: commits / elapsed, commits, seconds: elapsed, journalMode, synchronous })}\n`);
}

/** As TypeORM's driver with the service's prepareDatabase: busy_timeout, foreign keys, then WAL. */
function openAsTheService(file: string): Database.Database {
  const db = new Database(file, { timeout: 5000 });
  db.pragma('busy_timeout = 5000');
  db.pragma('foreign_keys = ON');
  db.pragma('synchronous = FULL');
  db.pragma('journal_mode = WAL');
  return db;
}

/** The table, in a file switched to WAL mode by an earlier connection (as the seed leaves the service's file). */
function createInWalMode(file: string): void {
  const db = openAsTheService(file);
  // About the width of a transactions row: a text id, an account, an amount, a currency, a time.
  db.exec('CREATE TABLE IF NOT EXISTS commits (id TEXT PRIMARY KEY, account_id TEXT NOT NULL, amount INTEGER NOT NULL, currency TEXT NOT NULL, created_at INTEGER NOT NULL)');
  db.close();
}

main();
