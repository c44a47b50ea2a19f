// The ledger's figures (BENCH_SCENARIOS=ledger): balances of an account with a million entries vs
// one with ten, POST /v1/transactions before and after the ledger, and the ledger check over the
// whole seed. Each is measured beside its anchor in the same run, as in scenarios.ts.
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setImmediate } from 'node:timers/promises';
import { DataSource } from 'typeorm';
import { DEMO_PASSWORD } from '../src/seed/demo-options';
import { ApiClient } from '../test/support/api-client';
import { accountOwner, login } from '../test/support/factories';
import { freeLoopbackPort } from '../test/support/test-app';
import {
  alternate,
  bestRate,
  createTransaction,
  describeRoundRatios,
  describeRuns,
  failureNote,
  Fixture,
  MEMBER_EMAIL,
  READ_CONNECTIONS,
  Sides,
  WRITE_CONNECTIONS,
} from './scenarios';
import { BaselineBuild } from './support/baseline-build';
import { BenchDatabase, createBenchDatabase, seedDemoData, withDataSource } from './support/databases';
import { describeHistory, HISTORY_CURRENCY, HistorySpan, postedSumAsOf, writePostedHistories } from './support/ledger-history';
import { bearer, constant, LoadRequest, LoadResult, runLoad } from './support/load';
import { FinishedCommand, projectServer, RunningServer, runNodeScript, serverDist, startServer, stopServer } from './support/processes';
import { Comparison, figure, log } from './support/report';
import { BenchSettings } from './support/settings';

/** The account the big one is compared with: a few entries, so every read of it is trivially cheap. */
const SMALL_ACCOUNT_TRANSACTIONS = 10;
/** The seed the before/after POST figure runs on: both builds seed their own database alike. */
const BASELINE_SEED_SIZE = 'small';

// ---------------------------------------------------------------------------------------------
// Balances of a big account
// ---------------------------------------------------------------------------------------------

interface HistoryOwner {
  accountId: string;
  token: string;
}

/**
 * GET /v1/account/balances of an account with settings.bigAccountTransactions posted entries vs
 * one with 10, each read by its owner: the current balances (stored rows) and `as_of` the middle
 * of both histories (one index seek per currency). Reading them should not grow with the entries.
 */
export async function balancesOfABigAccount(fixture: Fixture): Promise<Comparison[]> {
  const { settings } = fixture;
  const api = new ApiClient(fixture.server.baseUrl);
  const [big, small] = [await accountOwner(api), await accountOwner(api)];
  const span = await writeHistories(fixture, big, small, settings.bigAccountTransactions);
  await expectBooksBalance(api, fixture.adminToken);
  for (const owner of [big, small]) {
    await expectBalanceMatchesEntries(api, fixture.database, owner, span.middle);
    await expectBalanceMatchesEntries(api, fixture.database, owner, null);
  }

  const current = (owner: HistoryOwner): LoadRequest => ({ method: 'GET', path: '/v1/account/balances', headers: bearer(owner.token) });
  const asOf = (owner: HistoryOwner): LoadRequest => ({ ...current(owner), path: `/v1/account/balances?as_of=${encodeURIComponent(span.middle.toISOString())}` });
  const entries = `${settings.bigAccountTransactions.toLocaleString('en-US')} entries vs ${SMALL_ACCOUNT_TRANSACTIONS}`;
  const currentSides = await smallThenBig(fixture, current(small), current(big), 'balances');
  const asOfSides = await smallThenBig(fixture, asOf(small), asOf(big), 'balances as_of');
  const scenario = (query: string) => `GET /v1/account/balances${query} (owner), account with ${entries}, ${READ_CONNECTIONS} conns`;
  const quick = settings.bigAccountTransactions < 1_000_000 ? 'a smaller big account than the target assumes (1,000,000 entries; BENCH_QUICK is on)' : undefined;
  return [bigVsSmallRow(fixture, scenario(''), currentSides, 1.2, quick), bigVsSmallRow(fixture, scenario('?as_of=<the middle of both histories>'), asOfSides, 2, quick)];
}

