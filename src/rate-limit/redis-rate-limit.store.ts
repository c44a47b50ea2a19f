import { Logger } from '@nestjs/common';
import Redis from 'ioredis';
import { MemoryRateLimitStore } from './memory-rate-limit.store';
import { RateLimitStore, SharedStoreStatus, WindowCount } from './rate-limit.store';

const KEY_PREFIX = 'ratelimit:';
/** Opening a connection to Redis may take this long. */
const CONNECT_TIMEOUT_MS = 1000;
/** A command may take this long; past it, the request is counted in this process. */
const COMMAND_TIMEOUT_MS = 500;
/** After a failed command, Redis is left alone this long: requests meanwhile are counted in this process at once. */
const COOL_DOWN_MS = 1000;
/** Reconnection attempts come sooner after a loss, then every this often at most. */
const MAX_RECONNECT_WAIT_MS = 2000;

/**
 * Counters shared by every instance in Redis, with Redis as an accelerator
 * rather than a dependency (contract section 13): while it cannot be reached
 * (not connected, or a command failed or timed out), each process counts in
 * its own memory, so every limit still holds per process, and no request
 * waits for Redis longer than the command timeout. Commands are never queued
 * for a connection that is not there. The loss is logged once as a warning,
 * the return once; windows counted locally meanwhile are not carried over.
 */
export class RedisRateLimitStore extends RateLimitStore {
  private readonly logger = new Logger('RateLimitStore');
  private readonly redis: Redis;
  private readonly local = new MemoryRateLimitStore();
  /** null until the first connection or loss; false while counting in this process. */
  private shared: boolean | null = null;
  private coolDownUntil = 0;
  private closing = false;

  constructor(url: string) {
    super();
    this.redis = new Redis(url, {
      connectTimeout: CONNECT_TIMEOUT_MS,
      commandTimeout: COMMAND_TIMEOUT_MS,
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      retryStrategy: (attempt) => Math.min(attempt * 200, MAX_RECONNECT_WAIT_MS),
      keepAlive: 10_000,
    });
    this.redis.on('ready', () => {
      // A new connection that passed its ready check: no need to wait out the cool-down of the old one.
      this.coolDownUntil = 0;
      this.regained();
    });
    // ioredis reports every failed reconnection attempt; lost() logs the first of an outage only.
    this.redis.on('error', (error: Error) => this.lost(error.message));
    this.redis.on('close', () => this.lost('connection closed'));
  }

  hit(key: string, windowSeconds: number): Promise<WindowCount> {
    return this.sharedOrLocal(
      () => this.sharedHit(key, windowSeconds),
      () => this.local.hit(key, windowSeconds),
    );
  }

  peek(key: string): Promise<WindowCount | null> {
    return this.sharedOrLocal(
      () => this.sharedPeek(key),
      () => this.local.peek(key),
    );
  }

  async reset(key: string): Promise<void> {
    // A window may have been counted here during an outage: it goes too.
    await this.local.reset(key);
    await this.sharedOrLocal(
      async () => {
        await this.redis.del(KEY_PREFIX + key);
      },
      async () => undefined,
    );
  }

  async check(): Promise<SharedStoreStatus> {
    const answered = await this.sharedOrLocal(
      async () => (await this.redis.ping()) === 'PONG',
      async () => false,
    );
    return answered ? 'ok' : 'unavailable';
  }

  async close(): Promise<void> {
    this.closing = true;
    // QUIT lets Redis close its side first; when it cannot be delivered, dropping the connection is all that is left.
    if (this.redis.status === 'ready') await this.redis.quit().catch(() => this.redis.disconnect());
    else this.redis.disconnect();
    await this.local.close();
  }

  /** Runs `shared` on Redis when it is there, else (or when it fails) `local`, in this process. */
  private async sharedOrLocal<T>(shared: () => Promise<T>, local: () => Promise<T>): Promise<T> {
    if (this.redis.status !== 'ready' || Date.now() < this.coolDownUntil) return local();
    let result: T;
    try {
      result = await shared();
    } catch (error) {
      this.coolDownUntil = Date.now() + COOL_DOWN_MS;
      this.lost((error as Error).message);
      return local();
    }
    this.regained();
    return result;
  }

  private async sharedHit(key: string, windowSeconds: number): Promise<WindowCount> {
    // INCR and an expiry set only when the key is new: one round trip, atomic per key.
    const results = await this.redis
      .multi()
      .incr(KEY_PREFIX + key)
      .pexpire(KEY_PREFIX + key, windowSeconds * 1000, 'NX')
      .pttl(KEY_PREFIX + key)
      .exec();
    if (!results) throw new Error('Redis rate-limit transaction was aborted');
    const [[countError, count], , [ttlError, ttl]] = results;
    if (countError) throw countError;
    if (ttlError) throw ttlError;
    return { count: Number(count), retryAfterSeconds: toSeconds(Number(ttl), windowSeconds) };
  }

  private async sharedPeek(key: string): Promise<WindowCount | null> {
    const [count, ttl] = await Promise.all([this.redis.get(KEY_PREFIX + key), this.redis.pttl(KEY_PREFIX + key)]);
    if (count === null) return null;
    return { count: Number(count), retryAfterSeconds: toSeconds(ttl, 1) };
  }

  private lost(reason: string): void {
    if (this.closing || this.shared === false) return;
    this.shared = false;
    this.logger.warn(`Redis cannot be reached (${reason}): rate limits are counted in each process until it is back`);
  }

  private regained(): void {
    if (this.closing || this.shared === true) return;
    if (this.shared === false) this.logger.log('Redis is reachable again: rate limits are shared again');
    this.shared = true;
  }
}

function toSeconds(ttlMilliseconds: number, fallbackSeconds: number): number {
  return ttlMilliseconds > 0 ? Math.max(1, Math.ceil(ttlMilliseconds / 1000)) : fallbackSeconds;
}
