import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsString } from 'class-validator';
import { DISPLAY_NAME_SCHEMA, EMAIL_SCHEMA, IsDisplayName, IsEmailAddress, IsOmittable, MaxChars } from '../../common/validation/fields';
import { USER_ROLES, UserRole } from '../../common/access/caller';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../password-policy';

/** The body /docs offers: a signup, which needs no token (log in with the same email and password). */
export const CREATE_USER_EXAMPLES = {
  signup: { summary: 'Sign up', value: { email: 'ada@example.com', password: 'correct horse battery staple', name: 'Ada Lovelace' } },
};

export class CreateUserRequestDto {
  @ApiProperty({ ...EMAIL_SCHEMA, example: 'ada@example.com', description: `Unique. ${EMAIL_SCHEMA.description}` })
  @IsEmailAddress()
  email: string;

  @ApiProperty({
    example: 'correct horse battery staple',
    format: 'password',
    minLength: PASSWORD_MIN_LENGTH,
    maxLength: PASSWORD_MAX_LENGTH,
    description: 'Any characters. Refused when it is the email, a common password or a trivial pattern.',
  })
  @IsString()
  @MaxChars(PASSWORD_MAX_LENGTH * 4)
  password: string;

  @ApiProperty({ example: 'Ada Lovelace', ...DISPLAY_NAME_SCHEMA })
  @IsDisplayName()
  name: string;

  @ApiPropertyOptional({
    description: 'Add the new user to this account (`acc_...`). Needs the access token of the account owner or of an admin; leave it out to sign up.',
  })
  @IsOmittable()
  @IsString()
  @MaxChars(64)
  account_id?: string;

  @ApiPropertyOptional({ enum: USER_ROLES, description: 'Admins only; leave it out otherwise. Default: `member`.' })
  @IsOmittable()
  @IsIn(USER_ROLES)
  role?: UserRole;
}
