import { Column, Entity, ForeignKey, Index, PrimaryColumn } from 'typeorm';
import { TimestampColumn } from '../../database/columns';
import { UserRole } from '../../common/access/caller';

@Entity('users')
@Index('idx_users_account_id', ['accountId', 'id'])
@Index('idx_users_role_id', ['role', 'id'])
export class User {
  @PrimaryColumn({ type: 'varchar', length: 40 })
  id: string;

  /** Trimmed and lower-cased before it is stored, so the unique index is case-insensitive. */
  @Index('uq_users_email', { unique: true })
  @Column({ type: 'varchar', length: 254 })
  email: string;

  /** When the user proved it owns `email` (a link mailed to it); null: not yet (contract section 22). */
  @TimestampColumn({ name: 'email_verified_at', nullable: true })
  emailVerifiedAt: Date | null;

  /** An address the user asked to change to: it takes effect once a link mailed to it is followed. */
  @Column({ name: 'pending_email', type: 'varchar', length: 254, nullable: true })
  pendingEmail: string | null;

  @Column({ name: 'password_hash', type: 'varchar', length: 255, select: false })
  passwordHash: string;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'varchar', length: 16 })
  role: UserRole;

  @Column({ name: 'account_id', type: 'varchar', length: 40, nullable: true })
  @ForeignKey('accounts', { onDelete: 'RESTRICT', name: 'fk_users_account_id' })
  accountId: string | null;

  /** When the user's TOTP factor was activated; null: no second factor (contract section 22). */
  @TimestampColumn({ name: 'mfa_enabled_at', nullable: true })
  mfaEnabledAt: Date | null;

  @TimestampColumn({ name: 'created_at' })
  createdAt: Date;

  @TimestampColumn({ name: 'updated_at' })
  updatedAt: Date;
}
