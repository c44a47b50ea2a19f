import type { FastifyCorsOptions } from '@fastify/cors';
import type { FastifyRequest } from 'fastify';

/** The route @fastify/cors adds so that Fastify accepts OPTIONS on every path; it is no resource. */
export const CORS_PREFLIGHT_ROUTE = '*';

/** Headers a browser page may send to the API, and those it may read from the answers. */
const ALLOWED_HEADERS = ['authorization', 'content-type', 'idempotency-key', 'x-request-id'];
const EXPOSED_HEADERS = ['x-request-id', 'retry-after', 'idempotent-replayed', 'allow'];
const ALLOWED_METHODS = ['GET', 'HEAD', 'POST', 'PATCH', 'DELETE'];
/** How long a browser may reuse a preflight's answer (Chromium caps it at 2 hours). */
const PREFLIGHT_MAX_AGE_SECONDS = 600;

/**
 * @fastify/cors for the allow-list of CORS_ORIGINS. A request from a listed
 * origin gets Access-Control-Allow-Origin (and its preflight a 204 with the
 * methods and headers); one from any other origin gets no CORS header at all,
 * and an OPTIONS that is not a preflight from a listed origin is left to the
 * pipeline's 404/405 (the contract's error body, never the plugin's text 400).
 * Bearer tokens, not cookies: no credentials.
 */
export function corsOptions(allowedOrigins: readonly string[]): FastifyCorsOptions {
  const allowed = new Set(allowedOrigins);
  const granted = {
    origin: true,
    methods: ALLOWED_METHODS,
    allowedHeaders: ALLOWED_HEADERS,
    exposedHeaders: EXPOSED_HEADERS,
    maxAge: PREFLIGHT_MAX_AGE_SECONDS,
    credentials: false,
  };
  const refused = { origin: false };
  return {
    delegator: (request: FastifyRequest, callback: (error: Error | null, options: FastifyCorsOptions) => void) => {
      const origin = request.headers.origin;
      const listed = origin !== undefined && allowed.has(origin);
      const notAPreflight = request.method === 'OPTIONS' && request.headers['access-control-request-method'] === undefined;
      callback(null, listed && !notAPreflight ? granted : refused);
    },
  };
}

/** Whether the request reached the plugin's catch-all OPTIONS route (no preflight it answered). */
export function isUnansweredPreflightRoute(request: FastifyRequest): boolean {
  return request.method === 'OPTIONS' && request.routeOptions.url === CORS_PREFLIGHT_ROUTE;
}
