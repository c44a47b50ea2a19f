import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsString } from 'class-validator';
import { IsOmittable, MaxChars } from '../../common/validation/fields';

/** The body /docs offers: it ends the caller's own session (log out). */
export const INVALIDATE_SESSION_EXAMPLES = {
  logout: { summary: 'Log out', value: { reason: 'signed out' } },
};

export class InvalidateSessionRequestDto {
  @ApiPropertyOptional({ description: "Session to end (`ses_...`, from the session list); defaults to the caller's own session." })
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
