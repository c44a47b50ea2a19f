// The refunds' figures (BENCH_SCENARIOS=refunds), on a database of their own (unseeded: an owner
// opened through the API). POST /v1/payments/{id}/refunds against POST /v1/transactions of the
// same account in the same run, and 50 concurrent refunds against one request: how long they take
// to settle and how many are accepted (exactly those that fit, whatever the database).
import { randomUUID } from 'node:crypto';
import { ApiClient } from '../test/support/api-client';
import { accountOwner } from '../test/support/factories';
import { alternate, bestRate, createTransaction, describeRoundRatios, describeRuns, failureNote, WRITE_CONNECTIONS } from './scenarios';
import { createBenchDatabase } from './support/databases';
import { bearer, LoadRequest, runLoad } from './support/load';
import { projectServer, startServer, stopServer } from './support/processes';
import { Comparison, log } from './support/report';
import { BenchSettings, DatabaseKind } from './support/settings';

/** The largest amount a request may ask: room for every refund of 1 the runs send. */
const LARGEST_AMOUNT = 999_999_999_999;
const CONCURRENT_REFUNDS = 50;
/** Each of the concurrent refunds asks this much of a request of CONCURRENT_AMOUNT: 33 fit. */
const CONCURRENT_REFUND = 300;
const CONCURRENT_AMOUNT = 10_000;

export async function refundFigures(label: string, settings: BenchSettings, kind: DatabaseKind): Promise<Comparison[]> {
  const database = await createBenchDatabase(kind, settings.postgresServerUrl);
  const server = await startServer(projectServer(database.url));
  try {
    const api = new ApiClient(server.baseUrl);
    const owner = await accountOwner(api);
    const big = await paidRequest(api, owner.token, LARGEST_AMOUNT);
    const refunds = (seconds: number) => runLoad({ baseUrl: server.baseUrl, connections: WRITE_CONNECTIONS, seconds, next: refundOf(owner.token, big) });
    const posts = (run: string, seconds: number) => runLoad({ baseUrl: server.baseUrl, connections: WRITE_CONNECTIONS, seconds, next: createTransaction(owner.token, run) });
    await posts('warm-up', settings.warmupSeconds);
    await refunds(settings.warmupSeconds);
    const sides = await alternate(settings.rounds, () => posts('bench', settings.runSeconds), () => refunds(settings.runSeconds));
    log(describeRuns('  POST /v1/transactions', sides.anchor));
    log(describeRuns('  POST /v1/payments/{id}/refunds', sides.project));
    log(describeRoundRatios(sides, (post, refund) => refund.requestsPerSecond / post.requestsPerSecond));

    const target = await paidRequest(api, owner.token, CONCURRENT_AMOUNT);
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: CONCURRENT_REFUNDS }, () => api.post(`/v1/payments/${target}/refunds`, { amount: CONCURRENT_REFUND }, { token: owner.token })),
    );
    const settledMs = performance.now() - started;
    const accepted = answers.filter((answer) => answer.status === 201).length;
    const refused = answers.filter((answer) => answer.status === 409 && answer.body?.error_code === 'refund_exceeds_payment').length;
    const fit = Math.floor(CONCURRENT_AMOUNT / CONCURRENT_REFUND);
    log(`  ${CONCURRENT_REFUNDS} concurrent refunds of ${CONCURRENT_REFUND} against one request of ${CONCURRENT_AMOUNT}: ${accepted} accepted (${fit} fit), ${refused} refused 409, in ${settledMs.toFixed(0)} ms`);
    if (accepted !== fit || refused !== CONCURRENT_REFUNDS - fit) throw new Error(`${accepted} of ${CONCURRENT_REFUNDS} concurrent refunds accepted where ${fit} fit (${refused} refused)`);
    return [
      {
        database: label,
        scenario: `POST /v1/payments/{id}/refunds (sandbox, fresh Idempotency-Key), ${WRITE_CONNECTIONS} conns, vs POST /v1/transactions of the same account`,
        unit: 'req/s',
        project: bestRate(sides.project),
        anchor: bestRate(sides.anchor),
        ratioOf: 'project / anchor',
        judged: 'ratio',
        target: { atLeast: 0.8 },
        note: failureNote(sides.anchor, sides.project),
      },
      {
        database: label,
        scenario: `${CONCURRENT_REFUNDS} concurrent refunds against one request: ms until all are answered (${accepted} accepted, exactly the ${fit} that fit)`,
        unit: 'ms',
        project: settledMs,
        anchor: null,
        ratioOf: 'project / anchor',
        judged: 'project',
        target: null,
      },
    ];
  } finally {
    await stopServer(server);
    await database.drop();
  }
}

/** A sandbox request of `amount`, paid: its id. */
async function paidRequest(api: ApiClient, token: string, amount: number): Promise<string> {
  const created = await api.post('/v1/payments', { purpose: 'invoice', amount, currency: 'EUR', customer: { email: 'bench@example.com' } }, { token });
  if (created.status !== 201) throw new Error(`creating a payment request answered ${created.status}: ${JSON.stringify(created.body)}`);
  const paid = await api.post(`/v1/payments/${created.body.id}/simulate`, { outcome: 'succeeded' }, { token });
  if (paid.status !== 200) throw new Error(`paying it answered ${paid.status}: ${JSON.stringify(paid.body)}`);
  return created.body.id;
}

/** Refunds of 1 against the request, each with a fresh Idempotency-Key. */
function refundOf(token: string, paymentId: string): () => LoadRequest {
  return () => ({
    method: 'POST',
    path: `/v1/payments/${paymentId}/refunds`,
    headers: { ...bearer(token), 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify({ amount: 1, reason: 'requested_by_customer' }),
  });
}
