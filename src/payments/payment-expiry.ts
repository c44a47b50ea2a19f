import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { EventLog } from '../common/events/event-log';
import { AppConfig } from '../config/app-config';
import { Database } from '../database/database';
import { toPaymentResponse } from './dto/payment.response.dto';
import { PaymentsRepository } from './payments.repository';

/** Requests expired per database transaction: short transactions, a bounded batch of events each. */
const BATCH_SIZE = 100;

/**
 * Expiry as a state change: every PAYMENT_EXPIRY_INTERVAL, unpaid requests
 * past expires_at become `expired` and emit `payment.expired`, in batches,
 * each with its events in one database transaction. Safe with several
 * instances: each request moves in one conditional update (SKIP LOCKED on
 * PostgreSQL), so it expires, and emits, exactly once. Reads are right in
 * between, as they read open requests past expires_at as expired.
 */
@Injectable()
export class PaymentExpiry implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(PaymentExpiry.name);
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly db: Database,
    private readonly payments: PaymentsRepository,
    private readonly events: EventLog,
    private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.runLogged(), this.config.paymentExpiryIntervalSeconds * 1000);
    this.timer.unref();
    void this.runLogged();
  }

  /** Before the database closes: no new run, and the run under way finishes. */
  async beforeApplicationShutdown(): Promise<void> {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Expires everything due at `now`; how many requests. */
  async expireDue(now = new Date()): Promise<number> {
    let total = 0;
    for (;;) {
      const expired = await this.db.transaction(async (manager) => {
        const moved = await this.payments.expireDue(manager, now, BATCH_SIZE);
        const events = moved.map((payment) => ({ type: 'payment.expired' as const, accountId: payment.accountId, object: toPaymentResponse(payment, now) }));
        if (events.length > 0) await this.events.record(manager, events);
        return moved.length;
      });
      total += expired;
      if (expired < BATCH_SIZE) return total;
    }
  }

  private async runLogged(): Promise<void> {
    // One run at a time per process: a slow run is not overtaken by the next tick.
    if (this.running !== null) return;
    this.running = this.expireDue()
      .then((expired) => {
        if (expired > 0) this.logger.log(`expired ${expired} unpaid payment requests`);
      })
      .catch((error: Error) => {
        // The next run retries; a database that is away now is reported by /health/ready, not here.
        this.logger.warn(`payment expiry failed: ${error.message}`);
      })
      .finally(() => {
        this.running = null;
      });
    await this.running;
  }
}
