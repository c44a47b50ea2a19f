import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { Account } from '../accounts/entities/account.entity';
import { lockOpenAccount } from '../accounts/account-lock';
import { AccountErrors } from '../accounts/accounts.errors';
import { AuthenticatedUser, isAdmin } from '../auth/authenticated-user';
import { AuthErrors } from '../auth/auth.errors';
import { PasswordHasher } from '../auth/password-hasher';
import { SessionsService } from '../auth/sessions.service';
import { DomainError, validationError } from '../common/errors/domain-error';
import { isId, newId } from '../common/ids/ids';
import { fetchPage, Page } from '../common/pagination/page';
import { isUniqueViolation } from '../database/constraint-errors';
import { Database } from '../database/database';
import { LoginThrottle } from '../rate-limit/login-throttle';
import { CreateUserRequestDto } from './dto/create-user.request.dto';
import { DeleteUserResponseDto } from './dto/delete-user.response.dto';
import { ListUsersQueryDto } from './dto/list-users.query.dto';
import { UpdateUserRequestDto } from './dto/update-user.request.dto';
import { toUserResponse, UserResponseDto } from './dto/user.response.dto';
import { normalizeEmail } from '../common/email';
import { User, UserRole } from './entities/user.entity';
import { passwordProblem } from './password-policy';
import { UserErrors } from './users.errors';

@Injectable()
export class UsersService {
  private readonly logger = new Logger(UsersService.name);

  constructor(
    private readonly db: Database,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionsService,
    private readonly throttle: LoginThrottle,
  ) {}

  /** Signup (caller null), an owner adding a member to its account, or an admin creating any user. */
  async create(caller: AuthenticatedUser | null, request: CreateUserRequestDto): Promise<UserResponseDto> {
    if (request.role !== undefined && !(caller && isAdmin(caller))) {
      throw AuthErrors.insufficientPermissions('Only an admin may set a role.');
    }
    if (request.account_id !== undefined && caller === null) {
      throw AuthErrors.insufficientPermissions('Adding a user to an account needs the access token of its owner or of an admin.');
    }
    const email = normalizeEmail(request.email);
    const problem = passwordProblem(request.password, email);
    if (problem) throw UserErrors.weakPassword(problem);
    const passwordHash = await this.hasher.hash(request.password);
    return this.db.transaction(async (manager) => {
      const accountId = request.account_id === undefined ? null : await this.joinableAccountId(manager, caller!, request.account_id);
      const user = await this.insertUser(manager, { email, passwordHash, name: request.name.trim(), role: request.role ?? 'member', accountId });
      return toUserResponse(user);
    });
  }

  list(caller: AuthenticatedUser, query: ListUsersQueryDto): Promise<Page<UserResponseDto>> {
    return this.db.run((manager) => {
      const builder = manager.createQueryBuilder(User, 'user');
      if (!isAdmin(caller)) {
        if (caller.accountId) builder.where('user.account_id = :accountId', { accountId: caller.accountId });
        else builder.where('user.id = :userId', { userId: caller.userId });
      }
      if (query.email !== undefined) builder.andWhere('user.email = :email', { email: normalizeEmail(query.email) });
      if (query.role !== undefined) builder.andWhere('user.role = :role', { role: query.role });
      return fetchPage(builder, query, toUserResponse);
    });
  }

  async get(caller: AuthenticatedUser, userId: string): Promise<UserResponseDto> {
    const user = await this.db.run((manager) => this.findVisible(manager, caller, userId));
    return toUserResponse(user);
  }

  async update(caller: AuthenticatedUser, userId: string, request: UpdateUserRequestDto): Promise<UserResponseDto> {
    if (Object.values(request).every((value) => value === undefined)) {
      throw validationError('body', 'must contain at least one of name, email, password, role');
    }
    if (request.current_password !== undefined && request.password === undefined) {
      throw validationError('current_password', 'is only accepted together with password');
    }
    const self = caller.userId === userId;
    if (request.role !== undefined && !isAdmin(caller)) throw AuthErrors.insufficientPermissions('Only an admin may change a role.');
    const target = await this.db.run((manager) => this.findVisible(manager, caller, userId, true));
    if (!self && !isAdmin(caller)) throw AuthErrors.insufficientPermissions('Only the user itself or an admin may change a user.');
    const email = request.email === undefined ? target.email : normalizeEmail(request.email);
    let passwordHash: string | undefined;
    if (request.password !== undefined) {
      const problem = passwordProblem(request.password, email);
      if (problem) throw UserErrors.weakPassword(problem);
      if (self) {
        if (request.current_password === undefined) throw UserErrors.currentPasswordRequired();
        // A stolen access token must not become an unthrottled way to guess the password.
        await this.throttle.admitPasswordAttempt(target.email);
        if (!(await this.hasher.verify(target.passwordHash, request.current_password))) throw AuthErrors.invalidCredentials();
        await this.throttle.passwordAccepted(target.email);
      }
      passwordHash = await this.hasher.hash(request.password);
    }
    return this.db.transaction(async (manager) => {
      const changes: Partial<User> = { updatedAt: new Date() };
      if (request.name !== undefined) changes.name = request.name.trim();
      if (request.email !== undefined) changes.email = email;
      if (request.role !== undefined) changes.role = request.role;
      if (passwordHash !== undefined) changes.passwordHash = passwordHash;
      // Your own new password is stored only over the one your current_password was checked against.
      const verifiedHash = self && passwordHash !== undefined ? target.passwordHash : undefined;
      const result = await this.saveChanges(manager, userId, changes, verifiedHash);
      if (result === 0) throw verifiedHash === undefined ? UserErrors.notFound() : AuthErrors.invalidCredentials();
      if (passwordHash !== undefined) {
        // Your own change keeps the session that made it; an admin reset ends every session of the user.
        const scope = self ? { userId, exceptSessionId: caller.sessionId } : { userId };
        await this.sessions.revokeSessions(manager, scope, 'password_changed', changes.updatedAt!);
      }
      return toUserResponse(await manager.findOneByOrFail(User, { id: userId }));
    });
  }

