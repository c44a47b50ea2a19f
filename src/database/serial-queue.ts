import { AsyncResource } from 'node:async_hooks';

/** Where a job waits its turn: behind every job queued before it, or ahead of the `normal` jobs still waiting. */
export type QueueLane = 'normal' | 'first';

/**
 * Runs async jobs strictly one after another. better-sqlite3 gives TypeORM a
 * single connection, so two overlapping units of work would interleave on it
 * (nested savepoints, reads of uncommitted data, rolled-back commits).
 *
 * Jobs of the `first` lane go before the `normal` ones waiting (never before
 * the one running): background work that must keep pace with the requests
 * (the webhook worker's claims and outcomes, a few short units a second) does
 * not wait behind every request queued meanwhile.
 */
export class SerialQueue {
  private readonly lanes: Record<QueueLane, (() => Promise<void>)[]> = { first: [], normal: [] };
  private jobs = 0;
  private draining = false;

  /** Jobs running or waiting their turn. */
  get size(): number {
    return this.jobs;
  }

  run<T>(job: () => Promise<T>, lane: QueueLane = 'normal'): Promise<T> {
    this.jobs += 1;
    return new Promise<T>((resolve, reject) => {
      // The job runs in its caller's async context (the request's: events and audit entries read it), not in
      // the context of whichever job happened to start the queue's turn.
      const turn = AsyncResource.bind(async () => {
        try {
          resolve(await job());
        } catch (error) {
          reject(error as Error);
        }
      });
      this.lanes[lane].push(turn);
      if (this.draining) return;
      this.draining = true;
      // As a chained promise would: the first job starts on the next microtask, not inside run().
      void Promise.resolve().then(() => this.drain());
    });
  }

  private async drain(): Promise<void> {
    for (let turn = this.next(); turn !== undefined; turn = this.next()) {
      await turn();
      this.jobs -= 1;
    }
    this.draining = false;
  }

  private next(): (() => Promise<void>) | undefined {
    return this.lanes.first.shift() ?? this.lanes.normal.shift();
  }
}
