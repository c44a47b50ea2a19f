// The bank statements' figures (BENCH_SCENARIOS=statements): a large camt.053 imported against as
// many open bank-transfer requests (lines per second, the server's peak memory), and the cost of a
// line with few and with many open requests. Each on a database of its own, migrated by the small
// seed; the open requests are modelled on ones the API made and written in SQL beside the API
// (bench/support/open-requests.ts). Every import must match every line, and the books must balance.
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setImmediate } from 'node:timers/promises';
import { formatCreditorReference } from '../src/payments/providers/bank-transfer/creditor-reference';
import { ApiClient } from '../test/support/api-client';
import { camt053Credits, mt940Credits } from '../test/support/camt053';
import { accountOwner, login } from '../test/support/factories';
import { runPostgresCommits } from './anchors/postgres-commits';
import { runSqliteCommits } from './anchors/sqlite-commits-process';
import { alternate } from './scenarios';
import { cpuProfileNodeOptions, startCpuProfile, stopCpuProfile, summarizeCpuProfile } from './support/cpu-profile';
import { BenchDatabase, createBenchDatabase, seedDemoData, withDataSource } from './support/databases';
import { countOpenRequests, OpenRequest, readRequestRow, RequestRow, writeOpenRequests } from './support/open-requests';
import { ADMIN, memoryUse, PROJECT_PORT, projectServer, RunningServer, startServer, STATEMENTS_PORT, stopServer } from './support/processes';
import { Comparison, log } from './support/report';
import { BenchSettings, DatabaseKind } from './support/settings';

/** The seed only migrates and makes the admin here; its demo data is not read. */
const STATEMENTS_SEED_SIZE = 'small';
/** Requests made through the API on each database: the model of the rows written in SQL, and proof the shapes agree. */
const API_REQUESTS = 3;
/** A first, unmeasured import on each server (with the API's requests in it), so that JIT and caches are warm. */
const WARM_UP_LINES = 200;
/** The open requests' ids read as created in the hour before the bench, one millisecond apart. */
const CREATED_BEFORE_NOW_MS = 60 * 60 * 1000;

interface Report {
  statement_id: string;
  lines: number;
  matched: { entry_id: string; payment_id: string }[];
  unmatched: { entry_id: string; reason: string }[];
}

/** One database with its server, an admin to import, and the model of its open requests. */
interface StatementsSide {
  name: string;
  database: BenchDatabase;
  server: RunningServer;
  api: ApiClient;
  adminToken: string;
  model: RequestRow;
  /** Open requests the bench wrote and has not paid yet. */
  open: OpenRequest[];
  /** The instant the next written request's id is made at. */
  nextCreatedAt: number;
}

interface Import {
  lines: number;
  seconds: number;
  linesPerSecond: number;
  bytes: number;
}

// ---------------------------------------------------------------------------------------------
// A large statement
// ---------------------------------------------------------------------------------------------

/** The formats a large statement is written in: as a bank writes it, each credit paying one request. */
const LARGE_STATEMENT_FORMATS = {
  'camt.053': {
    contentType: 'application/xml',
    write: (credits: { amount: number; reference: string }[]) => camt053Credits(credits),
  },
  MT940: {
    contentType: 'text/plain',
    write: (credits: { amount: number; reference: string }[]) => mt940Credits(credits),
  },
} as const;
export type LargeStatementFormat = keyof typeof LARGE_STATEMENT_FORMATS;

/**
 * A statement (camt.053 or MT940) of settings.statements.largeLines credits (as a bank writes them: one entry with its
 * transaction details each, indented) against exactly as many open requests, every line paying one:
 * lines per second over the POST's wall time (the upload, the parse in its worker thread and a database
 * transaction per line), and the server's VmHWM (a server started for this import alone). The anchor of
 * the rate is as many plain single-row commits one after the other, since each line is at least one
 * committed transaction on the same database (no target: it shows what the rest of a line costs).
 */
