import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Optional } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { databaseUnavailableReason } from '../../database/database-unavailable';
import { requestContextOf } from '../access/request-context';
import { AuditLog } from '../audit/audit-log';
import { DomainError } from './domain-error';
import { ErrorCode, statusOf } from './error-codes';
import { ErrorResponseDto } from './error-response.dto';

const CODE_BY_HTTP_STATUS: Partial<Record<number, ErrorCode>> = {
  400: 'validation_error',
  401: 'unauthorized',
  403: 'insufficient_permissions',
  404: 'not_found',
  405: 'method_not_allowed',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  503: 'service_unavailable',
};

/** Fastify's own errors (raised before a Nest handler runs) by their code. */
const FASTIFY_ERRORS: Record<string, DomainError> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: new DomainError('unsupported_media_type', 'Request bodies must be sent as Content-Type: application/json.'),
  FST_ERR_CTP_BODY_TOO_LARGE: new DomainError('payload_too_large', 'The request body is larger than 1 MiB.'),
  FST_ERR_CTP_EMPTY_JSON_BODY: new DomainError('invalid_json', 'The body is declared as JSON but is empty.'),
  FST_ERR_CTP_INVALID_JSON_BODY: new DomainError('invalid_json', 'The request body is not valid JSON.'),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: new DomainError('invalid_json', 'The Content-Length header does not match the body.'),
};

const ROUTE_TARGET_MAX_LENGTH = 64;

function deniedEntry(request: FastifyRequest, error: DomainError) {
  const route = `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`.slice(0, ROUTE_TARGET_MAX_LENGTH);
  return { action: 'permission.denied' as const, accountId: request.user?.accountId ?? null, target: { type: 'route', id: route }, reason: error.description };
}

/** Seconds a client is asked to wait before retrying a request the database could not serve. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * The single place where failures become HTTP answers. Every response body
 * is the contract's error schema; a database that cannot be used right now
 * (src/database/database-unavailable.ts) is 503 with Retry-After and one
 * warning line; anything else unexpected is logged with the request id and
 * answered 500 without detail.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  /** Absent where no audit log is wired (a filter made by hand). */
  constructor(@Optional() private readonly audit?: AuditLog) {}

  catch(exception: unknown, host: ArgumentsHost): void | Promise<void> {
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    const error = this.toDomainError(exception, request);
    if (statusOf(error.code) !== 403 || this.audit === undefined) return this.send(request, reply, error);
    // Every 403 (a role or a scope refused, a closed account, a live request driven as a test one) is audited as
    // permission.denied before it is answered, whatever its code (contract section 21); if that cannot be written, the answer says why.
    return this.audit.recordFailure(deniedEntry(request, error), requestContextOf(request)).then(
      () => this.send(request, reply, error),
      (failure: unknown) => this.send(request, reply, this.toDomainError(failure, request)),
    );
  }

  /** Writes the answer; a route family that answers in another format (HTML pages) overrides only this. */
  protected send(request: FastifyRequest, reply: FastifyReply, error: DomainError): void {
    sendError(request, reply, error);
  }

  private toDomainError(exception: unknown, request: FastifyRequest): DomainError {
    if (exception instanceof DomainError) return exception;
    if (exception instanceof HttpException) {
      // Nest wraps Fastify's own 4xx errors (body parsing, media type) and keeps the original as the cause.
      return this.fromFastifyError(exception.cause) ?? this.fromHttpException(exception, request);
    }
    const fastifyError = this.fromFastifyError(exception);
    if (fastifyError) return fastifyError;
    const unavailable = databaseUnavailableReason(exception);
    if (unavailable !== null) {
      // An outage, not a bug: one line per request, without a stack; /health/ready tells the rest.
      request.log.warn({ reason: unavailable }, 'database unavailable');
      return new DomainError('service_unavailable', 'The database is unavailable; retry after the time in Retry-After.', undefined, {
        'retry-after': String(DATABASE_RETRY_AFTER_SECONDS),
      });
    }
    request.log.error({ err: exception }, 'unhandled error');
    return new DomainError('internal_error', 'An unexpected error occurred. Quote the request id when reporting it.');
  }

  private fromHttpException(exception: HttpException, request: FastifyRequest): DomainError {
    const status = exception.getStatus();
    const code = CODE_BY_HTTP_STATUS[status];
    if (status === 404) {
      return new DomainError('not_found', `No route ${request.method} ${request.url.split('?')[0]}.`);
    }
    if (code === undefined) {
      request.log.error({ err: exception }, 'unmapped HTTP exception');
      return new DomainError('internal_error', 'An unexpected error occurred. Quote the request id when reporting it.');
    }
    return new DomainError(code, exception.message);
  }

  private fromFastifyError(exception: unknown): DomainError | null {
    if (typeof exception !== 'object' || exception === null) return null;
    const { code, statusCode } = exception as { code?: unknown; statusCode?: unknown };
    if (typeof code === 'string' && code in FASTIFY_ERRORS) return FASTIFY_ERRORS[code];
    // The JSON parser's SyntaxError carries only a status.
    if (exception instanceof SyntaxError && statusCode === 400) return FASTIFY_ERRORS.FST_ERR_CTP_INVALID_JSON_BODY;
    if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
      const mapped = CODE_BY_HTTP_STATUS[statusCode];
      if (mapped) return new DomainError(mapped, exception instanceof Error ? exception.message : 'Bad request.');
    }
    return null;
  }
}

/** Writes the contract's error body; also used for Fastify's framework errors, which bypass Nest. */
export function sendError(request: FastifyRequest, reply: FastifyReply, error: DomainError): void {
  const body: ErrorResponseDto = {
    error_code: error.code,
    error_description: error.description,
    request_id: String(request.id),
  };
  if (error.details && error.details.length > 0) body.details = error.details;
  for (const [name, value] of Object.entries(error.headers ?? {})) reply.header(name, value);
  reply
    .status(statusOf(error.code))
    .header('x-request-id', String(request.id))
    .header('content-type', 'application/json; charset=utf-8')
    .send(error.extraBody ? { ...error.extraBody, ...body } : body);
}
