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
