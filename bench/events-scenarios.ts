// The events' figures (BENCH_SCENARIOS=events): POST /v1/transactions with events on vs the same
// build with its EventLog recording nothing, and webhook delivery to a receiver on a loopback
// port: how fast a backlog drains, and the lag from a write's commit to its events' arrival.
// As elsewhere, each figure is shown beside one measured in the same run where one exists.
import { DataSource } from 'typeorm';
import { sql } from '../src/database/sql';
import { ApiClient } from '../test/support/api-client';
import { accountOwner, login } from '../test/support/factories';
import { postsTo } from './ledger-scenarios';
import { alternate, bestRate, createTransaction, describeRoundRatios, describeRuns, failureNote, WRITE_CONNECTIONS } from './scenarios';
import { createBenchDatabase, seedDemoData, withDataSource } from './support/databases';
import { LoadResult, roundRobin, runLoad } from './support/load';
import { ADMIN, EVENTS_PORT, eventsOffServer, projectServer, RECEIVER_PORT, RunningServer, startServer, stopServer } from './support/processes';
import { Comparison, figure, log } from './support/report';
import { BenchSettings, DatabaseKind } from './support/settings';
import { Arrival } from './support/webhook-receiver';
import { WebhookReceiver } from './support/webhook-receiver-process';

/** Both databases of the on/off figure, and the delivery figures' one, are seeded alike: small. */
const EVENTS_SEED_SIZE = 'small';

const COUNT_EVENTS = sql`SELECT COUNT(*) AS events FROM events`;

// ---------------------------------------------------------------------------------------------
// POST /v1/transactions with events on and off
// ---------------------------------------------------------------------------------------------

/**
 * The build's POST /v1/transactions as it is (every write records transaction.created and
 * balance.updated in its transaction, and the webhook fan-out looks for endpoints, of which there
 * are none here) vs the same build with EventLog recording nothing
 * (bench/anchors/events-off-server.ts). Both servers run at once, each on its own database seeded
 * small by this build; the runs alternate, the best of each side is compared. The events tables
 * are counted before and after: the anchor must have recorded none, the service some.
 */
export async function postsWithEventsOnAndOff(label: string, settings: BenchSettings, kind: DatabaseKind): Promise<Comparison[]> {
  const on = await createBenchDatabase(kind, settings.postgresServerUrl);
  const off = await createBenchDatabase(kind, settings.postgresServerUrl);
  const servers: RunningServer[] = [];
  try {
    log(`  seeding two ${EVENTS_SEED_SIZE} databases, one per server...`);
    await seedDemoData(on.url, EVENTS_SEED_SIZE);
    await seedDemoData(off.url, EVENTS_SEED_SIZE);
    const offServer = await startServer(eventsOffServer(off.url));
    servers.push(offServer);
    const onServer = await startServer(projectServer(on.url, { port: EVENTS_PORT }));
    servers.push(onServer);
    const before = { on: await countEvents(on.url), off: await countEvents(off.url) };
    const sides = await alternate(settings.rounds, await postsTo(offServer, settings), await postsTo(onServer, settings));
    const recorded = { on: (await countEvents(on.url)) - before.on, off: (await countEvents(off.url)) - before.off };
    log(describeRuns('  POST /v1/transactions, events off', sides.anchor));
    log(describeRuns('  POST /v1/transactions, events on', sides.project));
    log(describeRoundRatios(sides, (eventsOff, eventsOn) => eventsOn.requestsPerSecond / eventsOff.requestsPerSecond));
    const writes = (results: readonly LoadResult[]) => results.reduce((sum, result) => sum + result.requests - result.failures, 0);
    log(`  events recorded meanwhile (warm-ups included): on ${recorded.on} (${writes(sides.project)} measured writes), off ${recorded.off} (${writes(sides.anchor)} measured writes)`);
    if (recorded.off !== 0) throw new Error(`the events-off server recorded ${recorded.off} events: its EventLog is not the no-op, the figure would mean nothing`);
    if (recorded.on < writes(sides.project)) throw new Error(`the events-on server recorded ${recorded.on} events for ${writes(sides.project)} writes`);
    return [
      {
        database: label,
        scenario: `POST /v1/transactions (fresh Idempotency-Key), ${WRITE_CONNECTIONS} conns, events on vs the same build with EventLog a no-op (no webhook endpoint), each on its own ${EVENTS_SEED_SIZE} seed`,
        unit: 'req/s',
        project: bestRate(sides.project),
        anchor: bestRate(sides.anchor),
        ratioOf: 'project / anchor',
        judged: 'ratio',
        target: { atLeast: 0.8 },
        note: failureNote(sides.anchor, sides.project),
      },
    ];
  } finally {
    for (const server of servers) await stopServer(server);
    await on.drop();
    await off.drop();
  }
}

