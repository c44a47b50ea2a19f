import { parseDurationSeconds } from './duration';

/** The process environment, or any set of variables (tests). */
export type Environment = Record<string, string | undefined>;

/** Reads one variable at a time, recording every problem instead of stopping at the first. */
export class EnvReader {
  constructor(
    private readonly env: Environment,
    private readonly problems: string[],
  ) {}

  /** A problem of a value the caller checks itself. */
  problem(message: string): void {
    this.problems.push(message);
  }

  text(name: string, fallback: string): string {
    const value = this.env[name]?.trim();
    return value === undefined || value === '' ? fallback : value;
  }

  /** One of `values`. */
  oneOf<T extends string>(name: string, values: readonly T[], fallback: T): T {
    const raw = this.text(name, fallback);
    if ((values as readonly string[]).includes(raw)) return raw as T;
    this.problems.push(`${name} must be one of ${values.join(', ')}, got "${raw}"`);
    return fallback;
  }

  /** `true` or `false`. */
  flag(name: string, fallback = false): boolean {
    const raw = this.text(name, String(fallback));
    if (raw !== 'true' && raw !== 'false') this.problems.push(`${name} must be true or false, got "${raw}"`);
    return raw === 'true';
  }

  /** Comma-separated names, without blanks or repeats. */
  list(name: string, fallback: string): string[] {
    return [
      ...new Set(
        this.text(name, fallback)
          .split(',')
          .map((entry) => entry.trim())
          .filter((entry) => entry !== ''),
      ),
    ];
  }

  integer(name: string, fallback: number, min: number, max = Number.MAX_SAFE_INTEGER): number {
    const raw = this.text(name, String(fallback));
    const value = /^\d+$/.test(raw) ? Number(raw) : NaN;
    if (!Number.isSafeInteger(value) || value < min || value > max) {
      this.problems.push(`${name} must be a whole number between ${min} and ${max}, got "${raw}"`);
      return fallback;
    }
    return value;
  }

  /** A comma-separated list of durations, each at least a second. */
  durations(name: string, fallback: string): number[] {
    const raw = this.text(name, fallback);
    const seconds = raw.split(',').map((part) => parseDurationSeconds(part.trim()));
    if (seconds.some((value) => value === null || value < 1)) {
      this.problems.push(`${name} must be durations separated by commas, such as 5s,1m,5m, got "${raw}"`);
      return fallback.split(',').map((part) => parseDurationSeconds(part) as number);
    }
    return seconds as number[];
  }

  duration(name: string, fallback: string, minSeconds: number): number {
    const raw = this.text(name, fallback);
    const seconds = parseDurationSeconds(raw);
    if (seconds === null || seconds < minSeconds) {
      this.problems.push(`${name} must be a duration such as 900, 30s, 15m, 12h or 30d (at least ${minSeconds}s), got "${raw}"`);
      return parseDurationSeconds(fallback) as number;
    }
    return seconds;
  }
}
