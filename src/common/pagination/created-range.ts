import { ApiPropertyOptions } from '@nestjs/swagger';
import { validationError } from '../errors/domain-error';
import { instantDescription } from '../validation/instant';

/** The documentation of a list's `created_from` and `created_to` query parameters, the same on every list. */
export const CREATED_FROM_PROPERTY: ApiPropertyOptions = { format: 'date-time', description: instantDescription('Created at or after this instant (inclusive).') };
export const CREATED_TO_PROPERTY: ApiPropertyOptions = {
  format: 'date-time',
  description: instantDescription('Created before this instant (exclusive); later than `created_from` when both are given.'),
};

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
