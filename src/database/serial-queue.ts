/**
 * Runs async jobs strictly one after another. better-sqlite3 gives TypeORM a
 * single connection, so two overlapping units of work would interleave on it
 * (nested savepoints, reads of uncommitted data, rolled-back commits).
 */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(job: () => Promise<T>): Promise<T> {
    const result = this.tail.then(job);
    this.tail = result.catch(() => undefined);
    return result;
  }
}
