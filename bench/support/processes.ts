// The measured HTTP servers run as processes of their own, so that the load generator (this
// process) never shares an event loop with them.
import { ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * The bench's ports are BENCH_PORT_BASE (default 3917) and the few after it: two checkouts on one machine
 * bench at the same time with bases apart (a server found already answering stops the run).
 */
export const PORT_BASE = Number(process.env.BENCH_PORT_BASE || 3917);
export const PROJECT_PORT = PORT_BASE;
export const BARE_APP_PORT = PORT_BASE + 1;
/** The read's same-work anchor (bench/anchors/same-work-read.ts). */
export const SAME_WORK_PORT = PORT_BASE + 2;
/** The same build with its EventLog recording nothing (bench/anchors/events-off-server.ts). */
export const EVENTS_OFF_PORT = PORT_BASE + 3;
/** The webhook receiver (bench/support/webhook-receiver.ts). */
export const RECEIVER_PORT = PORT_BASE + 4;
/** The service in the events' figures. */
export const EVENTS_PORT = PORT_BASE + 5;
/** The second service of the statements' figures (many open requests), beside the one on PROJECT_PORT. */
export const STATEMENTS_PORT = PORT_BASE + 6;
/** The service measured against the same work (issue 35), apart from the fixture server; the pace scenario, run at another time, uses it too. */
export const SAME_WORK_PROJECT_PORT = PORT_BASE + 7;
export const ADMIN = { email: 'bench-admin@example.com', password: 'the benchmark admin password 1' };

/** A readiness poll this often: start-up times are a few hundred milliseconds, so 10 ms is fine grain. */
const POLL_INTERVAL_MS = 10;
const READY_TIMEOUT_MS = 60_000;

export interface RunningServer {
  process: ChildProcess;
  baseUrl: string;
  /** From spawn to the first 200 of the readiness path. */
  startupMs: number;
}

interface ServerSpec {
  script: string;
  port: number;
  readyPath: string;
  env: NodeJS.ProcessEnv;
  nodeOptions?: string[];
}

export interface ProjectServerOptions {
  nodeOptions?: string[];
  /** The build's output folder (default: the one being measured, see serverDist). */
  dist?: string;
  port?: number;
  /** Set on top of the bench's own (say, WEBHOOK_ALLOW_HTTP). */
  env?: NodeJS.ProcessEnv;
}

/** BENCH_SERVER_DIST runs another build (say, the one before a change) against the same anchors. */
export function serverDist(): string {
  return resolve(process.env.BENCH_SERVER_DIST ?? 'dist');
}

/** The service as `npm run start:prod` runs it (dist/main.js), with limits off and little logging. */
export function projectServer(databaseUrl: string, options: ProjectServerOptions = {}): ServerSpec {
  const { nodeOptions = [], dist = serverDist(), port = PROJECT_PORT, env = {} } = options;
  return {
    script: join(dist, 'main.js'),
    port,
    readyPath: '/health/ready',
    nodeOptions,
    env: {
      DATABASE_URL: databaseUrl,
      JWT_SECRET: 'benchmark-secret-of-at-least-32-bytes!!',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '0',
      LOGIN_PER_MINUTE: '0',
      SIGNUP_PER_MINUTE: '0',
      LOGIN_MAX_FAILURES: '0',
      ...env,
    },
  };
}

/**
 * The same build with events off (bench/anchors/events-off-server.ts): its EventLog records
 * nothing; otherwise started, configured and run as projectServer runs dist/main.js.
 */
export function eventsOffServer(databaseUrl: string, options: ProjectServerOptions = {}): ServerSpec {
  const { dist = serverDist(), port = EVENTS_OFF_PORT } = options;
  const spec = projectServer(databaseUrl, { ...options, dist, port });
  return { ...spec, script: join(__dirname, '..', 'anchors', 'events-off-server.js'), env: { ...spec.env, EVENTS_OFF_DIST: dist } };
}

/** The anchor: NestJS on Fastify with one JSON route and nothing else (bench/anchors/bare-nest-app.ts). */
export function bareNestApp(): ServerSpec {
  return {
    script: join(__dirname, '..', 'anchors', 'bare-nest-app.js'),
    port: BARE_APP_PORT,
    readyPath: '/ping',
    env: {},
  };
}

/**
 * The read's same-work anchor (bench/anchors/same-work-read.ts): the work of a member's GET /v1/transactions/{id}
 * with no framework, on the service's database with the service's JWT_SECRET.
 */
export function sameWorkRead(databaseUrl: string): ServerSpec {
  const { env } = projectServer(databaseUrl);
  return {
    script: join(__dirname, '..', 'anchors', 'same-work-read.js'),
    port: SAME_WORK_PORT,
    readyPath: '/ping',
    env: { DATABASE_URL: env.DATABASE_URL, JWT_SECRET: env.JWT_SECRET },
  };
}

export async function startServer(spec: ServerSpec): Promise<RunningServer> {
  const baseUrl = `http://127.0.0.1:${spec.port}`;
  // Other checkouts on this machine run their benches too: never take their server for ours.
  if (await answers200(`${baseUrl}${spec.readyPath}`)) throw new Error(`something already answers on port ${spec.port}: another bench running?`);
  const startedAt = performance.now();
  const child = spawn(process.execPath, [...(spec.nodeOptions ?? []), spec.script], {
    env: { ...process.env, ...spec.env, PORT: String(spec.port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let exited = false;
  child.once('exit', () => (exited = true));
  while (performance.now() - startedAt < READY_TIMEOUT_MS && !exited) {
    if (await answers200(`${baseUrl}${spec.readyPath}`)) {
      return { process: child, baseUrl, startupMs: performance.now() - startedAt };
    }
    await sleep(POLL_INTERVAL_MS);
  }
  child.kill('SIGKILL');
  throw new Error(`${spec.script} did not answer 200 on ${spec.readyPath}${exited ? ' (it exited)' : ''}`);
}

async function answers200(url: string): Promise<boolean> {
  try {
    const response = await fetch(url);
    await response.arrayBuffer();
    return response.status === 200;
  } catch {
    return false; // not listening yet
  }
}

/** SIGTERM, as an orchestrator stops it, and waits for the exit (its port is then free again). */
export async function stopServer(server: RunningServer): Promise<void> {
  if (server.process.exitCode !== null || server.process.signalCode !== null) return;
  const exited = new Promise((resolve) => server.process.once('exit', resolve));
  server.process.kill('SIGTERM');
  await exited;
}

export interface MemoryUse {
  /** Resident set size now (VmRSS), in MB (10^6 bytes, the unit of the target). */
  rssMB: number;
  /** The peak resident set size so far (VmHWM), in MB. */
  peakMB: number;
}

/** Read from /proc/<pid>/status: what the kernel charges the process, not what V8 reports. */
export function memoryUse(pid: number): MemoryUse {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string): number => {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
    if (match === null) throw new Error(`/proc/${pid}/status has no ${field}`);
    return Number(match[1]);
  };
  return { rssMB: (kib('VmRSS') * 1024) / 1e6, peakMB: (kib('VmHWM') * 1024) / 1e6 };
}

export interface FinishedCommand {
  exitCode: number | null;
  stdout: string;
  wallMs: number;
  /** The highest VmHWM read while it ran (sampled every PEAK_POLL_MS, so growth in its last moments may be missed). */
  peakMB: number;
}

const PEAK_POLL_MS = 20;

/** Runs a Node script to its end, its stdout collected, its peak resident memory sampled from /proc. */
export async function runNodeScript(script: string, args: string[], env: NodeJS.ProcessEnv): Promise<FinishedCommand> {
  const startedAt = performance.now();
  const child = spawn(process.execPath, [script, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  let peakMB = 0;
  const samplePeak = () => {
    try {
      if (child.pid !== undefined) peakMB = Math.max(peakMB, memoryUse(child.pid).peakMB);
    } catch {
      // gone between the poll and the read: the previous sample stands
    }
  };
  const timer = setInterval(samplePeak, PEAK_POLL_MS);
  const exitCode = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => resolve(code));
  }).finally(() => clearInterval(timer));
  return { exitCode, stdout, wallMs: performance.now() - startedAt, peakMB };
}

/**
 * CPU time (user + system, in clock ticks) of the process `parent` and all its
 * children now: /proc/<pid>/stat of each, plus the parent's cutime and cstime,
 * which hold what its children that already exited and were reaped used (a
 * PostgreSQL postmaster reaps its backends), so that the difference of two
 * readings counts the work of a backend that ended in between.
 */
export function treeCpuTicks(parent: number): number {
  const fieldsOf = (pid: string): string[] | null => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // The command name (field 2) is in parentheses and may hold spaces: the rest starts after the last ')'.
      return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    } catch {
      return null; // exited between the listing and the read
    }
  };
  // After the name: state (3), ppid (4), ... utime (14), stime (15), cutime (16), cstime (17).
  const at = (fields: string[], field: number) => Number(fields[field - 3]);
  const own = fieldsOf(String(parent));
  if (own === null) throw new Error(`process ${parent} is not running`);
  let ticks = at(own, 14) + at(own, 15) + at(own, 16) + at(own, 17);
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    const fields = fieldsOf(pid);
    if (fields !== null && at(fields, 4) === parent) ticks += at(fields, 14) + at(fields, 15);
  }
  return ticks;
}
