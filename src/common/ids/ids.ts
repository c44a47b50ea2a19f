import { ulid } from './ulid';

/** Prefixes of the public, time-ordered resource ids (contract section 1). */
export type IdPrefix = 'usr' | 'acc' | 'ses' | 'tok' | 'txn' | 'pay';

const ULID_PATTERN = '[0-9A-HJKMNP-TV-Z]{26}';
const PATTERNS = new Map<IdPrefix, RegExp>();

export function newId(prefix: IdPrefix): string {
  return `${prefix}_${ulid()}`;
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
