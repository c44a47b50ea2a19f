import { Injectable, Logger } from '@nestjs/common';
import { createHash, timingSafeEqual } from 'node:crypto';
import { Gauge, Metric, Registry } from 'prom-client';
import { DomainError } from '../common/errors/domain-error';
import { AppConfig } from '../config/app-config';
import { Database } from '../database/database';
import { ReadReplica } from '../database/read-replica';
import { WebhookDeliveriesRepository } from '../webhooks/webhook-deliveries.repository';
import { processMetrics } from './process-metrics';

/** The route label of a request that matched no route (a 404 or 405 of the router): never the raw URL. */
export const UNMATCHED_ROUTE = '(unmatched)';
/** Seconds; from a cached read to a slow write. */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** A scrape counts the webhook queue up to this many rows, so that a huge backlog does not make scrapes slow. */
const QUEUE_COUNT_CAP = 100_000;

/** One (method, route, status) series: its count, sum and the count of each bucket (the last one is +Inf). */
interface Series {
  labels: { method: string; route: string; status: string };
  count: number;
  sum: number;
  buckets: Float64Array;
}

type Sample = { metricName?: string; labels: Record<string, string>; value: number };

/**
 * A metric whose samples are computed at scrape time, registered like prom-client's own: the
 * registry formats and escapes it. What the request path pays is HttpMetrics.observe only.
 */
function scrapedMetric(name: string, help: string, type: 'counter' | 'histogram', samples: () => Sample[]): Metric {
  const metric = { name, help, type, aggregator: 'sum', reset: () => undefined, get: async () => ({ name, help, type, aggregator: 'sum', values: samples() }) };
  return metric as unknown as Metric;
}

/**
 * Request counts and latencies by method, route template and status. Each
 * request adds to its series' plain counters (a few map lookups and
 * additions: some 70 ns, where prom-client's labelled counter and histogram
 * take over a microsecond); the samples are built from them at scrape time.
 */
export class HttpMetrics {
  /** method -> status -> route template -> series. */
  private readonly series = new Map<string, Map<number, Map<string | undefined, Series>>>();

  constructor(registry: Registry) {
    registry.registerMetric(
      scrapedMetric('http_requests_total', 'HTTP requests answered, by method, route template and status.', 'counter', () =>
        this.all().map((series) => ({ labels: series.labels, value: series.count })),
      ),
    );
    registry.registerMetric(
      scrapedMetric('http_request_duration_seconds', 'Time from the request to the end of its answer, by method, route template and status.', 'histogram', () =>
        this.all().flatMap(histogramSamples),
      ),
    );
  }

  /** `route` is the route's template (`/v1/transactions/:transaction_id`), undefined when none matched. */
  observe(method: string, route: string | undefined, status: number, elapsedMs: number): void {
    // Three map lookups and no string built: the request path's whole cost, about 70 ns.
    let byStatus = this.series.get(method);
    if (byStatus === undefined) this.series.set(method, (byStatus = new Map<number, Map<string | undefined, Series>>()));
    let byRoute = byStatus.get(status);
    if (byRoute === undefined) byStatus.set(status, (byRoute = new Map<string | undefined, Series>()));
    let series = byRoute.get(route);
    if (series === undefined) {
      series = { labels: { method, route: route ?? UNMATCHED_ROUTE, status: String(status) }, count: 0, sum: 0, buckets: new Float64Array(DURATION_BUCKETS.length + 1) };
      byRoute.set(route, series);
    }
    const seconds = elapsedMs / 1000;
    series.count += 1;
    series.sum += seconds;
    let bucket = 0;
    while (bucket < DURATION_BUCKETS.length && seconds > DURATION_BUCKETS[bucket]) bucket += 1;
    series.buckets[bucket] += 1;
  }

  private all(): Series[] {
    return [...this.series.values()].flatMap((byStatus) => [...byStatus.values()].flatMap((byRoute) => [...byRoute.values()]));
  }
}

/** A series as Prometheus's histogram samples: cumulative buckets (`le`), then sum and count. */
function histogramSamples(series: Series): Sample[] {
  let cumulative = 0;
  const buckets = [...DURATION_BUCKETS.map(String), '+Inf'].map((le, index) => {
    cumulative += series.buckets[index];
    return { metricName: 'http_request_duration_seconds_bucket', labels: { ...series.labels, le }, value: cumulative };
  });
  return [
    ...buckets,
    { metricName: 'http_request_duration_seconds_sum', labels: series.labels, value: series.sum },
    { metricName: 'http_request_duration_seconds_count', labels: series.labels, value: series.count },
  ];
}