async function writeHistories(fixture: Fixture, big: HistoryOwner, small: HistoryOwner, bigTransactions: number): Promise<HistorySpan> {
  log(`  writing ${bigTransactions} posted transactions for ${big.accountId} and ${SMALL_ACCOUNT_TRANSACTIONS} for ${small.accountId}, and their ledger...`);
  const startedAt = performance.now();
  return withDataSource(fixture.database.url, async (dataSource) => {
    const span = await writePostedHistories(dataSource, [
      { accountId: big.accountId, transactions: bigTransactions },
      { accountId: small.accountId, transactions: SMALL_ACCOUNT_TRANSACTIONS },
    ]);
    log(
      `  ... in ${((performance.now() - startedAt) / 1000).toFixed(1)} s; big: ${await describeHistory(dataSource, big.accountId)}; small: ${await describeHistory(dataSource, small.accountId)}`,
    );
    // better-sqlite3 blocked this process's event loop for the whole write, meanwhile the server
    // closed the API client's idle keep-alive sockets; one turn of the loop reads those closes,
    // or the next request goes out on a dead socket ("fetch failed").
    await setImmediate();
    return span;
  });
}

/** GET /v1/ledger/check must say ok: a bench over books that do not balance would measure nothing useful. */
async function expectBooksBalance(api: ApiClient, adminToken: string): Promise<void> {
  const startedAt = performance.now();
  const check = await api.get<{ ok: boolean; entries_checked: number; balances_checked: number; differences: unknown[] }>('/v1/ledger/check', { token: adminToken });
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
  if (check.status !== 200 || !check.body.ok) throw new Error(`GET /v1/ledger/check after writing the histories: ${check.status} ${JSON.stringify(check.body).slice(0, 2000)}`);
  log(`  GET /v1/ledger/check: ok, ${check.body.entries_checked} entries and ${check.body.balances_checked} balances in ${seconds} s`);
}

/** A balance the service answers (as_of `at`, or the stored one for null), against the sum of the entries posted by then. */
async function expectBalanceMatchesEntries(api: ApiClient, database: BenchDatabase, owner: HistoryOwner, at: Date | null): Promise<void> {
  const query = at === null ? '' : `?as_of=${encodeURIComponent(at.toISOString())}`;
  const answer = await api.get<{ balances: { currency: string; posted: number }[] }>(`/v1/account/balances${query}`, { token: owner.token });
  const answered = answer.body.balances?.find((balance) => balance.currency === HISTORY_CURRENCY)?.posted;
  const summed = await withDataSource(database.url, (dataSource) => postedSumAsOf(dataSource, owner.accountId, HISTORY_CURRENCY, at ?? new Date()));
  if (answer.status !== 200 || answered !== summed)
    throw new Error(`${owner.accountId} balances${query}: the service answers ${answer.status} ${JSON.stringify(answer.body)}, the entries sum to ${summed}`);
}

/** The small account's request is the anchor; warmed up, then alternated with the big one's. */
async function smallThenBig(fixture: Fixture, small: LoadRequest, big: LoadRequest, name: string): Promise<Sides<LoadResult, LoadResult>> {
  const { settings, server } = fixture;
  const load = (request: LoadRequest, seconds = settings.runSeconds) => runLoad({ baseUrl: server.baseUrl, connections: READ_CONNECTIONS, seconds, next: constant(request) });
  await load(small, settings.warmupSeconds);
  await load(big, settings.warmupSeconds);
  const sides = await alternate(
    settings.rounds,
    () => load(small),
    () => load(big),
  );
  log(describeRuns(`  ${name}, small account`, sides.anchor));
  log(describeRuns(`  ${name}, big account`, sides.project));
  log(describeRoundRatios(sides, (smaller, bigger) => smaller.requestsPerSecond / bigger.requestsPerSecond));
  return sides;
}

