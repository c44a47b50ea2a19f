import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { AuthenticatedUser, isAdmin } from '../common/access/caller';
import { isId } from '../common/ids/ids';
import { fetchPage, Page } from '../common/pagination/page';
import { PaginationQueryDto } from '../common/pagination/pagination-query.dto';
import { hasRowLocks } from '../database/dialect';
import { sql } from '../database/sql';
import { AccessErrors } from '../common/access/access.errors';
import { AccountMembership } from '../users/account-membership';
import { AccountErrors } from './accounts.errors';
import { Mode } from '../config/modes';
import { Account, AccountStatus, AccountType, OverdraftPolicy } from './entities/account.entity';

export interface AccountFilters {
  type?: AccountType;
  status?: AccountStatus;
}

const SHARE_LOCK_OPEN_ACCOUNT = sql`SELECT overdraft, mode FROM accounts WHERE id = $1 AND status = 'open' FOR SHARE`;
const OPEN_ACCOUNT = sql`SELECT overdraft, mode FROM accounts WHERE id = $1 AND status = 'open'`;
const OWNED = sql`SELECT 1 AS owned FROM accounts WHERE id = $1 AND owner_user_id = $2`;

/** What a write learns about the open account it locked: the rule its debits follow, and its mode. */
export interface OpenAccount {
  overdraft: OverdraftPolicy;
  mode: Mode;
}

/**
 * The accounts table. An account is locked after its users and before
 * anything it owns (src/database/lock-order.md). Writes that must not land on
 * a closed account take its lock shared (lockOpen); a closure takes it
 * exclusively (lockForClosure), so the two always see each other's commits.
 */
@Injectable()
export class AccountsRepository extends AccountMembership {
  async insert(manager: EntityManager, account: Account): Promise<void> {
    await manager.insert(Account, account);
  }

  exists(manager: EntityManager, accountId: string): Promise<boolean> {
    return manager.existsBy(Account, { id: accountId });
  }

  findById(manager: EntityManager, accountId: string): Promise<Account | null> {
    return manager.findOneBy(Account, { id: accountId });
  }

  /** Every account, newest first (admins). */
  page<Item>(manager: EntityManager, filters: AccountFilters, pagination: PaginationQueryDto, toItem: (account: Account) => Item): Promise<Page<Item>> {
    const builder = manager.createQueryBuilder(Account, 'account');
    if (filters.type !== undefined) builder.andWhere('account.type = :type', { type: filters.type });
    if (filters.status !== undefined) builder.andWhere('account.status = :status', { status: filters.status });
    return fetchPage(builder, pagination, toItem);
  }

  /**
   * Locks an open account's row against closure until the transaction ends and
   * says whether it is open. On PostgreSQL the lock is shared (FOR SHARE), so
   * writes of one account do not queue behind each other. On SQLite every
   * transaction holds the database's one write lock from its start (BEGIN
   * IMMEDIATE), so reading the status is the lock: nothing can close the
   * account before this transaction ends.
   */
  async lockOpen(manager: EntityManager, accountId: string): Promise<boolean> {
    return (await this.lockOpenRow(manager, accountId)) !== null;
  }

  /** lockOpen for a write that targets the account: `404 account_not_found`, `403 account_closed`. */
  async requireOpen(manager: EntityManager, accountId: string): Promise<OpenAccount> {
    const open = await this.lockOpenRow(manager, accountId);
    if (open !== null) return open;
    if (await manager.existsBy(Account, { id: accountId })) throw AccountErrors.closed();
    throw AccountErrors.notFound();
  }

  private lockOpenRow(manager: EntityManager, accountId: string): Promise<OpenAccount | null> {
    return (hasRowLocks(manager) ? SHARE_LOCK_OPEN_ACCOUNT : OPEN_ACCOUNT).row<OpenAccount>(manager, [accountId]);
  }

  /** requireOpen without the lock, for a check made before any write (the write then locks): the account's mode. */
  async checkOpen(manager: EntityManager, accountId: string): Promise<Mode> {
    const account = await manager.findOne(Account, { select: { id: true, status: true, mode: true }, where: { id: accountId } });
    if (!account) throw AccountErrors.notFound();
    if (account.status !== 'open') throw AccountErrors.closed();
    return account.mode;
  }

  /** Takes the account row's exclusive lock (PostgreSQL) before a closure reads the clock. */
  async lockForClosure(manager: EntityManager, accountId: string): Promise<void> {
    if (!hasRowLocks(manager)) return;
    await manager.createQueryBuilder(Account, 'account').select('account.id').where('account.id = :accountId', { accountId }).setLock('pessimistic_write').getOne();
  }

  /** Locks the row with a write of updated_at while the account is open (then read it: concurrent merges apply in turn). */
  async touchOpen(manager: EntityManager, accountId: string, now: Date): Promise<void> {
    await manager.update(Account, { id: accountId, status: 'open' }, { updatedAt: now });
  }

  /** Writes `changes` while the account is open; false when it is not. */
  async updateOpen(manager: EntityManager, accountId: string, changes: Partial<Account>): Promise<boolean> {
    const result = await manager.createQueryBuilder().update(Account).set(changes).where('id = :id AND status = :open', { id: accountId, open: 'open' }).execute();
    return result.affected === 1;
  }

  /** open -> closed; false when it was already closed (of racing closures exactly one wins). */
  async markClosed(manager: EntityManager, accountId: string, now: Date): Promise<boolean> {
    return this.updateOpen(manager, accountId, { status: 'closed', closedAt: now, updatedAt: now });
  }

  async lockJoinable(manager: EntityManager, caller: AuthenticatedUser, accountId: string): Promise<string> {
    if (!isId('acc', accountId)) throw AccountErrors.notFound();
    const account = await manager.findOneBy(Account, { id: accountId });
    if (!account || (!isAdmin(caller) && account.id !== caller.accountId)) throw AccountErrors.notFound();
    if (!isAdmin(caller) && account.ownerUserId !== caller.userId) {
      throw AccessErrors.insufficientPermissions('Only the owner of the account or an admin may add users to it.');
    }
    if (!(await this.lockOpen(manager, account.id))) throw AccountErrors.closed();
    return account.id;
  }

  async isOwner(manager: EntityManager, userId: string, accountId: string): Promise<boolean> {
    return (await OWNED.row(manager, [accountId, userId])) !== null;
  }

  ownsOpenAccount(manager: EntityManager, userId: string): Promise<boolean> {
    return manager.existsBy(Account, { ownerUserId: userId, status: 'open' });
  }
}
