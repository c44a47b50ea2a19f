/**
 * `npm run bench`: the service measured against anchors measured in the same run, because the
 * 2-core machine is shared and absolute numbers drift by a third from one run to the next. Each
 * figure is printed with its anchor and their ratio, and the ratio is what the target judges.
 *
 * Processes: the service (dist/main.js, as `npm run start:prod` runs it), the bare NestJS app
 * (bench/anchors/bare-nest-app.ts), the raw better-sqlite3 writer (bench/anchors/sqlite-commits.ts)
 * and pgbench each run in a process of their own; this process only generates load (autocannon)
 * and reads /proc. Project and anchor runs alternate (anchor, project, anchor, project, ...) and
 * the BEST run of each side is compared: noise on a shared machine only ever makes a run worse.
 *
 * Figures (targets as ratios unless stated):
 *  - a member's GET /v1/transactions/{id}, 50 connections, vs the bare app's GET /ping:
 *    req/s >= 0.5 (PostgreSQL >= 0.3), p99 <= 2x;
 *  - p99 of those reads at 20 connections while 8 connections keep logging in, vs alone: <= 3x;
 *  - that read, and a member's GET /v1/transactions?limit=20&status=posted, vs the same work without a
 *    framework (bench/anchors/same-work-read.ts: Fastify, the HS256 check, the service's own statements
 *    prepared once, its mappers): server CPU µs per request, medians of alternating rounds, <= 1.5x
 *    (PostgreSQL <= 1.7x), with the same work's own ratio to the bare route beside it; both sides are
 *    servers started alike for these rounds (the fixture's server carries the round-trip counting preload);
 *  - POST /v1/transactions with a fresh Idempotency-Key, 16 connections, vs raw single-row
 *    commits (SQLite: better-sqlite3 in the service's WAL/synchronous mode, >= 0.35; PostgreSQL:
 *    pgbench TPC-B, 16 clients, >= 0.4); on PostgreSQL with the server's round trips and statements per
 *    request beside it (a counting preload, bench/support/round-trips-on-signal.ts), target <= 4;
 *  - PostgreSQL: a member's transfers to another test-mode account, 16 connections, vs a pure-SQL transfer
 *    between two hot accounts (bench/anchors/pure-sql-transfers.ts: two balance rows locked in order,
 *    updated, two entries, one commit; pgbench, 16 clients): req/s >= 0.5;
 *  - the admin's list, limit 20, a page 100,000 rows deep vs the first page: <= 1.2x slower;
 *  - server VmRSS (and VmHWM) after BENCH_SOAK_SECONDS of mixed load at 200 req/s: <= 200 MB;
 *  - start-up to 200 on /health/ready on a migrated database, median: <= 2 s (bare app beside it).
 * After the measured runs of the GET and of the POST, one more run of each with the server's CPU
 * profiler on gives their CPU budget per stage (bench/support/cpu-stages.ts: each profile sample goes
 * to the stage of the innermost frame that names one; the server's CPU time from /proc over that run
 * is split by those shares), printed per database as µs per request beside the bare route's CPU per
 * request and the project's own over its measured runs (no profiler).
 * The ledger's figures (bench/ledger-scenarios.ts), after those, on the same database:
 *  - `node dist/cli.js ledger-check` over the seed (large: 1,000,000 transactions), a process of its
 *    own: peak RSS (VmHWM, sampled from /proc) < 300 MB; its wall time is shown beside a plain
 *    SELECT COUNT(*), SUM(amount) FROM ledger_entries, with no target;
 *  - an owner's GET /v1/account/balances, 50 connections, for an account with 1,000,000 posted
 *    entries (50,000 when quick) vs one with 10: <= 1.2x slower; the same with ?as_of= the middle
 *    of both histories: <= 2x. Both accounts are opened through the API, their transactions are
 *    written in SQL and their ledger by the seed's writer (bench/support/ledger-history.ts), and
 *    GET /v1/ledger/check must then say ok;
 *  - POST /v1/transactions as above, this build vs BENCH_BASELINE_COMMIT (the commit before the
 *    ledger), both servers up at once, each on a database of the same kind migrated and seeded
 *    (small) by its own build: req/s ratio >= 0.8.
 * The events' figures (bench/events-scenarios.ts), on databases of their own (seeded small):
 *  - POST /v1/transactions as above with events on vs the same build with events off
 *    (bench/anchors/events-off-server.ts: EventLog bound to a no-op), both servers up at once,
 *    each on its own database: req/s ratio >= 0.8;
 *  - webhook delivery to a receiver on a loopback port (bench/support/webhook-receiver.ts, a process
 *    of its own, answering 204 at once), one platform-wide endpoint registered through the API, the
 *    server started with WEBHOOK_ALLOW_HTTP and WEBHOOK_ALLOW_PRIVATE: events delivered per second
 *    draining a backlog over 16 accounts (beside the rate they were recorded) and one account's
 *    backlog; the lag from commit to arrival (arrival minus the client reading the write's 201),
 *    p50 and p99, at 200 writes/s offered over 16 accounts and at 2 writes/s to one account; every
 *    event recorded after the endpoint's registration must arrive: missing and repeated counted
 *    (targets 0); no other target. On PostgreSQL the queue's tables are analyzed every 10 s meanwhile,
 *    standing in for autovacuum (off on the server here);
 *  - webhook pace (bench/webhook-pace-scenarios.ts; BENCH_SCENARIOS=pace runs it alone), with one instance and
 *    with three on one database, 16 accounts and one platform-wide endpoint on the receiver: events delivered
 *    per second while 16 connections write as fast as the API takes them (BENCH_SATURATION_SECONDS) vs events
 *    recorded per second, ratio >= 0.8; a backlog of 10,000 events (5,000 writes queued behind a delivery the
 *    receiver refused in each stream, then made due at once) drained at >= 2,000 events/s; missing, repeated
 *    and out-of-order arrivals counted (target 0).
 * The bank statements' figures (bench/statements-scenarios.ts), on databases of their own (seeded small, for
 * the migrations and the admin), each with an owner's account whose open bank_transfer requests are modelled on
 * three made through the API and written in SQL beside it (bench/support/open-requests.ts):
 *  - POST /v1/bank_statements, a camt.053 and an MT940 of 10,000 credits each (2,000 when quick) against as many open requests,
 *    every line paying one (the report must match them all, GET /v1/ledger/check must say ok afterwards):
 *    lines/s over the POST's wall time, beside as many single-row INSERT commits in sequence (SQLite:
 *    the raw better-sqlite3 writer; PostgreSQL: one connection), no target, since a line is at least one
 *    committed transaction; the server's VmHWM (a server started for the import; a 203-line warm-up
 *    import first) <= 300 MB;
 *  - the same import of 1,000 lines against 1,000 open requests vs against 100,000 (500 vs 20,000 when
 *    quick), each on its own database and server, topped up to its count before each import, the many
 *    side's lines paying a random sample: lines/s ratio <= 1.3 (a line costs the same however many are open).
 *
 * Environment:
 *  BENCH_QUICK=1            small seed, 2 s runs, 20 s soak: a smoke test of the whole thing
 *  BENCH_SEED_SIZE          small | medium | large (default large, 1,000,000 transactions; small when quick)
 *  BENCH_SOAK_SECONDS       length of the memory soak (default 300; 20 when quick)
 *  BENCH_RUN_SECONDS        length of one measured run (default 8; 2 when quick)
 *  BENCH_DATABASES          sqlite, postgres or sqlite,postgres. Default: SQLite always, and PostgreSQL
 *                           too when its server answers: TEST_DATABASE_URL's, or else
 *                           postgres://postgres@127.0.0.1:5432/test. A run's databases are made
 *                           for it and dropped afterwards; pgbench must be on the PATH.
 *  BENCH_PORT_BASE          the first of the bench's ports (default 3917; it uses the next seven too)
 *  BENCH_SERVER_DIST        the build of the service to measure (default dist; say, a build of the
 *                           commit before a change, for before/after figures on the same anchors)
 *  BENCH_CPU_PROFILE_DIR    keep the CPU profiles of the budget runs there (default: a scratch folder,
 *                           removed), and profile the large statement import too; its top self-time
 *                           functions are printed
 *  BENCH_SCENARIOS          http, ledger, events, statements, scale, refunds, keys, audit, pipeline, pace or a list of them
 *                           (default all but pipeline and pace; pace is the webhook pace of events alone): http is the service against its outside anchors, ledger
 *                           the ledger's figures, pipeline only the GET and the POST of http with their CPU budgets,
 *                           events the events' and webhooks', statements the bank statement imports, payouts a batch
 *                           of 10,000 payouts (its file: time and peak RSS) and the statement that pays them
 *                           (BENCH_PAYOUTS: how many; 2,000 when quick),
 *                           refunds the refunds', keys the API keys' and audit log's, audit the audit log's
 *                           checkpoints (writes with them on and off) and audit-verify over a million entries; the large seed is made
 *                           only for http and ledger; scale
 *                           (PostgreSQL): the service through PgBouncer (transaction mode) vs direct,
 *                           GET /v1/transactions/{id} and POST /v1/transactions req/s, and lists with a
 *                           read replica vs without, three instances behind HAProxy (below)
 *  BENCH_LAG_SECONDS        how long 200 writes/s are offered for the webhook lag (default 30; 10 when quick)
 *  BENCH_SATURATION_SECONDS how long the webhook pace's saturating writes last (default 10; 5 when quick)
 *  BENCH_PACE_INSTANCES     the numbers of instances the webhook pace is measured with (default 1,3)
 *  BENCH_BASELINE_COMMIT    the commit the ledger's POST figure compares with (default 2d92ae4, the
 *                           last before the ledger; none to skip). It is unpacked with git archive
 *                           into a temporary folder, given this checkout's node_modules, compiled
 *                           with its own tsconfig.build.json, and removed at the end
 *  BENCH_KEYS_BASELINE_COMMIT  the same for the keys' POST figure (default 4955c14, the integration branch
 *                           just before API keys and the audit log were merged; none to skip); built once
 *                           if it names the same commit as BENCH_BASELINE_COMMIT
 * The refunds' figures (bench/refunds-scenarios.ts), on a database of their own (unseeded):
 *  - POST /v1/payments/{id}/refunds (sandbox, refunds of 1 against one paid request, fresh
 *    Idempotency-Key), 16 connections, vs POST /v1/transactions of the same account: req/s >= 0.8;
 *  - 50 concurrent refunds against one request: ms until all are answered, and the count accepted
 *    (must be exactly those that fit), no target.
 * The API keys' and audit log's figures (bench/keys-scenarios.ts), on databases of their own:
 *  - GET /v1/transactions/{id} of one account's 100 transactions in turn, 50 connections, with an API key
 *    (made through the API by the account's owner, scope transactions:read) vs with the owner's access
 *    token, on one server (unseeded, the owner opened through the API), alternating: req/s ratio
 *    key / token >= 1.0 (a key check is one indexed lookup; an access token's a signature and the session
 *    lookup); p99 beside it, no target. With BENCH_CPU_PROFILE_DIR, one profiled run of each side afterwards;
 *  - POST /v1/transactions as above (each one writes its transaction.posted audit entry on the account's
 *    chain), this build vs BENCH_KEYS_BASELINE_COMMIT (the build before API keys and the audit log), both
 *    servers up at once, each on its own database migrated and seeded (small) by its own build, as the
 *    ledger's before/after figure: req/s ratio >= 0.9.
 * The scaling-out figures (bench/scale-out-scenarios.ts, group scale, PostgreSQL only), no targets:
 *  - the service through Debian's PgBouncer in transaction mode vs directly, both up at once on one
 *    database: a member's GET /v1/transactions/{id} (50 connections) and POST /v1/transactions
 *    (16 connections) req/s;
 *  - lists with a read replica vs without: a throwaway primary (initdb, free port) and a streaming
 *    replica of it (pg_basebackup), seeded small, three instances behind Debian's HAProxy (round
 *    robin), started without DATABASE_REPLICA_URL (anchor) and restarted with it (project), runs
 *    alternating, each after a warm-up; 50 connections going round the admin's and a member's
 *    GET /v1/transactions?limit=20 and GET /v1/payments?limit=20: req/s, p99, and the primary's
 *    share of the CPU time (user + system, /proc) of both clusters' processes during the run, which
 *    the replica should take well below 100 %. On one machine the replica competes for the same
 *    cores, so the req/s gain is bounded. Every failed request is counted in the note. The clusters,
 *    HAProxy and the instances are stopped and removed however the scenario ends.
 * Prints the tables on stdout, progress and the individual runs on stderr. Asserts nothing but that
 * the books balance (and an as_of answer adds up) before the big account is measured, and that every
 * statement line matched its request and the books balance after the imports.
 */
