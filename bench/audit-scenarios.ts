// The audit log's tamper evidence (BENCH_SCENARIOS=audit, contract section 21): writes with signed checkpoints on
// and off, and `audit-verify` over a million entries, each on a database of its own.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { GENESIS_HASH } from '../src/audit/audit-chain-hash';
import { newId } from '../src/common/ids/ids';
import { entryRow, INSERT_COLUMNS, systemEntry } from '../test/support/audit-entries';
import { freeLoopbackPort } from '../test/support/test-app';
import { postsTo } from './ledger-scenarios';
import { alternate, bestRate, describeRoundRatios, describeRuns, failureNote, WRITE_CONNECTIONS } from './scenarios';
import { createBenchDatabase, seedDemoData, withDataSource } from './support/databases';
import { projectServer, RunningServer, runNodeScript, serverDist, startServer, stopServer } from './support/processes';
import { Comparison, figure, log } from './support/report';
import { BenchSettings, DatabaseKind } from './support/settings';

/** An Ed25519 seed for the bench's signing key (base64). */
const SIGNING_KEY = Buffer.alloc(32, 11).toString('base64');
/** Checkpoints while the load runs: every second, far more often than the 5 minutes' default. */
const CHECKPOINT_INTERVAL = '1s';
/** Entries per chain of the verified log: a million entries in a thousand chains (a tenth with BENCH_QUICK). */
const CHAINS = 1000;
/** Rows per INSERT when the log is written: 13 parameters each, under SQLite's 32,766. */
const INSERT_ROWS = 2000;

/**
 * POST /v1/transactions (every one audited), 16 conns, with AUDIT_SIGNING_KEY and a checkpoint every second vs
 * without: two servers of this build on databases seeded alike, alternating runs. A checkpoint reads the chain heads
 * (one row per account) and signs them off the request path, so no measurable cost is expected.
 */
export async function postsWithCheckpointsOnAndOff(label: string, settings: BenchSettings, kind: DatabaseKind): Promise<Comparison[]> {
  const off = await createBenchDatabase(kind, settings.postgresServerUrl);
  const on = await createBenchDatabase(kind, settings.postgresServerUrl);
  const checkpointDir = mkdtempSync(join(tmpdir(), 'bench-checkpoints-'));
  const servers: RunningServer[] = [];
  try {
    log('  seeding two small databases...');
    await seedDemoData(off.url, 'small');
    await seedDemoData(on.url, 'small');
    const offServer = await startServer(projectServer(off.url, { port: await freeLoopbackPort() }));
    servers.push(offServer);
    const env = { AUDIT_SIGNING_KEY: SIGNING_KEY, AUDIT_CHECKPOINT_INTERVAL: CHECKPOINT_INTERVAL, AUDIT_CHECKPOINT_DIR: checkpointDir };
    const onServer = await startServer(projectServer(on.url, { port: await freeLoopbackPort(), env }));
    servers.push(onServer);
    const sides = await alternate(settings.rounds, await postsTo(offServer, settings), await postsTo(onServer, settings));
    log(describeRuns('  POST /v1/transactions, no checkpoints', sides.anchor));
    log(describeRuns(`  POST /v1/transactions, a signed checkpoint every ${CHECKPOINT_INTERVAL}`, sides.project));
    log(describeRoundRatios(sides, (without, withCheckpoints) => withCheckpoints.requestsPerSecond / without.requestsPerSecond));
    return [
      {
        database: label,
        scenario: `POST /v1/transactions (fresh Idempotency-Key), ${WRITE_CONNECTIONS} conns, audit checkpoints signed every ${CHECKPOINT_INTERVAL} vs none`,
        unit: 'req/s',
        project: bestRate(sides.project),
        anchor: bestRate(sides.anchor),
        ratioOf: 'project / anchor',
        judged: 'ratio',
        target: { atLeast: 0.95 },
        note: failureNote(sides.anchor, sides.project),
      },
    ];
  } finally {
    for (const server of servers) await stopServer(server);
    await off.drop();
    await on.drop();
    rmSync(checkpointDir, { recursive: true, force: true });
  }
}

/**
 * `node dist/cli.js audit-verify` over an audit log of a million entries (CHAINS chains, each with its record in the
 * platform chain), written straight in SQL with their real hashes: its wall time and peak RSS, beside the plainest
 * full read of the same rows, SELECT COUNT(*), MAX(hash), timed in the same run.
 */
