import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { enterRequestContext, requestContextOf } from '../access/request-context';

/**
 * The last guard, once the caller is known and every check passed: the
 * request's context (actor, address, user agent, request id) is entered, so
 * that every event and audit entry the handler writes names who did it,
 * without a parameter through every call. The guards before it act as the
 * system, as jobs do.
 */
@Injectable()
export class RequestContextGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    enterRequestContext(requestContextOf(context.switchToHttp().getRequest<FastifyRequest>()));
    return true;
  }
}
