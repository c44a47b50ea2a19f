import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { AppConfig } from '../../config/app-config';
import { MFA_ENROLLMENT_ROUTE, MfaEnrollmentRouteOptions } from '../decorators/mfa-enrollment.decorator';
import { MfaErrors } from '../mfa/mfa.errors';

/**
 * Global guard after ScopeGuard: with REQUIRE_ADMIN_MFA=true, an admin's session without TOTP reaches only the
 * routes marked `@AllowedBeforeMfaEnrollment()` (enrolment, ending its own session); refresh and login are public
 * and never get here with a caller. Every other operation: `403 mfa_enrollment_required`. API keys are not people.
 */
@Injectable()
export class MfaEnrollmentGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly config: AppConfig,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    if (!this.config.mfa.requireAdminMfa) return true;
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const caller = request.user;
    if (!caller || caller.kind !== 'user' || caller.role !== 'admin' || caller.mfaEnabled) return true;
    const allowed = this.reflector.getAllAndOverride<MfaEnrollmentRouteOptions | undefined>(MFA_ENROLLMENT_ROUTE, [context.getHandler(), context.getClass()]);
    if (allowed === undefined) throw MfaErrors.enrollmentRequired();
    if (allowed.ownSessionOnly) {
      const sessionId = (request.body as { session_id?: unknown } | undefined)?.session_id;
      if (sessionId !== undefined && sessionId !== caller.sessionId) throw MfaErrors.enrollmentRequired();
    }
    return true;
  }
}
