import { validationError } from '../errors/domain-error';

export interface CreatedRange {
  createdFrom?: Date;
  createdTo?: Date;
}

/** A list's `created_from` (inclusive) and `created_to` (exclusive) as instants; the second must come after the first. */
export function createdRangeOf(query: { created_from?: string; created_to?: string }): CreatedRange {
  const createdFrom = query.created_from === undefined ? undefined : new Date(query.created_from);
  const createdTo = query.created_to === undefined ? undefined : new Date(query.created_to);
  if (createdFrom && createdTo && createdFrom >= createdTo) throw validationError('created_to', 'must be later than created_from');
  return { createdFrom, createdTo };
}
