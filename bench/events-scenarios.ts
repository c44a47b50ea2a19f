// The events' figures (BENCH_SCENARIOS=events): POST /v1/transactions with events on vs the same
// build with its EventLog recording nothing. As elsewhere, each figure is shown beside one
// measured in the same run.
import { sql } from '../src/database/sql';
import { postsTo } from './ledger-scenarios';
import { alternate, bestRate, describeRoundRatios, describeRuns, failureNote, WRITE_CONNECTIONS } from './scenarios';
import { createBenchDatabase, seedDemoData, withDataSource } from './support/databases';
import { LoadResult } from './support/load';
import { EVENTS_PORT, eventsOffServer, projectServer, RunningServer, startServer, stopServer } from './support/processes';
import { Comparison, log } from './support/report';
import { BenchSettings, DatabaseKind } from './support/settings';

/** Both databases of the on/off figure are seeded alike: small. */
const EVENTS_SEED_SIZE = 'small';

const COUNT_EVENTS = sql`SELECT COUNT(*) AS events FROM events`;

// ---------------------------------------------------------------------------------------------
// POST /v1/transactions with events on and off
// ---------------------------------------------------------------------------------------------

/**
 * The build's POST /v1/transactions as it is (every write records transaction.created and
 * balance.updated in its transaction, and the webhook fan-out looks for endpoints, of which there
 * are none here) vs the same build with EventLog recording nothing
 * (bench/anchors/events-off-server.ts). Both servers run at once, each on its own database seeded
 * small by this build; the runs alternate, the best of each side is compared. The events tables
 * are counted before and after: the anchor must have recorded none, the service some.
 */
export async function postsWithEventsOnAndOff(label: string, settings: BenchSettings, kind: DatabaseKind): Promise<Comparison[]> {
  const on = await createBenchDatabase(kind, settings.postgresServerUrl);
  const off = await createBenchDatabase(kind, settings.postgresServerUrl);
  const servers: RunningServer[] = [];
  try {
    log(`  seeding two ${EVENTS_SEED_SIZE} databases, one per server...`);
    await seedDemoData(on.url, EVENTS_SEED_SIZE);
    await seedDemoData(off.url, EVENTS_SEED_SIZE);
    const offServer = await startServer(eventsOffServer(off.url));
    servers.push(offServer);
    const onServer = await startServer(projectServer(on.url, { port: EVENTS_PORT }));
    servers.push(onServer);
    const before = { on: await countEvents(on.url), off: await countEvents(off.url) };
    const sides = await alternate(settings.rounds, await postsTo(offServer, settings), await postsTo(onServer, settings));
    const recorded = { on: (await countEvents(on.url)) - before.on, off: (await countEvents(off.url)) - before.off };
    log(describeRuns('  POST /v1/transactions, events off', sides.anchor));
    log(describeRuns('  POST /v1/transactions, events on', sides.project));
    log(describeRoundRatios(sides, (eventsOff, eventsOn) => eventsOn.requestsPerSecond / eventsOff.requestsPerSecond));
    const writes = (results: readonly LoadResult[]) => results.reduce((sum, result) => sum + result.requests - result.failures, 0);
    log(`  events recorded meanwhile (warm-ups included): on ${recorded.on} (${writes(sides.project)} measured writes), off ${recorded.off} (${writes(sides.anchor)} measured writes)`);
    if (recorded.off !== 0) throw new Error(`the events-off server recorded ${recorded.off} events: its EventLog is not the no-op, the figure would mean nothing`);
    if (recorded.on < writes(sides.project)) throw new Error(`the events-on server recorded ${recorded.on} events for ${writes(sides.project)} writes`);
    return [
      {
        database: label,
        scenario: `POST /v1/transactions (fresh Idempotency-Key), ${WRITE_CONNECTIONS} conns, events on vs the same build with EventLog a no-op (no webhook endpoint), each on its own ${EVENTS_SEED_SIZE} seed`,
        unit: 'req/s',
        project: bestRate(sides.project),
        anchor: bestRate(sides.anchor),
        ratioOf: 'project / anchor',
        judged: 'ratio',
        target: { atLeast: 0.8 },
        note: failureNote(sides.anchor, sides.project),
      },
    ];
  } finally {
    for (const server of servers) await stopServer(server);
    await on.drop();
    await off.drop();
  }
}

async function countEvents(databaseUrl: string): Promise<number> {
  return withDataSource(databaseUrl, async (dataSource) => Number((await COUNT_EVENTS.row<{ events: number | string }>(dataSource.manager, []))?.events ?? 0));
}
