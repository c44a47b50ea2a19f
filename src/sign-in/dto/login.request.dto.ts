import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, MinLength } from 'class-validator';
import { IsOmittable, MaxChars } from '../../common/validation/fields';

/** The body /docs offers: the user of the signup example (POST /v1/users). */
export const LOGIN_EXAMPLES = {
  login: { summary: 'Log in as the user the signup example creates', value: { email: 'ada@example.com', password: 'correct horse battery staple', device_id: 'ios-4F2A9C' } },
};

export class LoginRequestDto {
  @ApiProperty({ example: 'ada@example.com', minLength: 1, maxLength: 254, description: 'Matched case-insensitively.' })
  @IsString()
  @MinLength(1)
  @MaxChars(254)
  email: string;

  @ApiProperty({ example: 'correct horse battery staple', format: 'password', minLength: 1, maxLength: 128 })
  @IsString()
  @MinLength(1)
  @MaxChars(128)
  password: string;

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
