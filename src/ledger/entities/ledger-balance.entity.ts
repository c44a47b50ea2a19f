import { Entity, PrimaryColumn } from 'typeorm';
import { AmountColumn, TimestampColumn } from '../../database/columns';

/**
 * The balance of one customer account in one currency, kept up to date in the
 * same database transaction as its entries, so reading it never sums entries.
 * `posted`, `pending` and `available` (docs/api-guide.md, "Balances and the ledger") derive from the
 * three sums stored here. The platform's external accounts have no row: every
 * write in a currency would otherwise queue on one row; their balance is what
 * the ledger check derives from the entries.
 */
@Entity('ledger_balances', { withoutRowid: true })
export class LedgerBalance {
  @PrimaryColumn({ name: 'account_id', type: 'varchar', length: 40 })
  accountId: string;

  @PrimaryColumn({ type: 'varchar', length: 3 })
  currency: string;

  /** Posted credits - posted debits. */
  @AmountColumn()
  posted: number;

  @AmountColumn({ name: 'pending_debits' })
  pendingDebits: number;

  @AmountColumn({ name: 'pending_credits' })
  pendingCredits: number;

  /** How many entries of this balance have posted (the last one's posted_seq). */
  @AmountColumn({ name: 'posted_count' })
  postedCount: number;

  @TimestampColumn({ name: 'last_posted_at', nullable: true })
  lastPostedAt: Date | null;

  @TimestampColumn({ name: 'updated_at' })
  updatedAt: Date;
}
