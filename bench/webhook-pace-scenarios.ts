// Webhook deliveries that keep pace (BENCH_SCENARIOS=events, or pace for these alone): with one and with
// three instances on one database, one platform-wide endpoint on a receiver on a loopback port, and 16
// accounts writing, (1) the events delivered per second while the write path is saturated against the
// events recorded per second, and (2) the rate a backlog of 10,000 events drains at. Targets: 0.8 of the
// event rate, and 2,000 events/s.
import { DataSource } from 'typeorm';
import { sql } from '../src/database/sql';
import { ApiClient } from '../test/support/api-client';
import { accountOwner, login } from '../test/support/factories';
import { createTransaction, WRITE_CONNECTIONS } from './scenarios';
import { createBenchDatabase, seedDemoData, withDataSource } from './support/databases';
import { LoadResult, roundRobin, runLoad } from './support/load';
import { ADMIN, EVENTS_PORT, PORT_BASE, projectServer, RECEIVER_PORT, RunningServer, startServer, stopServer } from './support/processes';
import { Comparison, figure, log } from './support/report';
import { profiledServer, startCpuProfile, stopCpuProfile, summarizeCpuProfile } from './support/cpu-profile';
import { BenchSettings, DatabaseKind } from './support/settings';
import { Arrival } from './support/webhook-receiver';
import { WebhookReceiver } from './support/webhook-receiver-process';

/** The instances of the three-instance figures: the events' port and the two after it (none of the other groups' servers runs meanwhile). */
const INSTANCE_PORTS = [EVENTS_PORT, PORT_BASE + 6, PORT_BASE + 7];
/** Ordering is per account: the load is spread over this many, each a stream of its own. */
const ACCOUNTS = 16;
/** Writes (two events each) of the backlog. */
const BACKLOG_WRITES = 5_000;
/** Writes sent at once while the backlog is built, spread over the accounts and the instances. */
const BACKLOG_CONCURRENCY = 16;
/**
 * The backlog is built behind each stream's first delivery, which the receiver refuses (503): the service
 * then waits this long before retrying it (WEBHOOK_RETRY_WAITS, ±20 %), and the stream waits behind it.
 * Once built, the bench makes the refused deliveries due at once (in SQL, as an operator's "retry now"),
 * and the drain is timed from there.
 */
const BLOCKED_RETRY_WAIT = '10m';
const COLLECT_EVERY_MS = 100;
const STALL_MS = 30_000;
const DRAIN_CAP_MS = 10 * 60_000;
/** As in the delivery figures (events-scenarios.ts): the planner's statistics while the queue grows, autovacuum being off here. */
const ANALYZE_QUEUE = 'ANALYZE webhook_deliveries, webhook_endpoints, events, event_streams';
const ANALYZE_EVERY_MS = 10_000;

const MAX_EVENT_ID = sql`SELECT MAX(id) AS id FROM events`;
const EVENTS_AFTER = sql`SELECT id, stream, sequence FROM events WHERE id > $1`;
const COUNT_EVENTS_AFTER = sql`SELECT COUNT(*) AS events FROM events WHERE id > $1`;
const COUNT_PENDING = sql`SELECT COUNT(*) AS pending FROM webhook_deliveries WHERE endpoint_id = $1 AND status = 'pending'`;
const COUNT_REFUSED_HEADS = sql`SELECT COUNT(*) AS refused FROM webhook_deliveries WHERE endpoint_id = $1 AND status = 'pending' AND attempts > 0 AND next_attempt_at > $2`;
const RETRY_NOW = sql`UPDATE webhook_deliveries SET next_attempt_at = $2 WHERE endpoint_id = $1 AND status = 'pending' AND next_attempt_at > $2`;

interface Owner {
  token: string;
  accountId: string;
}

interface PaceFigures {
  saturation: { writesPerSecond: number; recordedPerSecond: number; deliveredPerSecond: number; failures: number };
  drain: { backlog: number; eventsPerSecond: number; seconds: number; complete: boolean };
  check: { missing: number; repeated: number; outOfOrder: number; text: string };
}

/** The figures with one instance, then with three, each on a database of its own (seeded small). */
export async function webhookPace(label: string, settings: BenchSettings, kind: DatabaseKind): Promise<Comparison[]> {
  const rows: Comparison[] = [];
  for (const instances of settings.webhooks.paceInstances) {
    log(`  ${instances} instance${instances > 1 ? 's' : ''}:`);
    const figures = await paceWith(instances, settings, kind);
    rows.push(...paceRows(label, instances, settings, figures));
  }
  return rows;
}