  async delete(caller: AuthenticatedUser, userId: string): Promise<DeleteUserResponseDto> {
    return this.db.transaction(async (manager) => {
      const user = await this.findVisible(manager, caller, userId);
      if (caller.userId !== userId && !isAdmin(caller) && !(await this.ownsAccountOf(manager, caller.userId, user))) {
        throw AuthErrors.insufficientPermissions("Only the user itself, its account's owner or an admin may delete a user.");
      }
      // Locked before the ownership check: an account this user is opening meanwhile is either seen or waits.
      await manager.update(User, { id: userId }, { updatedAt: new Date() });
      const ownsOpenAccount = await manager.existsBy(Account, { ownerUserId: userId, status: 'open' });
      if (ownsOpenAccount) throw UserErrors.ownsAccount();
      const revoked = await this.sessions.revokeSessions(manager, { userId }, 'user_deleted', new Date());
      const deleted = await manager.delete(User, { id: userId });
      if (deleted.affected !== 1) throw UserErrors.notFound();
      return { id: userId, deleted: true, revoked_sessions: revoked.sessions };
    });
  }

  /**
   * Creates the bootstrap admin unless an admin exists. Returns whether one was created.
   * The start-up password is not refused when it is weak, only reported, so the service still starts.
   */
  async ensureAdmin(emailInput: string, password: string): Promise<boolean> {
    const email = normalizeEmail(emailInput);
    if (await this.db.run((manager) => manager.existsBy(User, { role: 'admin' }))) return false;
    const problem = passwordProblem(password, email);
    if (problem) this.logger.warn(`ADMIN_PASSWORD ${problem}; change it after the first login`);
    const passwordHash = await this.hasher.hash(password);
    return this.db.transaction(async (manager) => {
      if (await manager.existsBy(User, { role: 'admin' })) return false;
      if (await manager.existsBy(User, { email })) {
        this.logger.error(`ADMIN_EMAIL ${email} belongs to an existing member; no admin was created`);
        return false;
      }
      await this.insertUser(manager, { email, passwordHash, name: 'Administrator', role: 'admin', accountId: null });
      return true;
    }).catch((error: unknown) => {
      // Another instance starting at the same time created it first.
      if (error instanceof DomainError && error.code === 'email_already_registered') return false;
      throw error;
    });
  }

  /** Creates an admin on an operator's request (CLI), whether or not admins exist. */
  async createAdmin(emailInput: string, password: string, name: string): Promise<UserResponseDto> {
    const email = normalizeEmail(emailInput);
    const problem = passwordProblem(password, email);
    if (problem) throw UserErrors.weakPassword(problem);
    const passwordHash = await this.hasher.hash(password);
    return this.db.transaction(async (manager) =>
      toUserResponse(await this.insertUser(manager, { email, passwordHash, name, role: 'admin', accountId: null })),
    );
  }

  /** The user, when the caller may see it: itself, a user of its account, or anyone for an admin. */
  private async findVisible(manager: EntityManager, caller: AuthenticatedUser, userId: string, withPasswordHash = false): Promise<User> {
    if (!isId('usr', userId)) throw UserErrors.notFound();
    const builder = manager.createQueryBuilder(User, 'user').where('user.id = :userId', { userId });
    if (withPasswordHash) builder.addSelect('user.passwordHash');
    const user = await builder.getOne();
    const visible =
      user !== null && (isAdmin(caller) || user.id === caller.userId || (caller.accountId !== null && user.accountId === caller.accountId));
    if (!visible) throw UserErrors.notFound();
    return user;
  }

  private async ownsAccountOf(manager: EntityManager, callerId: string, user: User): Promise<boolean> {
    if (user.accountId === null) return false;
    return manager.existsBy(Account, { id: user.accountId, ownerUserId: callerId });
  }

  /** The account a new user may join: its owner or an admin is asking, and it is open. */
  private async joinableAccountId(manager: EntityManager, caller: AuthenticatedUser, accountId: string): Promise<string> {
    if (!isId('acc', accountId)) throw AccountErrors.notFound();
    const account = await manager.findOneBy(Account, { id: accountId });
    if (!account || (!isAdmin(caller) && account.id !== caller.accountId)) throw AccountErrors.notFound();
    if (!isAdmin(caller) && account.ownerUserId !== caller.userId) {
      throw AuthErrors.insufficientPermissions('Only the owner of the account or an admin may add users to it.');
    }
    if (!(await lockOpenAccount(manager, account.id))) throw AccountErrors.closed();
    return account.id;
  }

  private async insertUser(
    manager: EntityManager,
    fields: { email: string; passwordHash: string; name: string; role: UserRole; accountId: string | null },
  ): Promise<User> {
    const now = new Date();
    const user = manager.create(User, { id: newId('usr'), ...fields, createdAt: now, updatedAt: now });
    try {
      await manager.insert(User, user);
    } catch (error) {
      if (isUniqueViolation(error)) throw UserErrors.emailTaken();
      throw error;
    }
    return user;
  }

  private async saveChanges(manager: EntityManager, userId: string, changes: Partial<User>, currentHash?: string): Promise<number> {
    try {
      const criteria = currentHash === undefined ? { id: userId } : { id: userId, passwordHash: currentHash };
      const result = await manager.update(User, criteria, changes);
      return result.affected ?? 0;
    } catch (error) {
      if (isUniqueViolation(error)) throw UserErrors.emailTaken();
      throw error;
    }
  }
}
