import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';

const REPORTER = join(process.cwd(), 'scripts', 'test-reporter.js');

const FIXTURE = `
const assert = require('node:assert/strict');
const { describe, it } = require('node:test');
describe('a suite', () => {
  it('passes', () => {});
  it('fails', () => assert.equal(1, 2));
  it('is skipped', { skip: 'not here' }, () => {});
});
`;

/** Runs Node's test runner on the fixture with the reporter `npm test` prints with. */
function run(dir: string, env: Record<string, string>): string {
  // Without the marker of the runner this test runs under, or the inner run reports to it instead.
  const { NODE_TEST_CONTEXT: _outer, ...outer } = process.env;
  const result = spawnSync(process.execPath, ['--test', `--test-reporter=${REPORTER}`, join(dir, 'fixture.test.js')], {
    cwd: dir,
    env: { ...outer, NO_COLOR: '1', TEST_BUILD_OUT: dir, TEST_COUNTS_FILE: join(dir, 'counts.json'), ...env },
    encoding: 'utf8',
  });
  return result.stdout;
}

describe("npm test's terminal report (scripts/test-reporter.js)", () => {
  it('prints a line per test with a running count against the previous run, the failures in full and the slowest files', () => {
    const dir = mkdtempSync(join(tmpdir(), 'reporter-'));
    try {
      writeFileSync(join(dir, 'fixture.test.js'), FIXTURE);
      const first = run(dir, { TEST_EXPECTED_TOTAL: '0' });
      assert.match(first, /^\[1\] ✔ a suite › passes \(\d+ ms\)$/m);
      assert.match(first, /^\[2\] ✖ a suite › fails \(\d+ ms\) fixture\.test\.ts$/m);
      assert.match(first, /^\[3\] - a suite › is skipped \(skipped: not here\)$/m);
      assert.match(first, /Failed tests:\n\n✖ a suite › fails fixture\.test\.ts\n {2}AssertionError \[ERR_ASSERTION\]/);
      assert.deepEqual(JSON.parse(readFileSync(join(dir, 'counts.json'), 'utf8')), { 'fixture.test.ts': 3 });
      const second = run(dir, { TEST_EXPECTED_TOTAL: '3' });
      assert.match(second, /^\[3\/3\] - a suite › is skipped/m);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
