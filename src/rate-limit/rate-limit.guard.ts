import { CanActivate, ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { RequestRateLimiter } from './request-rate-limiter';

const SKIP_RATE_LIMIT = 'skipRateLimit';

/**
 * The liveness and readiness probes: an orchestrator's, not a client's. They
 * are never counted (a probe answered 429 would get a healthy instance
 * restarted) and never wait for the rate-limit store.
 */
export const SkipRateLimit = (): ClassDecorator & MethodDecorator => SetMetadata(SKIP_RATE_LIMIT, true);

/**
 * Global guard after authentication: counts the request against the user a
 * token identified, else against the client address (anonymous calls and
 * refused tokens alike, which AccessTokenGuard answers after this count).
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly limiter: RequestRateLimiter,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (this.reflector.getAllAndOverride<boolean | undefined>(SKIP_RATE_LIMIT, [context.getHandler(), context.getClass()])) return true;
    await this.limiter.consumeFor(context.switchToHttp().getRequest<FastifyRequest>());
    return true;
  }
}
