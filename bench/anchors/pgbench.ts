/**
 * Anchor for creating transactions on PostgreSQL: pgbench's TPC-B-like script (three
 * UPDATEs, a SELECT and an INSERT per transaction) on the same server, in a throwaway
 * database made for it and dropped afterwards. pgbench is a process of its own already.
 */
import { spawn } from 'node:child_process';
import { withAdminClient } from '../../test/support/test-app';

export interface PgbenchSettings {
  seconds: number;
  clients: number;
  threads: number;
  scale: number;
}

export interface PgbenchDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A database of its own on the server of `serverUrl`, filled by `fill`; dropped again if that fails. */
export async function throwawayDatabase(serverUrl: string, prefix: string, fill: (url: string) => Promise<unknown>): Promise<PgbenchDatabase> {
  const name = `${prefix}_${process.pid}_${Date.now()}`;
  await withAdminClient(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = { url: url.toString(), drop: () => withAdminClient(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined) };
  try {
    await fill(database.url);
  } catch (error) {
    await database.drop();
    throw error;
  }
  return database;
}

/** Creates a database on the server of `serverUrl` and fills it with `pgbench -i` at the given scale. */
export function preparePgbenchDatabase(serverUrl: string, scale: number): Promise<PgbenchDatabase> {
  // G: rows generated on the server (faster than sending them); then vacuum and primary keys, as by default.
  return throwawayDatabase(serverUrl, 'bench_pgbench', (url) => runPgbench(['-i', '-q', '-I', 'dtGvp', '-s', String(scale), url]));
}

/** One timed run; transactions per second as pgbench reports them (without the connection set-up). */
export async function runTpcB(databaseUrl: string, settings: PgbenchSettings): Promise<number> {
  const output = await runPgbench(['-n', '-c', String(settings.clients), '-j', String(settings.threads), '-T', String(settings.seconds), databaseUrl]);
  const match = /^tps = ([\d.]+) \(without initial connection time\)/m.exec(output);
  if (match === null) throw new Error(`pgbench printed no tps:\n${output}`);
  return Number(match[1]);
}

export function runPgbench(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('pgbench', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`pgbench ${args[0]} exited with ${String(code)}:\n${output}`))));
  });
}
