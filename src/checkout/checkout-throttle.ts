import { Injectable } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { rateLimited } from '../rate-limit/rate-limit.errors';
import { RateLimitStore } from '../rate-limit/rate-limit.store';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
/** Card attempts on one page per hour: a customer retries a typo; a card tester is stopped. */
const ATTEMPTS_PER_PAGE_PER_HOUR = 10;

/**
 * The checkout pages' own limits, on top of the service-wide one: views and
 * submits per client address (CHECKOUT_PER_MINUTE), and card attempts per page.
 */
@Injectable()
export class CheckoutThrottle {
  constructor(
    private readonly store: RateLimitStore,
    private readonly config: AppConfig,
  ) {}

  async admitRequest(ip: string): Promise<void> {
    if (this.config.checkoutPerMinute === 0) return;
    const window = await this.store.hit(`checkout-ip:${ip}`, MINUTE);
    if (window.count > this.config.checkoutPerMinute) {
      throw rateLimited(window.retryAfterSeconds, 'Too many requests to payment pages from this address; wait a moment and reload.');
    }
  }

  async admitCardAttempt(checkoutToken: string): Promise<void> {
    const window = await this.store.hit(`checkout-attempts:${checkoutToken}`, HOUR);
    if (window.count > ATTEMPTS_PER_PAGE_PER_HOUR) {
      throw rateLimited(window.retryAfterSeconds, 'Too many payment attempts on this page; try again later.');
    }
  }
}
