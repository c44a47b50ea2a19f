import { ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { freeLoopbackPort } from './test-app';

/*
 * Database and Redis servers of a test's own, on free loopback ports, that the
 * test may stop, kill and start again. The shared servers (PostgreSQL on 5432,
 * Redis on 6379) are never touched.
 */

/** The folder of PostgreSQL's server binaries (initdb, pg_ctl), or null when none is installed. */
export function postgresBinaries(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((name) => existsSync(join(root, name, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length > 0 ? join(root, versions[0], 'bin') : null;
}

/** The path of redis-server, or null when it is not installed. */
export function redisServerBinary(): string | null {
  return ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((path) => existsSync(path)) ?? null;
}

export interface ThrowawayPostgres {
  port: number;
  /** postgres://postgres@127.0.0.1:<port>/<database> */
  url(database?: string): string;
  /** pg_ctl stop: `immediate` drops every connection at once, as a crash or a failover does. */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  /** pg_ctl start, once it accepts connections. */
  start(): Promise<void>;
  /** Stops the cluster if it runs and deletes its files. */
  destroy(): Promise<void>;
}

/**
 * A new PostgreSQL cluster (initdb, trust authentication) listening on a free
 * loopback port, with its socket and files in a temporary folder. PostgreSQL
 * refuses to run as root: under root, its commands run as the `postgres` user.
 */
export async function startThrowawayPostgres(bin: string): Promise<ThrowawayPostgres> {
  const port = await freeLoopbackPort();
  const dir = mkdtempSync(join(tmpdir(), 'outage-pg-'));
  const asRoot = userInfo().uid === 0;
  if (asRoot) {
    const ids = execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim();
    const group = execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim();
    chownSync(dir, Number(ids), Number(group));
  }
  const data = join(dir, 'data');
  // Asynchronous, so that the test's requests keep going while the cluster stops or starts.
  const run = async (command: string, args: string[]) => {
    const [file, fullArgs] = asRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, command), ...args]] : [join(bin, command), args];
    await promisify(execFile)(file, fullArgs, { timeout: 60_000 });
  };
  await run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50`;
  let running = false;
  const start = async () => {
    await run('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'server.log'), '-w', '-t', '60', 'start']);
    running = true;
  };
  const stop = async (mode: 'fast' | 'immediate' = 'immediate') => {
    await run('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']);
    running = false;
  };
  await start();
  return {
    port,
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    stop,
    start,
    destroy: async () => {
      if (running) await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Runs `work` with a client of the database at `url`. */
export async function withClient<T>(url: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export interface ThrowawayRedis {
  port: number;
  url: string;
  /** SIGKILL: the connections drop without a goodbye. */
  kill(): Promise<void>;
  /** Starts it again on the same port (empty). */
  start(): Promise<void>;
  destroy(): Promise<void>;
}

/** redis-server on a free loopback port, without persistence. */
export async function startThrowawayRedis(binary: string): Promise<ThrowawayRedis> {
  const port = await freeLoopbackPort();
  let child: ChildProcess | null = null;
  const start = async () => {
    const started = spawn(binary, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'inherit'] });
    child = started;
    await new Promise<void>((resolve, reject) => {
      started.once('exit', (code) => reject(new Error(`redis-server exited with ${code}`)));
      started.stdout.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('Ready to accept connections')) resolve();
      });
    });
  };
  const kill = async () => {
    const running = child;
    child = null;
    if (running === null || running.exitCode !== null || running.signalCode !== null) return;
    running.kill('SIGKILL');
    await once(running, 'exit');
  };
  await start();
  return { port, url: `redis://127.0.0.1:${port}`, kill, start, destroy: kill };
}
