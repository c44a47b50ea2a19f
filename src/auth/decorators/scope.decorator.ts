import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';
import { ResourceScope } from '../../common/access/scopes';

export const REQUIRED_SCOPE = 'auth:scope';
/** OpenAPI extension naming the scope an API key needs for the operation (`session` when keys are refused). */
export const OPENAPI_SCOPE_EXTENSION = 'x-required-scope';
/** What a route declares: the scope an API key needs, or that only a person's session may call it. */
export type RouteScope = ResourceScope | 'session';

/**
 * The scope an API key needs for a handler (or, when the handler says nothing,
 * every handler of a controller). Every authenticated route declares one: the
 * scope guard refuses a key on a route that does not, and a test walks the
 * route table for routes without.
 */
export const RequiresScope = (scope: ResourceScope) => applyDecorators(SetMetadata(REQUIRED_SCOPE, scope), ApiExtension(OPENAPI_SCOPE_EXTENSION, scope));

/** Only a person's session may call it (session operations, managing API keys): a key gets 403. */
export const SessionOnly = () => applyDecorators(SetMetadata(REQUIRED_SCOPE, 'session'), ApiExtension(OPENAPI_SCOPE_EXTENSION, 'session'));
