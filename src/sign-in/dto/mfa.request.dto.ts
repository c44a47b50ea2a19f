import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, MinLength } from 'class-validator';
import { MFA_CODE_MAX_LENGTH, MfaCodeField } from '../../auth/mfa/mfa-code.field';
import { IsOmittable, MaxChars } from '../../common/validation/fields';
import { PASSWORD_MAX_LENGTH } from '../../users/password-policy';

export const START_TOTP_EXAMPLES = {
  start: { summary: 'Start setting up an authenticator app', value: { current_password: 'correct horse battery staple' } },
};
export const CONFIRM_TOTP_EXAMPLES = {
  confirm: { summary: 'Confirm with the code the app shows now', value: { code: '492039' } },
};
export const REMOVE_TOTP_EXAMPLES = {
  totp: { summary: 'Remove with a code of the app', value: { current_password: 'correct horse battery staple', mfa_code: '492039' } },
  recovery: { summary: 'Remove with a recovery code (the app is lost)', value: { current_password: 'correct horse battery staple', mfa_code: 'k7qm-3xva-pw9d' } },
};
export const LOGIN_MFA_EXAMPLES = {
  code: {
    summary: 'Second step with a code of the app',
    value: { mfa_token: 'mfa_2Yx7QvJr0b8kN3pLq5sT9wXc1zA4dF6gH8jK0mN2pR4', code: '492039', device_id: 'ios-4F2A9C' },
  },
  recovery: { summary: 'Second step with a recovery code', value: { mfa_token: 'mfa_2Yx7QvJr0b8kN3pLq5sT9wXc1zA4dF6gH8jK0mN2pR4', recovery_code: 'k7qm-3xva-pw9d' } },
};

export class StartTotpRequestDto {
  @ApiProperty({
    example: 'correct horse battery staple',
    format: 'password',
    minLength: 1,
    maxLength: PASSWORD_MAX_LENGTH,
    description: 'Your password (`401 invalid_credentials` when wrong).',
  })
  @IsString()
  @MinLength(1)
  @MaxChars(PASSWORD_MAX_LENGTH * 4)
  current_password: string;
}

export class ConfirmTotpRequestDto {
  @ApiProperty({ example: '492039', minLength: 1, maxLength: MFA_CODE_MAX_LENGTH, description: 'The 6-digit code the authenticator app shows for the new secret.' })
  @IsString()
  @MinLength(1)
  @MaxChars(MFA_CODE_MAX_LENGTH)
  code: string;
}

/** The password, as enrolment asks it, and a code. */
export class RemoveTotpRequestDto extends StartTotpRequestDto {
  @MfaCodeField('A current code of the authenticator app, or one of your unused recovery codes (it is used up) when the app is lost. Without it: `403 mfa_code_required`.')
  mfa_code?: string;
}

export class LoginMfaRequestDto {
  @ApiProperty({
    example: 'mfa_2Yx7QvJr0b8kN3pLq5sT9wXc1zA4dF6gH8jK0mN2pR4',
    minLength: 1,
    maxLength: 100,
    description: 'The `details.mfa_token` of the `401 mfa_required` answer to POST /v1/auth/login.',
  })
  @IsString()
  @MinLength(1)
  @MaxChars(100)
  mfa_token: string;

  @MfaCodeField('The 6-digit code the authenticator app shows now. Send exactly one of `code` and `recovery_code`.')
  code?: string;

  @ApiPropertyOptional({
    example: 'k7qm-3xva-pw9d',
    maxLength: MFA_CODE_MAX_LENGTH,
    format: 'password',
    description: 'One of the recovery codes given at enrolment, when the app is lost; each works once.',
  })
  @IsOmittable()
  @IsString()
  @MaxChars(MFA_CODE_MAX_LENGTH)
  recovery_code?: string;

  @ApiPropertyOptional({ example: 'ios-4F2A9C', maxLength: 255, description: 'Identifier of the client device, recorded on the session.' })
  @IsOmittable()
  @IsString()
  @MaxChars(255)
  device_id?: string;

  @ApiPropertyOptional({ example: '3.4.1', maxLength: 100, description: 'Client application version, recorded on the session.' })
  @IsOmittable()
  @IsString()
  @MaxChars(100)
  client_version?: string;
}
