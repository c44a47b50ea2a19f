import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppConfig } from '../config/app-config';

export const ANTI_FORGERY_COOKIE = 'checkout_af';
const COOKIE_BYTES = 18;
const COOKIE_VALUE = /^[A-Za-z0-9_-]{24}$/;

/**
 * Protects the checkout form against cross-site submission, without sessions:
 * a random browser secret in a SameSite=Strict, HttpOnly cookie, and in the
 * form an HMAC of that secret and the page's token (signed double submit). A
 * page on another site can neither send the cookie nor compute the field.
 * The browser's own Origin and Sec-Fetch-Site headers, when sent, must name
 * this site too.
 */
@Injectable()
export class AntiForgery {
  private readonly key: Buffer;
  private readonly origin: string;
  private readonly secureCookie: boolean;

  constructor(config: AppConfig) {
    this.key = config.keys.checkoutAntiForgery.export();
    this.origin = new URL(config.publicBaseUrl).origin;
    this.secureCookie = this.origin.startsWith('https:');
  }

  /** The form field for this browser and page; sets the browser's secret cookie when it has none. */
  issue(request: FastifyRequest, reply: FastifyReply, checkoutToken: string): string {
    let secret = browserSecret(request);
    if (secret === null) {
      secret = randomBytes(COOKIE_BYTES).toString('base64url');
      const attributes = ['Path=/pay', 'HttpOnly', 'SameSite=Strict', ...(this.secureCookie ? ['Secure'] : [])];
      reply.header('set-cookie', `${ANTI_FORGERY_COOKIE}=${secret}; ${attributes.join('; ')}`);
    }
    return this.fieldFor(secret, checkoutToken);
  }

  /** True when the submission comes from this site's own form for this page, in the browser that got it. */
  verify(request: FastifyRequest, checkoutToken: string, field: unknown): boolean {
    if (!this.fromThisSite(request)) return false;
    const secret = browserSecret(request);
    if (secret === null || typeof field !== 'string') return false;
    const expected = Buffer.from(this.fieldFor(secret, checkoutToken));
    const given = Buffer.from(field);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private fromThisSite(request: FastifyRequest): boolean {
    const site = request.headers['sec-fetch-site'];
    if (site !== undefined && site !== 'same-origin' && site !== 'none') return false;
    const origin = request.headers.origin;
    return origin === undefined || origin === this.origin;
  }

  private fieldFor(secret: string, checkoutToken: string): string {
    return createHmac('sha256', this.key).update(`${secret}.${checkoutToken}`).digest('base64url');
  }
}

/** The secret cookie of this browser, when it sent a well-formed one. */
function browserSecret(request: FastifyRequest): string | null {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, value] = part.trim().split('=', 2);
    if (name === ANTI_FORGERY_COOKIE && value !== undefined && COOKIE_VALUE.test(value)) return value;
  }
  return null;
}
