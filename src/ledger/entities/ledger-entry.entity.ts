import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { AmountColumn, TimestampColumn } from '../../database/columns';

export const ENTRY_SIDES = ['debit', 'credit'] as const;
export type EntrySide = (typeof ENTRY_SIDES)[number];
export const ENTRY_STATUSES = ['pending', 'posted', 'canceled'] as const;
export type EntryStatus = (typeof ENTRY_STATUSES)[number];

/**
 * One side of a transaction in the books: every transaction has exactly one
 * debit and one credit entry of the same amount and currency (the primary key
 * allows no more). `account_id` is a customer account or the platform's
 * external account of the currency (`external:EUR`), the side of the outside
 * world. Entries move from pending to posted or canceled with their
 * transaction, and are never changed in amount nor deleted.
 */
// WITHOUT ROWID (SQLite): the table is its primary key's b-tree, one page fewer to write per entry.
@Entity('ledger_entries', { withoutRowid: true })
@Index('idx_ledger_entries_account_status', ['accountId', 'status', 'transactionId'])
// Partial: `as_of` reads posted entries only, so a pending entry costs this index nothing until it posts.
@Index('idx_ledger_entries_account_posted', ['accountId', 'currency', 'postedAt', 'postedSeq'], { where: 'posted_at IS NOT NULL' })
export class LedgerEntry {
  @PrimaryColumn({ name: 'transaction_id', type: 'varchar', length: 40 })
  transactionId: string;

  @PrimaryColumn({ type: 'varchar', length: 8 })
  side: EntrySide;

  @Column({ name: 'account_id', type: 'varchar', length: 40 })
  accountId: string;

  @Column({ type: 'varchar', length: 3 })
  currency: string;

  @AmountColumn()
  amount: number;

  @Column({ type: 'varchar', length: 16 })
  status: EntryStatus;

  @TimestampColumn({ name: 'created_at' })
  createdAt: Date;

  /** Never earlier than the posted_at of the entry posted before it on the same balance. */
  @TimestampColumn({ name: 'posted_at', nullable: true })
  postedAt: Date | null;

  @TimestampColumn({ name: 'canceled_at', nullable: true })
  canceledAt: Date | null;

  /** Customer accounts: the entry's place among the posted entries of its balance (1, 2, ...). */
  @AmountColumn({ name: 'posted_seq', nullable: true })
  postedSeq: number | null;

  /** Customer accounts: the balance's `posted` right after this entry posted (what `as_of` reads). */
  @AmountColumn({ name: 'balance_after', nullable: true })
  balanceAfter: number | null;
}
