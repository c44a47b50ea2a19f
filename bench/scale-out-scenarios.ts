import { performance } from 'node:perf_hooks';
import { DEMO_PASSWORD } from '../src/seed/demo-options';
import { ApiClient } from '../test/support/api-client';
import { startBalancedInstances } from '../test/support/balanced-instances';
import { accountOwner, login } from '../test/support/factories';
import {
  haproxyBinary,
  pgBouncerBinary,
  postgresBinaries,
  PrimaryWithReplica,
  startPrimaryWithReplica,
  startThrowawayPgBouncer,
  ThrowawayPgBouncer,
} from '../test/support/throwaway-services';
import { alternate, bestRate, createTransaction, describeRoundRatios, describeRuns, MEMBER_EMAIL, PAGE_SIZE, READ_CONNECTIONS, WRITE_CONNECTIONS } from './scenarios';
import { createBenchDatabase, seedDemoData } from './support/databases';
import { bearer, LoadRequest, LoadResult, roundRobin, runLoad } from './support/load';
import { ADMIN, PORT_BASE, projectServer, RunningServer, startServer, stopServer, treeCpuTicks } from './support/processes';
import { Comparison, log } from './support/report';
import { BenchSettings } from './support/settings';

const DIRECT_PORT = PORT_BASE + 6;
const POOLED_PORT = PORT_BASE + 7;
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

/** A list run through HAProxy, and how the PostgreSQL processes' CPU time split between the clusters meanwhile. */
interface ListRun {
  load: LoadResult;
  /** Of the CPU time of both clusters' processes during the run, the primary's share (0..1). */
  primaryShare: number;
  primarySeconds: number;
  replicaSeconds: number;
}

/** USER_HZ, the unit of /proc/<pid>/stat's times: 100 on every Linux architecture the bench runs on. */
const CLOCK_TICKS_PER_SECOND = 100;
const INSTANCES = 3;
/** The service's database is called so on the throwaway clusters. */
const DATABASE = 'app';

/**
 * Contract section 17: list reads through a real HAProxy in front of three
 * instances, on a throwaway primary with a streaming replica made by
 * pg_basebackup (both on free ports, seeded small through the primary). Runs
 * alternate: the instances started without DATABASE_REPLICA_URL (the anchor),
 * then restarted with it (the project), each run after a warm-up. The load, 50
 * connections, goes round the admin's and a member's GET /v1/transactions and
 * GET /v1/payments (limit 20). Beside req/s and p99: the primary's share of the
 * CPU time both clusters' processes used during the run, read from /proc (all
 * children of each postmaster). No target: on one 2-core machine the replica
 * takes its CPU from the same cores as the primary, so the req/s gain is
 * bounded; the point is the work that leaves the primary.
 */
