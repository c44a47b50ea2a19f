import { ApiProperty } from '@nestjs/swagger';
import { PageOf } from '../../common/pagination/page.dto';
import { USER_ROLES, UserRole } from '../../common/access/caller';
import { User } from '../entities/user.entity';

export class UserResponseDto {
  @ApiProperty({ example: 'usr_01JDQ4Z8X9T2M3N4P5Q6R7S8T9' })
  id: string;

  @ApiProperty({ example: 'ada@example.com' })
  email: string;

  @ApiProperty({ example: true, description: 'Whether the user followed a link mailed to `email` (contract section 22).' })
  email_verified: boolean;

  @ApiProperty({
    type: String,
    nullable: true,
    example: null,
    description: 'An address the user asked to change to; it becomes `email` once the link mailed to it is followed.',
  })
  pending_email: string | null;

  @ApiProperty({ example: 'Ada Lovelace' })
  name: string;

  @ApiProperty({ enum: USER_ROLES, example: 'member' })
  role: UserRole;

  @ApiProperty({ type: String, nullable: true, example: 'acc_01JDQ4Z8X9T2M3N4P5Q6R7S8T9', description: 'Null until the user creates or joins an account.' })
  account_id: string | null;

  @ApiProperty({ example: false, description: 'The user has an active TOTP second factor (POST /v1/auth/mfa/totp).' })
  mfa_enabled: boolean;

  @ApiProperty({ example: '2026-11-21T10:15:30.123Z' })
  created_at: string;

  @ApiProperty({ example: '2026-11-21T10:15:30.123Z' })
  updated_at: string;
}

export class UserPageDto extends PageOf(UserResponseDto) {}

/** The allow-list of user fields that leave the service: never the password hash. */
export function toUserResponse(user: User): UserResponseDto {
  return {
    id: user.id,
    email: user.email,
    email_verified: user.emailVerifiedAt !== null,
    pending_email: user.pendingEmail,
    name: user.name,
    role: user.role,
    account_id: user.accountId,
    mfa_enabled: user.mfaEnabledAt !== null,
    created_at: user.createdAt.toISOString(),
    updated_at: user.updatedAt.toISOString(),
  };
}
