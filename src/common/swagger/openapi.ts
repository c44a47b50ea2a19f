import { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { OPENAPI_PUBLIC_EXTENSION } from '../../auth/decorators/public.decorator';

const DESCRIPTION = `
Accounts for individuals and businesses, their users, and sessions with access and refresh tokens.

**Conventions.** JSON only (\`Content-Type: application/json\`, bodies up to 1 MiB). Unknown body fields are refused
with \`400 validation_error\`. Ids are opaque, prefixed and time-ordered (\`usr_\`, \`acc_\`, \`ses_\`). Timestamps are
ISO 8601 UTC with milliseconds. Every response carries \`X-Request-Id\` (a valid incoming one is echoed).

**Errors.** Every failure has the body \`{ error_code, error_description, request_id, details? }\`, also unknown routes
(\`404 not_found\`), \`413 payload_too_large\`, \`415 unsupported_media_type\`, \`429 rate_limited\` (with \`Retry-After\`)
and \`500 internal_error\`.

**Validation.** Fields that may be left out may not be \`null\`; the NUL character is refused in every string;
bodies nested deeper than 32 levels are refused; a body sent to an operation that takes none is refused
(\`400 validation_error\`). A known path asked with another method is \`405 method_not_allowed\` with \`Allow\`.

**Rate limits.** \`429 rate_limited\` with \`Retry-After\`. Requests count against the user a valid token names,
otherwise against the client address (anonymous calls, refused tokens, unknown routes). Logins are also limited
per address, and password guesses per email (a wrong \`current_password\` counts too).

**Lists.** \`limit\` (1..100, default 20) and \`cursor\` (the previous page's \`next_cursor\`); newest first;
\`{ data, has_more, next_cursor }\`.

**Authentication.** \`Authorization: Bearer <access_token>\` on every operation except login, refresh (which takes the
refresh token as Bearer) and signup. Access tokens last 15 minutes and stop working as soon as their session ends.
`.trim();

/** The published form of the API contract; a committed copy is compared with it by the test suite. */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Payments Platform API')
    .setDescription(DESCRIPTION)
    .setVersion('1.0.0')
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'An access token from login or refresh.' }, 'bearer')
    .addSecurityRequirements('bearer')
    .addTag('auth', 'Login, token refresh, sessions.')
    .addTag('accounts', 'Individual and business accounts.')
    .addTag('users', 'Users, their roles and their account membership.')
    .addTag('health', 'Liveness and readiness probes (outside /v1, no token).')
    .build();
  const document = SwaggerModule.createDocument(app, config);
  applyPublicSecurity(document);
  return document;
}

export function serveOpenApi(app: INestApplication, document: OpenAPIObject): void {
  SwaggerModule.setup('docs', app, document, {
    jsonDocumentUrl: 'docs/openapi.json',
    raw: ['json'],
    customSiteTitle: 'Payments Platform API',
  });
}

/** Operations marked @Public() need no token (or, for optional authentication, may send one). */
function applyPublicSecurity(document: OpenAPIObject): void {
  for (const pathItem of Object.values(document.paths)) {
    for (const operation of Object.values(pathItem)) {
      if (typeof operation !== 'object' || operation === null || !(OPENAPI_PUBLIC_EXTENSION in operation)) continue;
      const mode = (operation as Record<string, unknown>)[OPENAPI_PUBLIC_EXTENSION];
      delete (operation as Record<string, unknown>)[OPENAPI_PUBLIC_EXTENSION];
      (operation as { security?: unknown }).security = mode === 'optional' ? [{}, { bearer: [] }] : [];
    }
  }
}
