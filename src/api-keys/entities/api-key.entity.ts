import { Column, Entity, ForeignKey, Index, PrimaryColumn } from 'typeorm';
import { TimestampColumn } from '../../database/columns';

/** A machine client's credential (contract section 14). Its secrets live in api_key_secrets, as keyed hashes only. */
@Entity('api_keys')
@Index('idx_api_keys_account_id', ['accountId', 'id'])
export class ApiKey {
  @PrimaryColumn({ type: 'varchar', length: 40 })
  id: string;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  /** Null: a platform key. Keys belong to the account, not to the person who made them. */
  @Column({ name: 'account_id', type: 'varchar', length: 40, nullable: true })
  @ForeignKey('accounts', { onDelete: 'RESTRICT', name: 'fk_api_keys_account_id' })
  accountId: string | null;

  /** `test`, `live` (the account's) or `platform`. */
  @Column({ type: 'varchar', length: 16 })
  mode: string;

  @Column({ type: 'simple-json' })
  scopes: string[];

  /** The type part and the first random characters of the current secret, to recognise it in lists. */
  @Column({ type: 'varchar', length: 24 })
  prefix: string;

  /** The user who made it; kept as a plain id, as the key survives the user's deletion. */
  @Column({ name: 'created_by', type: 'varchar', length: 40 })
  createdBy: string;

  @TimestampColumn({ name: 'created_at' })
  createdAt: Date;

  @TimestampColumn({ name: 'expires_at', nullable: true })
  expiresAt: Date | null;

  @TimestampColumn({ name: 'last_used_at', nullable: true })
  lastUsedAt: Date | null;

  @TimestampColumn({ name: 'revoked_at', nullable: true })
  revokedAt: Date | null;
}