export async function importOfALargeStatement(label: string, settings: BenchSettings, kind: DatabaseKind, format: LargeStatementFormat = 'camt.053'): Promise<Comparison[]> {
  const lines = settings.statements.largeLines;
  const database = await createBenchDatabase(kind, settings.postgresServerUrl);
  try {
    await seedDemoData(database.url, STATEMENTS_SEED_SIZE);
    const side = await openSide('large statement', database, PROJECT_PORT, cpuProfileNodeOptions(settings.cpuProfileDir));
    try {
      await warmUp(side);
      await writeOpen(side, lines);
      await expectOpen(side, lines);
      const pid = side.server.process.pid!;
      const before = memoryUse(pid);
      const profile = settings.cpuProfileDir === null ? null : startCpuProfile(side.server, settings.cpuProfileDir);
      const measured = await importPaying(side, side.open.splice(0, lines), format);
      const after = memoryUse(pid);
      if (profile !== null) {
        const file = await stopCpuProfile(profile);
        log(`CPU profile of the server during the import: ${file}\n${summarizeCpuProfile(file, 25)}`);
      }
      log(
        `  ${lines} lines (${(measured.bytes / 1e6).toFixed(1)} MB of ${format}) in ${measured.seconds.toFixed(1)} s: ${measured.linesPerSecond.toFixed(0)} lines/s; VmRSS ${before.rssMB.toFixed(0)} MB before, ${after.rssMB.toFixed(0)} after, VmHWM ${after.peakMB.toFixed(0)} MB`,
      );
      await expectBooksBalance(side);
      const commits = await sequentialCommits(database, lines, settings);
      log(`  ${commits.label}: ${commits.perSecond.toFixed(0)} commits/s`);
      const quick = lines < 10_000 ? `${lines} lines: fewer than the 10,000 the target assumes (BENCH_QUICK is on)` : undefined;
      const scenario = `POST /v1/bank_statements, ${format} of ${lines.toLocaleString('en-US')} credits (${(measured.bytes / 1e6).toFixed(1)} MB) against ${lines.toLocaleString('en-US')} open bank-transfer requests, all matched`;
      return [
        {
          database: label,
          scenario: `${scenario}: lines/s (POST wall time) vs ${commits.label}`,
          unit: '/s',
          project: measured.linesPerSecond,
          anchor: commits.perSecond,
          ratioOf: 'project / anchor',
          judged: 'ratio',
          target: null,
          note: [
            `${measured.seconds.toFixed(1)} s for the import; GET /v1/ledger/check ok afterwards`,
            quick,
            settings.cpuProfileDir === null ? undefined : 'CPU profiler on during the import',
          ]
            .filter((text) => text !== undefined)
            .join('; '),
        },
        {
          database: label,
          scenario: `${scenario}: server peak RSS (VmHWM), a server started for it`,
          unit: 'MB',
          project: after.peakMB,
          anchor: null,
          ratioOf: 'project / anchor',
          judged: 'project',
          target: { atMost: 300 },
          note: `VmRSS ${before.rssMB.toFixed(0)} MB before the import (after a ${WARM_UP_LINES + API_REQUESTS}-line warm-up import), ${after.rssMB.toFixed(0)} MB after`,
        },
      ];
    } finally {
      await stopServer(side.server);
    }
  } finally {
    await database.drop();
  }
}

/** The anchor: the same number of single-row INSERT commits, one after the other, on the same kind of database. */
async function sequentialCommits(database: BenchDatabase, count: number, settings: BenchSettings): Promise<{ perSecond: number; label: string }> {
  if (database.kind === 'postgres') {
    return { perSecond: await runPostgresCommits(database.url, count), label: `${count.toLocaleString('en-US')} single-row INSERT commits in sequence over one connection` };
  }
  const commits = await runSqliteCommits(settings.sqliteCommitSeconds, join(database.scratchDir, 'anchor-commits.db'));
  return {
    perSecond: commits.commitsPerSecond,
    label: `single-row better-sqlite3 INSERT commits in sequence (journal ${commits.journalMode}, synchronous ${commits.synchronous})`,
  };
}

// ---------------------------------------------------------------------------------------------
// The cost of a line with few and with many open requests
// ---------------------------------------------------------------------------------------------

/**
 * The same import (settings.statements.lines credits, each paying an open request) on two databases at
 * once, each with its own server: one where those are all the open requests (fewOpen), one with manyOpen
 * open requests, of which the statement pays a random sample (so that the rows it reads lie anywhere in
 * the indexes, not at their newest end). Before each import each side is topped up to its count again,
 * so both import against the number they stand for, with the same history of earlier imports. The runs
 * alternate, the best of each side is compared: finding a request by its reference is one seek in the
 * unique index (provider, provider_reference), so a line should cost the same on both.
 */
