import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { DeliverySignal } from './delivery-signal';
import { BackgroundDatabase } from '../database/background-database';
import { Database } from '../database/database';
import { toEventResponse } from '../events/dto/event.response.dto';
import { retryDelayMs } from '../common/retry/retry-schedule';
import { AttemptResult, ClaimedDelivery, DeliveryOutcome, DeliveryTarget, Settlement, StreamOf, WebhookDeliveriesRepository } from './webhook-deliveries.repository';
import { EntityManager } from 'typeorm';
import { WebhookEndpointsRepository } from './webhook-endpoints.repository';
import { unsealText } from '../common/crypto/sealed-text';
import { DELIVERY_TIMEOUT_MS } from './webhook-sender';
import { OffThreadSender, RunEnd } from './webhook-sender-off-thread';
import { ResolvedTarget, resolveTarget } from './webhook-url';
import { EventRecord } from '../events/entities/event.entity';
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
const EMPTY_CLAIM_SPACING_MS = 200;
/** ... and at least this many times as long as that walk took (a deep queue, a loaded database). */
const WALK_COST_FACTOR = 4;
/** How often it tries again while the database cannot be used. */
const UNAVAILABLE_POLL_MS = 1000;
/** A claimed delivery belongs to its worker this long: past it (the worker died), another takes it up. */
const LEASE_MS = DELIVERY_TIMEOUT_MS + 5_000;

/** A delivery's attempt, and whether it succeeded. */
type Attempted = AttemptResult & { succeeded: boolean };

/** How a run ended, and whether every one of its deliveries was sent and accepted (its stream's next run may follow at once). */
type RunEnded = RunEnd & { everyOneAccepted: boolean };

/** The failure of a delivery whose event or endpoint was deleted after it was queued. */
const GONE: Attempted = { succeeded: false, statusCode: null, error: 'the event or the endpoint no longer exists', durationMs: 0 };

