import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { AuthenticatedUser, isAdmin } from '../auth/authenticated-user';
import { AuthErrors } from '../auth/auth.errors';
import { SessionsService } from '../auth/sessions.service';
import { validationError } from '../common/errors/domain-error';
import { isId, newId } from '../common/ids/ids';
import { fetchPage, Page } from '../common/pagination/page';
import { Database } from '../database/database';
import { PaymentsService } from '../payments/payments.service';
import { TransactionsService } from '../transactions/transactions.service';
import { User } from '../users/entities/user.entity';
import { UserErrors } from '../users/users.errors';
import { normalizeEmail } from '../common/email';
import { actingAccountId } from './account-scope';
import { lockAccountForClosure } from './account-lock';
import { AccountErrors } from './accounts.errors';
import { ListAccountsQueryDto, TargetAccountQueryDto } from './dto/account-query.dto';
import { AccountResponseDto, CloseAccountResponseDto, toAccountResponse } from './dto/account.response.dto';
import { CreateAccountRequestDto } from './dto/create-account.request.dto';
import { UpdateAccountRequestDto } from './dto/update-account.request.dto';
import { Account } from './entities/account.entity';
import { mergePreferences } from './preferences';

@Injectable()
export class AccountsService {
  constructor(
    private readonly db: Database,
    private readonly sessions: SessionsService,
    private readonly transactions: TransactionsService,
    private readonly payments: PaymentsService,
  ) {}

  /** Opens an account owned by the caller (or, for an admin, by `owner_user_id`), who joins it. */
  async create(caller: AuthenticatedUser, request: CreateAccountRequestDto): Promise<AccountResponseDto> {
    if (request.owner_user_id !== undefined && !isAdmin(caller)) {
      throw AuthErrors.insufficientPermissions('Only an admin may open an account for another user.');
    }
    const ownerId = request.owner_user_id ?? caller.userId;
    if (!isId('usr', ownerId)) throw UserErrors.notFound();
    const preferences = mergePreferences({}, request.preferences ?? {});
    return this.db.transaction(async (manager) => {
      const now = new Date();
      // The owner's row is locked first (as user deletion does), on condition that it has no account yet.
      const ownerFree = await manager
        .createQueryBuilder()
        .update(User)
        .set({ updatedAt: now })
        .where('id = :ownerId AND account_id IS NULL', { ownerId })
        .execute();
      if (ownerFree.affected !== 1) {
        if (!(await manager.existsBy(User, { id: ownerId }))) throw UserErrors.notFound();
        throw AccountErrors.alreadyExists();
      }
      const account = manager.create(Account, {
        id: newId('acc'),
        type: request.type,
        name: request.name.trim(),
        email: normalizeEmail(request.email),
        preferences,
        status: 'open',
        ownerUserId: ownerId,
        createdAt: now,
        updatedAt: now,
        closedAt: null,
      });
      await manager.insert(Account, account);
      // The lock above already settled that the owner had no account; of two racing creations only one got here.
      await manager.update(User, { id: ownerId }, { accountId: account.id });
      return toAccountResponse(account);
    });
  }

  async getOwn(caller: AuthenticatedUser): Promise<AccountResponseDto> {
    if (caller.accountId === null) throw AccountErrors.notFound();
    const accountId = caller.accountId;
    const account = await this.db.run((manager) => manager.findOneBy(Account, { id: accountId }));
    if (!account) throw AccountErrors.notFound();
    return toAccountResponse(account);
  }

  list(query: ListAccountsQueryDto): Promise<Page<AccountResponseDto>> {
    return this.db.run((manager) => {
      const builder = manager.createQueryBuilder(Account, 'account');
      if (query.type !== undefined) builder.andWhere('account.type = :type', { type: query.type });
      if (query.status !== undefined) builder.andWhere('account.status = :status', { status: query.status });
      return fetchPage(builder, query, toAccountResponse);
    });
  }

  async update(caller: AuthenticatedUser, target: TargetAccountQueryDto, request: UpdateAccountRequestDto): Promise<AccountResponseDto> {
    if (request.name === undefined && request.email === undefined && request.preferences === undefined) {
      throw validationError('body', 'must contain at least one of name, email, preferences');
    }
    const accountId = actingAccountId(caller, target.account_id);
    return this.db.transaction(async (manager) => {
      const now = new Date();
      // The row is written (locked) before it is read: concurrent preference merges apply one after the
      // other instead of each merging into the same old value and the last one winning (PostgreSQL).
      await manager.update(Account, { id: accountId, status: 'open' }, { updatedAt: now });
      const account = await this.findManageable(manager, caller, accountId);
      const changes: Partial<Account> = { updatedAt: now };
      if (request.name !== undefined) changes.name = request.name.trim();
      if (request.email !== undefined) changes.email = normalizeEmail(request.email);
      if (request.preferences !== undefined) changes.preferences = mergePreferences(account.preferences, request.preferences);
      const updated = await manager
        .createQueryBuilder()
        .update(Account)
        .set(changes)
        .where('id = :id AND status = :open', { id: account.id, open: 'open' })
        .execute();
      if (updated.affected !== 1) throw AccountErrors.closed();
      return toAccountResponse({ ...account, ...changes });
    });
  }

  /**
   * Closes the account for good, in one transaction: every session of its users
   * ends, its pending transactions (and pending transfers to it) and its open
   * payment requests are canceled.
   */
  async close(caller: AuthenticatedUser, target: TargetAccountQueryDto): Promise<CloseAccountResponseDto> {
    const accountId = actingAccountId(caller, target.account_id);
    return this.db.transaction(async (manager) => {
      const account = await this.findManageable(manager, caller, accountId);
      // Waits for the writes that hold the account's lock, so that closed_at follows everything they committed.
      await lockAccountForClosure(manager, account.id);
      const now = new Date();
      const closed = await manager
        .createQueryBuilder()
        .update(Account)
        .set({ status: 'closed', closedAt: now, updatedAt: now })
        .where('id = :id AND status = :open', { id: account.id, open: 'open' })
        .execute();
      if (closed.affected !== 1) throw AccountErrors.closed();
      const revoked = await this.sessions.revokeSessions(manager, { accountId: account.id }, 'account_closed', now);
      return {
        account_id: account.id,
        status: 'closed',
        closed_at: now.toISOString(),
        revoked_sessions: revoked.sessions,
        canceled_transactions: await this.transactions.cancelPendingOfClosedAccount(manager, account.id, now),
        canceled_payments: await this.payments.cancelOpenOfClosedAccount(manager, account.id, now),
      };
    });
  }

  /** The open account, when the caller owns it or is an admin. */
  private async findManageable(manager: EntityManager, caller: AuthenticatedUser, accountId: string): Promise<Account> {
    const account = await manager.findOneBy(Account, { id: accountId });
    if (!account) throw AccountErrors.notFound();
    if (!isAdmin(caller) && account.ownerUserId !== caller.userId) {
      throw AuthErrors.insufficientPermissions('Only the owner of the account or an admin may change or close it.');
    }
    if (account.status === 'closed') throw AccountErrors.closed();
    return account;
  }
}