async function countEvents(databaseUrl: string): Promise<number> {
  return withDataSource(databaseUrl, async (dataSource) => Number((await COUNT_EVENTS.row<{ events: number | string }>(dataSource.manager, []))?.events ?? 0));
}

// ---------------------------------------------------------------------------------------------
// Webhook delivery
// ---------------------------------------------------------------------------------------------

/** The delivery load is spread over this many accounts: one account's events are delivered one after the other (contract 11, order). */
const DELIVERY_ACCOUNTS = 16;
/** Enough for the steady rate with room for slow answers (a connection waits for its answer before its next request). */
const STEADY_CONNECTIONS = 64;
/** Writes to one account sent at once while its backlog builds. */
const SINGLE_STREAM_CONCURRENCY = 4;
/** How often the receiver's arrivals are fetched while waiting for a drain. */
const COLLECT_EVERY_MS = 100;
/** A drain that gains nothing this long has stalled: what has not arrived by then is reported missing. */
const STALL_MS = 30_000;
/** The longest the bench waits for one drain, progress or not. */
const DRAIN_CAP_MS = 15 * 60_000;
/** How long the last outcomes may take to be written once everything has arrived. */
const QUEUE_SETTLE_MS = 5_000;
/**
 * On PostgreSQL, how often the queue's and the events' tables are analyzed while the figures are
 * measured, standing in for autovacuum (off on the shared server here; by default it analyzes a
 * table once a tenth of it changed, checking every minute). The queue table starts empty and grows
 * by thousands of rows a phase: planned on the statistics of an empty table, the claim took 1 to
 * 2.5 s per call at 2,000 pending deliveries and delivery fell to 5-10 events/s.
 */
const ANALYZE_EVERY_MS = 10_000;
const ANALYZE_QUEUE = 'ANALYZE webhook_deliveries, webhook_endpoints, events, event_streams';

const MAX_EVENT_ID = sql`SELECT MAX(id) AS id FROM events`;
const EVENTS_AFTER = sql`SELECT id, stream, sequence FROM events WHERE id > $1`;
const COUNT_EVENTS_AFTER = sql`SELECT COUNT(*) AS events FROM events WHERE id > $1`;
const DELIVERY_STATES = sql`SELECT status, COUNT(*) AS deliveries, SUM(CASE WHEN attempts > 1 THEN 1 ELSE 0 END) AS retried FROM webhook_deliveries WHERE endpoint_id = $1 GROUP BY status`;

interface Owner {
  token: string;
  accountId: string;
}

/** The client's view of a write: when its 201 was read, by the transaction's id. */
type AnsweredWrites = Map<string, number>;

interface Drain {
  /** Delivered after the release (or after the writes stopped), per second until the last arrival. */
  eventsPerSecond: number;
  delivered: number;
  seconds: number;
  complete: boolean;
}

interface Lag {
  events: number;
  /** Arrival minus the client's reading of the write's 201 (ms). */
  p50: number;
  p99: number;
  max: number;
  /** Arrival minus the event's created_at (stamped in the transaction, before its commit). */
  createdP50: number;
  createdP99: number;
  /** p50 by event type: a write's first event (transaction.created) wakes the worker, the next waits for its turn in the stream. */
  p50ByType: Map<string, number>;
}

