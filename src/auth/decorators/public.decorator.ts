import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';

export const PUBLIC_ROUTE = 'auth:public';
/** OpenAPI extension read when the document is built: public operations get no bearer requirement. */
export const OPENAPI_PUBLIC_EXTENSION = 'x-public';

export interface PublicRouteOptions {
  /** Authenticate the caller when an Authorization header is sent (signup by an owner or admin). */
  optionalAuthentication?: boolean;
  /**
   * The handler reads a refresh token from `Authorization: Bearer` itself (token refresh): documented
   * with the refresh-token security scheme instead of none.
   */
  refreshToken?: boolean;
}

/** How a public operation is documented (see documentPublicOperations). */
export type PublicOperationMode = 'anonymous' | 'optional' | 'refresh-token';

/**
 * Opts a route out of the global bearer-token requirement, in the guard and in
 * the OpenAPI document alike. Every other route needs an access token.
 */
export const Public = (options: PublicRouteOptions = {}) => applyDecorators(SetMetadata(PUBLIC_ROUTE, options), ApiExtension(OPENAPI_PUBLIC_EXTENSION, publicModeOf(options)));

function publicModeOf(options: PublicRouteOptions): PublicOperationMode {
  if (options.optionalAuthentication) return 'optional';
  return options.refreshToken ? 'refresh-token' : 'anonymous';
}
