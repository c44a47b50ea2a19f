import { OpenAPIObject } from '@nestjs/swagger';
import { documentErrorCode } from '../common/swagger/api-errors.decorator';
import { operations, takeExtension } from '../common/swagger/openapi';
import { OPENAPI_MFA_ENROLLMENT_EXTENSION } from './decorators/mfa-enrollment.decorator';
import { OPENAPI_PUBLIC_EXTENSION, PublicOperationMode } from './decorators/public.decorator';
import { OPENAPI_SCOPE_EXTENSION, RouteScope } from './decorators/scope.decorator';

/** The security scheme of access tokens, required by every operation that is not @Public(). */
export const ACCESS_TOKEN_SCHEME = 'accessToken';
/** The security scheme of refresh tokens: only token refresh takes one. */
export const REFRESH_TOKEN_SCHEME = 'refreshToken';

/**
 * Operations marked @Public() need no access token (or, for optional authentication, may send one);
 * token refresh takes the refresh token as its bearer token, under a scheme of its own, so that tools
 * (Swagger UI's Authorize dialog, generated clients) send it as they send the access token elsewhere.
 */
export function documentPublicOperations(document: OpenAPIObject): void {
  let refreshTokenUsed = false;
  for (const operation of operations(document)) {
    const mode = takeExtension(operation, OPENAPI_PUBLIC_EXTENSION) as PublicOperationMode | undefined;
    if (mode === undefined) continue;
    if (mode === 'refresh-token') refreshTokenUsed = true;
    operation.security = mode === 'optional' ? [{}, { [ACCESS_TOKEN_SCHEME]: [] }] : mode === 'refresh-token' ? [{ [REFRESH_TOKEN_SCHEME]: [] }] : [];
  }
  if (!refreshTokenUsed) return;
  document.components = { ...document.components };
  document.components.securitySchemes = {
    ...document.components.securitySchemes,
    [REFRESH_TOKEN_SCHEME]: {
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
      description:
        "A person's refresh token: the `refresh_token` that login and refresh answer (lasts 30 days). Only `POST /v1/auth/refresh` takes it; it is refused everywhere else.",
    },
  };
}

/** The security scheme of API keys (contract section 14): `Authorization: Bearer sk_...`. */
export const API_KEY_SCHEME = 'apiKey';

/**
 * Every operation that declares a scope (@RequiresScope) accepts an access
 * token or an API key holding that scope: both schemes, and the scope named in
 * the description and in `x-required-scope` (http schemes carry no scopes in
 * OpenAPI 3.0). @SessionOnly operations keep the access token alone.
 */
export function documentApiKeyOperations(document: OpenAPIObject): void {
  for (const operation of operations(document)) {
    const scope = operation[OPENAPI_SCOPE_EXTENSION] as RouteScope | undefined;
    if (scope === undefined) continue;
    if (scope === 'session') {
      takeExtension(operation, OPENAPI_SCOPE_EXTENSION);
      operation.security = [{ [ACCESS_TOKEN_SCHEME]: [] }];
      operation.description = `${descriptionOf(operation)}\n\nAccess token only: API keys get \`403\`.`.trim();
      // What ScopeGuard answers a key here, whether or not the handler's own errors list it.
      documentErrorCode(operation, 'insufficient_permissions');
      continue;
    }
    // Signup also takes no token at all: that alternative stays first.
    const current = operation.security as Record<string, string[]>[] | undefined;
    operation.security = [...(current ?? [{ [ACCESS_TOKEN_SCHEME]: [] }]), { [API_KEY_SCHEME]: [] }];
    operation.description = `${descriptionOf(operation)}\n\nAPI keys need the scope \`${scope}\`.`.trim();
  }
  document.components = { ...document.components };
  document.components.securitySchemes = {
    ...document.components.securitySchemes,
    [API_KEY_SCHEME]: {
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'sk_test_... / sk_live_... / sk_platform_...',
      description:
        "A machine client's API key: the `secret` (`sk_test_...`, `sk_live_...`, `sk_platform_...`) that `POST /v1/api_keys` answers once. It acts as its account, narrowed to its scopes; each operation names the scope it needs (`x-required-scope`), and session operations refuse it.",
    },
  };
}

/**
 * With REQUIRE_ADMIN_MFA, an admin without TOTP gets `403 mfa_enrollment_required` from every operation that takes
 * an access token, except those marked @AllowedBeforeMfaEnrollment() (MfaEnrollmentGuard). Runs after
 * documentPublicOperations, which gives the public operations their own security.
 */
export function documentMfaEnrollment(document: OpenAPIObject): void {
  for (const operation of operations(document)) {
    const allowed = takeExtension(operation, OPENAPI_MFA_ENROLLMENT_EXTENSION) !== undefined;
    const security = operation.security as Record<string, string[]>[] | undefined;
    const takesAccessToken = security === undefined || security.some((requirement) => ACCESS_TOKEN_SCHEME in requirement);
    if (takesAccessToken && !allowed) documentErrorCode(operation, 'mfa_enrollment_required');
  }
}

/** The operation's description as written, or nothing. */
function descriptionOf(operation: Record<string, unknown>): string {
  return typeof operation.description === 'string' ? operation.description : '';
}
