import { Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { callerIdentity } from '../common/access/caller';
import { AppConfig } from '../config/app-config';
import { rateLimited } from './rate-limit.errors';
import { RateLimitStore } from './rate-limit.store';

const MINUTE = 60;

/**
 * RATE_LIMIT_PER_MINUTE requests per caller: `user:<id>` once a token named one,
 * else `ip:<address>` (anonymous requests, bad tokens, unknown routes).
 */
@Injectable()
export class RequestRateLimiter {
  constructor(
    private readonly store: RateLimitStore,
    private readonly config: AppConfig,
  ) {}

  /** Counts the request against its authenticated user, else its client address; 429 rate_limited past the limit. */
  consumeFor(request: FastifyRequest): Promise<void> {
    return this.consume(request.user ? callerIdentity(request.user) : `ip:${request.ip}`);
  }

  private async consume(caller: string): Promise<void> {
    if (this.config.rateLimitPerMinute === 0) return;
    const window = await this.store.hit(`requests:${caller}`, MINUTE);
    if (window.count > this.config.rateLimitPerMinute) {
      throw rateLimited(window.retryAfterSeconds, 'Too many requests; retry after the time in Retry-After.');
    }
  }
}
