import { DomainError, validationError } from '../common/errors/domain-error';
import { IDEMPOTENCY_KEY_MAX_LENGTH } from './idempotency.constants';

export const IdempotencyErrors = {
  invalidKey: () => validationError('Idempotency-Key', `must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} characters long`),
  refused: () => validationError('Idempotency-Key', 'is not accepted on this route: its answer holds a secret, which is never kept for a replay'),
  reused: () => new DomainError('idempotency_key_reused', 'This Idempotency-Key was already used with a different request body; use a new key for a new request.'),
  inProgress: () => new DomainError('idempotency_request_in_progress', 'A request with this Idempotency-Key is still being processed; retry shortly.'),
};
