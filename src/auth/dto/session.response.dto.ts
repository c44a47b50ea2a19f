import { ApiProperty } from '@nestjs/swagger';
import { PageOf } from '../../common/pagination/page.dto';
import { Session, SESSION_STATUSES, SessionStatus } from '../entities/session.entity';

export class SessionResponseDto {
  @ApiProperty({ example: 'ses_01JDQ4Z8X9T2M3N4P5Q6R7S8T9' })
  id: string;

  @ApiProperty({ enum: SESSION_STATUSES, example: 'active' })
  status: SessionStatus;

  @ApiProperty({ type: String, nullable: true, example: 'ios-4F2A9C' })
  device_id: string | null;

  @ApiProperty({ type: String, nullable: true, example: '3.4.1' })
  client_version: string | null;

  @ApiProperty({ example: '2026-11-21T10:15:30.123Z' })
  created_at: string;

  @ApiProperty({ example: '2026-11-21T10:15:30.123Z', description: 'Last login, refresh or authenticated request (to the minute).' })
  last_used_at: string;

  @ApiProperty({ type: String, nullable: true, example: null })
  invalidated_at: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    example: null,
    description: 'Why the session ended: the caller-given reason, or refresh_token_reuse, password_changed, account_closed.',
  })
  reason: string | null;

  @ApiProperty({ example: true, description: 'True for the session of the access token making this request.' })
  current: boolean;
}

export class SessionPageDto extends PageOf(SessionResponseDto) {}

export class SessionInvalidationResponseDto {
  @ApiProperty({ example: true })
  success: boolean;

  @ApiProperty({ example: 'ses_01JDQ4Z8X9T2M3N4P5Q6R7S8T9' })
  invalidated_session_id: string;

  @ApiProperty({ type: 'integer', example: 2, description: 'Unexpired access and refresh tokens of the session that this call revoked.' })
  revoked_tokens: number;

  @ApiProperty({ example: '2026-11-21T10:15:30.123Z' })
  revoked_at: string;
}

export function toSessionResponse(session: Session, currentSessionId: string | null): SessionResponseDto {
  return {
    id: session.id,
    status: session.status,
    device_id: session.deviceId,
    client_version: session.clientVersion,
    created_at: session.createdAt.toISOString(),
    last_used_at: session.lastUsedAt.toISOString(),
    invalidated_at: session.invalidatedAt?.toISOString() ?? null,
    reason: session.reason,
    current: session.id === currentSessionId,
  };
}
