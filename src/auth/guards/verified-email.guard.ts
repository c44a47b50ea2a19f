import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { AppConfig } from '../../config/app-config';
import { AuthErrors } from '../auth.errors';
import { VERIFIED_EMAIL_REQUIRED } from '../decorators/verified-email.decorator';

/** Global guard after the scope and role guards: `@RequiresVerifiedEmail()` under REQUIRE_VERIFIED_EMAIL=true. */
@Injectable()
export class VerifiedEmailGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly config: AppConfig,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    if (!this.config.people.requireVerifiedEmail) return true;
    const caller = context.switchToHttp().getRequest<FastifyRequest>().user;
    if (!caller || caller.emailVerified) return true;
    if (this.reflector.get<boolean | undefined>(VERIFIED_EMAIL_REQUIRED, context.getHandler()) === true) throw AuthErrors.emailNotVerified();
    return true;
  }
}
