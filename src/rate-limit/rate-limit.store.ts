export interface WindowCount {
  /** Hits counted in the current window. */
  count: number;
  /** Seconds until the window ends (at least 1). */
  retryAfterSeconds: number;
}

/** What /health/ready says of the shared store: Redis answers, does not, or is not configured. */
export type SharedStoreStatus = 'ok' | 'unavailable' | 'not_configured';

/**
 * Fixed-window counters shared by every rate limit. In memory for one
 * instance; in Redis when REDIS_URL is set, so several instances share them
 * (in each process's memory while Redis cannot be reached).
 */
export abstract class RateLimitStore {
  /** Counts one hit for `key`, starting a window of `windowSeconds` when none is open. */
  abstract hit(key: string, windowSeconds: number): Promise<WindowCount>;
  /** The current window of `key` without counting, or null when none is open. */
  abstract peek(key: string): Promise<WindowCount | null>;
  abstract reset(key: string): Promise<void>;
  /** Whether the counters are shared right now, for the readiness probe. */
  abstract check(): Promise<SharedStoreStatus>;
  abstract close(): Promise<void>;
}
