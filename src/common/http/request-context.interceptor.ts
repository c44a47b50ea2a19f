import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { Observable } from 'rxjs';
import { requestContextOf, runInRequestContext } from '../access/request-context';

/**
 * First interceptor, after authentication: the handler runs inside the
 * request's context (actor, address, user agent, request id), so every event
 * and audit entry it writes names who did it, without a parameter through
 * every call.
 */
@Injectable()
export class RequestContextInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const requestContext = requestContextOf(context.switchToHttp().getRequest<FastifyRequest>());
    // The handler is called when the observable is subscribed to: subscribing inside the context runs it there.
    return new Observable((subscriber) => runInRequestContext(requestContext, () => next.handle().subscribe(subscriber)));
  }
}
