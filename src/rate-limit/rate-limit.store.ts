export interface WindowCount {
  /** Hits counted in the current window. */
  count: number;
  /** Seconds until the window ends (at least 1). */
  retryAfterSeconds: number;
}

/**
 * Fixed-window counters shared by every rate limit. In memory for one
 * instance; in Redis when REDIS_URL is set, so several instances share them.
 */
export abstract class RateLimitStore {
  /** Counts one hit for `key`, starting a window of `windowSeconds` when none is open. */
  abstract hit(key: string, windowSeconds: number): Promise<WindowCount>;
  /** The current window of `key` without counting, or null when none is open. */
  abstract peek(key: string): Promise<WindowCount | null>;
  abstract reset(key: string): Promise<void>;
  abstract close(): Promise<void>;
}
