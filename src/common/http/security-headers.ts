import fastifyHelmet, { FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { FastifyInstance } from 'fastify';

/**
 * JSON answers, errors and unknown routes: nothing may load, run or frame them.
 * (The checkout pages set their own policy: src/checkout/page-headers.ts.)
 */
const API_POLICY: FastifyHelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
  frameguard: { action: 'deny' },
};

/**
 * Swagger UI at /docs: its scripts, stylesheet and images are files of this
 * site (no inline script, no eval); "Try it out" calls this origin. Its page
 * carries two inline <style> blocks and React sets style attributes, hence
 * 'unsafe-inline' for styles only. Its SVG icons are data: URLs.
 */
const DOCS_POLICY: FastifyHelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'none'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'"],
      connectSrc: ["'self'"],
      formAction: ["'self'"],
      baseUri: ["'none'"],
      frameAncestors: ["'none'"],
    },
  },
  frameguard: { action: 'deny' },
};

/** Nothing the API answers is kept by a browser or a proxy (tokens, balances, personal data). */
const NO_STORE = { 'cache-control': 'no-store' };

export interface SecurityHeaders {
  /** Every answer but the Swagger UI's: JSON, errors, 404s, 405s, preflights. */
  api: Readonly<Record<string, string>>;
  /** The Swagger UI and its files under /docs. */
  docs: Readonly<Record<string, string>>;
}

/**
 * The response headers of @fastify/helmet for each policy, asked of it once at
 * boot. The plugin itself rebuilds helmet's middleware for every request
 * (about 13 µs, more than a tenth of a bare route); the request hook sets these
 * fixed sets instead, so the hot path builds nothing (style guide, point 20).
 */
export function securityHeaders(): Promise<SecurityHeaders> {
  // The same for every application of the process (tests build many).
  asked ??= askHelmet();
  return asked;
}

let asked: Promise<SecurityHeaders> | undefined;

async function askHelmet(): Promise<SecurityHeaders> {
  const probe = Fastify({ logger: false });
  await probe.register(fastifyHelmet, API_POLICY);
  probe.get('/api', () => '');
  probe.get('/docs', { helmet: DOCS_POLICY }, () => '');
  try {
    const [api, docs] = await Promise.all([headersOf(probe, '/api'), headersOf(probe, '/docs')]);
    return { api: { ...api, ...NO_STORE }, docs: { ...docs, ...NO_STORE } };
  } finally {
    await probe.close();
  }
}

/** The headers helmet set on the probe's answer (not those of the answer itself). */
async function headersOf(probe: FastifyInstance, url: string): Promise<Record<string, string>> {
  const response = await probe.inject({ method: 'GET', url });
  const own = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);
  return Object.fromEntries(
    Object.entries(response.headers)
      .filter(([name]) => !own.has(name))
      .map(([name, value]) => [name, String(value)]),
  );
}
