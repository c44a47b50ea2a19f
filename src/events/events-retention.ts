import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { Database } from '../database/database';
import { EventsRepository } from './events.repository';

const EVERY_HOUR_MS = 60 * 60 * 1000;

/**
 * Deletes events older than EVENT_RETENTION, at start-up and every hour. Safe
 * with several instances: each run is one idempotent DELETE on the primary key
 * (ids carry their creation time).
 */
@Injectable()
export class EventsRetention implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(EventsRetention.name);
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Database,
    private readonly events: EventsRepository,
    private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => this.start(), EVERY_HOUR_MS);
    this.timer.unref();
    this.start();
  }

  /** Before the database closes: no new purge, and the one under way finishes. */
  async beforeApplicationShutdown(): Promise<void> {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Deletes what is past retention at `now`; how many events. */
  purge(now = new Date()): Promise<number> {
    const cutoff = new Date(now.getTime() - this.config.eventRetentionSeconds * 1000);
    return this.db.run((manager) => this.events.purgeCreatedBefore(manager, cutoff));
  }

  private start(): void {
    this.running = this.running.then(() => this.purgeLogged());
  }

  private async purgeLogged(): Promise<void> {
    try {
      const purged = await this.purge();
      if (purged > 0) this.logger.log(`deleted ${purged} events older than the retention`);
    } catch (error) {
      // The next run retries; a database that is away now is reported by /health/ready, not here.
      this.logger.warn(`event retention purge failed: ${(error as Error).message}`);
    }
  }
}
