import { Injectable } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { rateLimited } from './rate-limit.errors';
import { RateLimitStore } from './rate-limit.store';

const HOUR = 3600;

/**
 * Mailed links (contract section 22): password reset requests per client address and per email, verification
 * resends per email, each per hour. Keyed by the email as typed (lower-cased), known or not, so a refusal says
 * nothing about whether the address has an account. A stranger can use up an address's allowance for an hour;
 * that delays its owner's reset, and is the price of never mailing anyone a flood of links.
 */
@Injectable()
export class EmailLinkThrottle {
  constructor(
    private readonly store: RateLimitStore,
    private readonly config: AppConfig,
  ) {}

  async admitPasswordReset(ip: string, email: string): Promise<void> {
    const { passwordResetsPerHourPerIp } = this.config.people;
    if (passwordResetsPerHourPerIp > 0) {
      const perIp = await this.store.hit(`password-reset-ip:${ip}`, HOUR);
      if (perIp.count > passwordResetsPerHourPerIp) throw rateLimited(perIp.retryAfterSeconds, 'Too many password resets from this address; retry later.');
    }
    await this.admitLink('password-reset', email);
  }

  admitVerificationResend(email: string): Promise<void> {
    return this.admitLink('verify-email', email);
  }

  private async admitLink(kind: string, email: string): Promise<void> {
    if (this.config.people.emailLinksPerHour === 0) return;
    const perEmail = await this.store.hit(`${kind}-email:${email}`, HOUR);
    if (perEmail.count > this.config.people.emailLinksPerHour) throw rateLimited(perEmail.retryAfterSeconds, 'Too many links mailed to this address; retry later.');
  }
}
