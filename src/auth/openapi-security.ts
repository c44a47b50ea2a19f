import { OpenAPIObject } from '@nestjs/swagger';
import { operations, takeExtension } from '../common/swagger/openapi';
import { OPENAPI_PUBLIC_EXTENSION, PublicOperationMode } from './decorators/public.decorator';

/** The security scheme of access tokens, required by every operation that is not @Public(). */
export const ACCESS_TOKEN_SCHEME = 'bearer';
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
      description: 'A refresh token from login or refresh, for `POST /v1/auth/refresh` only.',
    },
  };
}
