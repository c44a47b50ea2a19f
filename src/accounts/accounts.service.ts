import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { actingAccountId } from '../common/access/account-access';
import { AuthenticatedUser, isAdmin } from '../common/access/caller';
import { AuthErrors } from '../auth/auth.errors';
import { validationError } from '../common/errors/domain-error';
import { isId, newId } from '../common/ids/ids';
import { Page } from '../common/pagination/page';
import { AppConfig } from '../config/app-config';
import { Database, TransactionOptions } from '../database/database';
import { UsersRepository } from '../users/users.repository';
import { toUserResponse } from '../users/dto/user.response.dto';
import { EventLog } from '../common/events/event-log';
import { UserErrors } from '../users/users.errors';
import { normalizeEmail } from '../common/email';
import { AccountsRepository } from './accounts.repository';
import { AccountErrors } from './accounts.errors';
import { AvailableBalances } from './available-balances';
import { ListAccountsQueryDto, TargetAccountQueryDto } from './dto/account-query.dto';
import { AccountResponseDto, toAccountResponse } from './dto/account.response.dto';
import { CreateAccountRequestDto } from './dto/create-account.request.dto';
import { UpdateAccountRequestDto } from './dto/update-account.request.dto';
import { Account } from './entities/account.entity';
import { mergePreferences } from './preferences';
import { AuditLog } from '../common/audit/audit-log';

@Injectable()
export class AccountsService {
  constructor(
    private readonly db: Database,
    private readonly accounts: AccountsRepository,
    private readonly users: UsersRepository,
    private readonly events: EventLog,
    private readonly audit: AuditLog,
    private readonly config: AppConfig,
    private readonly balances: AvailableBalances,
  ) {}

  /** Opens an account owned by the caller (or, for an admin, by `owner_user_id`), who joins it. */
  async create(caller: AuthenticatedUser, request: CreateAccountRequestDto, commit: TransactionOptions = {}): Promise<AccountResponseDto> {
    if (request.owner_user_id !== undefined && !isAdmin(caller)) {
      throw AuthErrors.insufficientPermissions('Only an admin may open an account for another user.');
    }
    const mode = request.mode ?? this.config.payments.defaultAccountMode;
    if (mode !== this.config.payments.defaultAccountMode && !isAdmin(caller)) {
      throw AuthErrors.insufficientPermissions(
        `Only an admin may open a ${mode}-mode account here (this deployment opens ${this.config.payments.defaultAccountMode}-mode accounts).`,
      );
    }
    const ownerId = request.owner_user_id ?? caller.userId;
    if (!isId('usr', ownerId)) throw UserErrors.notFound();
    const preferences = mergePreferences({}, request.preferences ?? {});
    return this.db.transaction(async (manager) => {
      const now = new Date();
      // The owner's row is locked first (as user deletion does), on condition that it has no account yet.
      if (!(await this.users.lockWithoutAccount(manager, ownerId, now))) {
        if (!(await this.users.exists(manager, ownerId))) throw UserErrors.notFound();
        throw AccountErrors.alreadyExists();
      }
      const account: Account = {
        id: newId('acc'),
        type: request.type,
        name: request.name.trim(),
        email: normalizeEmail(request.email),
        preferences,
        status: 'open',
        overdraft: request.overdraft ?? 'allowed',
        mode,
        ownerUserId: ownerId,
        createdAt: now,
        updatedAt: now,
        closedAt: null,
      };
      await this.accounts.insert(manager, account);
      // The lock above already settled that the owner had no account; of two racing creations only one got here.
      await this.users.update(manager, ownerId, { accountId: account.id });
      const owner = await this.users.findById(manager, ownerId);
      const response = toAccountResponse(account);
      await this.events.record(manager, [
        { type: 'account.created', accountId: account.id, object: response },
        ...(owner === null ? [] : [{ type: 'user.updated' as const, accountId: account.id, object: toUserResponse(owner) }]),
      ]);
      await this.audit.record(manager, { action: 'account.created', accountId: account.id, target: { type: 'account', id: account.id } });
      return response;
    }, commit);
  }

  async getOwn(caller: AuthenticatedUser): Promise<AccountResponseDto> {
    if (caller.accountId === null) throw AccountErrors.notFound();
    const accountId = caller.accountId;
    const account = await this.db.run((manager) => this.accounts.findById(manager, accountId));
    if (!account) throw AccountErrors.notFound();
    return toAccountResponse(account);
  }

  list(query: ListAccountsQueryDto): Promise<Page<AccountResponseDto>> {
    return this.db.runOnReplica((manager) => this.accounts.page(manager, { type: query.type, status: query.status }, query, toAccountResponse));
  }

  async update(caller: AuthenticatedUser, target: TargetAccountQueryDto, request: UpdateAccountRequestDto): Promise<AccountResponseDto> {
    if (request.name === undefined && request.email === undefined && request.preferences === undefined && request.overdraft === undefined) {
      throw validationError('body', 'must contain at least one of name, email, preferences, overdraft');
    }
    const accountId = actingAccountId(caller, target.account_id);
    return this.db.transaction(async (manager) => {
      const now = new Date();
      // The row is written (locked) before it is read: concurrent preference merges apply one after the
      // other instead of each merging into the same old value and the last one winning (PostgreSQL).
      await this.accounts.touchOpen(manager, accountId, now);
      const account = await this.findManageable(manager, caller, accountId);
      const changes: Partial<Account> = { updatedAt: now };
      if (request.name !== undefined) changes.name = request.name.trim();
      if (request.email !== undefined) changes.email = normalizeEmail(request.email);
      if (request.overdraft !== undefined) changes.overdraft = request.overdraft;
      if (request.overdraft === 'forbidden' && account.overdraft !== 'forbidden') await this.requireNotOverdrawn(manager, account.id);
      if (request.preferences !== undefined) changes.preferences = mergePreferences(account.preferences, request.preferences);
      if (!(await this.accounts.updateOpen(manager, account.id, changes))) throw AccountErrors.closed();
      const response = toAccountResponse({ ...account, ...changes });
      await this.events.record(manager, [{ type: 'account.updated', accountId: account.id, object: response }]);
      await this.audit.record(manager, { action: 'account.updated', accountId: account.id, target: { type: 'account', id: account.id } });
      return response;
    });
  }

  /**
   * An account may forbid overdrafts only while no balance of it is below zero. Read once the account's row is
   * written (locked): debits that hold it (shared) have committed, and those that follow see the new rule.
   */
  private async requireNotOverdrawn(manager: EntityManager, accountId: string): Promise<void> {
    const overdrawn = await this.balances.overdrawnCurrencies(manager, accountId);
    if (overdrawn.length > 0) throw AccountErrors.overdrawn(overdrawn);
  }

  /** The open account, when the caller owns it or is an admin (also used by the closure flow). */
  async findManageable(manager: EntityManager, caller: AuthenticatedUser, accountId: string): Promise<Account> {
    const account = await this.accounts.findById(manager, accountId);
    if (!account) throw AccountErrors.notFound();
    if (!isAdmin(caller) && account.ownerUserId !== caller.userId) {
      throw AuthErrors.insufficientPermissions('Only the owner of the account or an admin may change or close it.');
    }
    if (account.status === 'closed') throw AccountErrors.closed();
    return account;
  }
}
