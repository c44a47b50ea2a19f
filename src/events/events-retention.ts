import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
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
export class EventsRetention implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(EventsRetention.name);
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Database,
    private readonly events: EventsRepository,
    private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.purgeLogged(), EVERY_HOUR_MS);
    this.timer.unref();
    void this.purgeLogged();
  }

  onApplicationShutdown(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }

  /** Deletes what is past retention at `now`; how many events. */
  purge(now = new Date()): Promise<number> {
    const cutoff = new Date(now.getTime() - this.config.eventRetentionSeconds * 1000);
    return this.db.run((manager) => this.events.purgeCreatedBefore(manager, cutoff));
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