/**
 * One server (events on, WEBHOOK_ALLOW_HTTP and WEBHOOK_ALLOW_PRIVATE set), one platform-wide
 * endpoint registered by the admin through the API for every event type, pointing at the
 * receiver (bench/support/webhook-receiver.ts, a process of its own), and fresh accounts opened
 * through the API after it, so that every event of theirs is due at the receiver. In turn, each
 * starting once everything before it has arrived:
 *  1. light load, 2 writes/s (4 events) to one account: the lag when the worker keeps up;
 *  2. one account's backlog (50 writes, 100 events) built while the receiver holds its first
 *     answer, then released: the drain rate of a single ordered stream;
 *  3. a backlog over 16 accounts: closed-loop writes (16 conns) for 4 s while the receiver holds
 *     its answers, then released: events delivered per second, beside the rate they were recorded;
 *  4. 200 writes/s offered over the 16 accounts for 30 s (10 s quick; 64 conns): lag p50/p99, then the drain.
 * Lag is the receiver's arrival time minus the time the load generator read the write's 201 (after
 * its commit; both Date.now() on this machine), for the write's transaction.created and, by its
 * sequence, the balance.updated that follows it; arrival minus the event's created_at is shown
 * beside it. At the end every event recorded since the endpoint was registered must have arrived:
 * the missing and the repeated (by webhook-id) are counted. On PostgreSQL the queue's and the
 * events' tables are analyzed before each phase and every 10 s, as autovacuum would (see
 * ANALYZE_EVERY_MS).
 */
export async function webhookDelivery(label: string, settings: BenchSettings, kind: DatabaseKind): Promise<Comparison[]> {
  const database = await createBenchDatabase(kind, settings.postgresServerUrl);
  let receiver: WebhookReceiver | null = null;
  let server: RunningServer | null = null;
  try {
    log(`  seeding a ${EVENTS_SEED_SIZE} database...`);
    await seedDemoData(database.url, EVENTS_SEED_SIZE);
    receiver = await WebhookReceiver.start(RECEIVER_PORT);
    server = await startServer(projectServer(database.url, { port: EVENTS_PORT, env: { WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOW_PRIVATE: 'true' } }));
    const started = { receiver, server };
    return await withDataSource(database.url, (dataSource) => new DeliveryBench(label, settings, started.server, started.receiver, dataSource).run());
  } finally {
    if (server !== null) await stopServer(server);
    if (receiver !== null) await receiver.stop();
    await database.drop();
  }
}

class DeliveryBench {
  private readonly api: ApiClient;
  /** Events with a greater id were recorded after the endpoint was registered: all of them are due. */
  private watermark = '';
  private endpointId = '';
  /** Every webhook-id received, with its first arrival. */
  private readonly firstArrivals = new Map<string, Arrival>();

  constructor(
    private readonly label: string,
    private readonly settings: BenchSettings,
    private readonly server: RunningServer,
    private readonly receiver: WebhookReceiver,
    private readonly dataSource: DataSource,
  ) {
    this.api = new ApiClient(server.baseUrl);
  }

  async run(): Promise<Comparison[]> {
    const postgres = this.dataSource.options.type === 'postgres';
    let analyzing: Promise<unknown> = Promise.resolve();
    const analyze = () =>
      (analyzing = analyzing.then(() => this.dataSource.query(ANALYZE_QUEUE)).catch((error: unknown) => log(`    ANALYZE failed: ${(error as Error).message}`)));
    const timer = postgres ? setInterval(() => void analyze(), ANALYZE_EVERY_MS) : null;
    try {
      return await this.phases(postgres ? analyze : async () => undefined);
    } finally {
      if (timer !== null) clearInterval(timer);
      await analyzing;
    }
  }

