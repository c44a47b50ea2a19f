import { OpenAPIObject } from '@nestjs/swagger';
import type { FastifyInstance } from 'fastify';
import { operations, takeExtension } from '../common/swagger/openapi';
import { databaseUnavailableReason } from '../database/database-unavailable';
import { IdempotencyService } from './idempotency.service';
import { OPENAPI_IDEMPOTENT_EXTENSION, OPENAPI_REFUSES_KEY_EXTENSION } from './idempotency.constants';

/**
 * Stores, as it is sent, an answer that no transaction stored: an error that
 * the request's own rules gave (4xx), which a retry must get again. Server
 * errors and validation failures are not kept, so the client may retry, or
 * correct the request, under the same key.
 */
export function registerIdempotencyHook(fastify: FastifyInstance, idempotency: IdempotencyService): void {
  // A callback hook, not an async one: the answers of every other request leave without waiting a microtask turn.
  fastify.addHook('onSend', (request, reply, payload, done) => {
    const claim = request.idempotencyClaim;
    if (claim === undefined || claim.stored) return done(null, payload);
    request.idempotencyClaim = undefined;
    // A 400 (validation_error) means the request was refused before it ran: nothing to keep.
    if (typeof payload !== 'string' || reply.statusCode >= 500 || reply.statusCode === 400) return done(null, payload);
    idempotency
      .store(claim, reply.statusCode, payload)
      .catch((error: unknown) => {
        // The answer still reaches the client; a retry then runs again, which the error it got allows.
        const unavailable = databaseUnavailableReason(error);
        if (unavailable !== null) request.log.warn({ reason: unavailable }, 'could not store the idempotent response: database unavailable');
        else request.log.error({ err: error }, 'could not store the idempotent response');
      })
      // Anything thrown on the way is the answer's error, never an unhandled rejection.
      .then(() => done(null, payload), done);
  });
}

/** The successful answers of @Idempotent() operations may be replays, which say so in a header. */
export function documentReplays(document: OpenAPIObject): void {
  for (const operation of operations(document)) {
    if (takeExtension(operation, OPENAPI_IDEMPOTENT_EXTENSION) === undefined) continue;
    const responses = operation.responses as Record<string, { headers?: Record<string, unknown> }>;
    for (const [status, response] of Object.entries(responses)) {
      if (!status.startsWith('2')) continue;
      response.headers = {
        ...response.headers,
        'Idempotent-Replayed': {
          description: '`true` when this is the stored answer to an earlier request with the same Idempotency-Key.',
          schema: { type: 'string', enum: ['true'] },
        },
      };
    }
  }
}

/** What the description of a @RefusesIdempotencyKey() operation says about the header it does not declare. */
export const REFUSED_KEY_NOTE =
  '`Idempotency-Key` is not accepted here: a request that sends the header, even empty, is `400 validation_error`. ' +
  'The answer holds a secret, and answers kept for replays never hold one. Send the request without it; if its answer is lost, ' +
  'delete what it created (or rotate again) and retry.';

/** @RefusesIdempotencyKey() operations say, in their description, that the header must be absent. */
export function documentRefusedKeys(document: OpenAPIObject): void {
  for (const operation of operations(document)) {
    if (takeExtension(operation, OPENAPI_REFUSES_KEY_EXTENSION) === undefined) continue;
    const description = typeof operation.description === 'string' ? operation.description : '';
    operation.description = `${description}\n\n${REFUSED_KEY_NOTE}`.trim();
  }
}
