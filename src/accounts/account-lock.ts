import { EntityManager } from 'typeorm';
import { Account } from './entities/account.entity';

/**
 * Locks an open account's row until the surrounding transaction ends, and says
 * whether it is open. A closure racing the caller then either commits first
 * (and this answers false) or waits, and afterwards sees (and revokes) what the
 * caller committed: a new session, a new member.
 */
export async function lockOpenAccount(manager: EntityManager, accountId: string): Promise<boolean> {
  const result = await manager
    .createQueryBuilder()
    .update(Account)
    .set({ status: () => 'status' })
    .where('id = :accountId AND status = :open', { accountId, open: 'open' })
    .execute();
  return result.affected === 1;
}
