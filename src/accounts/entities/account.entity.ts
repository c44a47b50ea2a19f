import { Column, Entity, ForeignKey, Index, PrimaryColumn } from 'typeorm';
import { TimestampColumn } from '../../database/columns';
import { Mode } from '../../config/modes';

export const ACCOUNT_TYPES = ['individual', 'business'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];
export const ACCOUNT_STATUSES = ['open', 'closed'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];
/** Whether a debit may take a balance below zero (`forbidden`: it must fit in the currency's available balance). */
export const OVERDRAFT_POLICIES = ['allowed', 'forbidden'] as const;
export type OverdraftPolicy = (typeof OVERDRAFT_POLICIES)[number];

/**
 * Client-defined settings: a JSON object whose values are any JSON. (`{}` rather
 * than a recursive JSON type keeps TypeORM's deep partial types finite.)
 */
// `{}`: any JSON value but null, which removes a key; `unknown` would admit undefined.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export type AccountPreferences = Record<string, {} | null>;

@Entity('accounts')
@Index('idx_accounts_type_id', ['type', 'id'])
@Index('idx_accounts_status_id', ['status', 'id'])
export class Account {
  @PrimaryColumn({ type: 'varchar', length: 40 })
  id: string;

  @Column({ type: 'varchar', length: 16 })
  type: AccountType;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'varchar', length: 254 })
  email: string;

  @Column({ type: 'simple-json' })
  preferences: AccountPreferences;

  @Column({ type: 'varchar', length: 16 })
  status: AccountStatus;

  @Column({ type: 'varchar', length: 16, default: 'allowed' })
  overdraft: OverdraftPolicy;

  /** Live (real money) or test (the sandbox's), fixed at creation; money never crosses modes. */
  @Column({ type: 'varchar', length: 8, default: 'test' })
  mode: Mode;

  /** Null only when the owner of a closed account was deleted afterwards. */
  @Index('idx_accounts_owner_user_id')
  @Column({ name: 'owner_user_id', type: 'varchar', length: 40, nullable: true })
  @ForeignKey('users', { onDelete: 'SET NULL', name: 'fk_accounts_owner_user_id' })
  ownerUserId: string | null;

  @TimestampColumn({ name: 'created_at' })
  createdAt: Date;

  @TimestampColumn({ name: 'updated_at' })
  updatedAt: Date;

  @TimestampColumn({ name: 'closed_at', nullable: true })
  closedAt: Date | null;
}
