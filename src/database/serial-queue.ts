/**
 * Runs async jobs strictly one after another. better-sqlite3 gives TypeORM a
 * single connection, so two overlapping units of work would interleave on it
 * (nested savepoints, reads of uncommitted data, rolled-back commits).
 */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();
  private jobs = 0;
  private readonly settled = (): void => {
    this.jobs -= 1;
  };

  /** Jobs running or waiting their turn. */
  get size(): number {
    return this.jobs;
  }

  run<T>(job: () => Promise<T>): Promise<T> {
    this.jobs += 1;
    const result = this.tail.then(job);
    this.tail = result.then(this.settled, this.settled);
    return result;
  }
}
