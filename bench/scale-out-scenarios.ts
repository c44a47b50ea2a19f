import { ApiClient } from '../test/support/api-client';
import { accountOwner } from '../test/support/factories';
import { pgBouncerBinary, startThrowawayPgBouncer, ThrowawayPgBouncer } from '../test/support/throwaway-services';
import { alternate, bestRate, createTransaction, describeRoundRatios, READ_CONNECTIONS, WRITE_CONNECTIONS } from './scenarios';
import { createBenchDatabase } from './support/databases';
import { bearer, LoadRequest, runLoad } from './support/load';
import { projectServer, RunningServer, startServer, stopServer } from './support/processes';
import { Comparison, log } from './support/report';
import { BenchSettings } from './support/settings';

const DIRECT_PORT = 3923;
const POOLED_PORT = 3924;
/** Transactions the member reads by id, one after the other. */
const READ_SET = 200;

/**
 * Contract section 17: the service through Debian's PgBouncer in transaction
 * mode (its statements then run unnamed) beside the same build connected
 * directly, both up at once on one database, runs alternating: a member's
 * GET /v1/transactions/{id} (50 connections) and POST /v1/transactions with
 * fresh Idempotency-Keys (16 connections). No target: the ratio is what an
 * operator pays for the pooler (one more hop, and a parse per statement).
 */
export async function pgBouncerVsDirect(label: string, settings: BenchSettings): Promise<Comparison[]> {
  const binary = pgBouncerBinary();
  if (binary === null) {
    log('  pgbouncer is not installed: skipped');
    return [];
  }
  const database = await createBenchDatabase('postgres', settings.postgresServerUrl);
  const direct = new URL(database.url);
  let pgbouncer: ThrowawayPgBouncer | null = null;
  const servers: RunningServer[] = [];
  try {
    pgbouncer = await startThrowawayPgBouncer(binary, { host: direct.hostname, port: Number(direct.port || 5432) }, { poolSize: 20 });
    servers.push(await startServer(projectServer(database.url, { port: DIRECT_PORT })));
    servers.push(await startServer(projectServer(pgbouncer.url(direct.pathname.slice(1)), { port: POOLED_PORT })));
    const [directServer, pooledServer] = servers;
    const owner = await accountOwner(new ApiClient(directServer.baseUrl));
    const ids: string[] = [];
    for (let index = 0; index < READ_SET; index += 1) {
      const created = await new ApiClient(directServer.baseUrl).post('/v1/transactions', { type: 'credit', amount: 100 + index, currency: 'EUR' }, { token: owner.token });
      ids.push(created.body.id);
    }
    let next = 0;
    const readById = (): LoadRequest => ({ method: 'GET', path: `/v1/transactions/${ids[(next += 1) % ids.length]}`, headers: bearer(owner.token) });

    log('  GET /v1/transactions/{id}: direct, then through PgBouncer...');
    const reads = await alternate(
      settings.rounds,
      () => runLoad({ baseUrl: directServer.baseUrl, connections: READ_CONNECTIONS, seconds: settings.runSeconds, next: readById }),
      () => runLoad({ baseUrl: pooledServer.baseUrl, connections: READ_CONNECTIONS, seconds: settings.runSeconds, next: readById }),
    );
    log(`    ${describeRoundRatios(reads, (a, p) => p.requestsPerSecond / a.requestsPerSecond)}`);
    log('  POST /v1/transactions: direct, then through PgBouncer...');
    const writes = await alternate(
      settings.rounds,
      () => runLoad({ baseUrl: directServer.baseUrl, connections: WRITE_CONNECTIONS, seconds: settings.runSeconds, next: createTransaction(owner.token, 'direct') }),
      () => runLoad({ baseUrl: pooledServer.baseUrl, connections: WRITE_CONNECTIONS, seconds: settings.runSeconds, next: createTransaction(owner.token, 'pooled') }),
    );
    log(`    ${describeRoundRatios(writes, (a, p) => p.requestsPerSecond / a.requestsPerSecond)}`);
    const failures = [...reads.anchor, ...reads.project, ...writes.anchor, ...writes.project].reduce((sum, run) => sum + run.failures, 0);
    const row = (scenario: string, project: number, anchor: number): Comparison => ({
      database: label,
      scenario,
      unit: 'req/s',
      project,
      anchor,
      ratioOf: 'project / anchor',
      judged: 'ratio',
      target: null,
      note: failures > 0 ? `${failures} FAILED requests` : 'project: through PgBouncer 1.18, transaction mode; anchor: direct',
    });
    return [
      row(`GET /v1/transactions/{id} through PgBouncer vs direct, ${READ_CONNECTIONS} conns`, bestRate(reads.project), bestRate(reads.anchor)),
      row(`POST /v1/transactions through PgBouncer vs direct, ${WRITE_CONNECTIONS} conns`, bestRate(writes.project), bestRate(writes.anchor)),
    ];
  } finally {
    for (const server of servers) await stopServer(server);
    await pgbouncer?.destroy();
    await database.drop();
  }
}