  /** `analyze`, before each phase: the planner's statistics as autovacuum would keep them (PostgreSQL; nothing on SQLite). */
  private async phases(analyze: () => Promise<unknown>): Promise<Comparison[]> {
    const { webhooks } = this.settings;
    const owners = await this.register();
    await this.drained('the accounts opened');

    await analyze();

    log(`  light load: ${webhooks.lightRate} writes/s to one account for ${webhooks.lightSeconds} s...`);
    const light = await this.offer([owners[0]], 1, webhooks.lightRate, webhooks.lightSeconds, 'light');
    await this.drained('the light load');
    const lightLag = this.lag(light.answered);
    log(`    ${describeLag(lightLag)}`);

    await analyze();
    log(`  one account's backlog: ${webhooks.singleStreamWrites} writes while the receiver holds its answer, then released...`);
    const single = await this.backlog(async () => {
      await postMany(this.server.baseUrl, owners[0].token, webhooks.singleStreamWrites, SINGLE_STREAM_CONCURRENCY);
    });
    log(`    ${describeDrain(single.drain)}`);

    await analyze();
    log(`  backlog over ${owners.length} accounts: closed-loop writes, ${WRITE_CONNECTIONS} conns, for ${webhooks.backlogSeconds} s while the receiver holds its answers, then released...`);
    let backlogLoad: LoadResult | null = null;
    const spread = await this.backlog(async () => {
      backlogLoad = await runLoad({ baseUrl: this.server.baseUrl, connections: WRITE_CONNECTIONS, seconds: webhooks.backlogSeconds, next: spreadWrites(owners, 'backlog') });
    });
    const load = backlogLoad as LoadResult | null;
    const recordedPerSecond = spread.recorded / webhooks.backlogSeconds;
    log(`    ${load === null ? '' : `${load.requests - load.failures} writes (${load.requestsPerSecond.toFixed(0)}/s${load.failures > 0 ? `, ${load.failures} FAILED` : ''}), `}${spread.recorded} events recorded (${recordedPerSecond.toFixed(0)}/s); ${describeDrain(spread.drain)}`);

    await analyze();
    log(`  steady load: ${webhooks.steadyRate} writes/s offered over ${owners.length} accounts for ${webhooks.steadySeconds} s, ${STEADY_CONNECTIONS} conns...`);
    const steady = await this.offer(owners, STEADY_CONNECTIONS, webhooks.steadyRate, webhooks.steadySeconds, 'steady');
    const steadyDue = await this.countDue();
    await this.absorb();
    const deliveredDuringWrites = this.receiver.arrivals.filter((arrival) => arrival.at >= steady.startedAt && arrival.at <= steady.endedAt).length;
    const backlogAtEnd = steadyDue - this.firstArrivals.size;
    const afterWrites = await this.drained('the steady load', steady.endedAt);
    const steadyLag = this.lag(steady.answered);
    const steadyWindow = (steady.endedAt - steady.startedAt) / 1000;
    const steadyText = `${steady.load.requestsPerSecond.toFixed(0)} writes/s achieved (p99 ${steady.load.p99Ms} ms${steady.load.failures > 0 ? `, ${steady.load.failures} FAILED` : ''}); ${(deliveredDuringWrites / steadyWindow).toFixed(0)} events/s delivered meanwhile; ${backlogAtEnd} events not yet delivered when the writes stopped, the last ${(afterWrites.seconds).toFixed(1)} s later`;
    log(`    ${steadyText}`);
    log(`    ${describeLag(steadyLag)}`);

    const check = await this.check();
    log(`    ${check.text}`);

    const rows = (scenario: string, unit: string, project: number, extra: Partial<Comparison> = {}): Comparison => ({
      database: this.label,
      scenario: `webhook delivery, ${scenario}`,
      unit,
      project,
      anchor: null,
      ratioOf: 'project / anchor',
      judged: 'project',
      target: null,
      ...extra,
    });
    const spreadText = `${owners.length} accounts`;
    const lagBasis = 'arrival minus the client reading the write\'s 201';
    return [
      rows(`backlog of ${spread.drain.delivered} events over ${spreadText} drained (receiver held its answers ${webhooks.backlogSeconds} s while ${WRITE_CONNECTIONS} conns wrote) vs the rate they were recorded`, 'events/s', spread.drain.eventsPerSecond, {
        anchor: recordedPerSecond,
        note: `drained in ${spread.drain.seconds.toFixed(1)} s after the release${spread.drain.complete ? '' : ' (INCOMPLETE: the drain stalled)'}`,
      }),
      rows(`backlog of one account (${single.drain.delivered} events, one ordered stream) drained`, 'events/s', single.drain.eventsPerSecond, {
        note: `drained in ${single.drain.seconds.toFixed(1)} s${single.drain.complete ? '' : ' (INCOMPLETE: the drain stalled)'}`,
      }),
      rows(`lag, ${webhooks.steadyRate} writes/s offered over ${spreadText} for ${webhooks.steadySeconds} s: p50`, 'ms', steadyLag.p50, {
        note: `${lagBasis}, ${steadyLag.events} events; vs created_at p50 ${figure(steadyLag.createdP50)} ms, p99 ${figure(steadyLag.createdP99)} ms; ${steadyText}`,
      }),
      rows(`lag, ${webhooks.steadyRate} writes/s offered over ${spreadText} for ${webhooks.steadySeconds} s: p99`, 'ms', steadyLag.p99),
      rows(`lag, ${webhooks.lightRate} writes/s to one account for ${webhooks.lightSeconds} s: p50`, 'ms', lightLag.p50, {
        note: `${lagBasis}, ${lightLag.events} events; p50 of a write's first event and of the one after it: ${describeByType(lightLag)}; vs created_at p50 ${figure(lightLag.createdP50)} ms, p99 ${figure(lightLag.createdP99)} ms`,
      }),
      rows(`lag, ${webhooks.lightRate} writes/s to one account for ${webhooks.lightSeconds} s: p99`, 'ms', lightLag.p99),
      rows(`events recorded since the endpoint was registered that never arrived (of ${check.due})`, 'events', check.missing, { target: { atMost: 0 }, note: check.text }),
      rows('events that arrived more than once (same webhook-id)', 'events', check.duplicated, {
        target: { atMost: 0 },
        note: 'at least once allows a repeat after a crash or an expired lease; none is expected in this run',
      }),
    ];
  }

