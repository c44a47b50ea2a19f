import { Column, Entity, PrimaryColumn } from 'typeorm';
import { AmountColumn } from '../../database/columns';

/** The head of one hash chain: its row is the lock an entry is appended under. */
@Entity('audit_chains')
export class AuditChain {
  @PrimaryColumn({ type: 'varchar', length: 40 })
  chain: string;

  @AmountColumn({ name: 'last_sequence' })
  lastSequence: number;

  @Column({ name: 'last_hash', type: 'varchar', length: 64 })
  lastHash: string;
}
