// The API keys' and audit log's figures (BENCH_SCENARIOS=keys). Reads of one account's transactions
// with an API key against the same reads with its owner's access token, on one server in the same run;
// and POST /v1/transactions, every one of them audited, against the build before issue 18.
import { renameSync } from 'node:fs';
import { ApiClient } from '../test/support/api-client';
import { accountOwner } from '../test/support/factories';
import { freeLoopbackPort } from '../test/support/test-app';
import { BaselineChange, postsAgainstBaseline } from './ledger-scenarios';
import { alternate, bestRate, describeRoundRatios, describeRuns, failureNote, READ_CONNECTIONS } from './scenarios';
import { BaselineBuild } from './support/baseline-build';
import { cpuProfileNodeOptions, startCpuProfile, stopCpuProfile, summarizeCpuProfile } from './support/cpu-profile';
import { createBenchDatabase } from './support/databases';
import { bearer, LoadRequest, LoadResult, runLoad } from './support/load';
import { projectServer, RunningServer, startServer, stopServer } from './support/processes';
import { Comparison, log } from './support/report';
import { BenchSettings, DatabaseKind } from './support/settings';

/** The account's transactions, read in turn by both sides. */
const TRANSACTIONS_READ = 100;
/** What the key may do: just the reads measured. */
const KEY_SCOPES = ['transactions:read'];

export const BEFORE_API_KEYS: BaselineChange = { before: 'before API keys and the audit log', atLeast: 0.9 };

/**
 * GET /v1/transactions/{id}, 50 connections, with an API key of the account (created through the
 * API by its owner, scope transactions:read) vs with the owner's access token: the same account,
 * the same transactions, the same server, alternating runs. A key check is one indexed lookup of
 * the secret's keyed hash; an access token's is a signature check and the session lookup, so the
 * key should be at least as fast. With BENCH_CPU_PROFILE_DIR, one profiled run of each side
 * follows the measured ones (not measured: the profiler slows the server).
 */
export async function readsWithKeyAndToken(label: string, settings: BenchSettings, kind: DatabaseKind): Promise<Comparison[]> {
  const database = await createBenchDatabase(kind, settings.postgresServerUrl);
  // A port of its own: other checkouts' benches on this machine take the fixed ones.
  const server = await startServer(projectServer(database.url, { nodeOptions: cpuProfileNodeOptions(settings.cpuProfileDir), port: await freeLoopbackPort() }));
  try {
    const api = new ApiClient(server.baseUrl);
    const owner = await accountOwner(api);
    const ids = await createCredits(api, owner.token, TRANSACTIONS_READ);
    const key = await api.post<{ id: string; secret: string }>('/v1/api_keys', { name: 'bench reads', scopes: KEY_SCOPES }, { token: owner.token });
    if (key.status !== 201) throw new Error(`creating the API key answered ${key.status}: ${JSON.stringify(key.body)}`);
    const reads = (credential: string, seconds = settings.runSeconds) =>
      runLoad({ baseUrl: server.baseUrl, connections: READ_CONNECTIONS, seconds, next: readInTurn(credential, ids) });
    await reads(owner.token, settings.warmupSeconds);
    await reads(key.body.secret, settings.warmupSeconds);

    const sides = await alternate(
      settings.rounds,
      () => reads(owner.token),
      () => reads(key.body.secret),
    );
    log(describeRuns('  GET /v1/transactions/{id}, access token', sides.anchor));
    log(describeRuns('  GET /v1/transactions/{id}, API key', sides.project));
    log(describeRoundRatios(sides, (token, apiKey) => apiKey.requestsPerSecond / token.requestsPerSecond));
    if (settings.cpuProfileDir !== null) {
      await profiledRun(server, settings.cpuProfileDir, 'token', () => reads(owner.token));
      await profiledRun(server, settings.cpuProfileDir, 'api-key', () => reads(key.body.secret));
    }

    const scenario = `GET /v1/transactions/{id} (an account's ${TRANSACTIONS_READ} in turn), ${READ_CONNECTIONS} conns, API key (${KEY_SCOPES.join(' ')}) vs the owner's access token`;
    return [
      {
        database: label,
        scenario: `${scenario}: req/s`,
        unit: 'req/s',
        project: bestRate(sides.project),
        anchor: bestRate(sides.anchor),
        ratioOf: 'project / anchor',
        judged: 'ratio',
        target: { atLeast: 1 },
        note: failureNote(sides.anchor, sides.project),
      },
      {
        database: label,
        scenario: `${scenario}: p99`,
        unit: 'ms',
        project: Math.min(...sides.project.map((run) => run.p99Ms)),
        anchor: Math.min(...sides.anchor.map((run) => run.p99Ms)),
        ratioOf: 'project / anchor',
        judged: 'ratio',
        target: null,
      },
    ];
  } finally {
    await stopServer(server);
    await database.drop();
  }
}

/** POST /v1/transactions, each one audited (transaction.posted, on the account's chain), vs the build before issue 18. */
export function postsWithAuditingVsBefore(label: string, settings: BenchSettings, kind: DatabaseKind, baseline: BaselineBuild): Promise<Comparison[]> {
  return postsAgainstBaseline(label, settings, kind, baseline, BEFORE_API_KEYS);
}

/** `count` credits of the account, made through the API: their ids. */
async function createCredits(api: ApiClient, token: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  const run = `keys-${process.pid}-${Date.now()}`;
  for (let index = 0; index < count; index += 1) {
    const created = await api.post<{ id: string }>(
      '/v1/transactions',
      { type: 'credit', amount: 100 + index, currency: 'EUR' },
      { token, headers: { 'idempotency-key': `${run}-${index}` } },
    );
    if (created.status !== 201) throw new Error(`creating a transaction answered ${created.status}: ${JSON.stringify(created.body)}`);
    ids.push(created.body.id);
  }
  return ids;
}

/** The transactions one after the other, with the credential (an access token or an API key's secret). */
function readInTurn(credential: string, ids: readonly string[]): () => LoadRequest {
  let index = 0;
  const headers = bearer(credential);
  return () => {
    index = (index + 1) % ids.length;
    return { method: 'GET', path: `/v1/transactions/${ids[index]}`, headers };
  };
}

/** One run under the CPU profiler, its profile kept as server-<pid>-<side>.cpuprofile and summarized. */
async function profiledRun(server: RunningServer, directory: string, side: string, run: () => Promise<LoadResult>): Promise<void> {
  const profile = startCpuProfile(server, directory);
  const result = await run();
  const written = await stopCpuProfile(profile);
  const file = written.replace(/\.cpuprofile$/, `-${side}.cpuprofile`);
  renameSync(written, file);
  log(`CPU profile of the server during a run with the ${side} (${result.requestsPerSecond.toFixed(0)} req/s, profiler on): ${file}\n${summarizeCpuProfile(file, 15)}`);
}
