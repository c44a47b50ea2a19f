import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsString } from 'class-validator';
import { IsOmittable, MaxChars } from '../../common/validation/fields';

export class RefreshRequestDto {
  @ApiPropertyOptional({ example: 'ios-4F2A9C', description: 'Client device identifier; recorded on the session.' })
  @IsOmittable()
  @IsString()
  @MaxChars(255)
  device_id?: string;

  @ApiPropertyOptional({
    default: true,
    description: 'When true a new refresh token replaces the presented one; when false the presented one stays valid, expiry unchanged.',
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
