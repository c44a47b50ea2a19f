// What one `npm run bench` does, read once from the environment (see the header of bench/http-bench.ts).

export type SeedSize = 'small' | 'medium' | 'large';
export type DatabaseKind = 'sqlite' | 'postgres';
/**
 * http: the service's figures against outside anchors; ledger: the ledger's figures (big account,
 * before/after, ledger-check); events: POST with events on vs off, and webhook delivery;
 * statements: bank statement imports (a large camt.053, and the cost per line vs open requests); refunds:
 * refunds against POST /v1/transactions, and concurrent refunds of one request; keys: reads with an API key vs
 * with an access token, and POST /v1/transactions with auditing vs the build before API keys and the audit log;
 * pipeline: only the read and the write of http with their CPU budgets (not in the default: http includes them);
 * pace: only the webhook pace figures of events (not in the default: events includes them).
 */
export type ScenarioGroup = 'http' | 'ledger' | 'events' | 'statements' | 'payouts' | 'scale' | 'refunds' | 'keys' | 'audit' | 'pipeline' | 'pace';
const SCENARIO_GROUPS: readonly ScenarioGroup[] = ['http', 'ledger', 'events', 'statements', 'payouts', 'scale', 'refunds', 'keys', 'audit', 'pipeline', 'pace'];
const DEFAULT_GROUPS: readonly ScenarioGroup[] = SCENARIO_GROUPS.filter((group) => group !== 'pipeline' && group !== 'pace');

export interface BenchSettings {
  quick: boolean;
  seedSize: SeedSize;
  /** Length of one measured run (one project or one anchor run). */
  runSeconds: number;
  /** Unmeasured load before a series of runs, so that JIT and caches are warm for the first one. */
  warmupSeconds: number;
  /** Project and anchor runs alternate this many times; the best run of each side is compared. */
  rounds: number;
  soakSeconds: number;
  soakRate: number;
  /** Cold starts timed for the start-up figure (the median is reported). */
  startups: number;
  sqliteCommitSeconds: number;
  pgbench: { seconds: number; clients: number; threads: number; scale: number };
  /** Which databases to run; PostgreSQL only when reachable unless it was asked for by name. */
  databases: DatabaseKind[] | 'auto';
  postgresServerUrl: string;
  /** Where the profiles of the CPU budget runs (and of the large statement import) are kept; null: a scratch folder, removed. */
  cpuProfileDir: string | null;
  scenarios: ScenarioGroup[];
  /** Posted transactions of the account whose balances are read beside those of an account with 10. */
  bigAccountTransactions: number;
  /** The commit whose POST /v1/transactions the current build is compared with (the ledger's figure), or null for none. */
  baselineCommit: string | null;
  /** The same for the keys' figure: the commit before API keys and the audit log, or null for none. */
  keysBaselineCommit: string | null;
  webhooks: WebhookBenchSettings;
  statements: StatementBenchSettings;
  /** The payouts' figures (bench/payouts-scenarios.ts): payouts in the batch, and debits in the statement that pays them. */
  payouts: { count: number };
}

/** The bank statement figures (bench/statements-scenarios.ts). */
export interface StatementBenchSettings {
  /** Credit lines of the large camt.053, each paying one of as many open bank-transfer requests. */
  largeLines: number;
  /** Lines of each import in the cost-per-line comparison. */
  lines: number;
  /** Open requests when the few-open side imports (its statement pays all of them). */
  fewOpen: number;
  /** Open requests when the many-open side imports. */
  manyOpen: number;
}

/** The webhook delivery figures (bench/events-scenarios.ts). */
export interface WebhookBenchSettings {
  /** Writes offered per second while the lag from commit to delivery is measured. */
  steadyRate: number;
  /** How long they are offered. */
  steadySeconds: number;
  /** Closed-loop writes this long while the receiver holds its answers: the backlog then drained. */
  backlogSeconds: number;
  /** Writes to one account (two events each) drained as one ordered stream. */
  singleStreamWrites: number;
  /** A light load on one account (two events a write, one ordered stream), its lag showing what the worker adds when it keeps up. */
  lightRate: number;
  lightSeconds: number;
  /** How long 16 connections write as fast as the API takes them while deliveries are counted (webhook pace). */
  saturationSeconds: number;
  /** The numbers of instances the webhook pace is measured with, each on a database of its own. */
  paceInstances: number[];
}

