#!/usr/bin/env node
// npm run dev: the server in watch mode for development. tsc recompiles src/ on every change (into dist/,
// or DEV_BUILD_DIR), and Node restarts the server when the compiled files change (node --watch). Its JSON
// log lines are shown readable through pino-pretty; everything else (npm start, production, tests) keeps
// JSON. Refuses NODE_ENV=production: a production server is `npm run build && npm run start:prod`.
'use strict';
const { spawn } = require('node:child_process');
const { existsSync } = require('node:fs');
const { join } = require('node:path');
const { createInterface } = require('node:readline');

if (process.env.NODE_ENV === 'production') {
  console.error('npm run dev is for development; in production run `npm run build && npm run start:prod` (JSON logs).');
  process.exit(2);
}

const root = join(__dirname, '..');
const outDir = process.env.DEV_BUILD_DIR || join(root, 'dist');
const tsc = spawn(
  process.execPath,
  [require.resolve('typescript/bin/tsc'), '-p', join(root, 'tsconfig.build.json'), '--watch', '--preserveWatchOutput', '--outDir', outDir, '--tsBuildInfoFile', join(outDir, '.tsbuildinfo')],
  { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
);

let server = null;
createInterface({ input: tsc.stdout }).on('line', (line) => {
  // tsc's own lines ("File change detected...", errors, "Found 0 errors") stay as they are.
  process.stdout.write(`[tsc] ${line}\n`);
  // The first successful compile starts the server; node --watch restarts it after the next ones.
  if (server === null && /Found 0 errors/.test(line)) startServer();
});

function startServer() {
  const main = join(outDir, 'main.js');
  if (!existsSync(main)) throw new Error(`${main} was not written`);
  // A build outside the repository (DEV_BUILD_DIR) still finds its packages.
  const env = { ...process.env, NODE_PATH: join(root, 'node_modules') };
  server = spawn(process.execPath, ['--watch', '--watch-preserve-output', main], { cwd: process.cwd(), stdio: ['ignore', 'pipe', 'inherit'], env });
  // pino-pretty is a development dependency: required here only, never by the server itself.
  const pretty = require('pino-pretty')({ colorize: process.stdout.isTTY, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' });
  server.stdout.pipe(pretty);
  server.on('exit', (code, signal) => stop(code ?? (signal ? 1 : 0)));
}

let stopping = false;
function stop(code) {
  if (stopping) return;
  stopping = true;
  tsc.kill();
  if (server !== null && server.exitCode === null) server.kill('SIGTERM');
  process.exitCode = code;
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(0));
tsc.on('exit', (code) => stop(code ?? 0));
