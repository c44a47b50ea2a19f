// Counting the server's round trips to PostgreSQL during a scenario (see round-trips-on-signal.ts).
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { RunningServer } from './processes';
import type { CountsOnSignal } from './round-trips-on-signal';

/** What requests sent, and apart what was sent outside any request (the webhook worker's polls, the jobs). */
export type DriverCounts = CountsOnSignal;

/** Where servers started with roundTripNodeOptions() write their counts, one folder per bench run. */
const directory = mkdtempSync(join(tmpdir(), 'bench-round-trips-'));
process.once('exit', () => rmSync(directory, { recursive: true, force: true }));

/** Node options (and environment) for a server that counts its round trips and answers the signal. */
export function roundTripNodeOptions(): { nodeOptions: string[]; env: Record<string, string> } {
  return { nodeOptions: ['--require', join(__dirname, 'round-trips-on-signal.js')], env: { BENCH_ROUND_TRIPS_DIR: directory } };
}

/** The server's counts so far (they only grow; subtract two readings). */
export async function readDriverCounts(server: RunningServer): Promise<DriverCounts> {
  const file = join(directory, `round-trips-${server.process.pid}.json`);
  rmSync(file, { force: true });
  server.process.kill('SIGURG');
  for (let waited = 0; waited < 5_000; waited += 20) {
    if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as DriverCounts;
    await sleep(20);
  }
  throw new Error(`the server wrote no round-trip count to ${file}: was it started with roundTripNodeOptions()?`);
}

/** Round trips and statements per request between two readings, what requests sent and the background's apart. */
export function perRequest(before: DriverCounts, after: DriverCounts, requests: number): DriverCounts {
  return {
    roundTrips: (after.roundTrips - before.roundTrips) / requests,
    statements: (after.statements - before.statements) / requests,
    background: {
      roundTrips: (after.background.roundTrips - before.background.roundTrips) / requests,
      statements: (after.background.statements - before.background.statements) / requests,
    },
  };
}
