import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsString } from 'class-validator';
import { IsDisplayName, IsEmailAddress, IsOmittable, MaxChars } from '../../common/validation/fields';
import { USER_ROLES, UserRole } from '../../common/access/caller';
import { PASSWORD_MAX_LENGTH } from '../password-policy';

/** The bodies /docs offers: each works as it is on yourself. */
export const UPDATE_USER_EXAMPLES = {
  name: { summary: 'Change your name', value: { name: 'Ada King' } },
  password: {
    summary: 'Change your password',
    value: { password: 'a new and longer passphrase', current_password: 'correct horse battery staple' },
  },
};

export class UpdateUserRequestDto {
  @ApiPropertyOptional({ example: 'Ada King', maxLength: 200 })
  @IsOmittable()
  @IsDisplayName()
  name?: string;

  @ApiPropertyOptional({ example: 'ada.king@example.com', maxLength: 254, description: 'Changing your own needs `current_password` and ends your other sessions.' })
  @IsOmittable()
  @IsEmailAddress()
  email?: string;

  @ApiPropertyOptional({
    format: 'password',
    description: "New password. Changing your own needs `current_password` and ends your other sessions; an admin resetting another user's ends all of theirs.",
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
}