import { cpus, loadavg } from 'node:os';
import { ApiClient } from '../test/support/api-client';
import { login } from '../test/support/factories';
import { DEMO_PASSWORD } from '../src/seed/demo-options';
import { join } from 'node:path';
import {
  BudgetReport,
  createTransactions,
  transfersVsPureSql,
  deepPages,
  DEEP_ROWS,
  Fixture,
  MEMBER_EMAIL,
  memoryUnderSoak,
  PAGE_SIZE,
  readAgainstSameWork,
  listAgainstSameWork,
  readOneTransaction,
  readsDuringLoginStorm,
  startupTimes,
} from './scenarios';
import { profiledServer } from './support/cpu-profile';
import { formatStageBudgets } from './support/cpu-stages';
import { roundTripNodeOptions } from './support/round-trips';
import { balancesOfABigAccount, BEFORE_THE_LEDGER, ledgerCheckCommand, postsAgainstBaseline } from './ledger-scenarios';
import { postsWithEventsOnAndOff, webhookDelivery } from './events-scenarios';
import { webhookPace } from './webhook-pace-scenarios';
import { costPerLineVsOpenRequests, importOfALargeStatement } from './statements-scenarios';
import { payoutFigures } from './payouts-scenarios';
import { listsWithReplica, pgBouncerVsDirect } from './scale-out-scenarios';
import { refundFigures } from './refunds-scenarios';
import { postsWithAuditingVsBefore, readsWithKeyAndToken } from './keys-scenarios';
import { auditVerifyOverAMillion, postsWithCheckpointsOnAndOff } from './audit-scenarios';
import { BaselineBuild, buildCommit } from './support/baseline-build';
import { createBenchDatabase, deepListPosition, postgresAnswers, seedDemoData } from './support/databases';
import { ADMIN, memoryUse, projectServer, serverDist, startServer, stopServer } from './support/processes';
import { Comparison, formatTable, log } from './support/report';
import { BenchSettings, DatabaseKind, readSettings, ScenarioGroup } from './support/settings';

