import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { from, Observable, of, switchMap } from 'rxjs';
import { IdempotencyErrors } from './idempotency.errors';
import { IdempotencyService } from './idempotency.service';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_MAX_LENGTH, IDEMPOTENT_ROUTE, REPLAYED_HEADER } from './idempotent.decorator';

declare module 'fastify' {
  interface FastifyRequest {
    /** The fingerprint of the Idempotency-Key this request claimed, until its answer is stored (idempotency hook). */
    idempotencyClaim?: string;
  }
}

/**
 * Idempotency-Key on the routes marked @Idempotent(). Runs after the guards (it
 * needs the caller) and before validation. A first request claims the key and
 * runs; its response is stored as it is sent (see idempotency.http.ts). A
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
    const request = context.switchToHttp().getRequest<FastifyRequest>();
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
        request.idempotencyClaim = started.fingerprint;
        return next.handle();
      }),
    );
  }
}

function replay(status: number, body: string): Response {
  return new Response(body, { status, headers: { 'content-type': 'application/json; charset=utf-8', [REPLAYED_HEADER]: 'true' } });
}
