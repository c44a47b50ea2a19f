import { ApiProperty } from '@nestjs/swagger';
import { AUDIT_ACTIONS, AUDIT_OUTCOMES } from '../../common/audit/audit-log';
import { PageOf } from '../../common/pagination/page.dto';
import { AuditEntry } from '../entities/audit-entry.entity';

export class AuditActorDto {
  @ApiProperty({ enum: ['user', 'api_key', 'system'], example: 'user' })
  type: string;

  @ApiProperty({ type: String, nullable: true, example: 'usr_01JDQ4Z8X9T2M3N4P5Q6R7S8T9', description: 'Null: nobody authenticated (a failed login), or the system.' })
  id: string | null;

  @ApiProperty({ type: String, nullable: true, example: 'ses_01JDQ4Z8X9T2M3N4P5Q6R7S8T9' })
  session_id: string | null;

  @ApiProperty({ type: String, nullable: true, example: '01JDQ4Z8X9T2M3N4P5Q6R7S8T9' })
  request_id: string | null;
}

export class AuditTargetDto {
  @ApiProperty({ example: 'api_key' })
  type: string;

  @ApiProperty({ example: 'key_01JDQ4Z8X9T2M3N4P5Q6R7S8T9' })
  id: string;
}

export class AuditEntryResponseDto {
  @ApiProperty({ example: 'aud_01JDQ4Z8X9T2M3N4P5Q6R7S8T9' })
  id: string;

  @ApiProperty({ enum: AUDIT_ACTIONS, enumName: 'AuditAction', example: 'api_key.created' })
  action: string;

  @ApiProperty({ enum: AUDIT_OUTCOMES, example: 'success' })
  outcome: string;

  @ApiProperty({ type: String, nullable: true, example: null, description: 'Why it failed, e.g. `invalid_credentials`.' })
  reason: string | null;

  @ApiProperty({ type: AuditActorDto })
  actor: AuditActorDto;

  @ApiProperty({ type: String, nullable: true, example: 'acc_01JDQ4Z8X9T2M3N4P5Q6R7S8T9', description: "Null: the platform's chain." })
  account_id: string | null;

  @ApiProperty({ type: AuditTargetDto, nullable: true })
  target: AuditTargetDto | null;

  @ApiProperty({ type: String, nullable: true, example: '203.0.113.7', description: 'The client address (behind TRUST_PROXY, the forwarded one).' })
  ip: string | null;

  @ApiProperty({ type: String, nullable: true, example: 'curl/8.5.0' })
  user_agent: string | null;

  @ApiProperty({ type: String, nullable: true, example: '01JDQ4Z8X9T2M3N4P5Q6R7S8T9' })
  request_id: string | null;

  @ApiProperty({ example: '2026-11-21T10:15:30.123Z' })
  created_at: string;

  @ApiProperty({ type: 'integer', example: 4, description: 'Its place in its chain (its account, or the platform).' })
  sequence: number;

  @ApiProperty({ example: '9f2c0d5e8b1a4c7f6e3d2b1a0f9e8d7c6b5a49382716f5e4d3c2b1a0f9e8d7c6', description: "The previous entry of the chain's `hash` (64 zeros for the first)." })
  previous_hash: string;

  @ApiProperty({ example: '3b8e1f0a9c2d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c1d2e3f4a5b6c7d8e9f', description: 'SHA-256(previous_hash || canonical JSON of the entry), hex.' })
  hash: string;
}

export class AuditEntryPageDto extends PageOf(AuditEntryResponseDto) {}

export function toAuditEntryResponse(entry: AuditEntry): AuditEntryResponseDto {
  return {
    id: entry.id,
    action: entry.action,
    outcome: entry.outcome,
    reason: entry.reason,
    actor: { type: entry.actorType, id: entry.actorId, session_id: entry.actorSessionId, request_id: entry.requestId },
    account_id: entry.accountId,
    target: entry.targetType === null || entry.targetId === null ? null : { type: entry.targetType, id: entry.targetId },
    ip: entry.ip,
    user_agent: entry.userAgent,
    request_id: entry.requestId,
    created_at: entry.createdAt.toISOString(),
    sequence: entry.sequence,
    previous_hash: entry.previousHash,
    hash: entry.hash,
  };
}