/**
 * The metrics of this application, served by GET /metrics in Prometheus's
 * text format when METRICS_TOKEN is set: HTTP requests (fed by the pipeline's
 * onResponse hook), the database pool and the webhook queue (read at scrape
 * time), what other modules register (housekeeping), and the process's own.
 */
@Injectable()
export class Metrics {
  private readonly logger = new Logger(Metrics.name);
  readonly registry = new Registry();
  /** Null while /metrics is off: the pipeline then measures nothing. */
  readonly http: HttpMetrics | null;
  private readonly tokenDigest: Buffer | null;

  constructor(
    config: AppConfig,
    private readonly db: Database,
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly replica: ReadReplica,
  ) {
    this.tokenDigest = config.metricsToken === null ? null : digest(config.metricsToken);
    this.http = config.metricsToken === null ? null : new HttpMetrics(this.registry);
    // Started now, so that the event-loop delay is measured from the start, not from the first scrape.
    if (config.metricsToken !== null) processMetrics();
    this.registerDatabasePool();
    this.registerReplica();
    this.registerWebhookQueue();
  }

  /** The exposition, after checking `Authorization: Bearer <METRICS_TOKEN>` in constant time. */
  async scrape(authorization: string | undefined): Promise<string> {
    if (!this.authorizes(authorization)) throw new DomainError('unauthorized', 'GET /metrics needs Authorization: Bearer <METRICS_TOKEN>.');
    const [process, application] = await Promise.all([processMetrics().metrics(), this.registry.metrics()]);
    return `${process}\n${application}`;
  }

  private authorizes(authorization: string | undefined): boolean {
    if (this.tokenDigest === null) return false;
    const presented = /^Bearer (\S+)$/i.exec(authorization ?? '')?.[1];
    // Digests of equal length, compared in constant time: neither the token nor its length leaks through timing.
    return timingSafeEqual(digest(presented ?? ''), this.tokenDigest) && presented !== undefined;
  }

  private registerDatabasePool(): void {
    const db = this.db;
    new Gauge({
      name: 'database_pool_size',
      help: 'Connections the pool may open (SQLite: its one connection).',
      registers: [this.registry],
      collect() {
        this.set(db.poolUse().size);
      },
    });
    new Gauge({
      name: 'database_pool_connections',
      help: 'Connections in use or idle (SQLite: its one connection, in use while a unit of work holds it).',
      labelNames: ['state'],
      registers: [this.registry],
      collect() {
        const use = db.poolUse();
        this.set({ state: 'in_use' }, use.inUse);
        this.set({ state: 'idle' }, use.idle);
      },
    });
    new Gauge({
      name: 'database_pool_waiting',
      help: 'Units of work waiting for a connection (SQLite: queued for its one connection).',
      registers: [this.registry],
      collect() {
        this.set(db.poolUse().waiting);
      },
    });
  }

  private registerReplica(): void {
    const replica = this.replica;
    new Gauge({
      name: 'database_replica_lag_seconds',
      help: "How far the read replica's replay is behind the primary's latest commit, as of the last probe (NaN: unknown, or no replica).",
      registers: [this.registry],
      collect() {
        this.set(replica.current().lagSeconds ?? Number.NaN);
      },
    });
    new Gauge({
      name: 'database_replica_serving',
      help: 'The read replica serves lists and as_of balances (1), or they are read from the primary (0).',
      registers: [this.registry],
      collect() {
        this.set(replica.current().state === 'ok' ? 1 : 0);
      },
    });
  }

  private registerWebhookQueue(): void {
    // One count per scrape, shared by both gauges: their collects start together and await the same read.
    let reading: Promise<{ pending: number; due: number }> | null = null;
    const read = () => (reading ??= this.readQueueDepth().finally(() => (reading = null)));
    new Gauge({
      name: 'webhook_deliveries_pending',
      help: `Webhook deliveries not yet delivered nor given up (counted up to ${QUEUE_COUNT_CAP}).`,
      registers: [this.registry],
      async collect() {
        this.set((await read()).pending);
      },
    });
    new Gauge({
      name: 'webhook_deliveries_due',
      help: `Pending webhook deliveries whose next attempt is due now (counted up to ${QUEUE_COUNT_CAP}).`,
      registers: [this.registry],
      async collect() {
        this.set((await read()).due);
      },
    });
  }

  private async readQueueDepth(): Promise<{ pending: number; due: number }> {
    try {
      return await this.db.run((manager) => this.deliveries.queueDepth(manager, new Date(), QUEUE_COUNT_CAP));
    } catch (error) {
      // A scrape during a database outage still reports the process, the pool and the requests; the queue reads NaN.
      this.logger.warn(`webhook queue depth unavailable: ${(error as Error).message}`);
      return { pending: Number.NaN, due: Number.NaN };
    }
  }
}

function digest(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}