export async function costPerLineVsOpenRequests(label: string, settings: BenchSettings, kind: DatabaseKind): Promise<Comparison[]> {
  const { lines, fewOpen, manyOpen } = settings.statements;
  const databases = [await createBenchDatabase(kind, settings.postgresServerUrl), await createBenchDatabase(kind, settings.postgresServerUrl)];
  const sides: StatementsSide[] = [];
  try {
    for (const database of databases) await seedDemoData(database.url, STATEMENTS_SEED_SIZE);
    sides.push(await openSide(`${fewOpen} open`, databases[0], PROJECT_PORT));
    sides.push(await openSide(`${manyOpen} open`, databases[1], STATEMENTS_PORT));
    const [few, many] = sides;
    for (const side of sides) await warmUp(side);
    log(`  writing ${manyOpen - lines} open requests on the second database...`);
    await writeOpen(many, manyOpen - lines);
    const importOn = (side: StatementsSide, openCount: number) => async (): Promise<Import> => {
      await writeOpen(side, lines);
      await expectOpen(side, openCount);
      return importPaying(side, randomSample(side.open, lines));
    };
    const runs = await alternate(settings.rounds, importOn(few, fewOpen), importOn(many, manyOpen));
    for (const side of sides) await expectBooksBalance(side);
    log(`  ${lines} lines vs ${fewOpen} open: ${describeImports(runs.anchor)}`);
    log(`  ${lines} lines vs ${manyOpen} open: ${describeImports(runs.project)}`);
    log(`  per-round ratios: ${runs.anchor.map((anchor, round) => (anchor.linesPerSecond / runs.project[round].linesPerSecond).toFixed(2)).join(' | ')}`);
    const quick = manyOpen < 100_000 ? `${manyOpen} open requests: fewer than the 100,000 the target assumes (BENCH_QUICK is on)` : undefined;
    return [
      {
        database: label,
        scenario: `POST /v1/bank_statements, camt.053 of ${lines.toLocaleString('en-US')} credits, all matched, against ${manyOpen.toLocaleString('en-US')} open requests vs against ${fewOpen.toLocaleString('en-US')}: lines/s`,
        unit: '/s',
        project: bestLinesPerSecond(runs.project),
        anchor: bestLinesPerSecond(runs.anchor),
        ratioOf: 'anchor / project',
        judged: 'ratio',
        target: { atMost: 1.3 },
        note: [`each side on its own database and server; GET /v1/ledger/check ok on both afterwards`, quick].filter((text) => text !== undefined).join('; '),
      },
    ];
  } finally {
    for (const side of sides) await stopServer(side.server);
    for (const database of databases) await database.drop();
  }
}

function bestLinesPerSecond(imports: readonly Import[]): number {
  return Math.max(...imports.map((run) => run.linesPerSecond));
}

function describeImports(imports: readonly Import[]): string {
  return imports.map((run) => `${run.linesPerSecond.toFixed(0)} lines/s (${run.seconds.toFixed(1)} s)`).join(' | ');
}

/** `count` requests taken at random out of `open` (which keeps the rest). */
function randomSample(open: OpenRequest[], count: number): OpenRequest[] {
  for (let index = 0; index < count; index += 1) {
    const pick = index + Math.floor(Math.random() * (open.length - index));
    [open[index], open[pick]] = [open[pick], open[index]];
  }
  return open.splice(0, count);
}

// ---------------------------------------------------------------------------------------------
// Steps
// ---------------------------------------------------------------------------------------------

