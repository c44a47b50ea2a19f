import { EntityManager } from 'typeorm';
import { hasRowLocks } from '../database/dialect';
import { AccountErrors } from './accounts.errors';
import { Account } from './entities/account.entity';

/**
 * Locks an open account's row against closure until the surrounding
 * transaction ends, and says whether it is open. A closure racing the caller
 * then either commits first (and this answers false) or waits, and afterwards
 * sees (and revokes) what the caller committed: a new session, a new member.
 * On PostgreSQL the lock is shared (FOR SHARE), so logins of one account do not
 * queue behind each other; SQLite runs one unit of work at a time anyway.
 */
export async function lockOpenAccount(manager: EntityManager, accountId: string): Promise<boolean> {
  if (hasRowLocks(manager)) {
    const account = await manager
      .createQueryBuilder(Account, 'account')
      .select(['account.id', 'account.status'])
      .where('account.id = :accountId', { accountId })
      .setLock('pessimistic_read')
      .getOne();
    return account?.status === 'open';
  }
  const result = await manager
    .createQueryBuilder()
    .update(Account)
    .set({ status: () => 'status' })
    .where('id = :accountId AND status = :open', { accountId, open: 'open' })
    .execute();
  return result.affected === 1;
}

/**
 * lockOpenAccount for a write that targets the account (a transaction, a
 * payment request, a transfer to it): `404 account_not_found` when there is
 * no such account, `403 account_closed` when it is closed.
 */
export async function requireOpenAccount(manager: EntityManager, accountId: string): Promise<void> {
  if (await lockOpenAccount(manager, accountId)) return;
  if (await manager.existsBy(Account, { id: accountId })) throw AccountErrors.closed();
  throw AccountErrors.notFound();
}

/** requireOpenAccount without the lock, for a check made before any write (the write then locks). */
export async function checkOpenAccount(manager: EntityManager, accountId: string): Promise<void> {
  const account = await manager.findOne(Account, { select: { id: true, status: true }, where: { id: accountId } });
  if (!account) throw AccountErrors.notFound();
  if (account.status !== 'open') throw AccountErrors.closed();
}

/** Takes the account row's exclusive lock (PostgreSQL) before a closure reads the clock. */
export async function lockAccountForClosure(manager: EntityManager, accountId: string): Promise<void> {
  if (!hasRowLocks(manager)) return;
  await manager.createQueryBuilder(Account, 'account').select('account.id').where('account.id = :accountId', { accountId }).setLock('pessimistic_write').getOne();
}