const DEFAULT_POSTGRES_SERVER = 'postgres://postgres@127.0.0.1:5432/test';
/** The last commit before the ledger. */
const DEFAULT_BASELINE_COMMIT = '2d92ae4';
/** The integration branch just before issue 18 (API keys and the audit log) was merged into it (09bd988's first parent). */
const DEFAULT_KEYS_BASELINE_COMMIT = '4955c14';

export function readSettings(env: NodeJS.ProcessEnv): BenchSettings {
  const quick = env.BENCH_QUICK === '1';
  return {
    quick,
    seedSize: seedSize(env.BENCH_SEED_SIZE ?? (quick ? 'small' : 'large')),
    runSeconds: positive(env, 'BENCH_RUN_SECONDS', quick ? 2 : 8),
    warmupSeconds: quick ? 1 : 3,
    rounds: quick ? 2 : 3,
    soakSeconds: positive(env, 'BENCH_SOAK_SECONDS', quick ? 20 : 300),
    soakRate: 200,
    startups: quick ? 3 : 5,
    sqliteCommitSeconds: quick ? 1 : 3,
    // TPC-B wants a scale of at least the client count: with fewer branch rows the clients queue on row locks.
    pgbench: { seconds: quick ? 3 : 15, clients: 16, threads: 2, scale: 16 },
    databases: databaseList(env.BENCH_DATABASES),
    postgresServerUrl: env.TEST_DATABASE_URL || DEFAULT_POSTGRES_SERVER,
    cpuProfileDir: env.BENCH_CPU_PROFILE_DIR || null,
    scenarios: scenarioGroups(env.BENCH_SCENARIOS),
    bigAccountTransactions: quick ? 50_000 : 1_000_000,
    baselineCommit: baselineCommit(env.BENCH_BASELINE_COMMIT, DEFAULT_BASELINE_COMMIT),
    keysBaselineCommit: baselineCommit(env.BENCH_KEYS_BASELINE_COMMIT, DEFAULT_KEYS_BASELINE_COMMIT),
    webhooks: {
      steadyRate: 200,
      steadySeconds: positive(env, 'BENCH_LAG_SECONDS', quick ? 10 : 30),
      // Under the sender's 10 s time-out: the first deliveries are held from the backlog's start to its release.
      backlogSeconds: quick ? 2 : 4,
      singleStreamWrites: quick ? 20 : 50,
      lightRate: 2,
      lightSeconds: quick ? 5 : 10,
      saturationSeconds: positive(env, 'BENCH_SATURATION_SECONDS', quick ? 5 : 10),
      paceInstances: instanceCounts(env.BENCH_PACE_INSTANCES),
    },
    payouts: { count: positive(env, 'BENCH_PAYOUTS', quick ? 2_000 : 10_000) },
    statements: quick ? { largeLines: 2_000, lines: 500, fewOpen: 500, manyOpen: 20_000 } : { largeLines: 10_000, lines: 1_000, fewOpen: 1_000, manyOpen: 100_000 },
  };
}

function seedSize(value: string): SeedSize {
  if (value === 'small' || value === 'medium' || value === 'large') return value;
  throw new Error(`BENCH_SEED_SIZE must be small, medium or large, got "${value}"`);
}

function positive(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!(value > 0)) throw new Error(`${name} must be a positive number of seconds, got "${raw}"`);
  return value;
}

function instanceCounts(value: string | undefined): number[] {
  if (value === undefined || value === '') return [1, 3];
  return value.split(',').map((entry) => {
    const count = Number(entry.trim());
    if (![1, 2, 3].includes(count)) throw new Error(`BENCH_PACE_INSTANCES lists numbers of instances from 1 to 3, got "${value}"`);
    return count;
  });
}

function databaseList(value: string | undefined): DatabaseKind[] | 'auto' {
  if (value === undefined || value === '' || value === 'auto') return 'auto';
  return value.split(',').map((entry) => {
    const kind = entry.trim();
    if (kind !== 'sqlite' && kind !== 'postgres') throw new Error(`BENCH_DATABASES lists sqlite and/or postgres, got "${value}"`);
    return kind;
  });
}

function scenarioGroups(value: string | undefined): ScenarioGroup[] {
  if (value === undefined || value === '' || value === 'all') return [...DEFAULT_GROUPS];
  return value.split(',').map((entry) => {
    const group = SCENARIO_GROUPS.find((name) => name === entry.trim());
    if (group === undefined) throw new Error(`BENCH_SCENARIOS lists ${SCENARIO_GROUPS.join(' and/or ')} (or all), got "${value}"`);
    return group;
  });
}

function baselineCommit(value: string | undefined, fallback: string): string | null {
  if (value === undefined || value === '') return fallback;
  return value === 'none' ? null : value;
}
