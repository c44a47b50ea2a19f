import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { DeliverySignal } from './delivery-signal';
import { BackgroundDatabase } from '../database/background-database';
import { Database } from '../database/database';
import { toEventResponse } from '../events/dto/event.response.dto';
import { retryDelayMs } from '../common/retry/retry-schedule';
import { AttemptResult, ClaimedDelivery, DeliveryTarget, WebhookDeliveriesRepository } from './webhook-deliveries.repository';
import { WebhookEndpointsRepository } from './webhook-endpoints.repository';
import { unsealText } from '../common/crypto/sealed-text';
import { signature } from './webhook-secrets';
import { DELIVERY_TIMEOUT_MS, sendWebhook } from './webhook-sender';
import { resolveTarget } from './webhook-url';
import { HostResolver } from './host-resolver';
import { DomainError } from '../common/errors/domain-error';
import { databaseUnavailableReason } from '../database/database-unavailable';

/** Deliveries one instance sends at a time. */
const CONCURRENCY = 8;
/** How often an idle worker looks for due deliveries (a new one wakes it at once). */
const IDLE_POLL_MS = 100;
/** How often it tries again while the database cannot be used. */
const UNAVAILABLE_POLL_MS = 1000;
/** A claimed delivery belongs to its worker this long: past it (the worker died), another takes it up. */
const LEASE_MS = DELIVERY_TIMEOUT_MS + 5_000;

/**
 * Sends the queued deliveries, in every instance that runs the service. Each
 * claim is one conditional update that leases the deliveries it takes (on
 * PostgreSQL with SKIP LOCKED, so instances share the queue without taking
 * the same row), and the outcome is written back only under that lease. A
 * crash between sending and writing back repeats the delivery once the lease
 * has passed: at least once, never lost.
 */
@Injectable()
export class WebhookWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(WebhookWorker.name);
  private running = false;
  private readonly inFlight = new Set<Promise<void>>();
  private wake: (() => void) | null = null;
  /** Something happened (a delivery queued or finished) since the loop last looked. */
  private nudged = false;
  private loopDone: Promise<void> = Promise.resolve();
  /** Set while the database cannot be used: reported once when it goes and once when it is back. */
  private databaseUnavailable = false;
  /** Its own connections (WEBHOOK_POOL_SIZE): requests that saturate the main pool do not hold deliveries back. */
  private readonly db: Database;

  constructor(
    background: BackgroundDatabase,
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly endpoints: WebhookEndpointsRepository,
    private readonly config: AppConfig,
    private readonly resolver: HostResolver,
    signal: DeliverySignal,
  ) {
    this.db = background.database;
    signal.listen(() => this.nudge());
  }

  onApplicationBootstrap(): void {
    this.running = true;
    this.loopDone = this.loop();
  }

  /** Before the server and the database close: no new claim, and the deliveries in flight are answered and recorded. */
  async beforeApplicationShutdown(): Promise<void> {
    this.running = false;
    this.nudge();
    await this.loopDone;
    await Promise.all(this.inFlight);
  }

  private async loop(): Promise<void> {
    while (this.running) {
      const free = CONCURRENCY - this.inFlight.size;
      const claimed = free > 0 ? await this.claim(free) : [];
      for (const delivery of claimed) this.track(this.deliver(delivery));
      if (claimed.length === 0 || this.inFlight.size >= CONCURRENCY) await this.idle();
    }
  }

  private async claim(limit: number): Promise<ClaimedDelivery[]> {
    const now = new Date();
    try {
      const claimed = await this.db.run(async (manager) =>
        (await this.deliveries.anyDue(manager, now)) ? this.deliveries.claimDue(manager, now, new Date(now.getTime() + LEASE_MS), limit) : [],
      );
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
   * Until a poll is due, a delivery is queued, or one in flight ends (the
   * next event of its stream may be due now). A nudge that came while the
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

  private async deliver(delivery: ClaimedDelivery): Promise<void> {
    try {
      const result = await this.attempt(delivery);
      await this.record(delivery, result);
    } catch (error) {
      // The lease runs out and another attempt follows; nothing is lost.
      this.logger.warn(`webhook delivery ${delivery.id} could not be completed: ${(error as Error).message}`);
    }
  }

  private async attempt(delivery: ClaimedDelivery): Promise<AttemptResult & { succeeded: boolean }> {
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

  private async record(delivery: ClaimedDelivery, result: AttemptResult & { succeeded: boolean }): Promise<void> {
    const now = new Date();
    const giveUpBefore = new Date(now.getTime() - this.config.webhookGiveUpAfterSeconds * 1000);
    await this.db.transaction(async (manager) => {
      if (result.succeeded) {
        await this.deliveries.succeed(manager, delivery, result, now);
        await this.endpoints.markSucceeded(manager, delivery.endpointId);
        return;
      }
      if (delivery.createdAt <= giveUpBefore) await this.deliveries.giveUp(manager, delivery, result, now);
      else await this.deliveries.retryLater(manager, delivery, result, new Date(now.getTime() + retryDelayMs(delivery.attempts, this.config.webhookRetryWaitsSeconds)), now);
      if (await this.endpoints.markFailed(manager, delivery.endpointId, now, giveUpBefore)) {
        this.logger.warn(`webhook endpoint ${delivery.endpointId} disabled: every delivery failed for ${this.config.webhookGiveUpAfterSeconds} s`);
      }
    });
  }
}
