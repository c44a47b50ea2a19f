import { Column, Entity, ForeignKey, Index, PrimaryColumn } from 'typeorm';
import { TimestampColumn } from '../../database/columns';

export const SESSION_STATUSES = ['active', 'invalidated'] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];

@Entity('sessions')
@Index('idx_sessions_user_id_id', ['userId', 'id'])
/** Housekeeping finds the sessions unused for longest by it. */
@Index('idx_sessions_last_used_at', ['lastUsedAt'])
export class Session {
  @PrimaryColumn({ type: 'varchar', length: 40 })
  id: string;

  @Column({ name: 'user_id', type: 'varchar', length: 40 })
  @ForeignKey('users', { onDelete: 'CASCADE', name: 'fk_sessions_user_id' })
  userId: string;

  /** Deleting a user deletes its sessions (and, through them, its tokens). */

  @Column({ type: 'varchar', length: 16 })
  status: SessionStatus;

  @Column({ name: 'device_id', type: 'varchar', length: 255, nullable: true })
  deviceId: string | null;

  @Column({ name: 'client_version', type: 'varchar', length: 100, nullable: true })
  clientVersion: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  reason: string | null;

  @TimestampColumn({ name: 'created_at' })
  createdAt: Date;

  @TimestampColumn({ name: 'last_used_at' })
  lastUsedAt: Date;

  @TimestampColumn({ name: 'invalidated_at', nullable: true })
  invalidatedAt: Date | null;
}
