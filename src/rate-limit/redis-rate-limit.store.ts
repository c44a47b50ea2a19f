import Redis from 'ioredis';
import { RateLimitStore, WindowCount } from './rate-limit.store';

const KEY_PREFIX = 'ratelimit:';

export class RedisRateLimitStore extends RateLimitStore {
  private readonly redis: Redis;

  constructor(url: string) {
    super();
    this.redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
  }

  async hit(key: string, windowSeconds: number): Promise<WindowCount> {
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

  async peek(key: string): Promise<WindowCount | null> {
    const [count, ttl] = await Promise.all([this.redis.get(KEY_PREFIX + key), this.redis.pttl(KEY_PREFIX + key)]);
    if (count === null) return null;
    return { count: Number(count), retryAfterSeconds: toSeconds(ttl, 1) };
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(KEY_PREFIX + key);
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }
}

function toSeconds(ttlMilliseconds: number, fallbackSeconds: number): number {
  return ttlMilliseconds > 0 ? Math.max(1, Math.ceil(ttlMilliseconds / 1000)) : fallbackSeconds;
}
