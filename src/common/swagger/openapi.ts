import { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { completeRequestSchemas } from './request-schemas';
import { nameSchemas } from './schema-names';
import { fillIdempotencyKey } from './swagger-ui-request';

const DESCRIPTION = `
Accounts for individuals and businesses, their users, sessions with access and refresh tokens, financial
transactions, and payment requests that settle into transactions.

**Conventions.** JSON only (\`Content-Type: application/json\`, bodies up to 1 MiB). Unknown body fields are refused
with \`400 validation_error\`. Ids are opaque, prefixed and time-ordered (\`usr_\`, \`acc_\`, \`ses_\`, \`txn_\`, \`pay_\`); a
malformed id in a path is a \`404\` of its resource. Timestamps are
ISO 8601 UTC with milliseconds. Every response carries \`X-Request-Id\` (a valid incoming one is echoed).

**Money.** \`amount\` is an integer in the currency's minor units (1250 is 12.50 EUR), from 1 to 999,999,999,999;
floats, strings and negatives are \`400 validation_error\`. \`currency\` is an upper-case ISO 4217 code of a currency in
circulation. Instants in filters and bodies are ISO 8601 dates, or date-times with \`Z\` or an offset.

**Idempotency.** Every creating \`POST\` (users, accounts, transactions, payments) accepts \`Idempotency-Key\` (1..255
characters), scoped to the caller and the route and kept 24 hours. The same key and body replays the first answer, same
status and bytes, with \`Idempotent-Replayed: true\`; another body is \`422 idempotency_key_reused\`; while the first
request runs, \`409 idempotency_request_in_progress\`. \`5xx\` answers and \`400 validation_error\` are not kept.

**Errors.** Every failure has the body \`{ error_code, error_description, request_id, details? }\`, also unknown routes
(\`404 not_found\`), \`413 payload_too_large\`, \`415 unsupported_media_type\`, \`429 rate_limited\` (with \`Retry-After\`)
and \`500 internal_error\`. A request that is not valid HTTP/1.1 is answered by the server itself, before any route, in the
same body and closing the connection: \`431 request_header_fields_too_large\` (request line and headers over 16 KiB) or
\`400 validation_error\` (both \`Content-Length\` and \`Transfer-Encoding\`, a malformed request line or header).

**HTTP.** Every answer carries \`Cache-Control: no-store\`, \`X-Content-Type-Options: nosniff\` and a
\`Content-Security-Policy\` that lets it load, run and be framed by nothing. Browser pages of the origins the operator
lists (\`CORS_ORIGINS\`) may call the API (CORS, bearer tokens, no cookies); other origins get no CORS headers.

**Validation.** Fields that may be left out may not be \`null\`; the NUL character is refused in every string;
bodies nested deeper than 32 levels are refused; a body sent to an operation that takes none is refused
(\`400 validation_error\`). A known path asked with another method is \`405 method_not_allowed\` with \`Allow\`.

**Rate limits.** \`429 rate_limited\` with \`Retry-After\`. Requests count against the user a valid token names,
otherwise against the client address (anonymous calls, refused tokens, unknown routes). Logins are also limited
per address, and password guesses per email (a wrong \`current_password\` counts too).

**Lists.** \`limit\` (1..100, default 20) and \`cursor\` (the previous page's \`next_cursor\`); newest first;
\`{ data, has_more, next_cursor }\`.

**Authentication.** \`Authorization: Bearer <access_token>\` (the \`accessToken\` scheme) on every operation except login,
refresh and signup. Refresh takes the refresh token as Bearer instead (the \`refreshToken\` scheme). Access tokens last
15 minutes and stop working as soon as their session ends. Machine clients use an API key instead
(\`Authorization: Bearer sk_...\`, the \`apiKey\` scheme): it acts as its account (or, for platform keys, the platform),
narrowed to its scopes; each operation names the scope it needs. Keys never reach session operations or key management.

**Audit.** Security-relevant actions (logins, role changes, key and webhook changes, refusals...) are kept append-only
in \`GET /v1/audit_log\`, hash-chained per account; every event names its \`actor\`.

**Clients.** A typed TypeScript client generated from this document, with token refresh, Idempotency-Keys and page
walking, is in the repository's \`clients/typescript/\`.

**Licence.** Proprietary: the API, this document and the service's code are private to their owner, all rights
reserved; no licence to use, copy or redistribute them is granted.
`.trim();

/** Where a server started with `npm start` answers (the HOST and PORT defaults): the licence's link. */
export const LOCAL_SERVER_URL = 'http://127.0.0.1:3000';

/**
 * The document's one server: relative, so that Swagger UI (and any tool that reads the document from a
 * running instance) calls the origin that served it, whatever its host and port.
 */
const SERVER = { url: '/', description: 'The server that serves this document (Swagger UI calls the origin it was loaded from).' };

/** The package is private (UNLICENSED): its terms are the description's last paragraph, which /docs shows. */
function licenceAt(baseUrl: string): { name: string; url: string } {
  return { name: 'Proprietary', url: `${baseUrl}/docs` };
}

/** A module's own addition to the document (read from the extensions its decorators left on operations). */
export type OpenApiAddition = (document: OpenAPIObject) => void;

/** The published form of the API contract; a committed copy is compared with it by the test suite. */
export function buildOpenApiDocument(app: INestApplication, additions: readonly OpenApiAddition[]): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Payments Platform API')
    .setDescription(DESCRIPTION)
    .setVersion('1.0.0')
    .addServer(SERVER.url, SERVER.description)
    // The access token's scheme; its name is auth's ACCESS_TOKEN_SCHEME (common ranks below auth, so it is spelled here).
    .addBearerAuth(
      {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'JWT',
        description:
          "A person's access token: the `access_token` that `POST /v1/auth/login` (or refresh) answers. Lasts 15 minutes and ends with its session; every operation but login, refresh and signup takes it.",
      },
      'accessToken',
    )
    .addSecurityRequirements('accessToken')
    .addTag('auth', 'Login, token refresh, sessions.')
    .addTag('accounts', 'Individual and business accounts.')
    .addTag('users', 'Users, their roles and their account membership.')
    .addTag('transactions', 'Payments, credits, refunds, transfers and adjustments of an account: pending, then posted or canceled.')
    .addTag('payments', 'Payment requests sent to customers; the built-in sandbox provider drives them with simulate.')
    .addTag('bank statements', 'Bank statements imported by admins, which settle bank-transfer payment requests.')
    .addTag('payouts', 'Money out of an account by SEPA credit transfer: payouts, their pain.001 batch files, settled from the bank statement.')
    .addTag('refunds', 'Money of succeeded payment requests given back to their customers, through the provider that took it.')
    .addTag('ledger', 'Balances of an account and the consistency check of the books.')
    .addTag('events', 'What happened to an account, in order: the feed that webhooks deliver.')
    .addTag('webhooks', 'Endpoints that receive events as signed HTTP requests, and their deliveries.')
    .addTag('api-keys', 'Credentials of machine clients, with scopes; created, rolled and revoked by people.')
    .addTag('audit', 'The append-only, hash-chained trail of security-relevant actions.')
    .addTag('health', 'Liveness and readiness probes (outside /v1, no token).')
    .build();
  const document = SwaggerModule.createDocument(app, config);
  document.info.license = licenceAt(LOCAL_SERVER_URL);
  for (const addition of additions) addition(document);
  completeRequestSchemas(document);
  nameSchemas(document);
  return document;
}

