#!/usr/bin/env node
// Compiles src/ and test/ with tsc, then runs the unit specs (src/**/*.spec.ts) and the
// end-to-end suites (test/**/*.e2e.ts) with Node's test runner.
//   npm test                      all tests on SQLite
//   TEST_DATABASE_URL=postgres://127.0.0.1:5432/test npm test    the end-to-end suites on PostgreSQL
//   npm test -- users auth        only files whose path contains one of the words
//   npm run openapi:write         regenerate the committed openapi.json
//   npm run bench                 the HTTP benchmark against same-run anchors (bench/http-bench.ts; its
//                                 header lists the BENCH_* settings); BENCH_QUICK=1 for a 3-minute smoke run
'use strict';
const { execFileSync, spawnSync } = require('node:child_process');
const { readdirSync, readFileSync, statSync } = require('node:fs');
const { join, relative } = require('node:path');

const root = join(__dirname, '..');
const outDir = process.env.TEST_BUILD_DIR || join(root, '.test-build');
const args = process.argv.slice(2);

// On PostgreSQL, every end-to-end file first connects to TEST_DATABASE_URL: one that cannot be reached (no
// server, a database that does not exist, a refused login) stops the run here with its reason, before
// hundreds of tests fail with it only in the TAP report.
if (process.env.TEST_DATABASE_URL && !args.includes('--bench') && !args.includes('--write-openapi')) {
  const probe = spawnSync(process.execPath, [join(__dirname, 'check-test-database.js'), process.env.TEST_DATABASE_URL], { stdio: ['ignore', 'inherit', 'pipe'], cwd: root });
  if (probe.status !== 0) {
    console.error(String(probe.stderr).trim() || `TEST_DATABASE_URL cannot be used (the check exited ${probe.status ?? probe.signal}); no test was run.`);
    process.exit(1);
  }
}

const compile = spawnSync(
  process.execPath,
  [require.resolve('typescript/bin/tsc'), '-p', join(root, 'tsconfig.json'), '--outDir', outDir, '--tsBuildInfoFile', join(outDir, '.tsbuildinfo')],
  { stdio: 'inherit', cwd: root },
);
// Type errors fail the run; TEST_IGNORE_TYPE_ERRORS=1 runs what was emitted anyway (while editing).
if (compile.status !== 0 && process.env.TEST_IGNORE_TYPE_ERRORS !== '1') process.exit(compile.status ?? 1);

// The compiled files may live outside the repository (TEST_BUILD_DIR): let them find its packages.
const env = { ...process.env, NODE_ENV: 'test', NODE_PATH: join(root, 'node_modules') };

if (args.includes('--bench')) {
  execFileSync(process.execPath, [join(outDir, 'bench', 'http-bench.js')], { stdio: 'inherit', cwd: root, env });
  process.exit(0);
}

if (args.includes('--write-openapi')) {
  execFileSync(process.execPath, [join(outDir, 'test', 'support', 'write-openapi.js')], { stdio: 'inherit', cwd: root, env });
  process.exit(0);
}

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

const filters = args.filter((arg) => !arg.startsWith('--'));
// Unit specs (*.spec.ts) never open a database: the PostgreSQL run (TEST_DATABASE_URL) leaves them to the SQLite one.
const kinds = process.env.TEST_DATABASE_URL ? ['.e2e.js'] : ['.spec.js', '.e2e.js'];
const files = [...walk(join(outDir, 'src')), ...walk(join(outDir, 'test'))]
  .filter((file) => kinds.some((kind) => file.endsWith(kind)))
  .filter((file) => filters.length === 0 || filters.some((word) => relative(outDir, file).includes(word)))
  .sort();

if (files.length === 0) {
  console.error('No test files matched.');
  process.exit(1);
}

// The terminal gets a line per test with a running count, every failure in full and the slowest files
// (scripts/test-reporter.js); the complete TAP report (every test's name and duration) goes to a file.
// TEST_REPORTER=dot (or tap, spec) prints that instead.
const reportPath = join(outDir, 'test-report.tap');
const terminalReporter = process.env.TEST_REPORTER || join(__dirname, 'test-reporter.js');
// How many tests each file held at the previous run: the running count's total, when every file is known.
const countsPath = join(outDir, 'test-counts.json');
const previousCounts = (() => {
  try {
    return JSON.parse(readFileSync(countsPath, 'utf8'));
  } catch {
    return {};
  }
})();
const countKeys = files.map((file) => relative(outDir, file).replace(/\.js$/, '.ts'));
const expectedTotal = countKeys.every((key) => key in previousCounts) ? countKeys.reduce((sum, key) => sum + previousCounts[key], 0) : 0;
const result = spawnSync(
  process.execPath,
  [
    '--enable-source-maps',
    // Each test file's process ends once its tests have (scripts/test-file-end.js), even when a failed
    // before() left a server, a pool or a Redis connection open.
    '--require',
    join(__dirname, 'test-file-end.js'),
    '--test',
    // No file waits forever: one still running after TEST_FILE_TIMEOUT_SECONDS (default 600; the slowest file takes
    // about 2 minutes on a loaded machine) is stopped and reported by its path, with 'test timed out'.
    `--test-timeout=${Number(process.env.TEST_FILE_TIMEOUT_SECONDS || 600) * 1000}`,
    `--test-concurrency=${process.env.TEST_CONCURRENCY || 2}`,
    `--test-reporter=${terminalReporter}`,
    '--test-reporter-destination=stdout',
    '--test-reporter=tap',
    `--test-reporter-destination=${reportPath}`,
    ...files,
  ],
  { stdio: 'inherit', cwd: root, env: { ...env, TEST_COUNTS_FILE: countsPath, TEST_EXPECTED_TOTAL: String(expectedTotal), TEST_BUILD_OUT: outDir } },
);
printSummary(reportPath, files.length);
process.exit(result.status ?? 1);

/** One line at the very end: how many tests passed, failed and were skipped, and where the full report is. */
function printSummary(path, fileCount) {
  let report;
  try {
    report = readFileSync(path, 'utf8');
  } catch {
    return;
  }
  const count = (name) => Number(new RegExp(`^# ${name} ([\\d.]+)$`, 'm').exec(report)?.[1] ?? 0);
  const seconds = (count('duration_ms') / 1000).toFixed(0);
  const failed = count('fail') + count('cancelled');
  const verdict = failed === 0 ? 'all passed' : `${failed} FAILED`;
  console.log(
    `\n${count('tests')} tests in ${fileCount} files: ${count('pass')} passed, ${failed} failed, ${count('skipped') + count('todo')} skipped (${verdict}, ${seconds} s). Full report: ${path.startsWith(root) ? relative(root, path) : path}`,
  );
}