function paceRows(label: string, instances: number, settings: BenchSettings, figures: PaceFigures): Comparison[] {
  const { saturation, drain, check } = figures;
  const who = `${instances} instance${instances > 1 ? 's' : ''}, ${ACCOUNTS} accounts, one platform-wide endpoint`;
  return [
    {
      database: label,
      scenario: `webhook pace, ${who}: events delivered/s while ${WRITE_CONNECTIONS} conns write as fast as the API takes them for ${settings.webhooks.saturationSeconds} s vs events recorded/s`,
      unit: 'events/s',
      project: saturation.deliveredPerSecond,
      anchor: saturation.recordedPerSecond,
      ratioOf: 'project / anchor',
      judged: 'ratio',
      target: { atLeast: 0.8 },
      note: `${saturation.writesPerSecond.toFixed(0)} writes/s${saturation.failures > 0 ? `, ${saturation.failures} FAILED` : ''}`,
    },
    {
      database: label,
      scenario: `webhook pace, ${who}: a backlog of ${drain.backlog} events drained`,
      unit: 'events/s',
      project: drain.eventsPerSecond,
      anchor: null,
      ratioOf: 'project / anchor',
      judged: 'project',
      target: { atLeast: 2_000 },
      note: `in ${drain.seconds.toFixed(1)} s${drain.complete ? '' : ' (INCOMPLETE: the drain stalled)'}; ${check.text}`,
    },
    {
      database: label,
      scenario: `webhook pace, ${who}: events missing, repeated or out of sequence order`,
      unit: 'events',
      project: check.missing + check.repeated + check.outOfOrder,
      anchor: null,
      ratioOf: 'project / anchor',
      judged: 'project',
      target: { atMost: 0 },
      note: `missing ${check.missing}, repeated ${check.repeated}, out of order ${check.outOfOrder}`,
    },
  ];
}

async function paceWith(instances: number, settings: BenchSettings, kind: DatabaseKind): Promise<PaceFigures> {
  const database = await createBenchDatabase(kind, settings.postgresServerUrl);
  let receiver: WebhookReceiver | null = null;
  const servers: RunningServer[] = [];
  try {
    log(`    seeding a small database...`);
    await seedDemoData(database.url, 'small');
    receiver = await WebhookReceiver.start(RECEIVER_PORT);
    // BENCH_CPU_PROFILE_DIR: each instance is profiled during the drain.
    const profiled = settings.cpuProfileDir === null ? { nodeOptions: [], env: {} } : profiledServer(settings.cpuProfileDir);
    const env = { WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_WAITS: BLOCKED_RETRY_WAIT, ...profiled.env };
    // One after the other: the first migrates, the others find the schema up to date.
    for (const port of INSTANCE_PORTS.slice(0, instances)) servers.push(await startServer(projectServer(database.url, { port, env, nodeOptions: profiled.nodeOptions })));
    const started = receiver;
    return await withDataSource(database.url, (dataSource) => new PaceBench(servers, started, dataSource, settings.cpuProfileDir).run(settings));
  } finally {
    for (const server of servers) await stopServer(server);
    if (receiver !== null) await receiver.stop();
    await database.drop();
  }
}

class PaceBench {
  /** Events with a greater id were recorded after the endpoint was registered: all of them are due. */
  private watermark = '';
  private endpointId = '';
  /** The first accepted (2xx) arrival of each webhook-id. */
  private readonly accepted = new Map<string, Arrival>();
  private scanned = 0;

  constructor(
    private readonly servers: readonly RunningServer[],
    private readonly receiver: WebhookReceiver,
    private readonly dataSource: DataSource,
    private readonly profileDir: string | null,
  ) {}

  async run(settings: BenchSettings): Promise<PaceFigures> {
    const postgres = this.dataSource.options.type === 'postgres';
    let analyzing: Promise<unknown> = Promise.resolve();
    // PostgreSQL only: SQLite has no autovacuum to stand in for.
    const analyze = () =>
      postgres
        ? (analyzing = analyzing.then(() => this.dataSource.query(ANALYZE_QUEUE)).catch((error: unknown) => log(`    ANALYZE failed: ${(error as Error).message}`)))
        : analyzing;
    const timer = postgres ? setInterval(() => void analyze(), ANALYZE_EVERY_MS) : null;
    try {
      const owners = await this.register();
      await this.drained();
      await analyze();
      const saturation = await this.saturation(owners, settings.webhooks.saturationSeconds);
      await analyze();
      const drain = await this.backlog(owners, analyze);
      const check = await this.check();
      log(`    ${check.text}`);
      return { saturation, drain, check };
    } finally {
      if (timer !== null) clearInterval(timer);
      await analyzing;
    }
  }

