#!/usr/bin/env node
// A longer campaign of the money model (test/money-model.e2e.ts): compiles src/ and test/ as scripts/test.js
// does, then runs that one file with the budget given here, and prints at the end how many sequences and
// commands (steps) passed.
//   npm run test:model -- --runs 200                        200 sequences of at most 40 commands, random seed (printed)
//   npm run test:model -- --runs 50 --steps 80 --seed 42    longer sequences, a fixed seed
//   npm run test:model -- --seed 42 --path "17:5:0" --replay-path "DAAC:qqqC"   replays a failure fast-check printed
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run test:model -- --runs 100   on PostgreSQL
// Other options: --ledger-every K (GET /v1/ledger/check every K commands; default 1), --trace (print every
// run's requests), --stats (how often each operation got each answer), --verbose (fast-check lists every failing
// sequence met while shrinking).
'use strict';
const { spawnSync } = require('node:child_process');
const { existsSync, readFileSync, rmSync } = require('node:fs');
const { join } = require('node:path');

const root = join(__dirname, '..');
const outDir = process.env.TEST_BUILD_DIR || join(root, '.test-build');

const OPTIONS = {
  '--runs': 'MODEL_RUNS',
  '--steps': 'MODEL_STEPS',
  '--seed': 'MODEL_SEED',
  '--ledger-every': 'MODEL_LEDGER_EVERY',
  '--path': 'MODEL_PATH',
  '--replay-path': 'MODEL_REPLAY_PATH',
};
const FLAGS = { '--trace': 'MODEL_TRACE', '--verbose': 'MODEL_VERBOSE', '--stats': 'MODEL_STATS' };
/** A campaign's budget unless the options (or the environment) say otherwise. */
const CAMPAIGN_DEFAULTS = { MODEL_RUNS: process.env.MODEL_RUNS || '100', MODEL_STEPS: process.env.MODEL_STEPS || '40' };

function usage(problem) {
  console.error(`${problem}\nUsage: npm run test:model -- [--runs N] [--steps M] [--seed S] [--ledger-every K] [--path P --replay-path R] [--trace] [--verbose] [--stats]`);
  process.exit(2);
}

function parse(args) {
  const settings = { ...CAMPAIGN_DEFAULTS };
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index];
    const [name, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    if (name in FLAGS) {
      settings[FLAGS[name]] = '1';
      continue;
    }
    if (!(name in OPTIONS)) usage(`Unknown option: ${arg}`);
    const value = inline ?? args[(index += 1)];
    if (value === undefined || value === '') usage(`${name} needs a value`);
    settings[OPTIONS[name]] = value;
  }
  return settings;
}

const settings = parse(process.argv.slice(2));

const compile = spawnSync(
  process.execPath,
  [require.resolve('typescript/bin/tsc'), '-p', join(root, 'tsconfig.json'), '--outDir', outDir, '--tsBuildInfoFile', join(outDir, '.tsbuildinfo')],
  { stdio: 'inherit', cwd: root },
);
// As in scripts/test.js: type errors fail the run unless TEST_IGNORE_TYPE_ERRORS=1.
if (compile.status !== 0 && process.env.TEST_IGNORE_TYPE_ERRORS !== '1') process.exit(compile.status ?? 1);

const summaryPath = join(outDir, 'money-model-summary.json');
rmSync(summaryPath, { force: true });
const env = {
  ...process.env,
  ...settings,
  NODE_ENV: 'test',
  // The compiled files may live outside the repository (TEST_BUILD_DIR): let them find its packages.
  NODE_PATH: join(root, 'node_modules'),
  MODEL_SUMMARY_FILE: summaryPath,
  TEST_BUILD_OUT: outDir,
};
const result = spawnSync(
  process.execPath,
  [
    '--enable-source-maps',
    '--test',
    `--test-reporter=${process.env.TEST_REPORTER || join(__dirname, 'test-reporter.js')}`,
    '--test-reporter-destination=stdout',
    join(outDir, 'test', 'money-model.e2e.js'),
  ],
  { stdio: 'inherit', cwd: root, env },
);

const database = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'SQLite';
if (existsSync(summaryPath)) {
  const summary = JSON.parse(readFileSync(summaryPath, 'utf8'));
  const verdict = summary.failed ? 'then a sequence FAILED (its shrunk form is above)' : 'all passed';
  console.log(`\nMoney model on ${database}: ${summary.sequences} sequences and ${summary.steps} steps (commands) passed, ${verdict}; seed ${summary.seed}, ${summary.seconds} s.`);
} else {
  console.log(`\nMoney model on ${database}: no summary was written (the test did not get to the end; see above).`);
}
process.exit(result.status ?? 1);
