import { Column, Entity, ForeignKey, Index, PrimaryColumn } from 'typeorm';
import { TimestampColumn } from '../../database/columns';

export type TokenKind = 'access' | 'refresh';
/** active: usable; rotated: a refresh token replaced by its successor; revoked: ended with its session. */
export type TokenStatus = 'active' | 'rotated' | 'revoked';

/**
 * One row per issued token (its `jti`), so that invalidation can revoke and
 * count them and refresh rotation can detect reuse. Refresh tokens are kept
 * only as a SHA-256 hash.
 */
@Entity('auth_tokens')
@Index('idx_auth_tokens_session_status', ['sessionId', 'status'])
/** Housekeeping deletes expired tokens by it. */
@Index('idx_auth_tokens_expires_at', ['expiresAt'])
export class AuthToken {
  @PrimaryColumn({ type: 'varchar', length: 40 })
  id: string;

  @Column({ name: 'session_id', type: 'varchar', length: 40 })
  @ForeignKey('sessions', { onDelete: 'CASCADE', name: 'fk_auth_tokens_session_id' })
  sessionId: string;

  @Column({ type: 'varchar', length: 16 })
  kind: TokenKind;

  @Column({ type: 'varchar', length: 16 })
  status: TokenStatus;

  @Column({ name: 'token_hash', type: 'varchar', length: 64, nullable: true })
  tokenHash: string | null;

  /** The refresh token this one replaced (refresh tokens only). */
  @Column({ name: 'parent_id', type: 'varchar', length: 40, nullable: true })
  parentId: string | null;

  /** The refresh token that replaced this one when it was rotated. */
  @Column({ name: 'replaced_by_id', type: 'varchar', length: 40, nullable: true })
  replacedById: string | null;

  @TimestampColumn({ name: 'issued_at' })
  issuedAt: Date;

  @TimestampColumn({ name: 'expires_at' })
  expiresAt: Date;

  @TimestampColumn({ name: 'rotated_at', nullable: true })
  rotatedAt: Date | null;

  @TimestampColumn({ name: 'revoked_at', nullable: true })
  revokedAt: Date | null;
}
