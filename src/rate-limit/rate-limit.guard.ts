import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { AuthenticatedUser } from '../auth/authenticated-user';
import { RequestRateLimiter } from './request-rate-limiter';

/**
 * Global guard after authentication: counts the request against the user a
 * token identified, else against the client address. (Requests refused by
 * authentication are counted by AccessTokenGuard, unknown routes by a hook.)
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(private readonly limiter: RequestRateLimiter) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest & { user?: AuthenticatedUser }>();
    await this.limiter.consume(request.user ? `user:${request.user.userId}` : `ip:${request.ip}`);
    return true;
  }
}