  private async register(): Promise<Owner[]> {
    const api = new ApiClient(this.servers[0].baseUrl);
    const admin = await login(api, ADMIN.email, ADMIN.password);
    this.watermark = (await MAX_EVENT_ID.row<{ id: string | null }>(this.dataSource.manager, []))?.id ?? '';
    const created = await api.post<{ id: string }>(
      '/v1/webhook_endpoints',
      { url: this.receiver.url, enabled_events: ['*'], description: 'bench receiver' },
      { token: admin.token },
    );
    if (created.status !== 201) throw new Error(`POST /v1/webhook_endpoints answered ${created.status} ${JSON.stringify(created.body)}`);
    this.endpointId = created.body.id;
    const owners: Owner[] = [];
    for (let index = 0; index < ACCOUNTS; index += 1) {
      const owner = await accountOwner(api);
      owners.push({ token: owner.token, accountId: owner.accountId });
    }
    return owners;
  }

  /** Closed-loop writes over every instance for `seconds`; the events recorded and delivered meanwhile. */
  private async saturation(owners: readonly Owner[], seconds: number): Promise<PaceFigures['saturation']> {
    log(`    saturation: ${WRITE_CONNECTIONS} conns over ${this.servers.length} instance(s) for ${seconds} s...`);
    const dueBefore = await this.countDue();
    const startedAt = Date.now();
    const loads = await Promise.all(
      this.servers.map((server, index) =>
        runLoad({
          baseUrl: server.baseUrl,
          connections: Math.ceil((WRITE_CONNECTIONS - index) / this.servers.length),
          seconds,
          next: roundRobin(owners.map((owner, account) => createTransaction(owner.token, `pace-${index}-${account}`))),
        }),
      ),
    );
    const endedAt = Date.now();
    const recorded = (await this.countDue()) - dueBefore;
    await this.absorb();
    const window = (endedAt - startedAt) / 1000;
    const delivered = this.receiver.arrivals.filter((arrival) => arrival.status < 300 && arrival.at >= startedAt && arrival.at <= endedAt).length;
    const writes = loads.reduce((sum, load: LoadResult) => sum + load.requests - load.failures, 0);
    const figures = {
      writesPerSecond: writes / window,
      recordedPerSecond: recorded / window,
      deliveredPerSecond: delivered / window,
      failures: loads.reduce((sum, load) => sum + load.failures, 0),
    };
    log(
      `      ${figures.writesPerSecond.toFixed(0)} writes/s, ${figures.recordedPerSecond.toFixed(0)} events/s recorded, ${figures.deliveredPerSecond.toFixed(0)} events/s delivered (${((100 * figures.deliveredPerSecond) / figures.recordedPerSecond).toFixed(0)} %)`,
    );
    const after = await this.drained();
    log(`      the rest delivered ${after.toFixed(1)} s after the writes stopped`);
    return figures;
  }

  /**
   * The receiver refuses each stream's next delivery, which then waits BLOCKED_RETRY_WAIT; 5,000 writes
   * (10,000 events) queue behind them; the receiver accepts again and the refused ones are made due now.
   */
  private async backlog(owners: readonly Owner[], analyze: () => Promise<unknown>): Promise<PaceFigures['drain']> {
    log(`    backlog: ${BACKLOG_WRITES} writes behind a refused delivery in each stream...`);
    const refusedAt = Date.now();
    this.receiver.answerWith(503);
    await writeMany(this.servers, owners, owners.length, owners.length);
    await this.until(async () => (await this.countRefusedHeads(refusedAt)) >= owners.length, 'a refused delivery in every stream');
    await writeMany(this.servers, owners, BACKLOG_WRITES, BACKLOG_CONCURRENCY);
    await analyze();
    this.receiver.answerWith(204);
    const backlog = await this.countPending();
    const releasedAt = Date.now();
    const directory = this.profileDir;
    const profiles = directory === null ? [] : this.servers.map((server) => startCpuProfile(server, directory));
    await RETRY_NOW.run(this.dataSource.manager, [this.endpointId, releasedAt]);
    log(`      ${backlog} deliveries pending; released`);
    await this.drained();
    for (const profile of profiles) {
      const file = await stopCpuProfile(profile);
      log(`      CPU profile of an instance during the drain: ${file}\n${summarizeCpuProfile(file, 30)}`);
    }
    const after = this.receiver.arrivals.filter((arrival) => arrival.status < 300 && arrival.at >= releasedAt);
    const lastAt = after.reduce((latest, arrival) => Math.max(latest, arrival.at), releasedAt);
    const seconds = (lastAt - releasedAt) / 1000;
    const complete = after.length >= backlog;
    const drain = { backlog, eventsPerSecond: seconds > 0 ? after.length / seconds : 0, seconds, complete };
    log(`      ${after.length} delivered in ${seconds.toFixed(1)} s: ${figure(drain.eventsPerSecond)} events/s`);
    return drain;
  }