function bigVsSmallRow(fixture: Fixture, scenario: string, sides: Sides<LoadResult, LoadResult>, atMost: number, note: string | undefined): Comparison {
  return {
    database: fixture.label,
    scenario,
    unit: 'req/s',
    project: bestRate(sides.project),
    anchor: bestRate(sides.anchor),
    ratioOf: 'anchor / project',
    judged: 'ratio',
    target: { atMost },
    note: [failureNote(sides.anchor, sides.project), note].filter((text) => text !== undefined).join('; ') || undefined,
  };
}

// ---------------------------------------------------------------------------------------------
// POST /v1/transactions before and after a change (the ledger; API keys and the audit log)
// ---------------------------------------------------------------------------------------------

/** What a before/after POST figure compares with: the change the earlier build lacks, and the ratio it must keep. */
export interface BaselineChange {
  /** How the earlier build is described, e.g. "before the ledger". */
  before: string;
  atLeast: number;
}

/** The ledger's before/after figure (BENCH_BASELINE_COMMIT). */
export const BEFORE_THE_LEDGER: BaselineChange = { before: 'before the ledger', atLeast: 0.8 };

/**
 * The current build's POST /v1/transactions vs an earlier commit's (BENCH_BASELINE_COMMIT for the
 * ledger, BENCH_KEYS_BASELINE_COMMIT for API keys and the audit log), both running at once on
 * databases of the same kind, each migrated and seeded (small) by its own build: the earlier build
 * knows nothing of the tables that came after it. The runs alternate, as elsewhere.
 */
export async function postsAgainstBaseline(
  label: string,
  settings: BenchSettings,
  kind: BenchDatabase['kind'],
  baseline: BaselineBuild,
  change: BaselineChange,
): Promise<Comparison[]> {
  const before = await createBenchDatabase(kind, settings.postgresServerUrl);
  const after = await createBenchDatabase(kind, settings.postgresServerUrl);
  const servers: RunningServer[] = [];
  try {
    log(`  seeding a ${BASELINE_SEED_SIZE} database with ${baseline.commit}'s seed and another with this build's...`);
    await seedDemoData(before.url, BASELINE_SEED_SIZE, baseline.dist);
    await seedDemoData(after.url, BASELINE_SEED_SIZE, serverDist());
    // Ports of their own: other checkouts' benches on this machine take the fixed ones.
    const beforeServer = await startServer(projectServer(before.url, { dist: baseline.dist, port: await freeLoopbackPort() }));
    servers.push(beforeServer);
    const afterServer = await startServer(projectServer(after.url, { port: await freeLoopbackPort() }));
    servers.push(afterServer);
    const sides = await alternate(settings.rounds, await postsTo(beforeServer, settings), await postsTo(afterServer, settings));
    log(describeRuns(`  POST /v1/transactions, ${baseline.commit}`, sides.anchor));
    log(describeRuns('  POST /v1/transactions, this build', sides.project));
    log(describeRoundRatios(sides, (earlier, current) => current.requestsPerSecond / earlier.requestsPerSecond));
    return [
      {
        database: label,
        scenario: `POST /v1/transactions (fresh Idempotency-Key), ${WRITE_CONNECTIONS} conns, this build vs ${baseline.commit} (${change.before}), each on its own database with its own ${BASELINE_SEED_SIZE} seed`,
        unit: 'req/s',
        project: bestRate(sides.project),
        anchor: bestRate(sides.anchor),
        ratioOf: 'project / anchor',
        judged: 'ratio',
        target: { atLeast: change.atLeast },
        note: failureNote(sides.anchor, sides.project),
      },
    ];
  } finally {
    for (const server of servers) await stopServer(server);
    await before.drop();
    await after.drop();
  }
}

