import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsString } from 'class-validator';
import { IsOmittable, MaxChars } from '../../common/validation/fields';

export class InvalidateSessionRequestDto {
  @ApiPropertyOptional({ example: 'ses_01JDQ4Z8X9T2M3N4P5Q6R7S8T9', description: "Session to end; defaults to the caller's own session." })
  @IsOmittable()
  @IsString()
  @MaxChars(64)
  session_id?: string;

  @ApiPropertyOptional({ example: 'lost phone', maxLength: 255, description: 'Free text, stored on the session.' })
  @IsOmittable()
  @IsString()
  @MaxChars(255)
  reason?: string;
}