  /** Waits until every event due has been accepted (or nothing arrives for STALL_MS); seconds waited. */
  private async drained(): Promise<number> {
    const startedAt = Date.now();
    let lastProgressAt = startedAt;
    let seen = -1;
    while (Date.now() - startedAt < DRAIN_CAP_MS && Date.now() - lastProgressAt < STALL_MS) {
      const count = await this.absorb();
      if (count !== seen) {
        seen = count;
        lastProgressAt = Date.now();
      }
      if (this.accepted.size >= (await this.countDue())) break;
      await new Promise((resolve) => setTimeout(resolve, COLLECT_EVERY_MS));
    }
    return (Date.now() - startedAt) / 1000;
  }

  private async until(done: () => Promise<boolean>, what: string): Promise<void> {
    const deadline = Date.now() + STALL_MS;
    while (!(await done())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, COLLECT_EVERY_MS));
    }
  }

  private async absorb(): Promise<number> {
    const count = await this.receiver.collect();
    for (const arrival of this.receiver.arrivals.slice(this.scanned)) {
      if (arrival.status < 300 && !this.accepted.has(arrival.webhookId)) this.accepted.set(arrival.webhookId, arrival);
    }
    this.scanned = count;
    return count;
  }

  private async countDue(): Promise<number> {
    return Number((await COUNT_EVENTS_AFTER.row<{ events: number | string }>(this.dataSource.manager, [this.watermark]))?.events ?? 0);
  }

  private async countPending(): Promise<number> {
    return Number((await COUNT_PENDING.row<{ pending: number | string }>(this.dataSource.manager, [this.endpointId]))?.pending ?? 0);
  }

  private async countRefusedHeads(since: number): Promise<number> {
    return Number((await COUNT_REFUSED_HEADS.row<{ refused: number | string }>(this.dataSource.manager, [this.endpointId, since]))?.refused ?? 0);
  }

  /** Every event due against the accepted arrivals: missing, accepted more than once, accepted out of sequence order. */
  private async check(): Promise<PaceFigures['check']> {
    await this.absorb();
    const due = await EVENTS_AFTER.rows<{ id: string }>(this.dataSource.manager, [this.watermark]);
    const accepted = this.receiver.arrivals.filter((arrival) => arrival.status < 300);
    const missing = due.filter((event) => !this.accepted.has(event.id)).length;
    const repeated = accepted.length - this.accepted.size;
    const lastSequence = new Map<string, number>();
    let outOfOrder = 0;
    for (const arrival of this.accepted.values()) {
      const stream = arrival.accountId ?? 'platform';
      if (arrival.sequence < (lastSequence.get(stream) ?? 0)) outOfOrder += 1;
      else lastSequence.set(stream, arrival.sequence);
    }
    const refused = this.receiver.arrivals.length - accepted.length;
    const text = `${due.length} events due, ${this.accepted.size} accepted: ${missing} missing, ${repeated} repeated, ${outOfOrder} out of sequence order (${refused} refused on purpose)`;
    return { missing, repeated, outOfOrder, text };
  }
}

/** `count` writes, `concurrency` at a time, going round the accounts and the instances. */
async function writeMany(servers: readonly RunningServer[], owners: readonly Owner[], count: number, concurrency: number): Promise<void> {
  const apis = servers.map((server) => new ApiClient(server.baseUrl));
  const writers = owners.map((owner, index) => createTransaction(owner.token, `pace-backlog-${index}`));
  let sent = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, lane) => {
      const api = apis[lane % apis.length];
      while (sent < count) {
        const request = writers[sent % writers.length]();
        sent += 1;
        const answer = await api.request(request.method, request.path, undefined, { headers: request.headers, rawBody: request.body });
        if (answer.status !== 201) throw new Error(`POST /v1/transactions answered ${answer.status} ${JSON.stringify(answer.body)}`);
      }
    }),
  );
}
