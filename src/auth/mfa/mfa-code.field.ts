import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsString } from 'class-validator';
import { IsOmittable, MaxChars } from '../../common/validation/fields';

/** The longest second-factor code accepted in a body: a recovery code `xxxx-xxxx-xxxx`, with room for spaces. */
export const MFA_CODE_MAX_LENGTH = 32;

/**
 * The optional `mfa_code` of a sensitive operation's body (step-up, contract section 22): required, as a current
 * code of the caller's authenticator app, when the person acting has TOTP.
 */
export const MfaCodeField = (
  description = 'A current code of your authenticator app: required when you have two factors (`403 mfa_code_required` without it, `401 mfa_code_invalid` when wrong or used before).',
) =>
  applyDecorators(
    ApiPropertyOptional({ example: '492039', maxLength: MFA_CODE_MAX_LENGTH, format: 'password', description }),
    IsOmittable(),
    IsString(),
    MaxChars(MFA_CODE_MAX_LENGTH),
  );