export async function auditVerifyOverAMillion(label: string, settings: BenchSettings, kind: DatabaseKind): Promise<Comparison[]> {
  const database = await createBenchDatabase(kind, settings.postgresServerUrl);
  const entries = settings.quick ? 100_000 : 1_000_000;
  try {
    const cli = join(serverDist(), 'cli.js');
    const migrated = await runNodeScript(cli, ['migrate'], { DATABASE_URL: database.url, LOG_LEVEL: 'warn' });
    if (migrated.exitCode !== 0) throw new Error(`migrate exited with ${String(migrated.exitCode)}`);
    const startedAt = performance.now();
    await withDataSource(database.url, (dataSource) => writeAuditLog(dataSource, entries));
    log(`  wrote ${entries.toLocaleString('en-US')} audit entries in ${CHAINS} chains in ${figure((performance.now() - startedAt) / 1000)} s`);
    const verify = async () => {
      const finished = await runNodeScript(cli, ['audit-verify'], { DATABASE_URL: database.url, LOG_LEVEL: 'warn' });
      if (finished.exitCode !== 0) throw new Error(`audit-verify exited with ${String(finished.exitCode)}:\n${finished.stdout}`);
      return finished;
    };
    const sides = await withDataSource(database.url, (dataSource) => alternate(settings.rounds, () => timeFullRead(dataSource), verify));
    log(`  SELECT COUNT(*), MAX(hash) FROM audit_log: ${sides.anchor.map((seconds) => `${figure(seconds)} s`).join(' | ')}`);
    log(`  audit-verify: ${sides.project.map((run) => `${figure(run.wallMs / 1000)} s, peak ${figure(run.peakMB)} MB`).join(' | ')}`);
    const scenario = `node dist/cli.js audit-verify (${entries.toLocaleString('en-US')} entries, ${CHAINS + 1} chains)`;
    return [
      {
        database: label,
        scenario: `${scenario}: wall time vs SELECT COUNT(*), MAX(hash) FROM audit_log`,
        unit: 's',
        project: Math.min(...sides.project.map((run) => run.wallMs / 1000)),
        anchor: Math.min(...sides.anchor),
        ratioOf: 'project / anchor',
        judged: 'ratio',
        target: null,
      },
      {
        database: label,
        scenario: `${scenario}: peak RSS (VmHWM), highest of ${sides.project.length} runs`,
        unit: 'MB',
        project: Math.max(...sides.project.map((run) => run.peakMB)),
        anchor: null,
        ratioOf: 'project / anchor',
        judged: 'project',
        // Shown for scale: the walk holds one batch of 1,000 entries; the peak is V8's heap growing ahead of its collector.
        target: null,
      },
    ];
  } finally {
    await database.drop();
  }
}

async function timeFullRead(dataSource: DataSource): Promise<number> {
  const startedAt = performance.now();
  await dataSource.query('SELECT COUNT(*) AS entries, MAX(hash) AS hash FROM audit_log');
  return (performance.now() - startedAt) / 1000;
}

/** The chains as the service writes them: each account chain's start recorded in the platform chain, then its entries. */
async function writeAuditLog(dataSource: DataSource, entries: number): Promise<void> {
  const perChain = Math.floor(entries / CHAINS);
  const platform = { sequence: 0, hash: GENESIS_HASH };
  const rows: unknown[][] = [];
  const flush = async () => {
    if (rows.length === 0) return;
    const postgres = dataSource.options.type === 'postgres';
    let index = 0;
    const values = rows.map((row) => `(${row.map(() => (postgres ? `$${++index}` : '?')).join(', ')})`).join(', ');
    await dataSource.query(`INSERT INTO audit_log (${INSERT_COLUMNS}) VALUES ${values}`, rows.flat());
    rows.length = 0;
  };
  const append = async (chain: string, head: { sequence: number; hash: string }, action: string, target: string | null) => {
    head.sequence += 1;
    const fields = systemEntry(chain, head.sequence, action, target === null ? {} : { targetType: 'audit_chain', targetId: target });
    const { row, hash } = entryRow(fields, head.hash);
    rows.push(row);
    head.hash = hash;
    if (rows.length >= INSERT_ROWS) await flush();
  };
  const heads: [string, { sequence: number; hash: string }][] = [];
  for (let chain = 0; chain < CHAINS; chain += 1) {
    const name = newId('acc');
    const head = { sequence: 0, hash: GENESIS_HASH };
    for (let entry = 0; entry < perChain; entry += 1) {
      await append(name, head, 'account.updated', null);
      if (entry === 0) await append('platform', platform, 'audit.chain_started', name);
    }
    heads.push([name, head]);
  }
  await flush();
  heads.push(['platform', platform]);
  for (const [chain, head] of heads) {
    await dataSource.query(`INSERT INTO audit_chains (chain, last_sequence, last_hash) VALUES (${dataSource.options.type === 'postgres' ? '$1, $2, $3' : '?, ?, ?'})`, [
      chain,
      head.sequence,
      head.hash,
    ]);
  }
}
