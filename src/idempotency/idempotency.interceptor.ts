import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { from, Observable, of, switchMap } from 'rxjs';
import { AuthenticatedUser } from '../auth/authenticated-user';
import { IdempotencyErrors } from './idempotency.errors';
import { IdempotencyService } from './idempotency.service';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_MAX_LENGTH, IDEMPOTENT_ROUTE, REPLAYED_HEADER } from './idempotent.decorator';

/** Requests that claimed a key, until their response is stored by the onSend hook. */
const claimedKeys = new WeakMap<FastifyRequest, string>();

/**
 * Idempotency-Key on the routes marked @Idempotent(). Runs after the guards (it
 * needs the caller) and before validation. A first request claims the key and
 * runs; its response is stored as it is sent (see registerIdempotencyHook). A
 * retry gets the stored response back as a web Response, so status and bytes
 * are exactly the first ones.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly idempotency: IdempotencyService,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (!this.reflector.get<boolean>(IDEMPOTENT_ROUTE, context.getHandler())) return next.handle();
    const request = context.switchToHttp().getRequest<FastifyRequest & { user?: AuthenticatedUser }>();
    const key = request.headers[IDEMPOTENCY_KEY_HEADER];
    if (key === undefined) return next.handle();
    if (typeof key !== 'string' || key.length === 0 || key.length > IDEMPOTENCY_KEY_MAX_LENGTH) throw IdempotencyErrors.invalidKey();
    const start = this.idempotency.begin({
      scope: request.user ? `user:${request.user.userId}` : `ip:${request.ip}`,
      method: request.method,
      // The route as registered, not as spelled: /v1/%74ransactions must not be another scope.
      path: `${request.routeOptions.url ?? request.url} ${JSON.stringify(request.params ?? {})}`,
      key,
      body: request.body,
    });
    return from(start).pipe(
      switchMap((started) => {
        if (started.outcome === 'replay') return of(replay(started.status, started.body));
        claimedKeys.set(request, started.fingerprint);
        return next.handle();
      }),
    );
  }
}

function replay(status: number, body: string): Response {
  return new Response(body, { status, headers: { 'content-type': 'application/json; charset=utf-8', [REPLAYED_HEADER]: 'true' } });
}

/**
 * Stores the response of a request that claimed a key, as serialized, before
 * it leaves: a retry that arrives after the client saw the answer always finds
 * it. Server errors and validation failures are not kept: the key is released
 * and the client may retry, or correct the request, under the same key.
 */
export function registerIdempotencyHook(fastify: FastifyInstance, idempotency: IdempotencyService): void {
  fastify.addHook('onSend', async (request, reply, payload) => {
    const fingerprint = claimedKeys.get(request);
    if (fingerprint === undefined) return payload;
    claimedKeys.delete(request);
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
