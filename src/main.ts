// First: the process's V8 settings apply before any module allocates (src/v8-flags.ts says why).
import './v8-flags';
import { existsSync } from 'node:fs';
import nodeModule from 'node:module';

// Node 22.1+ keeps compiled code between starts (most of start-up is compiling modules); older Nodes lack it.
(nodeModule as { enableCompileCache?: () => unknown }).enableCompileCache?.();

import type * as AppFactory from './app.factory';
import { AppConfig, JWT_SECRET_FILE } from './config/app-config';
import { passwordProblem } from './users/password-policy';
import { describeStartupFailure, processLogger } from './common/logging/startup-failure';

/**
 * Every line this process writes is JSON, from the first to the last: a start
 * that fails (bad configuration, a database that does not exist, pending
 * migrations with MIGRATIONS=skip, a port in use) is one `fatal` line and exit
 * code 1; so is a crash.
 */
let log = processLogger();

function fail(message: string, fields: Record<string, unknown>): never {
  log.fatal(fields, message);
  // pino flushes the stream when the process exits.
  process.exit(1);
}

process.on('uncaughtException', (error) => fail(`uncaught exception: ${error.message}`, { err: error }));
process.on('unhandledRejection', (reason) => fail(`unhandled rejection: ${reason instanceof Error ? reason.message : String(reason)}`, { err: reason }));

async function main(): Promise<void> {
  if (existsSync('.env')) process.loadEnvFile('.env');
  const config = new AppConfig(process.env, { jwtSecretFile: JWT_SECRET_FILE, adminPasswordCheck: passwordProblem });
  log = processLogger(config.logLevel);
  // Loaded once the configuration is known good: a start refused for its settings ends before the framework loads.
  const { createApp }: typeof AppFactory = await import('./app.factory.js');
  const { app } = await createApp(config);
  // On SIGTERM (and the other default signals): the jobs stop and finish what they do, the server answers the
  // requests it accepted, then the database closes; process.exit flushes the asynchronous log at the end.
  app.enableShutdownHooks([], { useProcessExit: true });
  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  const failure = describeStartupFailure(error);
  fail(failure.message, failure.fields);
});
