import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { DeliverySignal } from './delivery-signal';
import { BackgroundDatabase } from '../database/background-database';
import { Database } from '../database/database';
import { toEventResponse } from '../events/dto/event.response.dto';
import { retryDelayMs } from '../common/retry/retry-schedule';
import { AttemptResult, ClaimedDelivery, DeliveryOutcome, DeliveryTarget, Settlement, WebhookDeliveriesRepository } from './webhook-deliveries.repository';
import { WebhookEndpointsRepository } from './webhook-endpoints.repository';
import { unsealText } from '../common/crypto/sealed-text';
import { signature } from './webhook-secrets';
import { DELIVERY_TIMEOUT_MS, sendWebhook } from './webhook-sender';
import { resolveTarget } from './webhook-url';
import { HostResolver } from './host-resolver';
import { DomainError } from '../common/errors/domain-error';
import { databaseUnavailableReason } from '../database/database-unavailable';

/** Runs (one stream's deliveries to one endpoint, sent one after the other) one instance sends side by side. */
const RUNS_IN_FLIGHT = 32;
/** The longest run claimed at once: one stream's backlog goes out in runs of this many, each claim a statement. */
const RUN_LENGTH = 100;
/** How often an idle worker looks for due deliveries (a new one wakes it at once). */
const IDLE_POLL_MS = 100;
/** The least time between two claims: under a stream of writes, each one's signal does not cost a claim of its own. */
const CLAIM_SPACING_MS = 10;
/**
 * The same after a claim that found nothing free: the due deliveries are all held (by this worker's runs, by
 * another instance's, or behind a delivery waiting for its retry), and looking again costs a walk of them.
 */
const EMPTY_CLAIM_SPACING_MS = 50;
/** How often it tries again while the database cannot be used. */
const UNAVAILABLE_POLL_MS = 1000;
/** A claimed delivery belongs to its worker this long: past it (the worker died), another takes it up. */
const LEASE_MS = DELIVERY_TIMEOUT_MS + 5_000;
/** A run's next delivery is sent only while the lease leaves it the whole time-out and this margin to record its outcome. */
const RECORD_MARGIN_MS = 2_000;

/** A delivery's attempt, and whether it succeeded. */
type Attempted = AttemptResult & { succeeded: boolean };

/**
 * Sends the queued deliveries, in every instance that runs the service. Each
 * claim is one statement that leases the heads of the queue (on PostgreSQL
 * with SKIP LOCKED, so instances share the queue without taking the same row)
 * and, behind each, the next deliveries of its stream: a run, sent one after
 * the other while up to 32 runs (streams) go out side by side over keep-alive
 * connections. The outcomes are written back in batches, each only under its
 * lease; what a run did not send is given back. A crash between sending and
 * writing back repeats the deliveries once the lease has passed: at least
 * once, never lost.
 */
