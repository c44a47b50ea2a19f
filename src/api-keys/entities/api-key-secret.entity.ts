import { Column, Entity, ForeignKey, Index, PrimaryColumn } from 'typeorm';
import { TimestampColumn } from '../../database/columns';

/**
 * A secret of a key, as HMAC-SHA256 under a key derived from the root secret
 * (a stolen database does not let anyone check guesses). A key has one current
 * secret, and for the overlap of a roll the previous one, with `expires_at`.
 */
@Entity('api_key_secrets')
@Index('idx_api_key_secrets_api_key_id', ['apiKeyId'])
export class ApiKeySecret {
  @PrimaryColumn({ name: 'secret_hash', type: 'varchar', length: 64 })
  secretHash: string;

  @Column({ name: 'api_key_id', type: 'varchar', length: 40 })
  @ForeignKey('api_keys', { onDelete: 'CASCADE', name: 'fk_api_key_secrets_api_key_id' })
  apiKeyId: string;

  @TimestampColumn({ name: 'created_at' })
  createdAt: Date;

  /** Null: the current secret; set when a roll retires it. */
  @TimestampColumn({ name: 'expires_at', nullable: true })
  expiresAt: Date | null;
}
