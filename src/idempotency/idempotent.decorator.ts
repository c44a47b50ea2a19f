import { applyDecorators, createParamDecorator, ExecutionContext, SetMetadata, UseInterceptors } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { TransactionOptions } from '../database/database';
import './request-claim';
import { ApiExtension, ApiHeader } from '@nestjs/swagger';
import {
  IDEMPOTENCY_KEY_MAX_LENGTH,
  IDEMPOTENCY_REFUSED_ROUTE,
  IDEMPOTENT_ROUTE,
  OPENAPI_IDEMPOTENT_EXTENSION,
  OPENAPI_REFUSES_KEY_EXTENSION,
  REPLAYS_FROM_CLAIM,
} from './idempotency.constants';
import { IdempotencyInterceptor } from './idempotency.interceptor';

export {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  IDEMPOTENCY_REFUSED_ROUTE,
  IDEMPOTENT_ROUTE,
  OPENAPI_IDEMPOTENT_EXTENSION,
  REPLAYED_HEADER,
} from './idempotency.constants';

export interface IdempotentOptions {
  /**
   * True for an operation that does nothing a replay must not repeat (no write, no provider call, no
   * throttle) before its unit of work, whose first statement is the key's claim: the stored answer is then
   * not looked up before the handler (a round trip for every request), only when that claim finds one or
   * the handler fails. False (the default) looks it up first, so a replay never reaches the handler.
   */
  replaysFromClaim?: boolean;
}

/**
 * Marks a creating POST: an `Idempotency-Key` header makes a retry replay the
 * first response instead of creating a second resource (IdempotencyInterceptor).
 */
export const Idempotent = (options: IdempotentOptions = {}) =>
  applyDecorators(
    SetMetadata(IDEMPOTENT_ROUTE, true),
    SetMetadata(REPLAYS_FROM_CLAIM, options.replaysFromClaim === true),
    // Only on the routes that read or refuse a key: every other route answers without an interceptor (and rxjs) around it.
    UseInterceptors(IdempotencyInterceptor),
    ApiExtension(OPENAPI_IDEMPOTENT_EXTENSION, true),
    ApiHeader({
      name: 'Idempotency-Key',
      required: false,
      // No example: tools that pre-fill examples would send one key with every request (422 after the first body).
      schema: { type: 'string', minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX_LENGTH },
      description:
        'A value of your choice, new for each new request (a random UUID such as `7f9c2ba4-e88f-4d2a-9f5c-0b1a2c3d4e5f`), ' +
        'sent again only to retry that same request. Makes a retry safe: for 24 hours, the same key from the same caller on this route with the same body replays ' +
        'the first response (same status and body) with `Idempotent-Replayed: true`, and creates nothing. The same key ' +
        'with another body: `422 idempotency_key_reused`; while the first request runs: `409 idempotency_request_in_progress`. ' +
        'Server errors (5xx) and `400 validation_error` are not kept, so the request may be retried or corrected under the same key. ' +
        'Swagger UI (/docs) fills a fresh random key when this field is left empty.',
    }),
  );

/**
 * Marks a POST whose answer holds a secret (a webhook signing secret, an API
 * key): an answer that is never stored cannot be replayed, so an
 * `Idempotency-Key` is refused (`400 validation_error`), even an empty one,
 * rather than silently ignored. The header is not declared as a parameter:
 * OpenAPI 3.0 cannot say "must be absent" of a parameter (`maxLength: 0` made the
 * empty header look valid), so the operation's description says it
 * (documentRefusedKeys), and Swagger UI, which fills a key wherever the header
 * is declared, sends none here.
 */
export const RefusesIdempotencyKey = () =>
  applyDecorators(SetMetadata(IDEMPOTENCY_REFUSED_ROUTE, true), UseInterceptors(IdempotencyInterceptor), ApiExtension(OPENAPI_REFUSES_KEY_EXTENSION, true));

/**
 * The options an idempotent handler passes to its service's transaction: when
 * the request claimed an Idempotency-Key, they store its answer inside that
 * transaction, so the resource and the answer commit together.
 */
export function idempotentCommitOf(_: unknown, context: ExecutionContext): TransactionOptions {
  return context.switchToHttp().getRequest<FastifyRequest>().idempotencyTransaction ?? {};
}

export const IdempotentCommit = createParamDecorator(idempotentCommitOf);