  /** The endpoint (platform-wide, every type) first, then the accounts, so that all of their events are due. */
  private async register(): Promise<Owner[]> {
    const admin = await login(this.api, ADMIN.email, ADMIN.password);
    this.watermark = (await MAX_EVENT_ID.row<{ id: string | null }>(this.dataSource.manager, []))?.id ?? '';
    const created = await this.api.post<{ id: string }>('/v1/webhook_endpoints', { url: this.receiver.url, enabled_events: ['*'], description: 'bench receiver' }, { token: admin.token });
    if (created.status !== 201) throw new Error(`POST /v1/webhook_endpoints answered ${created.status} ${JSON.stringify(created.body)}`);
    this.endpointId = created.body.id;
    const owners: Owner[] = [];
    for (let index = 0; index < DELIVERY_ACCOUNTS; index += 1) {
      const owner = await accountOwner(this.api);
      owners.push({ token: owner.token, accountId: owner.accountId });
    }
    log(`  endpoint ${this.endpointId} -> ${this.receiver.url}; ${owners.length} accounts opened`);
    return owners;
  }

  /** Writes at a fixed rate, each 201 noted with the time it was read. */
  private async offer(owners: readonly Owner[], connections: number, rate: number, seconds: number, phase: string): Promise<{ load: LoadResult; answered: AnsweredWrites; startedAt: number; endedAt: number }> {
    const answered: AnsweredWrites = new Map();
    const onResponse = (status: number, body: string) => {
      if (status === 201) answered.set((JSON.parse(body) as { id: string }).id, Date.now());
    };
    const startedAt = Date.now();
    const load = await runLoad({ baseUrl: this.server.baseUrl, connections, seconds, overallRate: rate, next: spreadWrites(owners, phase), onResponse });
    return { load, answered, startedAt, endedAt: Date.now() };
  }

  /** Holds the receiver's answers while `write` builds a backlog, then releases them and times the drain. */
  private async backlog(write: () => Promise<void>): Promise<{ drain: Drain; recorded: number }> {
    const dueBefore = await this.countDue();
    this.receiver.hold(true);
    try {
      await write();
    } finally {
      this.receiver.hold(false);
    }
    const releasedAt = Date.now();
    const drain = await this.drained('the backlog', releasedAt);
    return { drain, recorded: (await this.countDue()) - dueBefore };
  }

