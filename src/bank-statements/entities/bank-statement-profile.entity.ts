import { Column, Entity, PrimaryColumn } from 'typeorm';
import { TimestampColumn } from '../../database/columns';

/** A bank's CSV export layout, named so imports can say `?profile=NAME` (contract section 19). */
@Entity('bank_statement_profiles')
export class BankStatementProfile {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  name: string;

  /** The layout as a JSON BankCsvProfile (formats/statement-format.ts): read whole, never queried by its parts. */
  @Column({ type: 'text' })
  definition: string;

  @Column({ name: 'created_by', type: 'varchar', length: 40, nullable: true })
  createdBy: string | null;

  @TimestampColumn({ name: 'created_at' })
  createdAt: Date;
}
