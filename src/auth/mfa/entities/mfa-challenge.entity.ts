import { Column, Entity, ForeignKey, Index, PrimaryColumn } from 'typeorm';
import { TimestampColumn } from '../../../database/columns';

/**
 * The second step of a login (the `mfa_token` of `401 mfa_required`): stored as SHA-256 of the token (32 random
 * bytes), single use, valid 5 minutes, ended by five wrong codes.
 */
@Entity('mfa_challenges')
@Index('idx_mfa_challenges_user_id', ['userId'])
@Index('idx_mfa_challenges_expires_at', ['expiresAt'])
export class MfaChallenge {
  @PrimaryColumn({ name: 'token_hash', type: 'varchar', length: 64 })
  tokenHash: string;

  @Column({ name: 'user_id', type: 'varchar', length: 40 })
  @ForeignKey('users', { onDelete: 'CASCADE', name: 'fk_mfa_challenges_user_id' })
  userId: string;

  /** SHA-256 of the password hash the first step checked: a password changed since ends the challenge. */
  @Column({ name: 'password_digest', type: 'varchar', length: 64 })
  passwordDigest: string;

  /** Wrong codes presented with it so far. */
  @Column({ type: 'integer' })
  attempts: number;

  @TimestampColumn({ name: 'created_at' })
  createdAt: Date;

  @TimestampColumn({ name: 'expires_at' })
  expiresAt: Date;

  @TimestampColumn({ name: 'used_at', nullable: true })
  usedAt: Date | null;
}