  /**
   * Waits until every event due has arrived (or the drain stalls); the delivery rate after `since`:
   * the arrivals from then on over the time to the last of them.
   */
  private async drained(what: string, since = Date.now()): Promise<Drain> {
    const startedAt = Date.now();
    let due = await this.countDue();
    let lastProgressAt = Date.now();
    let received = -1;
    let complete = false;
    while (Date.now() - startedAt < DRAIN_CAP_MS && Date.now() - lastProgressAt < STALL_MS) {
      const count = await this.absorb();
      if (count !== received) {
        received = count;
        lastProgressAt = Date.now();
      }
      if (this.firstArrivals.size >= due) {
        // Writes cut off at the end of a load run may still commit: count again before calling it done.
        due = await this.countDue();
        if (this.firstArrivals.size >= due) {
          complete = true;
          break;
        }
      }
      await new Promise((resolve) => setTimeout(resolve, COLLECT_EVERY_MS));
    }
    if (!complete) log(`    the drain after ${what} ${Date.now() - startedAt >= DRAIN_CAP_MS ? `took longer than ${DRAIN_CAP_MS / 60_000} min` : `stalled for ${STALL_MS / 1000} s`}: ${this.firstArrivals.size} of ${due} events arrived`);
    const after = this.receiver.arrivals.filter((arrival) => arrival.at >= since);
    const lastAt = after.reduce((latest, arrival) => Math.max(latest, arrival.at), since);
    const seconds = (lastAt - since) / 1000;
    return { eventsPerSecond: seconds > 0 ? after.length / seconds : 0, delivered: after.length, seconds, complete };
  }

  private firstArrivalsScanned = 0;

  /** Fetches the receiver's new arrivals and notes the first of each webhook-id; the arrivals so far. */
  private async absorb(): Promise<number> {
    const count = await this.receiver.collect();
    for (const arrival of this.receiver.arrivals.slice(this.firstArrivalsScanned)) {
      if (!this.firstArrivals.has(arrival.webhookId)) this.firstArrivals.set(arrival.webhookId, arrival);
    }
    this.firstArrivalsScanned = count;
    return count;
  }

  /** Events recorded since the endpoint was registered: each must reach the receiver. */
  private async countDue(): Promise<number> {
    return Number((await COUNT_EVENTS_AFTER.row<{ events: number | string }>(this.dataSource.manager, [this.watermark]))?.events ?? 0);
  }

  /** The lag of the events of the writes in `answered`: their transaction.created, and the event after it in its stream. */
  private lag(answered: AnsweredWrites): Lag {
    const writeOf = new Map<string, number>();
    for (const arrival of this.firstArrivals.values()) {
      const answeredAt = arrival.type === 'transaction.created' && arrival.objectId !== null ? answered.get(arrival.objectId) : undefined;
      if (answeredAt !== undefined) writeOf.set(`${arrival.accountId}:${arrival.sequence}`, answeredAt);
    }
    const sinceAnswer: number[] = [];
    const sinceCreated: number[] = [];
    const byType = new Map<string, number[]>();
    for (const arrival of this.firstArrivals.values()) {
      const answeredAt = writeOf.get(`${arrival.accountId}:${arrival.sequence}`) ?? (arrival.type === 'transaction.created' ? undefined : writeOf.get(`${arrival.accountId}:${arrival.sequence - 1}`));
      if (answeredAt === undefined) continue;
      sinceAnswer.push(arrival.at - answeredAt);
      sinceCreated.push(arrival.at - arrival.createdAt);
      const lags = byType.get(arrival.type) ?? [];
      lags.push(arrival.at - answeredAt);
      byType.set(arrival.type, lags);
    }
    return {
      events: sinceAnswer.length,
      p50: percentile(sinceAnswer, 0.5),
      p99: percentile(sinceAnswer, 0.99),
      max: percentile(sinceAnswer, 1),
      createdP50: percentile(sinceCreated, 0.5),
      createdP99: percentile(sinceCreated, 0.99),
      p50ByType: new Map([...byType].map(([type, lags]) => [type, percentile(lags, 0.5)])),
    };
  }

