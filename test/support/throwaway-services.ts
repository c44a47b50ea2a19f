import { ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
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
  /** The running postmaster's process id (from postmaster.pid): every server process of the cluster is its child. */
  postmasterPid(): number;
}

/**
 * A new PostgreSQL cluster (initdb, trust authentication) listening on a free
 * loopback port, with its socket and files in a temporary folder. PostgreSQL
 * refuses to run as root: under root, its commands run as the `postgres` user.
 */
export async function startThrowawayPostgres(bin: string): Promise<ThrowawayPostgres> {
  const { dir, run } = clusterFolder(bin, 'outage-pg-');
  const data = join(dir, 'data');
  await run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  return controlCluster(run, dir, data);
}

/**
 * A streaming replica of `primary`, made as an operator makes one:
 * pg_basebackup with -R (standby.signal and primary_conninfo written for it),
 * started on a free loopback port. Hot standby: it answers reads.
 */
export async function startThrowawayReplica(bin: string, primary: ThrowawayPostgres): Promise<ThrowawayPostgres> {
  const { dir, run } = clusterFolder(bin, 'replica-pg-');
  const data = join(dir, 'data');
  await run('pg_basebackup', ['-h', '127.0.0.1', '-p', String(primary.port), '-U', 'postgres', '-D', data, '-R', '-X', 'stream', '-c', 'fast', '--no-sync']);
  return controlCluster(run, dir, data);
}

export interface PrimaryWithReplica {
  primary: ThrowawayPostgres;
  replica: ThrowawayPostgres;
  /** Stops and deletes both clusters. */
  destroy(): Promise<void>;
}

/**
 * A throwaway primary holding the empty database `database`, and a streaming
 * replica of it (startThrowawayReplica). The primary is removed again when the
 * replica cannot be made.
 */
export async function startPrimaryWithReplica(bin: string, database: string): Promise<PrimaryWithReplica> {
  const primary = await startThrowawayPostgres(bin);
  try {
    await withClient(primary.url(), (client) => client.query(`CREATE DATABASE ${database}`));
    const replica = await startThrowawayReplica(bin, primary);
    return {
      primary,
      replica,
      destroy: async () => {
        // The primary's files go even when the replica's stop fails.
        await replica.destroy().finally(() => primary.destroy());
      },
    };
  } catch (error) {
    await primary.destroy();
    throw error;
  }
}

type ClusterCommand = (command: string, args: string[]) => Promise<void>;

/** A temporary folder for a cluster, and a runner of the server's commands (as `postgres` under root: PostgreSQL refuses root). */
function clusterFolder(bin: string, prefix: string): { dir: string; run: ClusterCommand } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const asRoot = userInfo().uid === 0;
  if (asRoot) {
    const ids = execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim();
    const group = execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim();
    chownSync(dir, Number(ids), Number(group));
  }
  // Asynchronous, so that the test's requests keep going while the cluster stops or starts.
  const run = async (command: string, args: string[]) => {
    const [file, fullArgs] = asRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, command), ...args]] : [join(bin, command), args];
    await promisify(execFile)(file, fullArgs, { timeout: 60_000 });
  };
  return { dir, run };
}

/** Starts the cluster in `data` on a free loopback port, with its socket in `dir`. */
async function controlCluster(run: ClusterCommand, dir: string, data: string): Promise<ThrowawayPostgres> {
  const port = await freeLoopbackPort();
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
    postmasterPid: () => Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]),
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

/** The path of Debian's pgbouncer, or null when it is not installed. */
export function pgBouncerBinary(): string | null {
  return ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer'].find((path) => existsSync(path)) ?? null;
}

export interface ThrowawayPgBouncer {
  port: number;
  /** postgres://postgres@127.0.0.1:<port>/<database>: the same database name on the target server. */
  /** As `user` (a role of the auth file; default postgres). */
  url(database: string, user?: string): string;
  destroy(): Promise<void>;
}

/**
 * PgBouncer on a free loopback port in transaction mode (what managed poolers
 * default to), in front of the PostgreSQL server at `target` (host:port): every
 * database name is passed on. Trust authentication, as the test servers have.
 * It refuses to run as root: under root it runs as the `postgres` user.
 */
