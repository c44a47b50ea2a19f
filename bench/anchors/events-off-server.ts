/**
 * Anchor for the cost of events: the service's own build, started as dist/main.js starts it,
 * except that its EventLog records nothing. EventsModule binds EventLog to EventsRepository
 * (useExisting), so replacing EventsRepository.prototype.record with a no-op before the app is
 * built leaves every write path as it is (same compiled modules, same transactions, same
 * Idempotency-Key handling) minus the events' inserts, their stream counters and the webhook
 * fan-out that recording calls. Nothing in src/ knows about this: it exists only here.
 *
 * Runs as its own process, started by bench/events-scenarios.ts: PORT and HOST as for the
 * service, and EVENTS_OFF_DIST the build to load (the one measured with events on beside it).
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type * as AppFactoryModule from '../../src/app.factory';
import type * as AppConfigModule from '../../src/config/app-config';
import type * as EventsRepositoryModule from '../../src/events/events.repository';

async function main(): Promise<void> {
  const dist = resolve(process.env.EVENTS_OFF_DIST ?? 'dist');
  // The process's V8 settings first, as dist/main.js loads them (builds older than them have none).
  const v8Flags = join(dist, 'v8-flags.js');
  if (existsSync(v8Flags)) require(v8Flags);
  // From the build being measured, not from this bench's own compilation of src/: the same files dist/main.js loads.
  const { EventsRepository } = require(join(dist, 'events', 'events.repository.js')) as typeof EventsRepositoryModule;
  const { createApp } = require(join(dist, 'app.factory.js')) as typeof AppFactoryModule;
  const { AppConfig } = require(join(dist, 'config', 'app-config.js')) as typeof AppConfigModule;

  EventsRepository.prototype.record = async function recordNothing(): Promise<void> {};
  EventsRepository.prototype.lockStreams = async function lockNothing(): Promise<void> {};

  // As src/main.ts from here on.
  if (existsSync('.env')) process.loadEnvFile('.env');
  const config = new AppConfig(process.env);
  const { app } = await createApp(config);
  app.enableShutdownHooks();
  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error instanceof Error ? error.stack : error)}\n`);
  process.exit(1);
});
