import { Injectable } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { rateLimited } from './rate-limit.errors';
import { RateLimitStore } from './rate-limit.store';

const MINUTE = 60;

/**
 * Brute-force protection for login: attempts per IP per minute, and failed
 * attempts per email within LOGIN_FAILURE_WINDOW. Checked before the password
 * is hashed, so refused attempts cost no CPU.
 */
@Injectable()
export class LoginThrottle {
  constructor(
    private readonly store: RateLimitStore,
    private readonly config: AppConfig,
  ) {}

  async admit(ip: string, email: string): Promise<void> {
    if (this.config.loginPerMinute > 0) {
      const perIp = await this.store.hit(`login-ip:${ip}`, MINUTE);
      if (perIp.count > this.config.loginPerMinute) {
        throw rateLimited(perIp.retryAfterSeconds, 'Too many login attempts from this address; retry later.');
      }
    }
    if (this.config.loginMaxFailures > 0) {
      const failures = await this.store.peek(this.failureKey(email));
      if (failures && failures.count >= this.config.loginMaxFailures) {
        throw rateLimited(failures.retryAfterSeconds, 'Too many failed logins for this email; retry later.');
      }
    }
  }

  async recordFailure(email: string): Promise<void> {
    if (this.config.loginMaxFailures > 0) await this.store.hit(this.failureKey(email), this.config.loginFailureWindowSeconds);
  }

  async recordSuccess(email: string): Promise<void> {
    if (this.config.loginMaxFailures > 0) await this.store.reset(this.failureKey(email));
  }

  private failureKey(email: string): string {
    return `login-failures:${email}`;
  }
}
