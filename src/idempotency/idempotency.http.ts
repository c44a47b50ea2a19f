import { OpenAPIObject } from '@nestjs/swagger';
import type { FastifyInstance } from 'fastify';
import { operations, takeExtension } from '../common/swagger/openapi';
import { IdempotencyService } from './idempotency.service';
import { OPENAPI_IDEMPOTENT_EXTENSION } from './idempotent.decorator';

/**
 * Stores the response of a request that claimed a key, as serialized, before
 * it leaves: a retry that arrives after the client saw the answer always finds
 * it. Server errors and validation failures are not kept: the key is released
 * and the client may retry, or correct the request, under the same key.
 */
export function registerIdempotencyHook(fastify: FastifyInstance, idempotency: IdempotencyService): void {
  fastify.addHook('onSend', async (request, reply, payload) => {
    const fingerprint = request.idempotencyClaim;
    if (fingerprint === undefined) return payload;
    request.idempotencyClaim = undefined;
    // A 400 (validation_error) means the request was refused before it ran: nothing to keep.
    const keep = typeof payload === 'string' && reply.statusCode < 500 && reply.statusCode !== 400;
    try {
      if (keep) await idempotency.complete(fingerprint, reply.statusCode, payload);
      else await idempotency.release(fingerprint);
    } catch (error) {
      // The resource exists and the client deserves its answer; the key stays claimed (409 to retries
      // until it expires) rather than let a retry create a second resource.
      request.log.error({ err: error }, 'could not store the idempotent response');
    }
    return payload;
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
