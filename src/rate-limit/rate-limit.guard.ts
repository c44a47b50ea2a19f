import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { RequestRateLimiter } from './request-rate-limiter';

/**
 * Global guard after authentication: counts the request against the user a
 * token identified, else against the client address (anonymous calls and
 * refused tokens alike, which AccessTokenGuard answers after this count).
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(private readonly limiter: RequestRateLimiter) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    await this.limiter.consumeFor(context.switchToHttp().getRequest<FastifyRequest>());
    return true;
  }
}
