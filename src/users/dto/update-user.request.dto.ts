import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsEmail, IsIn, IsOptional, IsString, Length, Matches, MaxLength } from 'class-validator';
import { USER_ROLES, UserRole } from '../entities/user.entity';
import { PASSWORD_MAX_LENGTH } from '../password-policy';
import { TrimEmail } from '../email';

export class UpdateUserRequestDto {
  @ApiPropertyOptional({ example: 'Ada King', maxLength: 200 })
  @IsOptional()
  @IsString()
  @Length(1, 200)
  @Matches(/\S/, { message: 'name must not be blank' })
  name?: string;

  @ApiPropertyOptional({ example: 'ada.king@example.com', maxLength: 254 })
  @IsOptional()
  @TrimEmail()
  @IsString()
  @MaxLength(254)
  @IsEmail()
  email?: string;

  @ApiPropertyOptional({
    format: 'password',
    description: "New password. Changing your own needs `current_password` and ends your other sessions; an admin resetting another user's ends all of theirs.",
  })
  @IsOptional()
  @IsString()
  @MaxLength(PASSWORD_MAX_LENGTH * 4)
  password?: string;

  @ApiPropertyOptional({ format: 'password', description: 'Your current password; required to change your own password.' })
  @IsOptional()
  @IsString()
  @MaxLength(PASSWORD_MAX_LENGTH * 4)
  current_password?: string;

  @ApiPropertyOptional({ enum: USER_ROLES, description: 'Admins only.' })
  @IsOptional()
  @IsIn(USER_ROLES)
  role?: UserRole;
}