/**
 * Serves Swagger UI at /docs and the document at /docs/openapi.json: the committed document, with the
 * licence's link on this instance (`baseUrl`, PUBLIC_BASE_URL) and, behind a proxy that serves the API
 * under a path (PUBLIC_BASE_URL https://example.com/api), that path as the server. Swagger UI keeps the
 * authorization across reloads and fills an empty Idempotency-Key (swagger-ui-request.ts).
 */
export function serveOpenApi(app: INestApplication, document: OpenAPIObject, baseUrl: string): void {
  const prefix = new URL(baseUrl).pathname.replace(/\/+$/, '');
  const served: OpenAPIObject = {
    ...document,
    info: { ...document.info, license: licenceAt(baseUrl) },
    servers: prefix === '' ? document.servers : [{ url: prefix, description: SERVER.description }],
  };
  SwaggerModule.setup('docs', app, served, {
    jsonDocumentUrl: 'docs/openapi.json',
    raw: ['json'],
    customSiteTitle: 'Payments Platform API',
    swaggerOptions: { persistAuthorization: true, requestInterceptor: fillIdempotencyKey },
  });
}

/** Every operation of the document. */
export function operations(document: OpenAPIObject): Record<string, unknown>[] {
  return Object.values(document.paths).flatMap((pathItem) =>
    Object.values(pathItem).filter((operation): operation is Record<string, unknown> => typeof operation === 'object' && operation !== null && 'responses' in operation),
  );
}

/** Takes an extension a decorator left on an operation off it, and returns its value (undefined when absent). */
export function takeExtension(operation: Record<string, unknown>, name: string): unknown {
  const value = operation[name];
  delete operation[name];
  return value;
}
