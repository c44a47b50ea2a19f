import { Column, Entity, ForeignKey, Index, PrimaryColumn } from 'typeorm';
import { TimestampColumn } from '../../database/columns';

export const USER_TOKEN_PURPOSES = ['verify_email', 'password_reset'] as const;
export type UserTokenPurpose = (typeof USER_TOKEN_PURPOSES)[number];

/**
 * A link mailed to a person (contract section 22): proof of an address, or a password reset. Only the SHA-256 of
 * its 32 random bytes is kept; it is used once, before it expires.
 */
@Entity('user_tokens')
@Index('idx_user_tokens_user_id_purpose', ['userId', 'purpose'])
export class UserToken {
  @PrimaryColumn({ type: 'varchar', length: 40 })
  id: string;

  @Column({ name: 'user_id', type: 'varchar', length: 40 })
  @ForeignKey('users', { onDelete: 'CASCADE', name: 'fk_user_tokens_user_id' })
  userId: string;

  @Column({ type: 'varchar', length: 16 })
  purpose: UserTokenPurpose;

  @Index('uq_user_tokens_token_hash', { unique: true })
  @Column({ name: 'token_hash', type: 'varchar', length: 64 })
  tokenHash: string;

  /** The address the link was mailed to: the one it proves. */
  @Column({ type: 'varchar', length: 254 })
  email: string;

  @Index('idx_user_tokens_expires_at')
  @TimestampColumn({ name: 'expires_at' })
  expiresAt: Date;

  @TimestampColumn({ name: 'used_at', nullable: true })
  usedAt: Date | null;

  @TimestampColumn({ name: 'created_at' })
  createdAt: Date;
}