const MEMBER_TRANSACTIONS_READ = 100;

const LABELS: Record<DatabaseKind, string> = { sqlite: 'SQLite', postgres: 'PostgreSQL' };

async function main(): Promise<void> {
  const settings = readSettings(process.env);
  const databases = await chooseDatabases(settings);
  process.stdout.write(`${describeRun(settings, databases)}\n`);
  const baselines = await buildBaselines(settings);
  const rows: Comparison[] = [];
  try {
    for (const kind of databases) {
      const { rows: databaseRows, budgets } = await benchDatabase(kind, settings, baselines);
      process.stdout.write(`\n${LABELS[kind]}\n${formatTable(databaseRows)}`);
      if (budgets.measured.length > 0) {
        process.stdout.write(
          `\n${LABELS[kind]}: CPU budget per stage (server process, a profiled run after the measured ones)\n${formatStageBudgets(budgets.measured, budgets.anchors)}`,
        );
      }
      rows.push(...databaseRows);
    }
  } finally {
    baselines.remove();
  }
  if (databases.length > 1) process.stdout.write(`\nAll\n${formatTable(rows)}`);
}

/** The earlier builds the before/after POST figures compare with (null: not asked for), each built once for every database. */
interface Baselines {
  /** The commit before the ledger (BENCH_BASELINE_COMMIT). */
  ledger: BaselineBuild | null;
  /** The commit before API keys and the audit log (BENCH_KEYS_BASELINE_COMMIT). */
  keys: BaselineBuild | null;
  remove(): void;
}

