import { Column, Entity, ForeignKey, Index, PrimaryColumn } from 'typeorm';
import { AmountColumn, TimestampColumn } from '../../database/columns';

export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/**
 * One event to send to one endpoint, queued in the transaction that recorded
 * the event. Ordered deliveries of one (endpoint, stream) go out in sequence
 * order; a redelivery is not ordered. `locked_until` is the lease of the
 * worker sending it: a worker that dies leaves it to be taken up once the lease
 * has passed.
 */
@Entity('webhook_deliveries')
// The queue's indexes hold its pending rows only (migration 1765400000000 says why).
@Index('idx_webhook_deliveries_due', ['nextAttemptAt'], { where: "status = 'pending'" })
@Index('idx_webhook_deliveries_pending_order', ['endpointId', 'stream', 'sequence'], { where: "status = 'pending'" })
@Index('idx_webhook_deliveries_endpoint_id', ['endpointId', 'id'])
export class WebhookDelivery {
  @PrimaryColumn({ type: 'varchar', length: 40 })
  id: string;

  @Column({ name: 'endpoint_id', type: 'varchar', length: 40 })
  @ForeignKey('webhook_endpoints', { onDelete: 'CASCADE', name: 'fk_webhook_deliveries_endpoint_id' })
  endpointId: string;

  @Column({ name: 'event_id', type: 'varchar', length: 40 })
  eventId: string;

  /** The event's stream (account id or `platform`) and sequence, which order deliveries. */
  @Column({ type: 'varchar', length: 40 })
  stream: string;

  @AmountColumn()
  sequence: number;

  @Column({ type: 'boolean' })
  ordered: boolean;

  @Column({ type: 'varchar', length: 16 })
  status: DeliveryStatus;

  @Column({ type: 'integer' })
  attempts: number;

  @TimestampColumn({ name: 'next_attempt_at', nullable: true })
  nextAttemptAt: Date | null;

  @TimestampColumn({ name: 'locked_until', nullable: true })
  lockedUntil: Date | null;

  @Column({ name: 'last_status_code', type: 'integer', nullable: true })
  lastStatusCode: number | null;

  @Column({ name: 'last_error', type: 'varchar', length: 500, nullable: true })
  lastError: string | null;

  @Column({ name: 'last_duration_ms', type: 'integer', nullable: true })
  lastDurationMs: number | null;

  @TimestampColumn({ name: 'created_at' })
  createdAt: Date;

  @TimestampColumn({ name: 'updated_at' })
  updatedAt: Date;
}