/**
 * Sends the queued deliveries, in every instance that runs the service. Each
 * claim is one statement that leases the heads of the queue (on PostgreSQL
 * with SKIP LOCKED, so instances share the queue without taking the same row)
 * and, behind each, the next deliveries of its stream: a run, sent one after
 * the other while up to 32 runs (streams) go out side by side over keep-alive
 * connections, from a thread of its own (OffThreadSender). The outcomes are written back in batches, each only under its
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
  /** When the next walk of the queue may start, and when the last one did. */
  private nextClaimAt = 0;
  private lastWalkAt = 0;
  /** The streams whose run ended with every delivery sent and accepted: their next runs are claimed by name, at once. */
  private readonly continuations = new Map<string, StreamOf>();
  /**
   * The claim of continuations and the walk of the queue in progress, each apart from the other: a walk of a
   * deep queue (hundreds of milliseconds under load) does not hold back the streams that are flowing.
   */
  private continuing: Promise<void> | null = null;
  private walking: Promise<void> | null = null;
  /** Run slots promised to the claims in progress. */
  private reserved = 0;
  /** Set while the database cannot be used: reported once when it goes and once when it is back. */
  private databaseUnavailable = false;
  /** Its own connections (WEBHOOK_POOL_SIZE): requests that saturate the main pool do not hold deliveries back. */
  private readonly db: Database;
  /** Writes the outcomes and the given-back deliveries of every run in batches. */
  private readonly recorder: OutcomeRecorder;
  /** Sends the runs from a thread of its own. */
  private readonly sender = new OffThreadSender(this.logger);

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
    this.sender.stop();
    this.nudge();
    await this.loopDone;
    await Promise.all(this.inFlight);
    await this.sender.close();
  }

  /**
   * Claims the next runs of the streams whose run just ended (a seek per stream), and walks the queue for
   * the others when something was queued or a run ended (a signal), or at the poll, never closer together
   * than the spacing; the two side by side, each one at a time; then waits for the next of those.
   */
  private async loop(): Promise<void> {
    while (this.running) {
      if (this.canContinue()) this.continuing = this.inBackground(this.continueStreams(), () => (this.continuing = null));
      if (this.canWalk() && this.untilWalk() === 0) this.walking = this.inBackground(this.walk(), () => (this.walking = null));
      await this.idle();
    }
    await Promise.all([this.continuing, this.walking]);
  }

  private canContinue(): boolean {
    return this.continuing === null && this.continuations.size > 0 && this.free() > 0;
  }

  private canWalk(): boolean {
    return this.walking === null && this.free() > 0;
  }

  /** Claims the next run of each stream to continue, as many as there are free slots. */
  private async continueStreams(): Promise<void> {
    const streams = [...this.continuations.values()].slice(0, this.free());
    for (const stream of streams) this.continuations.delete(streamKey(stream));
    this.start(await this.reserving(streams.length, (manager, now, lockedUntil) => this.deliveries.claimStreams(manager, now, lockedUntil, streams, RUN_LENGTH)));
  }

  /**
   * Looks for due deliveries (a cheap read first) and claims as many runs as there are free slots. After a
   * walk that found nothing free, the next waits the longer of the spacing and a multiple of the walk's own
   * time, so that walking a deep queue takes a bounded share of the database.
   */
  private async walk(): Promise<void> {
    this.nudged = false;
    const startedAt = Date.now();
    this.lastWalkAt = startedAt;
    let walked = false;
    const heads = this.free();
    const claimed = await this.reserving(heads, async (manager, now, lockedUntil) => {
      if (!(await this.deliveries.anyDue(manager, now))) return [];
      walked = true;
      return this.deliveries.claimDue(manager, now, lockedUntil, heads, RUN_LENGTH);
    });
    const took = Date.now() - startedAt;
    this.nextClaimAt = Date.now() + (walked && claimed.length === 0 ? Math.max(EMPTY_CLAIM_SPACING_MS, WALK_COST_FACTOR * took) : CLAIM_SPACING_MS);
    this.start(claimed);
  }

  /** A claim that holds `slots` run slots while it runs, so that the other claim in progress does not count them as free. */
  private async reserving(slots: number, take: Parameters<WebhookWorker['claim']>[0]): Promise<ClaimedDelivery[]> {
    this.reserved += slots;
    try {
      return await this.claim(take);
    } finally {
      this.reserved -= slots;
    }
  }

  /** Runs a claim beside the loop; when it ends, `settle` clears its place and the loop looks again. */
  private inBackground(work: Promise<void>, settle: () => void): Promise<void> {
    return work.finally(() => {
      settle();
      this.wake?.();
    });
  }

  /** How long until the queue may be walked: the spacing after the last walk, and a signal or the poll. */
  private untilWalk(): number {
    const poll = this.databaseUnavailable ? UNAVAILABLE_POLL_MS : IDLE_POLL_MS;
    const walkAt = this.nudged ? this.nextClaimAt : Math.max(this.nextClaimAt, this.lastWalkAt + poll);
    return Math.max(walkAt - Date.now(), 0);
  }

  /**
   * Until there is something to do: a stream to continue, or a walk of the queue due (see untilWalk);
   * with every run slot taken or promised, until a run or a claim ends. A signal that came while the loop
   * was busy is not lost: it is counted when the wait starts.
   */
  private idle(): Promise<void> {
    return new Promise((resolve) => {
      let timer: NodeJS.Timeout | undefined;
      const done = (): void => {
        clearTimeout(timer);
        this.wake = null;
        resolve();
      };
      const arm = (): void => {
        clearTimeout(timer);
        if (!this.running || this.canContinue()) return done();
        if (!this.canWalk()) return;
        const wait = this.untilWalk();
        if (wait === 0) return done();
        timer = setTimeout(done, wait);
      };
      this.wake = arm;
      arm();
    });
  }

  private nudge(): void {
    this.nudged = true;
    this.wake?.();
  }

  private free(): number {
    return RUNS_IN_FLIGHT - this.inFlight.size - this.reserved;
  }

  private start(claimed: readonly ClaimedDelivery[]): void {
    for (const run of runsOf(claimed)) this.track(this.send(run));
  }

  private async claim(take: (manager: EntityManager, now: Date, lockedUntil: Date) => Promise<ClaimedDelivery[]>): Promise<ClaimedDelivery[]> {
    const now = new Date();
    try {
      const claimed = await this.db.run((manager) => take(manager, now, new Date(now.getTime() + LEASE_MS)));
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

  private track(work: Promise<void>): void {
    this.inFlight.add(work);
    void work.finally(() => {
      this.inFlight.delete(work);
      this.nudge();
    });
  }

  /**
   * Sends a run's deliveries one after the other from the sender thread, each only once the one before it
   * succeeded, and while the lease leaves it time to be sent and recorded. The first that fails, or the
   * service stopping, ends the run: the rest are given back. Ends once its outcomes are written, so that its
   * stream's next claim sees them.
   */
  private async send(run: ClaimedDelivery[]): Promise<void> {
    const written: Promise<void>[] = [];
    let end: RunEnded;
    try {
      end = await this.sendRun(run, (delivery, result) => written.push(this.recorder.record(delivery, result)));
    } catch (error) {
      // Nothing left (a secret that no longer unseals, say): the first delivery's lease runs out and another
      // attempt follows; nothing is lost, and the worker goes on with the other streams.
      this.logger.warn(`webhook delivery ${run[0].id} could not be sent: ${(error as Error).message}`);
      end = { attempted: 1, lost: false, everyOneAccepted: false };
    }
    // After a lost thread, a delivery may have left unrecorded: what follows it waits for the lease, in order.
    if (!end.lost) written.push(this.recorder.release(run.slice(end.attempted)));
    await Promise.all(written);
    const last = run[run.length - 1];
    if (last.ordered && end.everyOneAccepted) this.continuations.set(streamKey(last), last);
  }

  /**
   * The run's first deliveries whose event still exists go to the sender thread, to the address the endpoint's
   * URL was checked to; a run that cannot be sent (the URL is refused now, its endpoint or the first event is
   * gone) fails its first delivery.
   */
  private async sendRun(run: ClaimedDelivery[], record: (delivery: ClaimedDelivery, result: Attempted) => void): Promise<RunEnded> {
    const [first] = run;
    if (!this.running) return { attempted: 0, lost: false, everyOneAccepted: false };
    const endpoint = first.endpoint;
    const sendable = leadingWithEvents(run);
    if (endpoint === null || sendable.length === 0) return failFirst(first, GONE, record);
    const target = await this.targetOf(endpoint);
    if ('failure' in target) return failFirst(first, target.failure, record);
    const deliveries = sendable.map((delivery) => ({ eventId: delivery.eventId, body: JSON.stringify(toEventResponse(delivery.event)) }));
    let accepted = 0;
    const end = await this.sender.send(target, this.secretsOf(endpoint), first.lockedUntil, deliveries, (index, outcome) => {
      if (outcome.succeeded) accepted += 1;
      record(sendable[index], outcome);
    });
    return { ...end, everyOneAccepted: accepted === run.length };
  }

  /** The endpoint's URL checked now (a host may have come to resolve to a forbidden address), or why it cannot be sent to. */
  private async targetOf(endpoint: DeliveryTarget): Promise<ResolvedTarget | { failure: Attempted }> {
    try {
      const rules = { allowHttp: this.config.webhookAllowHttp, allowPrivate: this.config.webhookAllowPrivate };
      return await resolveTarget(endpoint.url, rules, (host) => this.resolver.lookup(host));
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return { failure: { succeeded: false, statusCode: null, error: error.description, durationMs: 0 } };
    }
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

type WithEvent = ClaimedDelivery & { event: EventRecord };

function hasEvent(delivery: ClaimedDelivery): delivery is WithEvent {
  return delivery.event !== null;
}

/** The run's deliveries up to the first whose event no longer exists. */
function leadingWithEvents(run: readonly ClaimedDelivery[]): WithEvent[] {
  const leading: WithEvent[] = [];
  for (const delivery of run) {
    if (!hasEvent(delivery)) break;
    leading.push(delivery);
  }
  return leading;
}

/** A run that cannot be sent: its first delivery failed with this, the rest given back. */
function failFirst(first: ClaimedDelivery, failure: Attempted, record: (delivery: ClaimedDelivery, result: Attempted) => void): RunEnded {
  record(first, failure);
  return { attempted: 1, lost: false, everyOneAccepted: false };
}

function streamKey(stream: StreamOf): string {
  return `${stream.endpointId} ${stream.stream}`;
}

/** One stream's deliveries to one endpoint, in sequence order; a redelivery alone. */
function runsOf(claimed: readonly ClaimedDelivery[]): ClaimedDelivery[][] {
  const runs = new Map<string, ClaimedDelivery[]>();
  for (const delivery of claimed) {
    const key = delivery.ordered ? streamKey(delivery) : delivery.id;
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
