import { existsSync } from 'node:fs';
import nodeModule from 'node:module';

// Node 22.1+ keeps compiled code between starts (most of start-up is compiling modules); older Nodes lack it.
(nodeModule as { enableCompileCache?: () => unknown }).enableCompileCache?.();

import { AppConfig, ConfigValidationError } from './config/app-config';
import { createApp } from './app.factory';

async function main(): Promise<void> {
  if (existsSync('.env')) process.loadEnvFile('.env');
  const config = new AppConfig(process.env);
  const { app } = await createApp(config);
  // On SIGTERM (and the other default signals): the jobs stop and finish what they do, the server answers the
  // requests it accepted, then the database closes; process.exit flushes the asynchronous log at the end.
  app.enableShutdownHooks([], { useProcessExit: true });
  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  // Before the logger exists, configuration problems go to stderr, all at once.
  process.stderr.write(`${error instanceof ConfigValidationError ? error.message : String((error as Error)?.stack ?? error)}\n`);
  process.exit(1);
});
