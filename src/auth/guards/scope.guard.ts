import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { grantsScope } from '../../common/access/scopes';
import { AuthErrors } from '../auth.errors';
import { REQUIRED_SCOPE, RouteScope } from '../decorators/scope.decorator';

/**
 * Global guard after AccessTokenGuard: an API key reaches only the routes whose
 * declared scope it holds. A route that declares none refuses keys (fail
 * closed); `@SessionOnly()` routes refuse them always. People pass: their role
 * decides (RolesGuard, then the access rules).
 */
@Injectable()
export class ScopeGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const caller = context.switchToHttp().getRequest<FastifyRequest>().user;
    if (!caller || caller.scopes === null) return true;
    const required = this.reflector.getAllAndOverride<RouteScope | undefined>(REQUIRED_SCOPE, [context.getHandler(), context.getClass()]);
    if (required === undefined || required === 'session') {
      throw AuthErrors.insufficientPermissions("API keys cannot call this operation; it needs a person's access token.");
    }
    if (!grantsScope(caller.scopes, required)) throw AuthErrors.insufficientPermissions(`This API key lacks the scope ${required}.`);
    return true;
  }
}
