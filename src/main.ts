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
  app.enableShutdownHooks();
  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  // Before the logger exists, configuration problems go to stderr, all at once.
  process.stderr.write(`${error instanceof ConfigValidationError ? error.message : String((error as Error)?.stack ?? error)}\n`);
  process.exit(1);
});
