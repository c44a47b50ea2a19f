import assert from 'node:assert/strict';
import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { after, before, describe, it } from 'node:test';
import { createTestDatabase, TestDatabase } from './support/test-app';

const MAIN = join(__dirname, '..', 'src', 'main.js');

/** The service as `npm start` runs it: its own process, configured by environment variables. */
describe('the server process', () => {
  let database: TestDatabase;
  let server: ChildProcess;
  let baseUrl: string;
  const lines: Record<string, unknown>[] = [];

  before(async () => {
    database = await createTestDatabase();
    server = spawn(process.execPath, [MAIN], {
      env: { ...process.env, PORT: '0', DATABASE_URL: database.url, JWT_SECRET: 'process-test-secret-of-32-bytes-at-least', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const listening = new Promise<string>((resolve, reject) => {
      server.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
      createInterface({ input: server.stdout! }).on('line', (line) => {
        const entry = JSON.parse(line) as Record<string, unknown>;
        lines.push(entry);
        const address = /listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(String(entry.msg));
        if (address) resolve(address[1]);
      });
    });
    baseUrl = await listening;
  });

  after(async () => {
    if (server.exitCode === null) server.kill('SIGKILL');
    await database.drop();
  });

  it('writes one JSON line per request with the request id, route, status and duration, and no credentials', async () => {
    const secret = 'eyJhbGciOiJIUzI1NiJ9.c2VjcmV0LXRva2Vu.c2lnbmF0dXJl';
    const response = await fetch(`${baseUrl}/v1/users`, { headers: { authorization: `Bearer ${secret}`, 'x-request-id': 'trace-process-1' } });
    assert.equal(response.status, 401);
    await response.arrayBuffer();
    // The line is written when the response has gone out: give the pipe a moment.
    for (let i = 0; i < 50 && !lines.some((line) => line.request_id === 'trace-process-1'); i += 1) await new Promise((r) => setTimeout(r, 20));
    const entries = lines.filter((line) => line.request_id === 'trace-process-1');
    assert.equal(entries.length, 1);
    assert.equal(entries[0].msg, 'request completed');
    assert.equal(entries[0].method, 'GET');
    assert.equal(entries[0].route, '/v1/users');
    assert.equal(entries[0].status, 401);
    assert.equal(typeof entries[0].duration_ms, 'number');
    assert.ok(!lines.some((line) => JSON.stringify(line).includes(secret)));
  });

  it('shuts down on SIGTERM, closing the server and the database', async () => {
    server.kill('SIGTERM');
    const [code, signal] = (await once(server, 'exit')) as [number | null, NodeJS.Signals | null];
    // Nest re-raises the signal once its shutdown hooks have run.
    assert.ok(code === 0 || signal === 'SIGTERM' || code === 143, `exit ${code} ${signal}`);
    await assert.rejects(fetch(`${baseUrl}/health`));
  });
});

describe('configuration at start-up', () => {
  it('refuses to start in production without a JWT_SECRET of at least 32 bytes, naming every problem', () => {
    const result = spawnSync(process.execPath, [MAIN], {
      env: { ...process.env, NODE_ENV: 'production', JWT_SECRET: 'too-short', PORT: 'not-a-port', DATABASE_URL: 'sqlite::memory:' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    assert.equal(result.status, 1);
    // One JSON line, as every line the server writes.
    assert.equal(result.stderr, '');
    const lines = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    assert.equal(lines.length, 1);
    assert.equal(lines[0].level, 60);
    assert.match(lines[0].msg, /JWT_SECRET must be at least 32 bytes/);
    assert.match(lines[0].msg, /PORT must be a whole number/);
  });
});
