import type { FastifyReply } from 'fastify';
import { STYLESHEET_SOURCE } from './views/stylesheet';

/**
 * No script at all, the one inline stylesheet by its hash, forms only to this
 * site, never framed. The token in the address must not leak: no Referer to other sites, no
 * caching anywhere. (same-origin, not no-referrer: with no-referrer a browser sends
 * `Origin: null` on the form's POST, which the anti-forgery check refuses.)
 */
const CONTENT_SECURITY_POLICY = ["default-src 'none'", `style-src ${STYLESHEET_SOURCE}`, "img-src 'self'", "form-action 'self'", "frame-ancestors 'none'", "base-uri 'none'"].join(
  '; ',
);

/** The headers of every answer of the checkout pages (pages, errors and redirects alike). */
export function setPageHeaders(reply: FastifyReply): FastifyReply {
  return reply
    .header('content-security-policy', CONTENT_SECURITY_POLICY)
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'same-origin')
    .header('x-frame-options', 'DENY');
}

export function sendPage(reply: FastifyReply, status: number, markup: string): void {
  setPageHeaders(reply).status(status).header('content-type', 'text/html; charset=utf-8').send(markup);
}
