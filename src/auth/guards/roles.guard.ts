import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { UserRole } from '../../common/access/caller';
import { AuthenticatedUser } from '../../common/access/caller';
import { AuthErrors } from '../auth.errors';
import { REQUIRED_ROLES } from '../decorators/roles.decorator';

/** Global guard after AccessTokenGuard: enforces `@Roles()`, reading the handler before the controller. */
@Injectable()
export class RolesGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const roles = this.reflector.getAllAndOverride<UserRole[] | undefined>(REQUIRED_ROLES, [context.getHandler(), context.getClass()]);
    if (!roles || roles.length === 0) return true;
    const user = context.switchToHttp().getRequest<FastifyRequest & { user?: AuthenticatedUser }>().user;
    if (!user) throw AuthErrors.unauthorized();
    if (!roles.includes(user.role)) throw AuthErrors.insufficientPermissions();
    return true;
  }
}
