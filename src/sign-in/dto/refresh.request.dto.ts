import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsString } from 'class-validator';
import { IsOmittable, MaxChars } from '../../common/validation/fields';

/** The bodies /docs offers (the body may also be left out). */
export const REFRESH_EXAMPLES = {
  rotate: { summary: 'Rotate the refresh token (the default)', value: { client_version: '3.4.1' } },
  keep: { summary: 'Keep the refresh token', value: { rotate_refresh_token: false } },
};

export class RefreshRequestDto {
  @ApiPropertyOptional({ example: 'ios-4F2A9C', description: 'Client device identifier; recorded on the session.' })
  @IsOmittable()
  @IsString()
  @MaxChars(255)
  device_id?: string;

  @ApiPropertyOptional({
    description: 'Default: `true`. When true a new refresh token replaces the presented one; when false the presented one stays valid, expiry unchanged.',
  })
  @IsOmittable()
  @IsBoolean()
  rotate_refresh_token?: boolean;

  @ApiPropertyOptional({ example: '3.4.1', description: 'Client application version; recorded on the session.' })
  @IsOmittable()
  @IsString()
  @MaxChars(100)
  client_version?: string;
}
