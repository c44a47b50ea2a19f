import { DomainError } from '../../common/errors/domain-error';

/** The second step of a login: what `401 mfa_required` carries in `details`. */
export interface MfaChallengeDetails {
  mfa_token: string;
  expires_at: string;
}

export const MfaErrors = {
  required: (details: MfaChallengeDetails) =>
    new DomainError('mfa_required', 'The password is right; now send a code from your authenticator app with details.mfa_token to POST /v1/auth/login/mfa.', undefined, undefined, {
      details,
    }),
  codeInvalid: () => new DomainError('mfa_code_invalid', 'The code is not valid (wrong, already used, or too far from the current time).'),
  tokenInvalid: () => new DomainError('mfa_code_invalid', 'The mfa_token is not valid (unknown, used, expired, or ended by five wrong codes); log in again.'),
  oneCodeRequired: () => new DomainError('mfa_code_invalid', 'Send the code of your authenticator app in code, or a recovery code in recovery_code: one of them.'),
  codeRequired: () => new DomainError('mfa_code_required', 'This operation needs a current code from your authenticator app in mfa_code.'),
  enrollmentRequired: () => new DomainError('mfa_enrollment_required', 'Admins must set up two factors first: POST /v1/auth/mfa/totp, then POST /v1/auth/mfa/totp/confirm.'),
  alreadyEnabled: () => new DomainError('mfa_already_enabled', 'Two factors are already enabled; remove them first (DELETE /v1/auth/mfa/totp).'),
  notEnabled: () => new DomainError('mfa_not_enabled', 'Two factors are not enabled for this user.'),
  enrollmentNotStarted: () => new DomainError('mfa_enrollment_not_started', 'No enrolment is waiting for confirmation; start one with POST /v1/auth/mfa/totp.'),
};
