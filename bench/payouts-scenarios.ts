// The payouts' figures (BENCH_SCENARIOS=payouts, contract section 23): a batch of settings.payouts.count payouts
// (10,000; 2,000 when quick) made by POST /v1/payout_batches, the time to build and download its pain.001 file and
// the server's peak memory meanwhile, and the statement import that reconciles their debits (lines per second). On a
// database of its own, migrated by the small seed, with a server started for it; the books must balance after.
import { performance } from 'node:perf_hooks';
import { ApiClient } from '../test/support/api-client';
import { createAccount, login, registerAndLogin } from '../test/support/factories';
import { endToEndIds, IBANS, payoutStatement } from '../test/support/payouts';
import { BenchDatabase, createBenchDatabase, seedDemoData } from './support/databases';
import { ADMIN, memoryUse, PROJECT_PORT, projectServer, startServer, stopServer } from './support/processes';
import { Comparison, log } from './support/report';
import { BenchSettings, DatabaseKind } from './support/settings';

/** Payouts created at once through the API while the bench fills the batch. */
const CREATE_CONCURRENCY = 8;

export async function payoutFigures(label: string, settings: BenchSettings, kind: DatabaseKind): Promise<Comparison[]> {
  const count = settings.payouts.count;
  const database: BenchDatabase = await createBenchDatabase(kind, settings.postgresServerUrl);
  try {
    await seedDemoData(database.url, 'small');
    const server = await startServer(projectServer(database.url, { port: PROJECT_PORT, env: { ACCOUNTS_DEFAULT_MODE: 'live' } }));
    try {
      const api = new ApiClient(server.baseUrl);
      const admin = await login(api, ADMIN.email, ADMIN.password);
      const owner = await registerAndLogin(api);
      await createAccount(api, owner.token, { overdraft: 'allowed' });
      const ibans = Object.values(IBANS);
      const created: { id: string; amount: number }[] = [];
      const createStarted = performance.now();
      for (let start = 0; start < count; start += CREATE_CONCURRENCY) {
        const answers = await Promise.all(
          Array.from({ length: Math.min(CREATE_CONCURRENCY, count - start) }, (_, offset) => {
            const index = start + offset;
            return api.post<{ id: string; amount: number }>(
              '/v1/payouts',
              { amount: 1000 + (index % 5000), currency: 'EUR', destination: { iban: ibans[index % ibans.length], name: `Merchant ${index}` }, reference: `Payout ${index}` },
              { token: owner.token },
            );
          }),
        );
        for (const answer of answers) {
          if (answer.status !== 201) throw new Error(`POST /v1/payouts: ${answer.status} ${JSON.stringify(answer.body)}`);
          created.push({ id: answer.body.id, amount: answer.body.amount });
        }
      }
      const createSeconds = (performance.now() - createStarted) / 1000;
      log(`  ${count} payouts created in ${createSeconds.toFixed(1)} s (${(count / createSeconds).toFixed(0)}/s, ${CREATE_CONCURRENCY} at a time)`);

      const pid = server.process.pid!;
      const batchStarted = performance.now();
      const batch = await api.post<{ id: string; payout_count: number }>('/v1/payout_batches', {}, { token: admin.token });
      const batchSeconds = (performance.now() - batchStarted) / 1000;
      if (batch.status !== 201 || batch.body.payout_count !== count) throw new Error(`POST /v1/payout_batches: ${batch.status} ${JSON.stringify(batch.body)}`);
      const before = memoryUse(pid);
      const fileStarted = performance.now();
      const file = await api.get<string>(`/v1/payout_batches/${batch.body.id}/file`, { token: admin.token });
      const fileSeconds = (performance.now() - fileStarted) / 1000;
      const after = memoryUse(pid);
      if (file.status !== 200 || endToEndIds(file.body).length !== count) throw new Error(`GET the batch file: ${file.status}, ${endToEndIds(String(file.body)).length} transfers`);
      log(
        `  batch of ${count}: POST ${batchSeconds.toFixed(2)} s; file ${(Buffer.byteLength(file.body) / 1e6).toFixed(1)} MB in ${fileSeconds.toFixed(2)} s; VmRSS ${before.rssMB.toFixed(0)} MB before, ${after.rssMB.toFixed(0)} after, VmHWM ${after.peakMB.toFixed(0)} MB`,
      );

      const statement = payoutStatement(created.map((payout, index) => ({ payoutId: payout.id, amount: payout.amount, entryId: `PAYOUT-DEBIT-${index}` })));
      const importStarted = performance.now();
      const imported = await api.post<{ payouts_paid: unknown[] }>('/v1/bank_statements', undefined, {
        token: admin.token,
        rawBody: statement,
        headers: { 'content-type': 'application/xml' },
      });
      const importSeconds = (performance.now() - importStarted) / 1000;
      if (imported.status !== 200 || imported.body.payouts_paid.length !== count) {
        throw new Error(`POST /v1/bank_statements: ${imported.status} ${JSON.stringify(imported.body).slice(0, 2000)}`);
      }
      const check = await api.get<{ ok: boolean }>('/v1/ledger/check', { token: admin.token });
      if (check.status !== 200 || !check.body.ok) throw new Error(`GET /v1/ledger/check: ${check.status} ${JSON.stringify(check.body).slice(0, 2000)}`);
      log(`  statement of ${count} payout debits (${(Buffer.byteLength(statement) / 1e6).toFixed(1)} MB) reconciled in ${importSeconds.toFixed(1)} s; ledger check ok`);
      const quick = count < 10_000 ? `${count} payouts: fewer than the 10,000 the issue names (BENCH_QUICK is on)` : undefined;
      const row = (scenario: string, unit: string, project: number, note: string): Comparison => ({
        database: label,
        scenario,
        unit,
        project,
        anchor: null,
        ratioOf: 'project / anchor',
        judged: 'project',
        target: null,
        note: [note, quick].filter((text) => text !== undefined).join('; '),
      });
      return [
        row(
          `POST /v1/payout_batches of ${count.toLocaleString('en-US')} pending payouts (claim, events)`,
          's',
          batchSeconds,
          'one database transaction; events inserted 500 rows at a time',
        ),
        row(
          `GET the batch's pain.001 file of ${count.toLocaleString('en-US')} transfers: build and download`,
          's',
          fileSeconds,
          `${(Buffer.byteLength(file.body) / 1e6).toFixed(1)} MB, streamed 1,000 payouts per read`,
        ),
        row(
          `the server's peak RSS (VmHWM) after the batch and its file`,
          'MB',
          after.peakMB,
          `VmRSS ${before.rssMB.toFixed(0)} MB before the download, ${after.rssMB.toFixed(0)} MB after`,
        ),
        row(
          `POST /v1/bank_statements, camt.053 of ${count.toLocaleString('en-US')} payout debits, all paid: lines/s`,
          '/s',
          count / importSeconds,
          `${importSeconds.toFixed(1)} s; 100 payouts per database transaction; ledger check ok`,
        ),
      ];
    } finally {
      await stopServer(server);
    }
  } finally {
    await database.drop();
  }
}
