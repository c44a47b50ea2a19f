import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { Counter } from 'prom-client';
import { UserTokensRepository } from '../users/user-tokens.repository';
import { SessionsRepository } from '../auth/sessions.repository';
import { AppConfig } from '../config/app-config';
import { Database } from '../database/database';
import { EventsRepository } from '../events/events.repository';
import { AuditRetention } from '../audit/audit-retention';
import { IdempotencyKeysRepository } from '../idempotency/idempotency-keys.repository';
import { Metrics } from '../metrics/metrics';
import { WebhookDeliveriesRepository } from '../webhooks/webhook-deliveries.repository';
import { HousekeepingJob, housekeepingJobs } from './housekeeping-jobs';
import { JobLeasesRepository } from './job-leases.repository';

/** How often an instance asks for the jobs' leases, as a part of HOUSEKEEPING_INTERVAL: a period that ended is taken soon after. */
const CHECKS_PER_INTERVAL = 4;
const MIN_CHECK_MS = 250;
const MAX_CHECK_MS = 60_000;

/**
 * Runs each housekeeping job once per HOUSEKEEPING_INTERVAL across every
 * instance that shares the database. Every instance checks a few times per
 * interval; a job runs where its lease is taken, a conditional write in
 * job_leases that only one instance wins per period (by the database's clock).
 * The lease is not given back: the period it covers is the job's interval,
 * and an instance that dies mid-run leaves the rest to the next period. A run
 * deletes in batches, one short statement each, and stops after half the
 * interval, leaving what remains to the next period.
 */
@Injectable()
export class HousekeepingScheduler implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Housekeeping');
  /** Who holds a lease, as job_leases.leased_by shows it. */
  readonly holder = `${hostname()}/${process.pid}/${randomBytes(4).toString('hex')}`;
  private readonly jobs: readonly HousekeepingJob[];
  private readonly intervalMs: number;
  private readonly runs: Counter<'job'>;
  private readonly deleted: Counter<'job'>;
  private timer: NodeJS.Timeout | null = null;
  private pass: Promise<unknown> = Promise.resolve();
  private passRunning = false;
  private stopping = false;

  constructor(
    private readonly db: Database,
    private readonly leases: JobLeasesRepository,
    config: AppConfig,
    metrics: Metrics,
    sessions: SessionsRepository,
    userTokens: UserTokensRepository,
    idempotencyKeys: IdempotencyKeysRepository,
    deliveries: WebhookDeliveriesRepository,
    events: EventsRepository,
    audit: AuditRetention,
  ) {
    this.jobs = housekeepingJobs({ db, config, sessions, userTokens, idempotencyKeys, deliveries, events, audit });
    this.intervalMs = config.housekeepingIntervalSeconds * 1000;
    this.runs = new Counter({
      name: 'housekeeping_runs_total',
      help: 'Housekeeping job runs in this instance (one per interval across the cluster).',
      labelNames: ['job'],
      registers: [metrics.registry],
    });
    this.deleted = new Counter({
      name: 'housekeeping_deleted_rows_total',
      help: 'Rows deleted by housekeeping jobs in this instance.',
      labelNames: ['job'],
      registers: [metrics.registry],
    });
  }

  onApplicationBootstrap(): void {
    const checkMs = Math.min(Math.max(this.intervalMs / CHECKS_PER_INTERVAL, MIN_CHECK_MS), MAX_CHECK_MS);
    this.timer = setInterval(() => void this.check(), checkMs);
    this.timer.unref();
    void this.check();
  }

  /** Before the pool closes (global modules shut down after TypeORM): no new pass, and the one under way finishes. */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    await this.pass;
  }

  /**
   * One pass: runs each job whose lease this instance takes now, in order;
   * the names of the jobs it ran. Passes of one process run one after the
   * other (this one after any under way).
   */
  runDue(): Promise<string[]> {
    const pass = this.pass.then(() => this.runPass());
    this.pass = pass.catch(() => undefined);
    return pass;
  }

  /** Runs one job at once, without its lease (an operator's or a test's `now`); how many rows it deleted. */
  async runNow(name: string, now = new Date()): Promise<number> {
    const job = this.jobs.find((candidate) => candidate.name === name);
    if (job === undefined) throw new Error(`no housekeeping job is named ${name}`);
    return this.run(job, now);
  }

  /** The timer's pass, skipped while one is under way; a failure waits for the next check. */
  private async check(): Promise<void> {
    if (this.passRunning) return;
    this.passRunning = true;
    try {
      await this.runDue();
    } catch (error) {
      // The jobs whose lease was not taken are tried at the next check; the others in their next period.
      this.logger.warn(`housekeeping pass failed: ${(error as Error).message}`);
    } finally {
      this.passRunning = false;
    }
  }

  private async runPass(): Promise<string[]> {
    const ran: string[] = [];
    for (const job of this.jobs) {
      if (this.stopping) break;
      if (!(await this.db.run((manager) => this.leases.take(manager, job.name, this.intervalMs, this.holder)))) continue;
      ran.push(job.name);
      await this.run(job, new Date()).catch((error: Error) => {
        throw new Error(`${job.name}: ${error.message}`, { cause: error });
      });
    }
    return ran;
  }

  private async run(job: HousekeepingJob, now: Date): Promise<number> {
    const stopAt = Date.now() + this.intervalMs / 2;
    let deleted = 0;
    for (;;) {
      const batch = await job.purgeBatch(now, job.batchSize);
      deleted += batch;
      if (batch < job.batchSize || this.stopping || Date.now() >= stopAt) break;
    }
    this.runs.inc({ job: job.name });
    this.deleted.inc({ job: job.name }, deleted);
    if (deleted > 0) this.logger.log(`${job.name}: deleted ${deleted} ${job.rows}`);
    return deleted;
  }
}
