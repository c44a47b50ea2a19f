import { RateLimitStore, SharedStoreStatus, WindowCount } from './rate-limit.store';

interface Window {
  count: number;
  endsAt: number;
}

const SWEEP_EVERY_HITS = 1000;

export class MemoryRateLimitStore extends RateLimitStore {
  private readonly windows = new Map<string, Window>();
  private hitsSinceSweep = 0;

  async hit(key: string, windowSeconds: number): Promise<WindowCount> {
    const now = Date.now();
    this.sweepNowAndThen(now);
    let window = this.windows.get(key);
    if (!window || window.endsAt <= now) {
      window = { count: 0, endsAt: now + windowSeconds * 1000 };
      this.windows.set(key, window);
    }
    window.count += 1;
    return toCount(window, now);
  }

  async peek(key: string): Promise<WindowCount | null> {
    const now = Date.now();
    const window = this.windows.get(key);
    return window && window.endsAt > now ? toCount(window, now) : null;
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  /** Counters in one process's memory: nothing is shared, by configuration. */
  async check(): Promise<SharedStoreStatus> {
    return 'not_configured';
  }

  async close(): Promise<void> {
    this.windows.clear();
  }

  /** Drops ended windows once in a while so that the map cannot grow without bound. */
  private sweepNowAndThen(now: number): void {
    this.hitsSinceSweep += 1;
    if (this.hitsSinceSweep < SWEEP_EVERY_HITS) return;
    this.hitsSinceSweep = 0;
    for (const [key, window] of this.windows) if (window.endsAt <= now) this.windows.delete(key);
  }
}

function toCount(window: Window, now: number): WindowCount {
  return { count: window.count, retryAfterSeconds: Math.max(1, Math.ceil((window.endsAt - now) / 1000)) };
}
