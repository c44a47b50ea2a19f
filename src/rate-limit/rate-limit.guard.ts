import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { AuthenticatedUser } from '../auth/authenticated-user';
import { AppConfig } from '../config/app-config';
import { rateLimited } from './rate-limit.errors';
import { RateLimitStore } from './rate-limit.store';

const MINUTE = 60;

/**
 * Global guard after authentication: RATE_LIMIT_PER_MINUTE requests per caller,
 * the user when a token identified one, else the client address.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly store: RateLimitStore,
    private readonly config: AppConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (this.config.rateLimitPerMinute === 0) return true;
    const request = context.switchToHttp().getRequest<FastifyRequest & { user?: AuthenticatedUser }>();
    const caller = request.user ? `user:${request.user.userId}` : `ip:${request.ip}`;
    const window = await this.store.hit(`requests:${caller}`, MINUTE);
    if (window.count > this.config.rateLimitPerMinute) {
      throw rateLimited(window.retryAfterSeconds, 'Too many requests; retry after the time in Retry-After.');
    }
    return true;
  }
}
