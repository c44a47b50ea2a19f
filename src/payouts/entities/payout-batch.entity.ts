import { Column, Entity, PrimaryColumn } from 'typeorm';
import { AmountColumn, TimestampColumn } from '../../database/columns';

/**
 * One pain.001.001.09 credit transfer file: the payouts whose `batch_id` names it. The file is never stored (it
 * would hold the IBANs): GET /v1/payout_batches/{id}/file builds it again from these rows, the same each time.
 */
@Entity('payout_batches')
export class PayoutBatch {
  @PrimaryColumn({ type: 'varchar', length: 40 })
  id: string;

  @Column({ name: 'payout_count', type: 'integer' })
  payoutCount: number;

  @AmountColumn({ name: 'total_amount' })
  totalAmount: number;

  @Column({ type: 'varchar', length: 3 })
  currency: string;

  /** The day the bank is asked to execute it (ReqdExctnDt), YYYY-MM-DD. */
  @Column({ name: 'execution_date', type: 'varchar', length: 10 })
  executionDate: string;

  @Column({ name: 'created_by', type: 'varchar', length: 40, nullable: true })
  createdBy: string | null;

  @TimestampColumn({ name: 'created_at' })
  createdAt: Date;
}
