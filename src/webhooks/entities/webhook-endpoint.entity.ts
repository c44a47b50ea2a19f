import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { TimestampColumn } from '../../database/columns';

export const ENDPOINT_STATUSES = ['enabled', 'disabled'] as const;
export type EndpointStatus = (typeof ENDPOINT_STATUSES)[number];

/**
 * Where an account's events (or, with no account, every account's) are sent.
 * Secrets are stored sealed (AES-256-GCM under a key the database does not
 * hold), so a dump of the database alone does not reveal them.
 */
@Entity('webhook_endpoints')
@Index('idx_webhook_endpoints_account_id', ['accountId', 'id'])
@Index('idx_webhook_endpoints_status_account', ['status', 'accountId'])
export class WebhookEndpoint {
  @PrimaryColumn({ type: 'varchar', length: 40 })
  id: string;

  /** Null: a platform-wide endpoint (admins), which receives the events of every account. */
  @Column({ name: 'account_id', type: 'varchar', length: 40, nullable: true })
  accountId: string | null;

  @Column({ type: 'varchar', length: 2048 })
  url: string;

  @Column({ type: 'varchar', length: 500, nullable: true })
  description: string | null;

  /** `["*"]` or a list of event types. */
  @Column({ name: 'enabled_events', type: 'simple-json' })
  enabledEvents: string[];

  @Column({ type: 'varchar', length: 16 })
  status: EndpointStatus;

  @Column({ name: 'sealed_secret', type: 'varchar', length: 200 })
  sealedSecret: string;

  /** After a rotation, the previous secret, which signs too until previous_secret_expires_at. */
  @Column({ name: 'sealed_previous_secret', type: 'varchar', length: 200, nullable: true })
  sealedPreviousSecret: string | null;

  @TimestampColumn({ name: 'previous_secret_expires_at', nullable: true })
  previousSecretExpiresAt: Date | null;

  /** Since when every delivery to it has failed (null: the last one succeeded). */
  @TimestampColumn({ name: 'failing_since', nullable: true })
  failingSince: Date | null;

  @TimestampColumn({ name: 'created_at' })
  createdAt: Date;

  @TimestampColumn({ name: 'updated_at' })
  updatedAt: Date;
}