@Injectable()
export class WebhookWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(WebhookWorker.name);
  private running = false;
  private readonly inFlight = new Set<Promise<void>>();
  private wake: (() => void) | null = null;
  /** Something happened (a delivery queued or a run finished) since the loop last looked. */
  private nudged = false;
  private loopDone: Promise<void> = Promise.resolve();
  /** When the next claim may start. */
  private nextClaimAt = 0;
  /** Set while the database cannot be used: reported once when it goes and once when it is back. */
  private databaseUnavailable = false;
  /** Its own connections (WEBHOOK_POOL_SIZE): requests that saturate the main pool do not hold deliveries back. */
  private readonly db: Database;
  /** Writes the outcomes and the given-back deliveries of every run in batches. */
  private readonly recorder: OutcomeRecorder;

  constructor(
    background: BackgroundDatabase,
    private readonly deliveries: WebhookDeliveriesRepository,
    endpoints: WebhookEndpointsRepository,
    private readonly config: AppConfig,
    private readonly resolver: HostResolver,
    signal: DeliverySignal,
  ) {
    this.db = background.database;
    this.recorder = new OutcomeRecorder(this.db, deliveries, endpoints, config, this.logger);
    signal.listen(() => this.nudge());
  }

  onApplicationBootstrap(): void {
    this.running = true;
    this.loopDone = this.loop();
  }

  /** Before the server and the database close: no new claim, no further send of a run, and the deliveries in flight are answered and recorded. */
  async beforeApplicationShutdown(): Promise<void> {
    this.running = false;
    this.nudge();
    await this.loopDone;
    await Promise.all(this.inFlight);
  }

  private async loop(): Promise<void> {
    while (this.running) {
      const spacing = this.nextClaimAt - Date.now();
      if (spacing > 0) await new Promise((resolve) => setTimeout(resolve, spacing));
      const free = RUNS_IN_FLIGHT - this.inFlight.size;
      const claimed = free > 0 ? await this.claim(free) : [];
      for (const run of runsOf(claimed)) this.track(this.send(run));
      await this.idle();
    }
  }

  private async claim(heads: number): Promise<ClaimedDelivery[]> {
    const now = new Date();
    try {
      let walked = false;
      const claimed = await this.db.run(async (manager) => {
        if (!(await this.deliveries.anyDue(manager, now))) return [];
        walked = true;
        return this.deliveries.claimDue(manager, now, new Date(now.getTime() + LEASE_MS), heads, RUN_LENGTH);
      });
      this.nextClaimAt = now.getTime() + (walked && claimed.length === 0 ? EMPTY_CLAIM_SPACING_MS : CLAIM_SPACING_MS);
      if (this.databaseUnavailable) this.logger.log('the database answers again: webhook deliveries resume');
      this.databaseUnavailable = false;
      return claimed;
    } catch (error) {
      const unavailable = databaseUnavailableReason(error);
      if (unavailable === null) this.logger.warn(`could not claim webhook deliveries: ${(error as Error).message}`);
      else if (!this.databaseUnavailable) this.logger.warn(`webhook deliveries wait until the database is back (${unavailable})`);
      this.databaseUnavailable = unavailable !== null;
      return [];
    }
  }

  /**
   * Until a poll is due, a delivery is queued, or a run ends (the next
   * deliveries of its stream may be due now). A nudge that came while the
   * loop was claiming is not lost: the next idle returns at once.
   */
  private idle(): Promise<void> {
    if (this.nudged) {
      this.nudged = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.nudged = false;
        this.wake = null;
        resolve();
      };
      const timer = setTimeout(done, this.databaseUnavailable ? UNAVAILABLE_POLL_MS : IDLE_POLL_MS);
      this.wake = done;
    });
  }

  private nudge(): void {
    this.nudged = true;
    this.wake?.();
  }

  private track(work: Promise<void>): void {
    this.inFlight.add(work);
    void work.finally(() => {
      this.inFlight.delete(work);
      this.nudge();
    });
  }

  /**
   * Sends a run's deliveries one after the other, each only once the one before it succeeded, and while the
   * lease leaves it time to be sent and recorded. The first that fails, or the service stopping, ends the
   * run: the rest are given back. Ends once its outcomes are written, so that its stream's next claim sees
   * them.
   */
  private async send(run: ClaimedDelivery[]): Promise<void> {
    const written: Promise<void>[] = [];
    for (const [index, delivery] of run.entries()) {
      if (!this.running || Date.now() + DELIVERY_TIMEOUT_MS + RECORD_MARGIN_MS > delivery.lockedUntil.getTime()) {
        written.push(this.recorder.release(run.slice(index)));
        break;
      }
      let result: Attempted;
      try {
        result = await this.attempt(delivery);
      } catch (error) {
        // Its lease runs out and another attempt follows; nothing is lost.
        this.logger.warn(`webhook delivery ${delivery.id} could not be completed: ${(error as Error).message}`);
        written.push(this.recorder.release(run.slice(index + 1)));
        break;
      }
      written.push(this.recorder.record(delivery, result));
      if (!result.succeeded) {
        written.push(this.recorder.release(run.slice(index + 1)));
        break;
      }
    }
    await Promise.all(written);
  }

  private async attempt(delivery: ClaimedDelivery): Promise<Attempted> {
    const { event, endpoint } = delivery;
    if (event === null || endpoint === null) return { succeeded: false, statusCode: null, error: 'the event or the endpoint no longer exists', durationMs: 0 };
    let target;
    try {
      const rules = { allowHttp: this.config.webhookAllowHttp, allowPrivate: this.config.webhookAllowPrivate };
      target = await resolveTarget(endpoint.url, rules, (host) => this.resolver.lookup(host));
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return { succeeded: false, statusCode: null, error: error.description, durationMs: 0 };
    }
    const body = JSON.stringify(toEventResponse(event));
    const timestamp = Math.floor(Date.now() / 1000);
    const signatures = this.secretsOf(endpoint).map((secret) => signature(secret, event.id, timestamp, body));
    return sendWebhook(target, { 'webhook-id': event.id, 'webhook-timestamp': String(timestamp), 'webhook-signature': signatures.join(' ') }, body);
  }

  /** The current secret, and the previous one while it still signs after a rotation. */
  private secretsOf(endpoint: DeliveryTarget): string[] {
    const key = this.config.webhookSecretKey;
    const secrets = [unsealText(endpoint.sealedSecret, key)];
    if (endpoint.sealedPreviousSecret !== null && endpoint.previousSecretExpiresAt !== null && endpoint.previousSecretExpiresAt > new Date()) {
      secrets.push(unsealText(endpoint.sealedPreviousSecret, key));
    }
    return secrets;
  }
}

