import { AccessErrors } from '../common/access/access.errors';
import { DomainError } from '../common/errors/domain-error';

export const AuthErrors = {
  unauthorized: AccessErrors.unauthorized,
  insufficientPermissions: AccessErrors.insufficientPermissions,
  invalidCredentials: () => new DomainError('invalid_credentials', 'The email or the password is incorrect.'),
  refreshTokenInvalid: () => new DomainError('refresh_token_invalid', 'The refresh token is not valid.'),
  refreshTokenExpired: () => new DomainError('refresh_token_expired', 'The refresh token has expired; log in again.'),
  sessionNotFound: () => new DomainError('session_not_found', 'No such session.'),
  sessionAlreadyInvalidated: () => new DomainError('session_already_invalidated', 'The session has already been invalidated.'),
  tokenRotationFailed: () => new DomainError('token_rotation_failed', 'The session changed while the refresh token was being rotated; retry the request.'),
  emailNotVerified: () =>
    new DomainError('email_not_verified', 'Confirm your email address first: follow the link mailed to it (POST /v1/auth/verify_email/resend sends a new one).'),
};
