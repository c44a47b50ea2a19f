import { ApiProperty } from '@nestjs/swagger';
import { UserResponseDto } from '../../users/dto/user.response.dto';

export class TokenPairResponseDto {
  @ApiProperty({ example: 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJ1c3JfMDFK...', description: 'Short-lived JWT for the Authorization header.' })
  access_token: string;

  @ApiProperty({ enum: ['Bearer'], example: 'Bearer' })
  token_type: 'Bearer';

  @ApiProperty({ example: '2026-11-21T10:30:30.000Z', description: 'When the access token expires.' })
  expires_at: string;

  @ApiProperty({ example: 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJ1c3JfMDFK...', description: 'Send as Bearer to POST /v1/auth/refresh.' })
  refresh_token: string;

  @ApiProperty({ example: '2026-12-21T10:15:30.000Z' })
  refresh_token_expires_at: string;

  @ApiProperty({ example: 'ses_01JDQ4Z8X9T2M3N4P5Q6R7S8T9' })
  session_id: string;
}

export class LoginResponseDto extends TokenPairResponseDto {
  @ApiProperty({ type: UserResponseDto })
  user: UserResponseDto;
}
