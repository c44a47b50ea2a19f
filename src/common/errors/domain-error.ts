import { ErrorCode } from './error-codes';

export interface FieldProblem {
  field: string;
  message: string;
}

/**
 * A failure the API reports to its client. Services throw these; the global
 * exception filter turns them into the error body and the status of the code.
 */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly description: string,
    readonly details?: FieldProblem[],
    /** Extra response headers, e.g. Retry-After for rate_limited. */
    readonly headers?: Record<string, string>,
    /** Fields the body carries beside the error's own (the readiness probe's checks). */
    readonly extraBody?: Record<string, unknown>,
  ) {
    super(`${code}: ${description}`);
    this.name = 'DomainError';
  }
}

export function validationError(field: string, message: string): DomainError {
  return new DomainError('validation_error', `${field}: ${message}`, [{ field, message }]);
}
