import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';

export const MFA_ENROLLMENT_ROUTE = 'auth:mfa-enrollment';
/** OpenAPI extension on the operations an admin without TOTP may call while REQUIRE_ADMIN_MFA holds. */
export const OPENAPI_MFA_ENROLLMENT_EXTENSION = 'x-allowed-before-mfa-enrollment';

export interface MfaEnrollmentRouteOptions {
  /** Only on the caller's own session (ending a session: not another user's). */
  ownSessionOnly?: boolean;
}

/**
 * A route an admin without TOTP may call while REQUIRE_ADMIN_MFA=true (contract section 22): enrolling, and ending
 * its own session. Every other route answers such an admin `403 mfa_enrollment_required` (MfaEnrollmentGuard).
 */
export const AllowedBeforeMfaEnrollment = (options: MfaEnrollmentRouteOptions = {}) =>
  applyDecorators(SetMetadata(MFA_ENROLLMENT_ROUTE, options), ApiExtension(OPENAPI_MFA_ENROLLMENT_EXTENSION, true));
