import { Column, Entity, ForeignKey, Index, PrimaryColumn } from 'typeorm';
import { TimestampColumn } from '../../../database/columns';

/** One of a person's ten recovery codes, as SHA-256 of the code (codes are random, 60 bits each); single use. */
@Entity('mfa_recovery_codes')
@Index('idx_mfa_recovery_codes_user_id', ['userId'])
export class RecoveryCode {
  @PrimaryColumn({ name: 'code_hash', type: 'varchar', length: 64 })
  codeHash: string;

  @Column({ name: 'user_id', type: 'varchar', length: 40 })
  @ForeignKey('users', { onDelete: 'CASCADE', name: 'fk_mfa_recovery_codes_user_id' })
  userId: string;

  @TimestampColumn({ name: 'created_at' })
  createdAt: Date;

  /** When it was used; a used code is never accepted again. */
  @TimestampColumn({ name: 'used_at', nullable: true })
  usedAt: Date | null;
}
