import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { TimestampColumn } from '../../database/columns';

export const MAIL_STATUSES = ['pending', 'sent', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/**
 * One mail in the outbox: queued in the transaction of the change that causes it, sent by the mail worker. Its body
 * (text and HTML, which may carry a token) is sealed at rest and dropped once sent.
 */
@Entity('mail_outbox')
@Index('idx_mail_outbox_status_next_attempt_at', ['status', 'nextAttemptAt'])
export class OutgoingMail {
  @PrimaryColumn({ type: 'varchar', length: 40 })
  id: string;

  @Column({ name: 'to_address', type: 'varchar', length: 320 })
  toAddress: string;

  @Column({ type: 'varchar', length: 255 })
  subject: string;

  @Column({ name: 'sealed_body', type: 'text', nullable: true })
  sealedBody: string | null;

  @Column({ type: 'varchar', length: 16 })
  status: MailStatus;

  @Column({ type: 'integer' })
  attempts: number;

  @TimestampColumn({ name: 'next_attempt_at' })
  nextAttemptAt: Date;

  @TimestampColumn({ name: 'locked_until', nullable: true })
  lockedUntil: Date | null;

  @Column({ name: 'last_error', type: 'varchar', length: 500, nullable: true })
  lastError: string | null;

  @TimestampColumn({ name: 'created_at' })
  createdAt: Date;

  @TimestampColumn({ name: 'sent_at', nullable: true })
  sentAt: Date | null;
}