async function buildBaselines(settings: BenchSettings): Promise<Baselines> {
  const builds = new Map<string, BaselineBuild>();
  const remove = () => builds.forEach((build) => build.remove());
  const build = async (group: 'ledger' | 'keys', commit: string | null, variable: string): Promise<BaselineBuild | null> => {
    if (!settings.scenarios.includes(group) || commit === null) return null;
    const built = builds.get(commit);
    if (built !== undefined) return built;
    log(`building ${commit} in a temporary folder (${variable}; none to skip)...`);
    const made = await buildCommit(commit);
    builds.set(commit, made);
    log(`  ${made.commit} built: ${made.dist}`);
    return made;
  };
  try {
    const ledger = await build('ledger', settings.baselineCommit, 'BENCH_BASELINE_COMMIT');
    const keys = await build('keys', settings.keysBaselineCommit, 'BENCH_KEYS_BASELINE_COMMIT');
    return { ledger, keys, remove };
  } catch (error) {
    remove();
    throw error;
  }
}

async function chooseDatabases(settings: BenchSettings): Promise<DatabaseKind[]> {
  if (settings.databases !== 'auto') return settings.databases;
  if (await postgresAnswers(settings.postgresServerUrl)) return ['sqlite', 'postgres'];
  log(`PostgreSQL does not answer at ${new URL(settings.postgresServerUrl).host}: SQLite only`);
  return ['sqlite'];
}

