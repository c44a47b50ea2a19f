import { Injectable } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { rateLimited } from './rate-limit.errors';
import { RateLimitStore } from './rate-limit.store';

const MINUTE = 60;

/**
 * Brute-force protection for passwords: login attempts per IP per minute,
 * failed password attempts per email and IP within LOGIN_FAILURE_WINDOW (logins
 * and password or email changes alike), and signups per IP per minute. Checked before the password is hashed, so refused
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
    await this.admitPasswordAttempt(email, ip);
  }

  /** Signups per client address per minute (SIGNUP_PER_MINUTE), before the password is hashed. */
  async admitSignup(ip: string): Promise<void> {
    if (this.config.signupPerMinute === 0) return;
    const perIp = await this.store.hit(`signup-ip:${ip}`, MINUTE);
    if (perIp.count > this.config.signupPerMinute) throw rateLimited(perIp.retryAfterSeconds, 'Too many signups from this address; retry later.');
  }

  /**
   * Counts a password guess for `email` before the password is checked, so that
   * concurrent guesses cannot all slip past one read of the count. A correct
   * password resets the count (passwordAccepted); a wrong one leaves it counted.
   */
  async admitPasswordAttempt(email: string, ip: string): Promise<void> {
    if (this.config.loginMaxFailures === 0) return;
    const attempts = await this.store.hit(this.failureKey(email, ip), this.config.loginFailureWindowSeconds);
    if (attempts.count > this.config.loginMaxFailures) {
      throw rateLimited(attempts.retryAfterSeconds, 'Too many failed password attempts for this email; retry later.');
    }
  }

  async passwordAccepted(email: string, ip: string): Promise<void> {
    if (this.config.loginMaxFailures > 0) await this.store.reset(this.failureKey(email, ip));
  }

  /**
   * Counts a guess of a second-factor code (TOTP or recovery code) for a user from a client address, like a password
   * guess (LOGIN_MAX_FAILURES within LOGIN_FAILURE_WINDOW): a stolen password or session cannot try the million
   * codes. A right code resets the count (codeAccepted).
   */
  async admitCodeAttempt(userId: string, ip: string): Promise<void> {
    if (this.config.loginMaxFailures === 0) return;
    const attempts = await this.store.hit(this.codeFailureKey(userId, ip), this.config.loginFailureWindowSeconds);
    if (attempts.count > this.config.loginMaxFailures) {
      throw rateLimited(attempts.retryAfterSeconds, 'Too many wrong codes for this user; retry later.');
    }
  }

  async codeAccepted(userId: string, ip: string): Promise<void> {
    if (this.config.loginMaxFailures > 0) await this.store.reset(this.codeFailureKey(userId, ip));
  }

  private codeFailureKey(userId: string, ip: string): string {
    return `mfa-failures:${ip}:${userId}`;
  }

  /**
   * Failures are counted per email and client address together (contract
   * section 18): a stranger guessing from elsewhere cannot lock the real user
   * out; LOGIN_PER_MINUTE still bounds each address's guesses across emails.
   */
  private failureKey(email: string, ip: string): string {
    return `login-failures:${ip}:${email}`;
  }
}
