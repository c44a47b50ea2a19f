import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { AmountColumn, TimestampColumn } from '../../database/columns';

/**
 * One security-relevant action (contract section 14), never changed or
 * deleted but by the retention job. `chain` is the account whose hash chain it
 * joins, or `platform`; `hash` covers `previous_hash` and the entry's
 * canonical JSON.
 */
@Entity('audit_log')
@Index('uq_audit_log_chain_sequence', ['chain', 'sequence'], { unique: true })
@Index('idx_audit_log_account_id_id', ['accountId', 'id'])
@Index('idx_audit_log_action_id', ['action', 'id'])
@Index('idx_audit_log_outcome_id', ['outcome', 'id'])
@Index('idx_audit_log_actor_id_id', ['actorId', 'id'])
export class AuditEntry {
  @PrimaryColumn({ type: 'varchar', length: 40 })
  id: string;

  @Column({ type: 'varchar', length: 40 })
  chain: string;

  @AmountColumn()
  sequence: number;

  @Column({ type: 'varchar', length: 64 })
  action: string;

  @Column({ type: 'varchar', length: 16 })
  outcome: string;

  @Column({ type: 'varchar', length: 255, nullable: true })
  reason: string | null;

  @Column({ name: 'actor_type', type: 'varchar', length: 16 })
  actorType: string;

  @Column({ name: 'actor_id', type: 'varchar', length: 40, nullable: true })
  actorId: string | null;

  @Column({ name: 'actor_session_id', type: 'varchar', length: 40, nullable: true })
  actorSessionId: string | null;

  @Column({ name: 'account_id', type: 'varchar', length: 40, nullable: true })
  accountId: string | null;

  @Column({ name: 'target_type', type: 'varchar', length: 40, nullable: true })
  targetType: string | null;

  @Column({ name: 'target_id', type: 'varchar', length: 64, nullable: true })
  targetId: string | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  ip: string | null;

  @Column({ name: 'user_agent', type: 'varchar', length: 512, nullable: true })
  userAgent: string | null;

  @Column({ name: 'request_id', type: 'varchar', length: 128, nullable: true })
  requestId: string | null;

  @TimestampColumn({ name: 'created_at' })
  createdAt: Date;

  @Column({ name: 'previous_hash', type: 'varchar', length: 64 })
  previousHash: string;

  @Column({ type: 'varchar', length: 64 })
  hash: string;
}
