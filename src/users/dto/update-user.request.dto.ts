import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsString } from 'class-validator';
import { DISPLAY_NAME_SCHEMA, EMAIL_SCHEMA, IsDisplayName, IsEmailAddress, IsOmittable, MaxChars } from '../../common/validation/fields';
import { USER_ROLES, UserRole } from '../../common/access/caller';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../password-policy';
import { ApiRequestSchema } from '../../common/swagger/request-schemas';
import { MfaCodeField } from '../../auth/mfa/mfa-code.field';

/** The bodies /docs offers: each works as it is on yourself. */
export const UPDATE_USER_EXAMPLES = {
  name: { summary: 'Change your name', value: { name: 'Ada King' } },
  password: {
    summary: 'Change your password',
    value: { password: 'a new and longer passphrase', current_password: 'correct horse battery staple' },
  },
};

/** The service refuses a body that changes nothing: at least one of name, email, password, role. */
@ApiRequestSchema({ minProperties: 1 })
export class UpdateUserRequestDto {
  @ApiPropertyOptional({ example: 'Ada King', ...DISPLAY_NAME_SCHEMA })
  @IsOmittable()
  @IsDisplayName()
  name?: string;

  @ApiPropertyOptional({
    ...EMAIL_SCHEMA,
    example: 'ada.king@example.com',
    description: `Changing your own needs \`current_password\` and ends your other sessions. ${EMAIL_SCHEMA.description}`,
  })
  @IsOmittable()
  @IsEmailAddress()
  email?: string;

  @ApiPropertyOptional({
    format: 'password',
    minLength: PASSWORD_MIN_LENGTH,
    maxLength: PASSWORD_MAX_LENGTH,
    description:
      "New password, under the signup's rules. Changing your own needs `current_password` and ends your other sessions; an admin resetting another user's ends all of theirs.",
  })
  @IsOmittable()
  @IsString()
  @MaxChars(PASSWORD_MAX_LENGTH * 4)
  password?: string;

  @ApiPropertyOptional({
    format: 'password',
    description:
      'Your current password; required to change your own password or email (`400 validation_error` without it, `401 invalid_credentials` when wrong). Either change ends your other sessions.',
  })
  @IsOmittable()
  @IsString()
  @MaxChars(PASSWORD_MAX_LENGTH * 4)
  current_password?: string;

  @ApiPropertyOptional({ enum: USER_ROLES, description: 'Admins only.' })
  @IsOmittable()
  @IsIn(USER_ROLES)
  role?: UserRole;

  @MfaCodeField(
    'With `role`, `email` or `password`: a current code of your authenticator app, required when you (the person acting) have two factors (`403 mfa_code_required` without it, `401 mfa_code_invalid` when wrong or used before).',
  )
  mfa_code?: string;
}
