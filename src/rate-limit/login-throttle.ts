import { Injectable } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { rateLimited } from './rate-limit.errors';
import { RateLimitStore } from './rate-limit.store';

const MINUTE = 60;

/**
 * Brute-force protection for passwords: login attempts per IP per minute, and
 * failed password attempts per email within LOGIN_FAILURE_WINDOW (logins and
 * password changes alike). Checked before the password is hashed, so refused
 * attempts cost no CPU.
 */
@Injectable()
export class LoginThrottle {
  constructor(
    private readonly store: RateLimitStore,
    private readonly config: AppConfig,
  ) {}

  async admitLogin(ip: string, email: string): Promise<void> {
    if (this.config.loginPerMinute > 0) {
      const perIp = await this.store.hit(`login-ip:${ip}`, MINUTE);
      if (perIp.count > this.config.loginPerMinute) {
        throw rateLimited(perIp.retryAfterSeconds, 'Too many login attempts from this address; retry later.');
      }
    }
    await this.admitPasswordAttempt(email);
  }

  /**
   * Counts a password guess for `email` before the password is checked, so that
   * concurrent guesses cannot all slip past one read of the count. A correct
   * password resets the count (passwordAccepted); a wrong one leaves it counted.
   */
  async admitPasswordAttempt(email: string): Promise<void> {
    if (this.config.loginMaxFailures === 0) return;
    const attempts = await this.store.hit(this.failureKey(email), this.config.loginFailureWindowSeconds);
    if (attempts.count > this.config.loginMaxFailures) {
      throw rateLimited(attempts.retryAfterSeconds, 'Too many failed password attempts for this email; retry later.');
    }
  }

  async passwordAccepted(email: string): Promise<void> {
    if (this.config.loginMaxFailures > 0) await this.store.reset(this.failureKey(email));
  }

  private failureKey(email: string): string {
    return `login-failures:${email}`;
  }
}
