// Runs bench/anchors/sqlite-commits.ts in a process of its own, as the server runs in its own.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

export interface SqliteCommits {
  commitsPerSecond: number;
  commits: number;
  seconds: number;
  journalMode: string;
  synchronous: string;
}

export async function runSqliteCommits(seconds: number, databaseFile: string): Promise<SqliteCommits> {
  const { stdout } = await promisify(execFile)(process.execPath, [join(__dirname, 'sqlite-commits.js'), String(seconds), databaseFile]);
  return JSON.parse(stdout) as SqliteCommits;
}