function describeRun(settings: BenchSettings, databases: DatabaseKind[]): string {
  const mode = settings.quick ? 'QUICK (BENCH_QUICK=1): short runs, figures rough' : 'full';
  return [
    `Benchmark, ${mode}; ${databases.map((kind) => LABELS[kind]).join(' and ')}; ${describeSeed(settings)}`,
    `Node ${process.version}, ${cpus().length} x ${cpus()[0]?.model ?? 'unknown CPU'}, load average ${loadavg()[0].toFixed(2)} at the start`,
    ...(Number(process.versions.node.split('.')[0]) < 22
      ? [
          `Node.js ${process.versions.node.split('.')[0]} is out of support: its AsyncLocalStorage costs every promise a hook call, so CPU per request reads higher than on .nvmrc's version (docs/performance.md)`,
        ]
      : []),
    `${settings.rounds} alternating rounds of ${settings.runSeconds} s per side; the money path's read, create and transfer compare the median run of each side, the rest the best run (highest req/s, lowest p99)`,
    `Scenarios: ${settings.scenarios.join(', ')}${settings.scenarios.includes('ledger') ? `; before/after the ledger against ${settings.baselineCommit ?? 'nothing (BENCH_BASELINE_COMMIT=none)'}` : ''}${settings.scenarios.includes('keys') ? `; before/after API keys and the audit log against ${settings.keysBaselineCommit ?? 'nothing (BENCH_KEYS_BASELINE_COMMIT=none)'}` : ''}`,
  ].join('\n');
}

