import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, it } from 'node:test';
import { freeLoopbackPort } from './support/test-app';

const DEV_SCRIPT = join(process.cwd(), 'scripts', 'dev.js');

async function waitFor(done: () => boolean, what: string, output: string[], timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; output:\n${output.join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

// Its server runs on a SQLite file of its own whatever the run's database: once, in the SQLite run.
describe('npm run dev', { skip: process.env.TEST_DATABASE_URL ? 'runs on SQLite whatever the run; once is enough' : false }, () => {
  it('compiles, starts the server with readable (not JSON) logs, and restarts it when the build changes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dev-mode-'));
    const port = await freeLoopbackPort();
    const env = {
      ...process.env,
      NODE_ENV: 'development',
      DEV_BUILD_DIR: join(dir, 'build'),
      PORT: String(port),
      DATABASE_URL: `sqlite:${join(dir, 'app.db')}`,
      LOG_LEVEL: 'info',
    };
    const child = spawn(process.execPath, [DEV_SCRIPT], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const output: string[] = [];
    createInterface({ input: child.stdout }).on('line', (line) => output.push(line));
    createInterface({ input: child.stderr }).on('line', (line) => output.push(line));
    const listening = () => output.filter((line) => line.includes(`Server listening at http://127.0.0.1:${port}`)).length;
    try {
      await waitFor(() => listening() === 1, 'the first start', output);
      const line = output.find((entry) => entry.includes('Server listening at'))!;
      assert.match(line, /^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: Server listening at/);
      assert.throws(() => JSON.parse(line), 'the log line is pretty-printed, not JSON');
      assert.equal((await fetch(`http://127.0.0.1:${port}/health`)).status, 200);

      // What tsc writes when a source changes: node --watch restarts the server on it.
      const now = new Date();
      utimesSync(join(dir, 'build', 'main.js'), now, now);
      await waitFor(() => listening() === 2, 'the restart', output);
      assert.equal((await fetch(`http://127.0.0.1:${port}/health`)).status, 200);
    } finally {
      child.kill('SIGTERM');
      await once(child, 'exit');
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses NODE_ENV=production, where logs stay JSON', async () => {
    const child = spawn(process.execPath, [DEV_SCRIPT], { env: { ...process.env, NODE_ENV: 'production' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const [code] = (await once(child, 'exit')) as [number | null];
    assert.equal(code, 2);
    assert.match(stderr, /npm run dev is for development/);
  });
});
