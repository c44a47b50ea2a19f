/**
 * How long after a failed attempt the next one is due: the wait for that
 * attempt (the last one repeats), with ±20 % jitter so that the retries of
 * many deliveries spread out instead of arriving together.
 */
export function retryDelayMs(failedAttempts: number, waitsSeconds: readonly number[], random = Math.random): number {
  const wait = waitsSeconds[Math.min(Math.max(failedAttempts, 1), waitsSeconds.length) - 1];
  return Math.round(wait * 1000 * (0.8 + 0.4 * random()));
}
