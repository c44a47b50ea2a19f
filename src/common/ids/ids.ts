import { lowestUlidAt, ulid, ulidAt, ulidTime } from './ulid';

/** Prefixes of the public, time-ordered resource ids (contract section 1). */
export type IdPrefix = 'usr' | 'acc' | 'ses' | 'tok' | 'txn' | 'pay' | 'evt' | 'whe' | 'whd' | 'wha' | 'stm' | 're' | 'key' | 'aud' | 'mail' | 'bsl' | 'utk' | 'po' | 'pob';

const ULID_PATTERN = '[0-9A-HJKMNP-TV-Z]{26}';
const PATTERNS = new Map<IdPrefix, RegExp>();

export function newId(prefix: IdPrefix): string {
  return `${prefix}_${ulid()}`;
}

/** An id that reads as created at `instant` (demo data spread over past months); creationTimeOf gives it back. */
export function idCreatedAt(prefix: IdPrefix, instant: Date): string {
  return `${prefix}_${ulidAt(instant.getTime())}`;
}

/** True when `value` is a well-formed id of the given kind; lets callers answer 404 without a query. */
export function isId(prefix: IdPrefix, value: unknown): value is string {
  let pattern = PATTERNS.get(prefix);
  if (!pattern) {
    pattern = new RegExp(`^${prefix}_${ULID_PATTERN}$`);
    PATTERNS.set(prefix, pattern);
  }
  return typeof value === 'string' && pattern.test(value);
}

/** When the resource with this id was created: ids carry their creation time, so created_at is read from them. */
export function creationTimeOf(id: string): Date {
  return new Date(ulidTime(id.slice(id.indexOf('_') + 1)));
}

/**
 * The lowest id of this kind created at or after `instant`, so that a
 * created_at range becomes an id range and rides on the (…, id) indexes.
 */
export function lowestIdAt(prefix: IdPrefix, instant: Date): string {
  if (Number.isNaN(instant.getTime())) throw new RangeError('lowestIdAt needs a valid instant');
  return `${prefix}_${lowestUlidAt(Math.max(0, Math.min(instant.getTime(), 2 ** 48 - 1)))}`;
}
