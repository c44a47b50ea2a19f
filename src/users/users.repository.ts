import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { AuthenticatedUser, isAdmin, UserRole } from '../common/access/caller';
import { newId } from '../common/ids/ids';
import { fetchPage, Page } from '../common/pagination/page';
import { PaginationQueryDto } from '../common/pagination/pagination-query.dto';
import { isUniqueViolation } from '../database/constraint-errors';
import { User } from './entities/user.entity';
import { UserErrors } from './users.errors';

export interface NewUser {
  email: string;
  passwordHash: string;
  name: string;
  role: UserRole;
  accountId: string | null;
  /** Set when the address is the operator's own (the bootstrap admin, `cli create-admin`): nobody needs to prove it. */
  emailVerifiedAt?: Date | null;
}

export interface UserFilters {
  email?: string;
  role?: UserRole;
}

/**
 * The users table. A user row is locked by a no-op write (see
 * src/database/lock-order.md): the user comes first in the lock order.
 */
@Injectable()
export class UsersRepository {
  /** Inserts a new user; `409 email_already_registered` when the (lower-cased) email is taken. */
  async insert(manager: EntityManager, fields: NewUser): Promise<User> {
    const now = new Date();
    const user: User = { id: newId('usr'), ...fields, emailVerifiedAt: fields.emailVerifiedAt ?? null, pendingEmail: null, mfaEnabledAt: null, createdAt: now, updatedAt: now };
    await translateUniqueViolation(manager.insert(User, user));
    return user;
  }

  findById(manager: EntityManager, userId: string): Promise<User | null> {
    return manager.findOneBy(User, { id: userId });
  }

  exists(manager: EntityManager, userId: string): Promise<boolean> {
    return manager.existsBy(User, { id: userId });
  }

  findByEmail(manager: EntityManager, email: string): Promise<User | null> {
    return manager.findOneBy(User, { email });
  }

  /**
   * A password set through a reset link mailed to `email`: only while that is still the user's address, which the
   * link has now proven.
   */
  async resetPassword(manager: EntityManager, userId: string, email: string, passwordHash: string, now: Date): Promise<boolean> {
    const result = await manager
      .createQueryBuilder()
      .update(User)
      .set({ passwordHash, updatedAt: now, emailVerifiedAt: () => 'COALESCE(email_verified_at, :now)' })
      .where('id = :userId AND email = :email', { userId, email, now: now.getTime() })
      .execute();
    return result.affected === 1;
  }

  /** The user with its password hash, for a login. */
  findWithPasswordHashByEmail(manager: EntityManager, email: string): Promise<User | null> {
    return manager.createQueryBuilder(User, 'user').addSelect('user.passwordHash').where('user.email = :email', { email }).getOne();
  }

  /** The user with its password hash, by id (the second step of a login, a person's own TOTP settings). */
  findWithPasswordHash(manager: EntityManager, userId: string): Promise<User | null> {
    return manager.createQueryBuilder(User, 'user').addSelect('user.passwordHash').where('user.id = :userId', { userId }).getOne();
  }

  /** The user when the caller may see it: itself, a user of its account, or anyone for an admin. */
  async findVisible(manager: EntityManager, caller: AuthenticatedUser, userId: string, withPasswordHash = false): Promise<User | null> {
    const builder = manager.createQueryBuilder(User, 'user').where('user.id = :userId', { userId });
    if (withPasswordHash) builder.addSelect('user.passwordHash');
    const user = await builder.getOne();
    const visible = user !== null && (isAdmin(caller) || user.id === caller.userId || (caller.accountId !== null && user.accountId === caller.accountId));
    return visible ? user : null;
  }

  /** The users the caller may see (all for admins, its account's, or itself), newest first. */
  pageVisible<Item>(manager: EntityManager, caller: AuthenticatedUser, filters: UserFilters, pagination: PaginationQueryDto, toItem: (user: User) => Item): Promise<Page<Item>> {
    const builder = manager.createQueryBuilder(User, 'user');
    if (!isAdmin(caller)) {
      if (caller.accountId) builder.where('user.account_id = :accountId', { accountId: caller.accountId });
      else builder.where('user.id = :userId', { userId: caller.userId });
    }
    if (filters.email !== undefined) builder.andWhere('user.email = :email', { email: filters.email });
    if (filters.role !== undefined) builder.andWhere('user.role = :role', { role: filters.role });
    return fetchPage(builder, pagination, toItem);
  }

  adminExists(manager: EntityManager): Promise<boolean> {
    return manager.existsBy(User, { role: 'admin' });
  }

  emailExists(manager: EntityManager, email: string): Promise<boolean> {
    return manager.existsBy(User, { email });
  }

  /** Ids of the users of an account (its members and owner). */
  async idsOfAccount(manager: EntityManager, accountId: string): Promise<string[]> {
    const rows = await manager.find(User, { select: { id: true }, where: { accountId } });
    return rows.map((row) => row.id);
  }

  /**
   * Writes `changes`; with `currentHash`, only while the stored password hash
   * is still that one. Returns whether the user was written.
   */
  async update(manager: EntityManager, userId: string, changes: Partial<User>, currentHash?: string): Promise<boolean> {
    const criteria = currentHash === undefined ? { id: userId } : { id: userId, passwordHash: currentHash };
    const result = await translateUniqueViolation(manager.update(User, criteria, changes));
    return result.affected === 1;
  }

  /**
   * The address a followed link proved: the user's own (now verified), or the one it asked to change to (now its
   * email; an earlier wish for another address stays). Conditional: false when the user no longer has or wants that
   * address. `409 email_already_registered` when another user took it meanwhile.
   */
  async applyVerifiedEmail(manager: EntityManager, userId: string, email: string, now: Date): Promise<boolean> {
    const write = manager
      .createQueryBuilder()
      .update(User)
      .set({ email, emailVerifiedAt: now, updatedAt: now, pendingEmail: () => 'CASE WHEN pending_email = :email THEN NULL ELSE pending_email END' })
      .where('id = :userId AND (email = :email OR pending_email = :email)', { userId, email })
      .execute();
    return (await translateUniqueViolation(write)).affected === 1;
  }

  /** Locks the user's row until the transaction ends (a write of updated_at). */
  async lock(manager: EntityManager, userId: string, now: Date): Promise<boolean> {
    const result = await manager.update(User, { id: userId }, { updatedAt: now });
    return result.affected === 1;
  }

  /**
   * Locks the user's row on condition that its password is still the one just
   * verified: a password change or a deletion racing a login either commits
   * first (and this answers false) or waits for the login's transaction.
   */
  async lockWithPasswordHash(manager: EntityManager, userId: string, passwordHash: string): Promise<boolean> {
    const result = await manager
      .createQueryBuilder()
      .update(User)
      .set({ passwordHash: () => 'password_hash' })
      .where('id = :id AND password_hash = :passwordHash', { id: userId, passwordHash })
      .execute();
    return result.affected === 1;
  }

  /** Locks the user's row on condition that it has no account yet; false otherwise (or when there is no such user). */
  async lockWithoutAccount(manager: EntityManager, userId: string, now: Date): Promise<boolean> {
    const result = await manager.createQueryBuilder().update(User).set({ updatedAt: now }).where('id = :userId AND account_id IS NULL', { userId }).execute();
    return result.affected === 1;
  }

  async delete(manager: EntityManager, userId: string): Promise<boolean> {
    const result = await manager.delete(User, { id: userId });
    return result.affected === 1;
  }
}

async function translateUniqueViolation<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (isUniqueViolation(error)) throw UserErrors.emailTaken();
    throw error;
  }
}
