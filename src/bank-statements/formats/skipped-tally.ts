import type { SkippedCounts } from './statement-format';

export type SkipReason = keyof SkippedCounts;

/** The entries a format reads and does not make lines of, counted as it goes. */
export class SkippedTally {
  readonly #counts = { debits: 0, notBooked: 0, reversals: 0, zeroAmounts: 0 };

  add(reason: SkipReason): void {
    this.#counts[reason]++;
  }

  get counts(): SkippedCounts {
    return { ...this.#counts };
  }
}