/** One stream's deliveries to one endpoint, in sequence order; a redelivery alone. */
function runsOf(claimed: readonly ClaimedDelivery[]): ClaimedDelivery[][] {
  const runs = new Map<string, ClaimedDelivery[]>();
  for (const delivery of claimed) {
    const key = delivery.ordered ? `${delivery.endpointId} ${delivery.stream}` : delivery.id;
    runs.set(key, [...(runs.get(key) ?? []), delivery]);
  }
  return [...runs.values()].map((run) => run.sort((a, b) => a.sequence - b.sequence));
}

/** What the recorder writes: an attempt's outcome, or deliveries given back unsent. */
type Pending = { kind: 'outcome'; outcome: DeliveryOutcome } | { kind: 'release'; deliveries: readonly ClaimedDelivery[] };

/**
 * Writes the outcomes of the attempts, and the deliveries runs give back, in
 * batches: whatever came in while the previous batch was being written goes in
 * the next one, in one transaction with the endpoints' failing streaks (a
 * success ends its endpoint's streak; a failure starts or continues it, and a
 * long enough streak disables the endpoint).
 */
class OutcomeRecorder {
  private queue: { pending: Pending; done: () => void }[] = [];
  private writing = false;

  constructor(
    private readonly db: Database,
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly endpoints: WebhookEndpointsRepository,
    private readonly config: AppConfig,
    private readonly logger: Logger,
  ) {}

  /** Resolves once written (or, when it could not be, once that is logged: the lease then runs out and the delivery is sent again). */
  record(delivery: ClaimedDelivery, result: Attempted): Promise<void> {
    const at = new Date();
    const giveUpBefore = new Date(at.getTime() - this.config.webhookGiveUpAfterSeconds * 1000);
    const settlement: Settlement = result.succeeded
      ? { kind: 'succeeded' }
      : delivery.createdAt <= giveUpBefore
        ? { kind: 'failed' }
        : { kind: 'retry', nextAttemptAt: new Date(at.getTime() + retryDelayMs(delivery.attempts, this.config.webhookRetryWaitsSeconds)) };
    return this.enqueue({ kind: 'outcome', outcome: { delivery, result, settlement, at } });
  }

  release(deliveries: readonly ClaimedDelivery[]): Promise<void> {
    return deliveries.length === 0 ? Promise.resolve() : this.enqueue({ kind: 'release', deliveries });
  }

  private enqueue(pending: Pending): Promise<void> {
    return new Promise((done) => {
      this.queue.push({ pending, done });
      if (!this.writing) void this.writeAll();
    });
  }

  private async writeAll(): Promise<void> {
    this.writing = true;
    while (this.queue.length > 0) {
      const batch = this.queue;
      this.queue = [];
      try {
        await this.write(batch.map((entry) => entry.pending));
      } catch (error) {
        // The leases run out and the deliveries are sent again; nothing is lost.
        this.logger.warn(`webhook delivery outcomes could not be recorded (${batch.length}): ${(error as Error).message}`);
      }
      for (const entry of batch) entry.done();
    }
    this.writing = false;
  }

  private async write(batch: readonly Pending[]): Promise<void> {
    const outcomes = batch.flatMap((pending) => (pending.kind === 'outcome' ? [pending.outcome] : []));
    const released = batch.flatMap((pending) => (pending.kind === 'release' ? pending.deliveries : []));
    // Per endpoint, in the order of the attempts: a success ends the streak, a failure after it starts a new one.
    const streaks = new Map<string, { succeeded: boolean; lastFailedAt: Date | null }>();
    for (const { delivery, settlement, at } of outcomes) {
      const streak = streaks.get(delivery.endpointId) ?? { succeeded: false, lastFailedAt: null };
      if (settlement.kind === 'succeeded') streaks.set(delivery.endpointId, { succeeded: true, lastFailedAt: null });
      else streaks.set(delivery.endpointId, { succeeded: streak.succeeded, lastFailedAt: at });
    }
    await this.db.transaction(async (manager) => {
      await Promise.all([this.deliveries.recordOutcomes(manager, outcomes), this.deliveries.release(manager, released)]);
      for (const [endpointId, streak] of streaks) {
        if (streak.succeeded) await this.endpoints.markSucceeded(manager, endpointId);
        if (streak.lastFailedAt === null) continue;
        const giveUpBefore = new Date(streak.lastFailedAt.getTime() - this.config.webhookGiveUpAfterSeconds * 1000);
        if (await this.endpoints.markFailed(manager, endpointId, streak.lastFailedAt, giveUpBefore)) {
          this.logger.warn(`webhook endpoint ${endpointId} disabled: every delivery failed for ${this.config.webhookGiveUpAfterSeconds} s`);
        }
      }
    });
  }
}
