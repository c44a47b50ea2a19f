import { ApiProperty } from '@nestjs/swagger';
import { IsString, MinLength } from 'class-validator';
import { EMAIL_SCHEMA, IsEmailAddress, MaxChars } from '../../common/validation/fields';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../password-policy';

/** A token as mailed links carry it (43 base64url characters); anything else is answered `400 token_invalid`. */
const TOKEN_PROPERTY = {
  example: 'q3Jw0cS0p4yqG5sQ0Ykq8mJb6C9v1x2Z3a4B5c6D7e8',
  minLength: 1,
  maxLength: 100,
  description: 'The token of the mailed link (after `token=`).',
};

export class VerifyEmailRequestDto {
  @ApiProperty(TOKEN_PROPERTY)
  @IsString()
  @MinLength(1)
  @MaxChars(100)
  token: string;
}

export const PASSWORD_RESET_EXAMPLES = {
  reset: { summary: 'Ask for a reset link', value: { email: 'ada@example.com' } },
};

export class PasswordResetRequestDto {
  @ApiProperty({ ...EMAIL_SCHEMA, example: 'ada@example.com', description: `The answer is the same whether or not a user has it. ${EMAIL_SCHEMA.description}` })
  @IsEmailAddress()
  email: string;
}

export class PasswordResetConfirmRequestDto {
  @ApiProperty(TOKEN_PROPERTY)
  @IsString()
  @MinLength(1)
  @MaxChars(100)
  token: string;

  @ApiProperty({ format: 'password', minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH, description: "Under the signup's rules." })
  @IsString()
  @MaxChars(PASSWORD_MAX_LENGTH * 4)
  new_password: string;
}

export class EmailLinkSentResponseDto {
  @ApiProperty({ example: 'ada@example.com', description: 'The address the new link went to.' })
  sent_to: string;
}
