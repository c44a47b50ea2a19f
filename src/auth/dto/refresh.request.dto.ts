import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsOptional, IsString, MaxLength } from 'class-validator';

export class RefreshRequestDto {
  @ApiPropertyOptional({ example: 'ios-4F2A9C', description: 'Client device identifier; recorded on the session.' })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  device_id?: string;

  @ApiPropertyOptional({
    default: true,
    description: 'When true a new refresh token replaces the presented one; when false the presented one stays valid, expiry unchanged.',
  })
  @IsOptional()
  @IsBoolean()
  rotate_refresh_token?: boolean;

  @ApiPropertyOptional({ example: '3.4.1', description: 'Client application version; recorded on the session.' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  client_version?: string;
}
