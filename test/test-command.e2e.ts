import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { freeLoopbackPort } from './support/test-app';

const ROOT = process.cwd();

interface Run {
  code: number | null;
  output: string;
  seconds: number;
}

/** Runs a command as a reader would from the repository's root, outside the runner this test runs under. */
async function run(args: string[], env: Record<string, string>): Promise<Run> {
  const { NODE_TEST_CONTEXT: _outer, TEST_DATABASE_URL: _database, ...outer } = process.env;
  const started = Date.now();
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...outer, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, output, seconds: (Date.now() - started) / 1000 };
}

/** `npm test -- readme` (scripts/test.js) with TEST_DATABASE_URL set to `url`, building nowhere it matters. */
async function testCommand(url: string): Promise<Run> {
  const buildDir = mkdtempSync(join(tmpdir(), 'test-command-'));
  try {
    return await run([join(ROOT, 'scripts', 'test.js'), 'readme'], { TEST_DATABASE_URL: url, TEST_BUILD_DIR: buildDir });
  } finally {
    rmSync(buildDir, { recursive: true, force: true });
  }
}

describe('npm test on a PostgreSQL it cannot use', () => {
  it('stops at once with one line naming the server that does not answer, and runs no test', async () => {
    const port = await freeLoopbackPort();
    const result = await testCommand(`postgres://postgres@127.0.0.1:${port}/test`);
    assert.equal(result.code, 1, result.output);
    assert.match(result.output, new RegExp(`^TEST_DATABASE_URL postgres://postgres@127\\.0\\.0\\.1:${port}/test cannot be used: connect ECONNREFUSED .*No test was run\\.$`, 'm'));
    assert.equal(result.output.trim().split('\n').length, 1, result.output);
    assert.ok(result.seconds < 10, `it took ${result.seconds} s`);
  });

  it('stops at once with one line naming the database that does not exist (on the PostgreSQL run)', { skip: process.env.TEST_DATABASE_URL ? false : 'SQLite run' }, async () => {
    const url = new URL(process.env.TEST_DATABASE_URL ?? '');
    url.pathname = `/missing_${process.pid}_${Date.now()}`;
    const result = await testCommand(url.toString());
    assert.equal(result.code, 1, result.output);
    assert.match(result.output, /cannot be used: database "missing_\d+_\d+" does not exist \((3D000|08P01)\); create it first .*No test was run\.$/m);
    assert.equal(result.output.trim().split('\n').length, 1, result.output);
    assert.ok(result.seconds < 10, `it took ${result.seconds} s`);
  });
});

describe('a test file whose before() fails and leaves a handle open (scripts/test-file-end.js)', () => {
  it('still ends within seconds of its last test, with the failure reported', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'test-file-end-'));
    try {
      writeFileSync(
        join(dir, 'fixture.test.js'),
        `const { createServer } = require('node:net');
const { before, describe, it } = require('node:test');
describe('a suite whose setup fails', () => {
  before(async () => {
    createServer().listen(0, '127.0.0.1');
    throw new Error('the database is missing');
  });
  it('never runs', () => {});
});
`,
      );
      const result = await run(['--require', join(ROOT, 'scripts', 'test-file-end.js'), '--test', '--test-reporter=tap', join(dir, 'fixture.test.js')], {});
      assert.equal(result.code, 1, result.output);
      assert.match(result.output, /the database is missing/);
      assert.match(result.output, /^# cancelled 1$/m, 'its test is reported as cancelled by the failed before()');
      assert.ok(result.seconds < 20, `it took ${result.seconds} s`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a test file that never ends (the per-file timeout of scripts/test.js)', () => {
  it('is stopped at the timeout and reported by its path, the other files running to their end', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'test-file-timeout-'));
    try {
      writeFileSync(join(dir, 'hangs.test.js'), `require('node:test').it('waits for an answer that never comes', () => new Promise(() => setInterval(() => {}, 1000)));\n`);
      writeFileSync(join(dir, 'passes.test.js'), `require('node:test').it('passes', () => {});\n`);
      const args = [
        '--require',
        join(ROOT, 'scripts', 'test-file-end.js'),
        '--test',
        '--test-timeout=3000',
        `--test-reporter=${join(ROOT, 'scripts', 'test-reporter.js')}`,
        '--test-reporter-destination=stdout',
      ];
      const result = await run([...args, join(dir, 'hangs.test.js'), join(dir, 'passes.test.js')], {});
      assert.equal(result.code, 1, result.output);
      assert.match(result.output, /✖ .*hangs\.test\.ts: test timed out after 3000ms/);
      assert.match(result.output, /✔ passes/);
      assert.ok(result.seconds < 20, `it took ${result.seconds} s`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