/** A server on the database, the admin, and an owner's account with API_REQUESTS bank-transfer requests made through the API. */
async function openSide(name: string, database: BenchDatabase, port: number, nodeOptions: string[] = []): Promise<StatementsSide> {
  const server = await startServer(projectServer(database.url, { port, nodeOptions }));
  try {
    const api = new ApiClient(server.baseUrl);
    const admin = await login(api, ADMIN.email, ADMIN.password);
    const owner = await accountOwner(api);
    const open: OpenRequest[] = [];
    for (let index = 0; index < API_REQUESTS; index += 1) {
      const created = await api.post<{ id: string; provider_reference: string; amount: number }>(
        '/v1/payments',
        { purpose: 'invoice', amount: 4999 + index, currency: 'EUR', customer: { email: 'payer@example.com' }, provider: 'bank_transfer' },
        { token: owner.token },
      );
      if (created.status !== 201) throw new Error(`POST /v1/payments (bank_transfer): ${created.status} ${JSON.stringify(created.body)}`);
      open.push({ id: created.body.id, reference: created.body.provider_reference, amount: created.body.amount });
    }
    const model = await withDataSource(database.url, (dataSource) => readRequestRow(dataSource, open[0].id));
    return { name, database, server, api, adminToken: admin.token, model, open, nextCreatedAt: Date.now() - CREATED_BEFORE_NOW_MS };
  } catch (error) {
    await stopServer(server);
    throw error;
  }
}

/** Pays the API's requests and WARM_UP_LINES written ones: the first import of the server, unmeasured, leaves none of them open. */
async function warmUp(side: StatementsSide): Promise<void> {
  await writeOpen(side, WARM_UP_LINES);
  await importPaying(side, side.open.splice(0));
  await expectOpen(side, 0);
}

async function writeOpen(side: StatementsSide, count: number): Promise<void> {
  const written = await withDataSource(side.database.url, async (dataSource) => {
    const requests = await writeOpenRequests(dataSource, side.model, count, new Date(side.nextCreatedAt));
    // better-sqlite3 blocked this process's event loop for the write, meanwhile the server closed the API
    // client's idle keep-alive sockets; one turn of the loop reads those closes (see ledger-scenarios.ts).
    await setImmediate();
    return requests;
  });
  side.nextCreatedAt += count;
  side.open.push(...written);
}

async function expectOpen(side: StatementsSide, count: number): Promise<void> {
  const open = await withDataSource(side.database.url, (dataSource) => countOpenRequests(dataSource, String(side.model.account_id)));
  if (open !== count) throw new Error(`${side.name}: ${open} open bank-transfer requests on the bench's account, the bench expected ${count}`);
}

/** One statement whose credits pay `requests` (their reference, as a payer types it, and amount); every line must match its request. */
async function importPaying(side: StatementsSide, requests: readonly OpenRequest[], format: LargeStatementFormat = 'camt.053'): Promise<Import> {
  const { contentType, write } = LARGE_STATEMENT_FORMATS[format];
  const statement = write(requests.map((request) => ({ amount: request.amount, reference: formatCreditorReference(request.reference) })));
  const startedAt = performance.now();
  const response = await side.api.post<Report>('/v1/bank_statements?mode=test', undefined, {
    token: side.adminToken,
    rawBody: statement,
    headers: { 'content-type': contentType },
  });
  const seconds = (performance.now() - startedAt) / 1000;
  if (response.status !== 200) throw new Error(`${side.name}: POST /v1/bank_statements: ${response.status} ${JSON.stringify(response.body).slice(0, 2000)}`);
  const report = response.body;
  const paid = new Set(report.matched.map((line) => line.payment_id));
  if (report.lines !== requests.length || report.matched.length !== requests.length || requests.some((request) => !paid.has(request.id))) {
    throw new Error(
      `${side.name}: ${requests.length} lines paying as many open requests: the report has ${report.lines} lines, ${report.matched.length} matched, unmatched ${JSON.stringify(report.unmatched.slice(0, 5))}`,
    );
  }
  return { lines: requests.length, seconds, linesPerSecond: requests.length / seconds, bytes: Buffer.byteLength(statement) };
}

/** GET /v1/ledger/check must say ok: every settled line posted a balanced credit. */
async function expectBooksBalance(side: StatementsSide): Promise<void> {
  const check = await side.api.get<{ ok: boolean; entries_checked: number }>('/v1/ledger/check', { token: side.adminToken });
  if (check.status !== 200 || !check.body.ok) throw new Error(`${side.name}: GET /v1/ledger/check: ${check.status} ${JSON.stringify(check.body).slice(0, 2000)}`);
  log(`  ${side.name}: GET /v1/ledger/check ok, ${check.body.entries_checked} entries`);
}
