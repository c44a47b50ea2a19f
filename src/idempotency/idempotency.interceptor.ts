import { CallHandler, ExecutionContext, HttpStatus, Injectable, NestInterceptor } from '@nestjs/common';
import { HTTP_CODE_METADATA } from '@nestjs/common/constants';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { callerIdentity } from '../common/access/caller';
import { DomainError } from '../common/errors/domain-error';
import { catchError, from, Observable, of, switchMap, throwError } from 'rxjs';
import { IdempotencyErrors } from './idempotency.errors';
import { IdempotencyService, IdempotentRequest, KeyAnsweredMeanwhile } from './idempotency.service';
import { KeyClaim, RequestKeyClaim } from './request-claim';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_MAX_LENGTH, IDEMPOTENCY_REFUSED_ROUTE, IDEMPOTENT_ROUTE, REPLAYED_HEADER, REPLAYS_FROM_CLAIM } from './idempotency.constants';

/**
 * Idempotency-Key on the routes marked @Idempotent(). Runs after the guards (it
 * needs the caller) and before validation. A retry of a stored answer gets it
 * back as a web Response, so status and bytes are exactly the first ones: looked
 * up before the handler, or, on the routes marked `replaysFromClaim`, found by
 * the claim in the operation's transaction (or looked up once the handler
 * failed). A first request runs; its operation's transaction (which the handler
 * is given through @IdempotentCommit()) locks the key as in flight at its start
 * and stores the answer (the serialized result of that transaction, which these
 * routes return as it is) before its commit. Answers that no transaction
 * carried, such as 4xx errors, are stored as they are sent (idempotency.http.ts).
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly idempotency: IdempotencyService,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const key = request.headers[IDEMPOTENCY_KEY_HEADER];
    if (key !== undefined && this.reflector.get<boolean>(IDEMPOTENCY_REFUSED_ROUTE, context.getHandler())) throw IdempotencyErrors.refused();
    if (!this.reflector.get<boolean>(IDEMPOTENT_ROUTE, context.getHandler())) return next.handle();
    if (key === undefined) return next.handle();
    if (typeof key !== 'string' || key.length === 0 || key.length > IDEMPOTENCY_KEY_MAX_LENGTH) throw IdempotencyErrors.invalidKey();
    const keyed = describe(request, key);
    const status = this.reflector.get<number | undefined>(HTTP_CODE_METADATA, context.getHandler()) ?? HttpStatus.CREATED;
    if (this.reflector.get<boolean>(REPLAYS_FROM_CLAIM, context.getHandler())) {
      return this.runUnder(request, next, keyed, this.idempotency.claimOf(keyed), status, false);
    }
    return from(this.idempotency.begin(keyed)).pipe(
      switchMap((started) => (started.outcome === 'replay' ? of(replay(started.status, started.body)) : this.runUnder(request, next, keyed, started.claim, status, true))),
    );
  }

  /**
   * The handler, its operation's transaction claiming the key and storing the answer. When that claim
   * finds an answer (another request with the key committed first), or, if nothing was looked up before
   * the handler, when the handler fails: the stored answer is looked up, and replayed if there is one.
   */
  private runUnder(request: FastifyRequest, next: CallHandler, keyed: IdempotentRequest, started: KeyClaim, status: number, lookedUp: boolean): Observable<unknown> {
    const claim: RequestKeyClaim = { ...started, stored: false };
    request.idempotencyClaim = claim;
    request.idempotencyTransaction = {
      afterBegin: async (manager) => {
        await this.idempotency.enterWithin(manager, claim).catch((refusal: unknown) => {
          // Neither a 409 nor a replay is this request's own answer: it must not be stored under the key.
          request.idempotencyClaim = undefined;
          throw refusal;
        });
      },
      beforeCommit: async (manager, result) => {
        await this.idempotency.storeWithin(manager, claim, status, JSON.stringify(result));
        claim.stored = true;
      },
      restate: async (manager, result) => {
        await this.idempotency.restateWithin(manager, claim, JSON.stringify(result));
      },
    };
    return next.handle().pipe(
      catchError((error: unknown) => {
        const answeredMeanwhile = error instanceof KeyAnsweredMeanwhile;
        if (!answeredMeanwhile && lookedUp) return throwError(() => error);
        // Another request with this key committed first and this one's work was rolled back; or nothing was
        // looked up and a replay fails on what its first request did: the stored answer is the answer.
        const own = request.idempotencyClaim;
        request.idempotencyClaim = undefined;
        return from(this.idempotency.begin(keyed)).pipe(
          // The look-up's own refusal (another body: 422) answers; its failure (the database gone) does not hide the handler's.
          catchError((lookUpFailure: unknown) => throwError(() => (lookUpFailure instanceof DomainError || answeredMeanwhile ? lookUpFailure : error))),
          switchMap((again) => {
            if (again.outcome === 'replay') return of(replay(again.status, again.body));
            if (answeredMeanwhile) return throwError(() => IdempotencyErrors.inProgress());
            // Nothing is stored under the key: the handler's own failure is this request's answer.
            request.idempotencyClaim = own;
            return throwError(() => error);
          }),
        );
      }),
    );
  }
}

function describe(request: FastifyRequest, key: string): IdempotentRequest {
  return {
    scope: request.user ? callerIdentity(request.user) : `ip:${request.ip}`,
    method: request.method,
    // The route as registered, not as spelled: /v1/%74ransactions must not be another scope.
    path: `${request.routeOptions.url ?? request.url} ${JSON.stringify(request.params ?? {})}`,
    key,
    body: request.body,
  };
}

function replay(status: number, body: string): Response {
  return new Response(body, { status, headers: { 'content-type': 'application/json; charset=utf-8', [REPLAYED_HEADER]: 'true' } });
}
