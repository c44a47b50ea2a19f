// The terminal report of `npm test` (scripts/test.js): one line per test as it finishes, with a running
// count ("[123/848] ✔ suite › test (12 ms)"), every failure in full at the end, then the slowest files.
// The total is what the same files held at the previous run (kept in TEST_COUNTS_FILE); on a first run,
// or when files are new, the count runs without it. The TAP file beside it stays the complete record.
'use strict';
const { readFileSync, writeFileSync } = require('node:fs');
const { relative } = require('node:path');
const { inspect } = require('node:util');

const SLOWEST_FILES = 8;
const color = process.stdout.isTTY && !process.env.NO_COLOR;
const paint = (code, text) => (color ? `\x1b[${code}m${text}\x1b[0m` : text);
const green = (text) => paint(32, text);
const red = (text) => paint(31, text);
const dim = (text) => paint(90, text);

module.exports = async function* specWithCount(source) {
  const countsFile = process.env.TEST_COUNTS_FILE;
  const buildDir = process.env.TEST_BUILD_OUT ?? process.cwd();
  const previous = readCounts(countsFile);
  const expected = Number(process.env.TEST_EXPECTED_TOTAL || 0);
  const perFile = new Map();
  const fileDurations = new Map();
  const failures = [];
  /** The names of the suites around a test that is running, per file and depth. */
  const suites = new Map();
  let done = 0;
  const total = () => (expected > 0 ? `/${Math.max(expected, done)}` : '');
  // Events name the compiled file, or the source it maps to: either way, the source's path.
  const display = (file) => (file ? relative(file.startsWith(buildDir) ? buildDir : process.cwd(), file).replace(/\.js$/, '.ts') : '');

  for await (const event of source) {
    const data = event.data ?? {};
    const isFile = data.file !== undefined && data.name === data.file;
    if (event.type === 'test:start' && !isFile) {
      const path = suites.get(data.file) ?? [];
      path.length = data.nesting;
      path.push(data.name);
      suites.set(data.file, path);
      continue;
    }
    if (event.type === 'test:complete' && isFile) {
      fileDurations.set(data.file, data.details?.duration_ms ?? 0);
      continue;
    }
    // A file fails by itself when it was stopped (the per-file timeout) or its process died outside a test.
    if (event.type === 'test:fail' && isFile) {
      failures.push({ name: 'the whole file', file: display(data.file), error: data.details?.error });
      yield `${red(`✖ ${display(data.file)}: ${data.details?.error?.message ?? 'failed'}`)}\n`;
      continue;
    }
    if (event.type === 'test:stdout' && /^# /.test(data.message ?? '')) {
      yield dim(data.message.endsWith('\n') ? data.message : `${data.message}\n`);
      continue;
    }
    if ((event.type !== 'test:pass' && event.type !== 'test:fail') || isFile) continue;
    // Suites are reported after their tests; a suite that fails by itself (a hook) is still shown.
    const suite = data.details?.type === 'suite';
    const failed = event.type === 'test:fail';
    if (suite && !(failed && data.details?.error?.failureType !== 'subtestsFailed')) continue;
    const name = [...(suites.get(data.file) ?? []).slice(0, data.nesting), data.name].join(' › ');
    const ms = `${Math.round(data.details?.duration_ms ?? 0)} ms`;
    if (!suite) {
      done += 1;
      perFile.set(display(data.file), (perFile.get(display(data.file)) ?? 0) + 1);
    }
    const counter = dim(`[${done}${total()}]`);
    if (data.skip !== undefined || data.todo !== undefined) {
      yield `${counter} ${dim(`- ${name} (${data.skip !== undefined ? 'skipped' : 'todo'}${typeof (data.skip ?? data.todo) === 'string' ? `: ${data.skip ?? data.todo}` : ''})`)}\n`;
    } else if (failed) {
      failures.push({ name, file: display(data.file), error: data.details?.error });
      yield `${counter} ${red(`✖ ${name}`)} ${dim(`(${ms}) ${display(data.file)}`)}\n`;
    } else {
      yield `${counter} ${green('✔')} ${name} ${dim(`(${ms})`)}\n`;
    }
  }

  if (failures.length > 0) {
    yield `\n${red('Failed tests:')}\n`;
    for (const failure of failures) {
      yield `\n${red(`✖ ${failure.name}`)} ${dim(failure.file)}\n${indent(describeError(failure.error))}\n`;
    }
  }
  const slowest = [...fileDurations.entries()].sort(([, a], [, b]) => b - a).slice(0, SLOWEST_FILES);
  if (slowest.length > 1) {
    yield `\nSlowest files:\n${slowest.map(([file, ms]) => `  ${(ms / 1000).toFixed(1).padStart(6)} s  ${display(file)}`).join('\n')}\n`;
  }
  if (countsFile)
    writeFileSync(
      countsFile,
      JSON.stringify({ ...previous, ...Object.fromEntries([...fileDurations.keys()].map((file) => [display(file), perFile.get(display(file)) ?? 0])) }, null, 1),
    );
};

function readCounts(path) {
  if (!path) return {};
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return {};
  }
}

/** The assertion or error inside the runner's wrapper, as the built-in reporters show it. */
function describeError(error) {
  if (error === undefined) return '';
  const cause = error.failureType === 'testCodeFailure' && error.cause !== undefined ? error.cause : error;
  return inspect(cause, { colors: color, depth: 4 });
}

function indent(text) {
  return text
    .split('\n')
    .map((line) => `  ${line}`)
    .join('\n');
}
