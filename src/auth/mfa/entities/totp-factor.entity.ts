import { Column, Entity, ForeignKey, PrimaryColumn } from 'typeorm';
import { AmountColumn, TimestampColumn } from '../../../database/columns';

export type TotpFactorStatus = 'pending' | 'active';

/**
 * A person's TOTP authenticator (RFC 6238: SHA-1, 6 digits, 30 s), one per user: `pending` from enrolment until a
 * code confirms it, then `active`. The secret is sealed (AES-256-GCM under a key derived from the root secret).
 */
@Entity('mfa_totp_factors')
export class TotpFactor {
  @PrimaryColumn({ name: 'user_id', type: 'varchar', length: 40 })
  @ForeignKey('users', { onDelete: 'CASCADE', name: 'fk_mfa_totp_factors_user_id' })
  userId: string;

  @Column({ name: 'sealed_secret', type: 'varchar', length: 255 })
  sealedSecret: string;

  @Column({ type: 'varchar', length: 16 })
  status: TotpFactorStatus;

  /** The time step (Unix time / 30 s) of the last code accepted: a code is accepted only for a later step (no replay). */
  @AmountColumn({ name: 'last_used_step', nullable: true })
  lastUsedStep: number | null;

  @TimestampColumn({ name: 'created_at' })
  createdAt: Date;

  @TimestampColumn({ name: 'activated_at', nullable: true })
  activatedAt: Date | null;
}