export async function listsWithReplica(label: string, settings: BenchSettings): Promise<Comparison[]> {
  const bin = postgresBinaries();
  const haproxy = haproxyBinary();
  if (bin === null || haproxy === null) {
    log(`  ${bin === null ? 'no PostgreSQL server binaries' : 'haproxy is not installed'}: skipped`);
    return [];
  }
  let clusters: PrimaryWithReplica | null = null;
  try {
    clusters = await startPrimaryWithReplica(bin, DATABASE);
    const { primary, replica } = clusters;
    log(`  primary on ${primary.port}, replica on ${replica.port}; seeding small demo data through the primary...`);
    await seedDemoData(primary.url(DATABASE), 'small');

    const run = async (withReplica: boolean): Promise<ListRun> => {
      const env: Record<string, string> = { LOG_LEVEL: 'warn', ...(withReplica ? { DATABASE_REPLICA_URL: replica.url(DATABASE) } : {}) };
      // Stopped again by startBalancedInstances itself when it fails, and below when a step of the run does.
      const startedAt = performance.now();
      const instances = await startBalancedInstances(haproxy, primary.url(DATABASE), env, INSTANCES);
      const upAt = performance.now();
      try {
        if (withReplica) for (const server of instances.servers) await waitForReplicaServing(server.api);
        const next = await listRequests(instances.api);
        await runLoad({ baseUrl: instances.api.baseUrl, connections: READ_CONNECTIONS, seconds: settings.warmupSeconds, next });
        const before = [treeCpuTicks(primary.postmasterPid()), treeCpuTicks(replica.postmasterPid())];
        const refused = new Map<number, number>();
        const onResponse = (status: number) => {
          if (status < 200 || status > 299) refused.set(status, (refused.get(status) ?? 0) + 1);
        };
        const load = await runLoad({ baseUrl: instances.api.baseUrl, connections: READ_CONNECTIONS, seconds: settings.runSeconds, next, onResponse });
        const [primaryTicks, replicaTicks] = [treeCpuTicks(primary.postmasterPid()) - before[0], treeCpuTicks(replica.postmasterPid()) - before[1]];
        log(
          `    ${withReplica ? 'with the replica' : 'without'}: ${load.requestsPerSecond.toFixed(0)} req/s, p99 ${load.p99Ms} ms, ${load.failures} failed${[...refused].map(([status, count]) => ` (${count} x ${status})`).join('')}; ` +
            `instances up behind HAProxy in ${((upAt - startedAt) / 1000).toFixed(1)} s`,
        );
        return {
          load,
          primaryShare: primaryTicks / (primaryTicks + replicaTicks),
          primarySeconds: primaryTicks / CLOCK_TICKS_PER_SECOND,
          replicaSeconds: replicaTicks / CLOCK_TICKS_PER_SECOND,
        };
      } finally {
        const stoppingAt = performance.now();
        await instances.stop();
        log(`      stopped in ${((performance.now() - stoppingAt) / 1000).toFixed(1)} s`);
      }
    };

    log(`  lists through HAProxy, ${INSTANCES} instances, ${READ_CONNECTIONS} conns: without the replica, then with it...`);
    const sides = await alternate(
      settings.rounds,
      () => run(false),
      () => run(true),
    );
    const loads = { anchor: sides.anchor.map((side) => side.load), project: sides.project.map((side) => side.load) };
    log(describeRuns('    without', loads.anchor));
    log(describeRuns('    with the replica', loads.project));
    log(describeRoundRatios(loads, (without, withReplica) => withReplica.requestsPerSecond / without.requestsPerSecond));
    const describeCpu = (runs: ListRun[]) => runs.map((one) => `primary ${one.primarySeconds.toFixed(2)} s, replica ${one.replicaSeconds.toFixed(2)} s`).join(' | ');
    log(`    CPU without: ${describeCpu(sides.anchor)}`);
    log(`    CPU with the replica: ${describeCpu(sides.project)}`);

    const failures = [...loads.anchor, ...loads.project].reduce((sum, one) => sum + one.failures, 0);
    const requests = [...loads.anchor, ...loads.project].reduce((sum, one) => sum + one.requests, 0);
    const failed = `${failures} of ${requests} requests failed (errors or non-2xx)`;
    const note = failures > 0 ? `${failed}: figures suspect` : `${failed}; project: DATABASE_REPLICA_URL set; anchor: unset`;
    const meanShare = (runs: ListRun[]) => (100 * runs.reduce((sum, one) => sum + one.primaryShare, 0)) / runs.length;
    const lists = `lists (admin's and member's transactions and payments, limit ${PAGE_SIZE}) via HAProxy, ${INSTANCES} instances, ${READ_CONNECTIONS} conns`;
    const row = (scenario: string, unit: string, project: number, anchor: number, rowNote: string): Comparison => ({
      database: label,
      scenario,
      unit,
      project,
      anchor,
      ratioOf: 'project / anchor',
      judged: 'ratio',
      target: null,
      note: rowNote,
    });
    return [
      row(`${lists}, with replica vs without`, 'req/s', bestRate(loads.project), bestRate(loads.anchor), note),
      row(
        `p99 of ${lists}, with replica vs without`,
        'ms',
        Math.min(...loads.project.map((one) => one.p99Ms)),
        Math.min(...loads.anchor.map((one) => one.p99Ms)),
        'best run of each side',
      ),
      row(
        `primary's share of both clusters' CPU during those runs, with replica vs without`,
        '%',
        meanShare(sides.project),
        meanShare(sides.anchor),
        'user + system time of every process of each cluster (/proc), mean over the runs of each side',
      ),
    ];
  } finally {
    await clusters?.destroy();
  }
}

/** Until the instance's readiness says the replica serves reads (it is probed every 250 ms). */
async function waitForReplicaServing(api: ApiClient): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const ready = await api.get<{ checks: { replica: string } }>('/health/ready');
    if (ready.status === 200 && ready.body.checks.replica === 'ok') return;
    if (Date.now() > deadline) throw new Error(`the replica does not serve ${api.baseUrl}: ${JSON.stringify(ready.body)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The admin's and a demo member's lists, in turn; each is checked once to answer a full page. */
async function listRequests(api: ApiClient): Promise<() => LoadRequest> {
  const admin = await login(api, ADMIN.email, ADMIN.password);
  const member = await login(api, MEMBER_EMAIL, DEMO_PASSWORD);
  const requests = [admin, member].flatMap((user) =>
    ['transactions', 'payments'].map((list): LoadRequest => ({ method: 'GET', path: `/v1/${list}?limit=${PAGE_SIZE}`, headers: bearer(user.token) })),
  );
  for (const request of requests) {
    const page = await api.get<{ data: unknown[] }>(request.path, { headers: request.headers });
    if (page.status !== 200 || page.body.data.length < PAGE_SIZE) throw new Error(`${request.path} answers ${page.status} with ${JSON.stringify(page.body).slice(0, 200)}`);
  }
  return roundRobin(requests.map((request) => () => request));
}
