#!/usr/bin/env node
// Runs a file of the production build (dist/), compiling first only when src/ changed since the last
// build: `npm run cli -- create-admin ...` starts in well under a second instead of rebuilding.
//   node scripts/run-built.js cli.js create-admin --email ...
'use strict';
const { spawnSync } = require('node:child_process');
const { existsSync, readdirSync, statSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');

const root = join(__dirname, '..');
const [entry, ...args] = process.argv.slice(2);
const built = join(root, 'dist', entry);
// Written after each successful compile (tsc leaves its own build info untouched when nothing changed).
const stamp = join(root, 'dist', '.built-at');

function newestSource(dir) {
  let newest = 0;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const stat = statSync(path);
    newest = Math.max(newest, stat.isDirectory() ? newestSource(path) : name.endsWith('.ts') ? stat.mtimeMs : 0);
  }
  return newest;
}

const inputs = [newestSource(join(root, 'src')), ...['tsconfig.json', 'tsconfig.build.json', 'package-lock.json'].map((file) => statSync(join(root, file)).mtimeMs)];
const stale = !existsSync(built) || !existsSync(stamp) || Math.max(...inputs) > statSync(stamp).mtimeMs;
if (stale) {
  process.stderr.write('Compiling src/ (changed since the last build)...\n');
  const compile = spawnSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', join(root, 'tsconfig.build.json')], { stdio: 'inherit', cwd: root });
  if (compile.status !== 0) process.exit(compile.status ?? 1);
  writeFileSync(stamp, new Date().toISOString());
}
const run = spawnSync(process.execPath, [built, ...args], { stdio: 'inherit', cwd: process.cwd() });
process.exit(run.status ?? (run.signal ? 1 : 0));
