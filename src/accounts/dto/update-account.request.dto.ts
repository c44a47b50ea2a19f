import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsEmail, IsObject, IsOptional, IsString, Length, Matches, MaxLength } from 'class-validator';
import { AccountPreferences } from '../entities/account.entity';
import { TrimEmail } from '../../users/email';

export class UpdateAccountRequestDto {
  @ApiPropertyOptional({ example: 'Analytical Engines plc', maxLength: 200 })
  @IsOptional()
  @IsString()
  @Length(1, 200)
  @Matches(/\S/, { message: 'name must not be blank' })
  name?: string;

  @ApiPropertyOptional({ example: 'accounts@example.com', maxLength: 254 })
  @IsOptional()
  @TrimEmail()
  @IsString()
  @MaxLength(254)
  @IsEmail()
  email?: string;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    example: { locale: 'fr-FR', statement_day: null },
    description: 'Merged key by key into the stored preferences; a key set to null is removed.',
  })
  @IsOptional()
  @IsObject()
  preferences?: AccountPreferences;
}
