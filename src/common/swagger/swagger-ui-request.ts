/** The part of a Swagger UI request the interceptor reads and changes. */
export interface SwaggerUiRequest {
  url: string;
  method: string;
  headers: Record<string, string | undefined>;
}

interface SwaggerUiOperation {
  parameters?: { in?: string; name?: string }[];
}

/** What the interceptor reads of the page: Swagger UI's own handle (window.ui) on the document it shows. */
interface SwaggerUiPage {
  ui?: { specSelectors: { specJson(): { toJS(): { paths?: Record<string, Record<string, SwaggerUiOperation>> } } } };
  location: { href: string };
  crypto: { randomUUID(): string };
}

/**
 * Swagger UI's requestInterceptor: a creating operation (one that documents an Idempotency-Key header)
 * sent with that field empty gets a fresh random key, so that clicking Execute twice cannot create two
 * resources by accident while each new click still creates a new one. A key the user typed is kept.
 *
 * It runs in the browser, not here: @nestjs/swagger writes its source text into swagger-ui-init.js, so it
 * must not use anything outside its own body (no imports, no helpers) but the page's globals.
 */
export function fillIdempotencyKey(request: SwaggerUiRequest): SwaggerUiRequest {
  const page = globalThis as unknown as SwaggerUiPage;
  const paths = page.ui?.specSelectors.specJson().toJS().paths ?? {};
  const url = new URL(request.url, page.location.href);
  const method = request.method.toLowerCase();
  const creating = Object.entries(paths).some(
    ([template, item]) =>
      (item[method]?.parameters ?? []).some((parameter) => parameter.in === 'header' && parameter.name === 'Idempotency-Key') &&
      new RegExp(`^${template.replace(/\{[^/}]+\}/g, '[^/]+')}$`).test(url.pathname.replace(/^.*?(?=\/v1\/)/, '')),
  );
  const typed = Object.entries(request.headers).some(([name, value]) => name.toLowerCase() === 'idempotency-key' && value !== undefined && value.trim() !== '');
  if (creating && !typed) {
    for (const name of Object.keys(request.headers)) if (name.toLowerCase() === 'idempotency-key') delete request.headers[name];
    request.headers['Idempotency-Key'] = page.crypto.randomUUID();
  }
  return request;
}
