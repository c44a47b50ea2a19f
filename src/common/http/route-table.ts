import { ERROR_STATUS, ErrorCode } from '../errors/error-codes';

export interface RegisteredRoute {
  method: string;
  url: string;
}

/**
 * The routes Fastify registered, to tell an unknown path (404) from a known
 * path asked with a method it does not serve (405, with the methods it does).
 */
export class RouteTable {
  private compiled: { pattern: RegExp; method: string }[] | null = null;

  constructor(readonly routes: RegisteredRoute[]) {}

  /**
   * The error for a path under `/v1/<family>/` whose id the router could not
   * read: `<resource>_not_found` for every family whose routes take an id
   * there (users -> user_not_found, webhook_endpoints -> webhook_endpoint_not_found),
   * derived from the routes, so a new resource family needs no list kept by hand.
   */
  notFoundCode(path: string): ErrorCode {
    const family = /^\/v1\/([a-z_]+)\//.exec(path)?.[1];
    const takesAnId = family !== undefined && this.routes.some((route) => route.url.startsWith(`/v1/${family}/:`));
    // The resource is the family in the singular: users -> user, payout_batches -> payout_batch.
    const code = takesAnId ? `${family.replace(/ches$/, 'ch').replace(/s$/, '')}_not_found` : 'not_found';
    return code in ERROR_STATUS ? (code as ErrorCode) : 'not_found';
  }

  allowedMethods(path: string): string[] {
    this.compiled ??= this.routes.map((route) => ({ pattern: toPattern(route.url), method: route.method }));
    const methods = this.compiled.filter((route) => route.pattern.test(path)).map((route) => route.method);
    return [...new Set(methods)].sort();
  }
}

/** "/v1/users/:user_id" -> /^\/v1\/users\/[^/]+$/ ; a trailing "*" matches the rest of the path. */
function toPattern(url: string): RegExp {
  const source = url
    .split('/')
    .map((segment) => {
      if (segment.startsWith(':')) return '[^/]+';
      if (segment === '*') return '.*';
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return new RegExp(`^${source}$`);
}
