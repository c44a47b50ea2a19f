import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsInt, IsString, Max, Min } from 'class-validator';
import { API_KEY_SCOPES } from '../../common/access/scopes';
import { DISPLAY_NAME_SCHEMA, IsDisplayName, IsInstant, IsOmittable, MaxChars } from '../../common/validation/fields';
import { instantDescription } from '../../common/validation/instant';
import { MfaCodeField } from '../../auth/mfa/mfa-code.field';

/** The longest overlap of a roll: 7 days. */
export const MAX_ROLL_OVERLAP_SECONDS = 7 * 24 * 60 * 60;
export const DEFAULT_ROLL_OVERLAP_SECONDS = 24 * 60 * 60;

export class CreateApiKeyRequestDto {
  @ApiProperty({ example: 'Order system', ...DISPLAY_NAME_SCHEMA })
  @IsDisplayName()
  name: string;

  @ApiProperty({
    isArray: true,
    enum: [...API_KEY_SCOPES],
    enumName: 'ApiKeyScope',
    minItems: 1,
    maxItems: API_KEY_SCOPES.length,
    example: ['transactions:write', 'balances:read'],
    description: '`resource:write` includes `resource:read`; `admin` only on platform keys.',
  })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(API_KEY_SCOPES.length)
  @IsIn(API_KEY_SCOPES, { each: true })
  scopes: string[];

  @ApiPropertyOptional({ format: 'date-time', example: '2027-11-21T10:15:30.123Z', description: instantDescription('When it stops working; omitted: never.') })
  @IsOmittable()
  @IsInstant()
  expires_at?: string;

  @ApiPropertyOptional({
    example: 'acc_01JDQ4Z8X9T2M3N4P5Q6R7S8T9',
    description: "Admins: the account whose key it is; omitted by an admin: a platform key. Owners: their own account's (the default).",
  })
  @IsOmittable()
  @IsString()
  @MaxChars(64)
  account_id?: string;

  @MfaCodeField()
  mfa_code?: string;
}

export class RollApiKeyRequestDto {
  @ApiPropertyOptional({
    type: 'integer',
    example: 86400,
    minimum: 0,
    maximum: MAX_ROLL_OVERLAP_SECONDS,
    description: 'How long the previous secret keeps working, in seconds (default 86400; 0: it stops at once).',
  })
  @IsOmittable()
  @IsInt()
  @Min(0)
  @Max(MAX_ROLL_OVERLAP_SECONDS)
  expires_in?: number;
}