export async function startThrowawayPgBouncer(
  binary: string,
  target: { host: string; port: number },
  options: { poolSize?: number; ignoreStartupParameters?: string[]; users?: string[] } = {},
): Promise<ThrowawayPgBouncer> {
  const port = await freeLoopbackPort();
  const dir = mkdtempSync(join(tmpdir(), 'pgbouncer-'));
  const config = join(dir, 'pgbouncer.ini');
  writeFileSync(join(dir, 'users.txt'), ['postgres', ...(options.users ?? [])].map((user) => `"${user}" ""\n`).join(''));
  writeFileSync(
    config,
    [
      '[databases]',
      `* = host=${target.host} port=${target.port}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${join(dir, 'users.txt')}`,
      'pool_mode = transaction',
      'max_client_conn = 1000',
      `default_pool_size = ${options.poolSize ?? 20}`,
      `ignore_startup_parameters = ${['extra_float_digits', ...(options.ignoreStartupParameters ?? [])].join(',')}`,
      `logfile = ${join(dir, 'pgbouncer.log')}`,
      'admin_users = postgres',
      '',
    ].join('\n'),
  );
  const asRoot = userInfo().uid === 0;
  if (asRoot) {
    const user = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const group = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    for (const path of [dir, config, join(dir, 'users.txt')]) chownSync(path, user, group);
  }
  const child = spawn(binary, asRoot ? ['-u', 'postgres', config] : [config], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  await waitForPort(port, child, () => stderr);
  return {
    port,
    url: (database: string, user = 'postgres') => `postgres://${user}@127.0.0.1:${port}/${database}`,
    destroy: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await once(child, 'exit');
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Until something accepts connections on the loopback `port`, or `child` exits (with what it said). */
async function waitForPort(port: number, child: ChildProcess, said: () => string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`exited before listening on ${port}: ${said()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`nothing listens on ${port} after 20 s: ${said()}`);
}

/** The path of Debian's haproxy, or null when it is not installed. */
export function haproxyBinary(): string | null {
  return ['/usr/sbin/haproxy', '/usr/bin/haproxy'].find((path) => existsSync(path)) ?? null;
}

export interface ThrowawayHaproxy {
  url: string;
  /** How many instances HAProxy's checks have found ready (its `show stat` on the admin socket). */
  serversUp(): Promise<number>;
  destroy(): Promise<void>;
}

/**
 * HAProxy on a free loopback port, balancing round robin over the instances at
 * `backends` (loopback ports), each checked on /health/ready every 300 ms and
 * taken out after two failed checks (an answer may take 5 s). A request whose connection is refused is
 * sent to another instance; one that was sent and then lost is answered 502,
 * and it is the client's to retry (with its Idempotency-Key).
 */
export async function startThrowawayHaproxy(binary: string, backends: number[]): Promise<ThrowawayHaproxy> {
  const port = await freeLoopbackPort();
  const dir = mkdtempSync(join(tmpdir(), 'haproxy-'));
  const config = join(dir, 'haproxy.cfg');
  writeFileSync(
    config,
    [
      'global',
      '  maxconn 2000',
      `  stats socket ${join(dir, 'admin.sock')}`,
      'defaults',
      '  mode http',
      '  timeout connect 1s',
      '  timeout client 30s',
      '  timeout server 30s',
      // An instance slow under load still serves; a killed one refuses the connection at once and is out after two checks.
      '  timeout check 5s',
      '  retries 3',
      '  option redispatch',
      '  retry-on conn-failure',
      'frontend api',
      `  bind 127.0.0.1:${port}`,
      '  default_backend instances',
      'backend instances',
      '  balance roundrobin',
      '  option httpchk GET /health/ready',
      ...backends.map((backend, index) => `  server instance${index + 1} 127.0.0.1:${backend} check inter 300ms fall 2 rise 2`),
      '',
    ].join('\n'),
  );
  const child = spawn(binary, ['-db', '-f', config], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  await waitForPort(port, child, () => stderr);
  return {
    url: `http://127.0.0.1:${port}`,
    serversUp: async () => {
      // CSV, one line per proxy and server: pxname,svname,...,status (the 18th field).
      const stat = await askAdminSocket(join(dir, 'admin.sock'), 'show stat');
      return stat.split('\n').filter((line) => {
        const fields = line.split(',');
        return fields[0] === 'instances' && fields[1] !== 'BACKEND' && fields[17] === 'UP';
      }).length;
    },
    destroy: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await once(child, 'exit');
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** One command to HAProxy's admin socket, and its whole answer (HAProxy closes the connection after it). */
async function askAdminSocket(path: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let answer = '';
    const socket = connect(path);
    socket.once('connect', () => socket.write(`${command}\n`));
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.once('end', () => resolve(answer));
    socket.once('error', reject);
  });
}
