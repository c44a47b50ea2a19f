import { Column, Entity, PrimaryColumn } from 'typeorm';
import { TimestampColumn } from '../../database/columns';

/**
 * One row per housekeeping job: the instance that took its current period
 * and until when (the database's clock). Whoever moves `leased_until` from
 * the past to the future runs the job; the others find the period taken.
 */
@Entity('job_leases')
export class JobLease {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  name: string;

  @TimestampColumn({ name: 'leased_until' })
  leasedUntil: Date;

  /** host/pid/random of the instance that holds the period. */
  @Column({ name: 'leased_by', type: 'varchar', length: 100 })
  leasedBy: string;
}