  /** The endpoint's deliveries by status, once the last outcomes are written (the receiver answers before the worker records them). */
  private async settledQueue(): Promise<{ status: string; deliveries: number | string; retried: number | string | null }[]> {
    const until = Date.now() + QUEUE_SETTLE_MS;
    for (;;) {
      const states = await DELIVERY_STATES.rows<{ status: string; deliveries: number | string; retried: number | string | null }>(this.dataSource.manager, [this.endpointId]);
      if (!states.some((state) => state.status === 'pending') || Date.now() > until) return states;
      await new Promise((resolve) => setTimeout(resolve, COLLECT_EVERY_MS));
    }
  }

  /** Every event due against what arrived: the missing, the repeated, the unexpected, the out of order, the malformed. */
  private async check(): Promise<{ due: number; missing: number; duplicated: number; text: string }> {
    await this.absorb();
    const due = await EVENTS_AFTER.rows<{ id: string; stream: string; sequence: number | string }>(this.dataSource.manager, [this.watermark]);
    const dueIds = new Set(due.map((event) => event.id));
    const arrivals = this.receiver.arrivals;
    const received = new Set(arrivals.map((arrival) => arrival.webhookId));
    const missing = due.filter((event) => !received.has(event.id)).length;
    const unexpected = [...received].filter((id) => !dueIds.has(id)).length;
    const duplicated = arrivals.length - received.size;
    const malformed = arrivals.filter((arrival) => arrival.malformed).length;
    // Within a stream, first arrivals must come in sequence order.
    const lastSequence = new Map<string, number>();
    let outOfOrder = 0;
    const seen = new Set<string>();
    for (const arrival of arrivals) {
      if (seen.has(arrival.webhookId)) continue;
      seen.add(arrival.webhookId);
      const stream = arrival.accountId ?? 'platform';
      if (arrival.sequence < (lastSequence.get(stream) ?? 0)) outOfOrder += 1;
      else lastSequence.set(stream, arrival.sequence);
    }
    const states = await this.settledQueue();
    const queue = states.map((state) => `${state.status} ${Number(state.deliveries)}`).join(', ');
    const retried = states.reduce((sum, state) => sum + Number(state.retried ?? 0), 0);
    const text = `${due.length} events due, ${received.size} arrived (${arrivals.length} deliveries): ${missing} missing, ${duplicated} repeated, ${unexpected} unexpected, ${outOfOrder} out of sequence order, ${malformed} malformed; the queue: ${queue}, ${retried} needed more than one attempt`;
    return { due: due.length, missing, duplicated, text };
  }
}

/** Each write from the next of the accounts' owners in turn, each owner's keys its own. */
function spreadWrites(owners: readonly Owner[], phase: string) {
  return roundRobin(owners.map((owner, index) => createTransaction(owner.token, `${phase}-${index}`)));
}

/** `count` writes to one account, `concurrency` at a time, through the API client. */
async function postMany(baseUrl: string, token: string, count: number, concurrency: number): Promise<void> {
  const api = new ApiClient(baseUrl);
  const next = createTransaction(token, `single-${Date.now()}`);
  let sent = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (sent < count) {
        sent += 1;
        const request = next();
        const answer = await api.request(request.method, request.path, undefined, { headers: request.headers, rawBody: request.body });
        if (answer.status !== 201) throw new Error(`POST /v1/transactions answered ${answer.status} ${JSON.stringify(answer.body)}`);
      }
    }),
  );
}

/** Nearest rank; NaN for no values. */
function percentile(values: readonly number[], fraction: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))];
}

function describeLag(lag: Lag): string {
  return `lag of ${lag.events} events after the write's 201: p50 ${figure(lag.p50)} ms, p99 ${figure(lag.p99)} ms, max ${figure(lag.max)} ms (p50 by type: ${describeByType(lag)}); after created_at: p50 ${figure(lag.createdP50)} ms, p99 ${figure(lag.createdP99)} ms`;
}

function describeByType(lag: Lag): string {
  return [...lag.p50ByType].map(([type, p50]) => `${type} ${figure(p50)} ms`).join(', ');
}

function describeDrain(drain: Drain): string {
  return `${drain.delivered} events delivered in ${drain.seconds.toFixed(1)} s after the release: ${drain.eventsPerSecond.toFixed(1)} events/s${drain.complete ? '' : ' (INCOMPLETE)'}`;
}
