import { DomainError } from '../common/errors/domain-error';

export function rateLimited(retryAfterSeconds: number, description: string): DomainError {
  return new DomainError('rate_limited', description, undefined, { 'retry-after': String(retryAfterSeconds) });
}
