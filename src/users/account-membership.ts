import { EntityManager } from 'typeorm';
import { AuthenticatedUser } from '../common/access/caller';

/**
 * What the users module must know of accounts, which sit above it: the
 * accounts module provides it (AccountsRepository), so that users never
 * imports accounts and the module graph stays one-way.
 */
export abstract class AccountMembership {
  /**
   * The account a new user may join: it exists and the caller may see it
   * (404), the caller owns it or is an admin (403), and it is open, locked
   * against closure until the transaction ends (403 account_closed).
   */
  abstract lockJoinable(manager: EntityManager, caller: AuthenticatedUser, accountId: string): Promise<string>;

  /** True when `userId` owns the account `accountId`. */
  abstract isOwner(manager: EntityManager, userId: string, accountId: string): Promise<boolean>;

  /** True when `userId` owns an account that is still open. */
  abstract ownsOpenAccount(manager: EntityManager, userId: string): Promise<boolean>;
}
