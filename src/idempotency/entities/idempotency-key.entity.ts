import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { TimestampColumn } from '../../database/columns';

/** A row is written only with its answer, in the transaction that made it: there is no state before `completed`. */
export const IDEMPOTENCY_STATES = ['completed'] as const;
export type IdempotencyState = (typeof IDEMPOTENCY_STATES)[number];

/**
 * One Idempotency-Key as a caller used it on one route. The primary key is a
 * SHA-256 of caller, method, path and key, so that of N concurrent first uses
 * exactly one insert succeeds.
 */
@Entity('idempotency_keys')
@Index('idx_idempotency_keys_expires_at', ['expiresAt'])
export class IdempotencyKey {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  fingerprint: string;

  /** SHA-256 of the request body, to tell a retry from another request that reuses the key. */
  @Column({ name: 'request_hash', type: 'varchar', length: 64 })
  requestHash: string;

  @Column({ type: 'varchar', length: 16 })
  state: IdempotencyState;

  @Column({ name: 'response_status', type: 'integer', nullable: true })
  responseStatus: number | null;

  /** The response body exactly as it was sent, replayed byte for byte. */
  @Column({ name: 'response_body', type: 'text', nullable: true })
  responseBody: string | null;

  @TimestampColumn({ name: 'created_at' })
  createdAt: Date;

  @TimestampColumn({ name: 'expires_at' })
  expiresAt: Date;
}
