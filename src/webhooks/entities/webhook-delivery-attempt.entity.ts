import { Column, Entity, ForeignKey, Index, PrimaryColumn } from 'typeorm';
import { TimestampColumn } from '../../database/columns';

/**
 * One attempt to send a delivery, written with the delivery's outcome in the
 * same transaction: what a merchant debugging its endpoint reads first (the
 * failures before a success). Goes with its delivery.
 */
@Entity('webhook_delivery_attempts')
@Index('idx_webhook_delivery_attempts_delivery_id', ['deliveryId', 'id'])
export class WebhookDeliveryAttempt {
  @PrimaryColumn({ type: 'varchar', length: 40 })
  id: string;

  @Column({ name: 'delivery_id', type: 'varchar', length: 40 })
  @ForeignKey('webhook_deliveries', { onDelete: 'CASCADE', name: 'fk_webhook_delivery_attempts_delivery_id' })
  deliveryId: string;

  @TimestampColumn({ name: 'attempted_at' })
  attemptedAt: Date;

  @Column({ name: 'status_code', type: 'integer', nullable: true })
  statusCode: number | null;

  @Column({ name: 'duration_ms', type: 'integer', nullable: true })
  durationMs: number | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  error: string | null;
}
