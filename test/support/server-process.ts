import { ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { ApiClient } from './api-client';
import type { TestDatabase } from './test-app';

const MAIN = join(__dirname, '..', '..', 'src', 'main.js');
const START_TIMEOUT_MS = 60_000;

/** One line of the server's log (JSON), or `{ raw }` for a line that is not JSON. */
export type LogLine = Record<string, unknown>;

export interface ServerProcess {
  process: ChildProcess;
  api: ApiClient;
  /** Every line the server has written to stdout so far, parsed. */
  logs: LogLine[];
  /** The first log line (already written or still to come) that `matches`; rejects after `timeoutMs`. */
  waitForLog(matches: (line: LogLine) => boolean, timeoutMs?: number): Promise<LogLine>;
  /** SIGKILL: no shutdown hook runs, as in a crash. */
  crash(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The service in a process of its own (as `npm start` runs it), once it listens: on a test database as its own role
 * (migrating as the owner, on PostgreSQL), or on a database URL as it is given.
 */
export async function startServerProcess(database: TestDatabase | string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const logins =
    typeof database === 'string'
      ? { DATABASE_URL: database }
      : { DATABASE_URL: database.runtimeUrl ?? database.url, ...(database.runtimeUrl === undefined ? {} : { DATABASE_MIGRATION_URL: database.url }) };
  const child = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      PORT: '0',
      ...logins,
      JWT_SECRET: 'process-test-secret-of-32-bytes-at-least',
      LOG_LEVEL: 'info',
      RATE_LIMIT_PER_MINUTE: '0',
      LOGIN_PER_MINUTE: '0',
      LOGIN_MAX_FAILURES: '0',
      SIGNUP_PER_MINUTE: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const logs: LogLine[] = [];
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  let timer: NodeJS.Timeout | undefined;
  const baseUrl = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    createInterface({ input: child.stdout }).on('line', (line) => {
      logs.push(parseLogLine(line));
      const address = /listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line);
      if (address) resolve(address[1]);
    });
    // On a port of the caller's, the first answer there will do: a LOG_LEVEL above info prints no "listening at".
    if (env.PORT !== undefined && env.PORT !== '0') void answering(`http://127.0.0.1:${env.PORT}`, exited).then(resolve);
    // A server that neither listens nor exits would hold its caller, and what the caller would clean up, forever.
    timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server did not listen within ${START_TIMEOUT_MS / 1000} s`));
    }, START_TIMEOUT_MS);
  }).finally(() => clearTimeout(timer));
  return {
    process: child,
    api: new ApiClient(baseUrl),
    logs,
    waitForLog: async (matches, timeoutMs = 10_000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = logs.find(matches);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no such log line within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    crash: async () => {
      if (exited()) return;
      child.kill('SIGKILL');
      await once(child, 'exit');
    },
    stop: async () => {
      if (exited()) return;
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}

/** `url` once something answers there over HTTP (any status); never settles if `gone` first. */
async function answering(url: string, gone: () => boolean): Promise<string> {
  while (!gone()) {
    const response = await fetch(`${url}/health`).catch(() => null);
    if (response !== null) {
      await response.arrayBuffer();
      return url;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return new Promise<string>(() => undefined);
}

function parseLogLine(line: string): LogLine {
  try {
    return JSON.parse(line) as LogLine;
  } catch {
    return { raw: line };
  }
}