function describeSeed(settings: BenchSettings): string {
  const own = (['events', 'statements'] as const).filter((group) => settings.scenarios.includes(group));
  const small = own.length === 0 ? '' : `the ${own.join(' and ')} databases seeded small`;
  if (!settings.scenarios.includes('http') && !settings.scenarios.includes('ledger')) return small;
  const seed = `seed size ${settings.seedSize}${settings.seedSize === 'large' ? '' : ' (the targets assume large)'}`;
  return [seed, small].filter((text) => text !== '').join(', ');
}

/** One database kind's figures: those of the shared seeded database, then the events' (their own databases). */
async function benchDatabase(kind: DatabaseKind, settings: BenchSettings, baselines: Baselines): Promise<{ rows: Comparison[]; budgets: BudgetReport }> {
  const rows: Comparison[] = [];
  const budgets: BudgetReport = { profileDir: '', projectRoot: serverDist(), measured: [], anchors: [] };
  if (['http', 'pipeline', 'ledger'].some((group) => settings.scenarios.includes(group as ScenarioGroup)))
    rows.push(...(await benchSeededDatabase(kind, settings, baselines.ledger, budgets)));
  if (settings.scenarios.includes('events')) {
    const label = LABELS[kind];
    log(`${label}: postsWithEventsOnAndOff`);
    rows.push(...(await postsWithEventsOnAndOff(label, settings, kind)));
    log(`${label}: webhookDelivery`);
    rows.push(...(await webhookDelivery(label, settings, kind)));
  }
  if (settings.scenarios.includes('events') || settings.scenarios.includes('pace')) {
    log(`${LABELS[kind]}: webhookPace`);
    rows.push(...(await webhookPace(LABELS[kind], settings, kind)));
  }
  if (settings.scenarios.includes('statements')) {
    const label = LABELS[kind];
    for (const format of ['camt.053', 'MT940'] as const) {
      log(`${label}: importOfALargeStatement (${format})`);
      rows.push(...(await importOfALargeStatement(label, settings, kind, format)));
    }
    log(`${label}: costPerLineVsOpenRequests`);
    rows.push(...(await costPerLineVsOpenRequests(label, settings, kind)));
  }
  if (settings.scenarios.includes('payouts')) {
    log(`${LABELS[kind]}: payouts, a batch of ${settings.payouts.count} and the statement that pays it...`);
    rows.push(...(await payoutFigures(LABELS[kind], settings, kind)));
  }
  if (settings.scenarios.includes('scale') && kind === 'postgres') {
    log(`${LABELS[kind]}: pgBouncerVsDirect`);
    rows.push(...(await pgBouncerVsDirect(LABELS[kind], settings)));
    log(`${LABELS[kind]}: listsWithReplica`);
    rows.push(...(await listsWithReplica(LABELS[kind], settings)));
  }
  if (settings.scenarios.includes('refunds')) {
    log(`${LABELS[kind]}: refundFigures`);
    rows.push(...(await refundFigures(LABELS[kind], settings, kind)));
  }
  if (settings.scenarios.includes('keys')) {
    log(`${LABELS[kind]}: readsWithKeyAndToken`);
    rows.push(...(await readsWithKeyAndToken(LABELS[kind], settings, kind)));
    if (baselines.keys !== null) {
      log(`${LABELS[kind]}: postsWithAuditingVsBefore`);
      rows.push(...(await postsWithAuditingVsBefore(LABELS[kind], settings, kind, baselines.keys)));
    }
  }
  if (settings.scenarios.includes('audit')) {
    log(`${LABELS[kind]}: postsWithCheckpointsOnAndOff`);
    rows.push(...(await postsWithCheckpointsOnAndOff(LABELS[kind], settings, kind)));
    log(`${LABELS[kind]}: auditVerifyOverAMillion`);
    rows.push(...(await auditVerifyOverAMillion(LABELS[kind], settings, kind)));
  }
  return { rows, budgets };
}

/**
 * The http and ledger scenarios on one fresh, seeded database. The soak gets a server of its own, started
 * afresh, so that its peak memory (VmHWM) is the soak's and not that of the 50-connection runs.
 * The ledger's scenarios come last: the big account they write would change the others' data.
 */