/** A demo member's creations on one server (warmed up first), as createTransactions sends them. */
export async function postsTo(server: RunningServer, settings: BenchSettings): Promise<() => Promise<LoadResult>> {
  const { token } = await login(new ApiClient(server.baseUrl), MEMBER_EMAIL, DEMO_PASSWORD);
  const load = (run: string, seconds: number) => runLoad({ baseUrl: server.baseUrl, connections: WRITE_CONNECTIONS, seconds, next: createTransaction(token, run) });
  await load('warm-up', settings.warmupSeconds);
  return () => load('bench', settings.runSeconds);
}

// ---------------------------------------------------------------------------------------------
// The ledger check
// ---------------------------------------------------------------------------------------------

/** How the CLI reports its own check time (src/cli.ts). */
const CHECK_REPORT = /^Checked (\d+) entries and (\d+) balances in ([\d.]+) s\./m;
const INVARIANT_LINE = /^ {2}(ok {3}|FAIL )\w+ \(\d+ ms\)/;

/**
 * `node dist/cli.js ledger-check` over the bench database as an operator runs it: its wall time
 * (start-up included) and its peak RSS, read from /proc while it runs. The anchor is the
 * plainest full read of the entries, SELECT COUNT(*), SUM(amount), timed in the same run.
 */
export async function ledgerCheckCommand(label: string, settings: BenchSettings, database: BenchDatabase): Promise<Comparison[]> {
  const cli = join(serverDist(), 'cli.js');
  const check = async (): Promise<FinishedCommand> => {
    const finished = await runNodeScript(cli, ['ledger-check'], { DATABASE_URL: database.url, LOG_LEVEL: 'warn' });
    if (finished.exitCode !== 0) throw new Error(`ledger-check exited with ${String(finished.exitCode)}:\n${finished.stdout}`);
    return finished;
  };
  const sides = await withDataSource(database.url, (dataSource) => alternate(settings.rounds, () => timeEntryScan(dataSource), check));
  const report = CHECK_REPORT.exec(sides.project[0].stdout);
  log(`  SELECT COUNT(*), SUM(amount) FROM ledger_entries: ${sides.anchor.map((seconds) => `${figure(seconds)} s`).join(' | ')}`);
  log(`  ledger-check: ${sides.project.map((run) => `${figure(run.wallMs / 1000)} s, peak ${figure(run.peakMB)} MB`).join(' | ')}`);
  // Each invariant of contract section 20 with the time it took, as the first run printed them.
  for (const line of sides.project[0].stdout.split('\n').filter((printed) => INVARIANT_LINE.test(printed))) log(`    ${line.trim()}`);
  const checked = report === null ? 'the whole database' : `${Number(report[1]).toLocaleString('en-US')} entries, ${report[2]} balances`;
  const scenario = `node dist/cli.js ledger-check (${checked})`;
  return [
    {
      database: label,
      scenario: `${scenario}: wall time vs SELECT COUNT(*), SUM(amount) FROM ledger_entries`,
      unit: 's',
      project: Math.min(...sides.project.map((run) => run.wallMs / 1000)),
      anchor: Math.min(...sides.anchor),
      ratioOf: 'project / anchor',
      judged: 'ratio',
      target: null,
      note: report === null ? undefined : `the check itself, without the CLI's start-up: ${report[3]} s (first run)`,
    },
    {
      database: label,
      scenario: `${scenario}: peak RSS (VmHWM), highest of ${sides.project.length} runs`,
      unit: 'MB',
      project: Math.max(...sides.project.map((run) => run.peakMB)),
      anchor: null,
      ratioOf: 'project / anchor',
      judged: 'project',
      target: { atMost: 300 },
    },
  ];
}

async function timeEntryScan(dataSource: DataSource): Promise<number> {
  const startedAt = performance.now();
  await dataSource.query('SELECT COUNT(*) AS entries, SUM(amount) AS amount FROM ledger_entries');
  return (performance.now() - startedAt) / 1000;
}
