import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { databaseUnavailableReason } from './database-unavailable';

/** How often the lag is measured: the reads never ask. */
const PROBE_INTERVAL_MS = 250;
/** Primary positions kept to date the replica's: a little more than any lag still served. */
const HISTORY_MARGIN_MS = 5_000;

export const REPLICA_STATES = ['ok', 'lagging', 'unavailable', 'not_configured'] as const;
export type ReplicaState = (typeof REPLICA_STATES)[number];

/** What /health/ready and /metrics say of the replica. */
export interface ReplicaStatus {
  /** not_configured: no DATABASE_REPLICA_URL; ok: it serves reads; lagging: too far behind; unavailable: it does not answer. */
  state: ReplicaState;
  /** Seconds its replay is behind the primary's latest commit, as of the last probe; null when unknown. */
  lagSeconds: number | null;
}

interface Position {
  lsn: bigint;
  at: number;
}

/**
 * The read replica (DATABASE_REPLICA_URL) and a background probe of its lag.
 * Every PROBE_INTERVAL_MS the probe notes the primary's WAL position with the
 * time, and reads how far the replica has replayed: caught up with the
 * primary's latest position, the lag is 0 (an idle primary is not lag);
 * behind, it is the time since the primary was last seen at a position the
 * replica has replayed. Reads go to the replica only while the last probe
 * found it answering and within DATABASE_REPLICA_MAX_LAG; a failing read
 * there marks it unavailable and is read again from the primary.
 */
@Injectable()
export class ReadReplica implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ReadReplica.name);
  private replica: DataSource | null = null;
  private history: Position[] = [];
  private status: ReplicaStatus;
  private timer: NodeJS.Timeout | null = null;
  private probing: Promise<void> = Promise.resolve();
  private readonly maxLagMs: number;

  constructor(
    private readonly primary: DataSource,
    private readonly config: AppConfig,
  ) {
    this.status = { state: config.replicaUrl === null ? 'not_configured' : 'unavailable', lagSeconds: null };
    this.maxLagMs = config.replicaMaxLagSeconds * 1000;
  }

  onApplicationBootstrap(): void {
    if (this.config.replicaUrl === null) return;
    const tick = () => {
      this.probing = this.probe().finally(() => {
        if (this.timer !== null) this.timer = setTimeout(tick, PROBE_INTERVAL_MS);
      });
    };
    this.timer = setTimeout(tick, 0);
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    await this.probing;
    if (this.replica?.isInitialized) await this.replica.destroy();
  }

  current(): ReplicaStatus {
    return this.status;
  }

  /** The replica's manager while it may serve reads, else null (read from the primary). */
  manager(): EntityManager | null {
    return this.status.state === 'ok' && this.replica?.isInitialized ? this.replica.manager : null;
  }

  /** A read on the replica failed: until the next probe finds it back, reads go to the primary. */
  failed(error: unknown): boolean {
    const reason = databaseUnavailableReason(error);
    if (reason === null) return false;
    this.report({ state: 'unavailable', lagSeconds: null }, reason);
    return true;
  }

  private async probe(): Promise<void> {
    try {
      const primary = await this.primary.query<{ lsn: string }[]>(`SELECT pg_current_wal_lsn() - '0/0' AS lsn`);
      const now = Date.now();
      this.history.push({ lsn: BigInt(primary[0].lsn.split('.')[0]), at: now });
      this.history = this.history.filter((position) => position.at >= now - this.maxLagMs - HISTORY_MARGIN_MS);
    } catch {
      // The primary's own outage is the requests' concern (503): nothing to compare the replica with.
      return;
    }
    try {
      const replica = await this.connected();
      const [row] = await replica.query<{ lsn: string | null }[]>(`SELECT pg_last_wal_replay_lsn() - '0/0' AS lsn`);
      if (row.lsn === null) throw new Error('DATABASE_REPLICA_URL is not a streaming replica (no WAL replayed)');
      const lagMs = this.lagMs(BigInt(row.lsn.split('.')[0]));
      this.report({ state: lagMs <= this.maxLagMs ? 'ok' : 'lagging', lagSeconds: lagMs / 1000 }, `lag ${lagMs / 1000} s`);
    } catch (error) {
      this.report({ state: 'unavailable', lagSeconds: null }, (error as Error).message);
    }
  }

  /** Since when the replica lacks what the primary wrote: 0 when it has the latest position seen. */
  private lagMs(replayed: bigint): number {
    const latest = this.history[this.history.length - 1];
    if (replayed >= latest.lsn) return 0;
    const reached = this.history.filter((position) => position.lsn <= replayed);
    const since = reached.length > 0 ? reached[reached.length - 1].at : this.history[0].at - HISTORY_MARGIN_MS;
    return latest.at - since;
  }

  private async connected(): Promise<DataSource> {
    if (this.replica?.isInitialized) return this.replica;
    const options = { ...this.primary.options, url: this.config.replicaUrl!, migrationsRun: false } as typeof this.primary.options;
    const replica = new DataSource(options);
    try {
      await replica.initialize();
    } catch (error) {
      await replica.driver.disconnect?.().catch(() => undefined);
      throw error;
    }
    this.replica = replica;
    return replica;
  }

  /** A change of state is logged once, not at every probe. */
  private report(status: ReplicaStatus, reason: string): void {
    if (status.state !== this.status.state) {
      if (status.state === 'ok') this.logger.log('the read replica serves lists again');
      else this.logger.warn(`the read replica is ${status.state} (${reason}): lists are read from the primary`);
    }
    this.status = status;
  }
}