async function benchSeededDatabase(kind: DatabaseKind, settings: BenchSettings, baseline: BaselineBuild | null, budgets: BudgetReport): Promise<Comparison[]> {
  const label = LABELS[kind];
  const database = await createBenchDatabase(kind, settings.postgresServerUrl);
  // The read's and the write's CPU budgets come from profiles of the server: kept where BENCH_CPU_PROFILE_DIR says.
  budgets.profileDir = settings.cpuProfileDir ?? join(database.scratchDir, 'profiles');
  try {
    log(`${label}: seeding ${settings.seedSize} demo data (npm run seed)...`);
    await seedDemoData(database.url, settings.seedSize);
    const deep = await deepListPosition(database.url, DEEP_ROWS, PAGE_SIZE);
    const rows: Comparison[] = [];
    const withServer = async (scenarios: ((fixture: Fixture) => Promise<Comparison[]>)[]) => {
      const counting = roundTripNodeOptions();
      const profiled = profiledServer(budgets.profileDir);
      const server = await startServer(projectServer(database.url, { nodeOptions: [...profiled.nodeOptions, ...counting.nodeOptions], env: { ...profiled.env, ...counting.env } }));
      try {
        if (server.process.pid !== undefined) log(`${label}: server ready in ${server.startupMs.toFixed(0)} ms, VmRSS ${memoryUse(server.process.pid).rssMB.toFixed(0)} MB`);
        const fixture: Fixture = { label, settings, database, server, deep, budgets, ...(await logIn(server.baseUrl)) };
        for (const scenario of scenarios) {
          log(`${label}: ${scenario.name}`);
          rows.push(...(await scenario(fixture)));
        }
      } finally {
        await stopServer(server);
      }
    };
    if (settings.scenarios.includes('pipeline') && !settings.scenarios.includes('http'))
      await withServer([readOneTransaction, readAgainstSameWork, listAgainstSameWork, createTransactions]);
    if (settings.scenarios.includes('http')) {
      await withServer([readOneTransaction, readAgainstSameWork, listAgainstSameWork, readsDuringLoginStorm, deepPages, createTransactions, transfersVsPureSql]);
      await withServer([memoryUnderSoak]);
      log(`${label}: startupTimes`);
      rows.push(...(await startupTimes(label, settings, database)));
    }
    if (settings.scenarios.includes('ledger')) {
      log(`${label}: ledgerCheckCommand`);
      rows.push(...(await ledgerCheckCommand(label, settings, database)));
      await withServer([balancesOfABigAccount]);
      if (baseline !== null) {
        log(`${label}: postsAgainstBaseline (the ledger)`);
        rows.push(...(await postsAgainstBaseline(label, settings, kind, baseline, BEFORE_THE_LEDGER)));
      }
    }
    return rows;
  } finally {
    await database.drop();
  }
}

/** The admin, and a demo member with ids of its account's transactions. */
async function logIn(baseUrl: string): Promise<Pick<Fixture, 'member' | 'memberTransactionIds' | 'adminToken'>> {
  const api = new ApiClient(baseUrl);
  const admin = await login(api, ADMIN.email, ADMIN.password);
  const member = await login(api, MEMBER_EMAIL, DEMO_PASSWORD);
  const page = await api.get<{ data: { id: string }[] }>(`/v1/transactions?limit=${MEMBER_TRANSACTIONS_READ}`, { token: member.token });
  if (page.status !== 200 || page.body.data.length === 0) throw new Error(`${MEMBER_EMAIL} sees no transactions (status ${page.status})`);
  return {
    adminToken: admin.token,
    member: { email: MEMBER_EMAIL, password: DEMO_PASSWORD, token: member.token },
    memberTransactionIds: page.body.data.map((transaction) => transaction.id),
  };
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error instanceof Error ? error.stack : error)}\n`);
  process.exit(1);
});
