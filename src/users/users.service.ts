import { Injectable, Logger } from '@nestjs/common';
import { AuthenticatedUser, isAdmin } from '../common/access/caller';
import { AuthErrors } from '../auth/auth.errors';
import { PasswordHasher } from '../auth/password-hasher';
import { StepUp } from '../auth/mfa/step-up';
import { SessionsRepository } from '../auth/sessions.repository';
import { DomainError, validationError } from '../common/errors/domain-error';
import { EntityManager } from 'typeorm';
import { isId } from '../common/ids/ids';
import { Page } from '../common/pagination/page';
import { Database, TransactionOptions } from '../database/database';
import { LoginThrottle } from '../rate-limit/login-throttle';
import { EventLog } from '../common/events/event-log';
import { CreateUserRequestDto } from './dto/create-user.request.dto';
import { DeleteUserResponseDto } from './dto/delete-user.response.dto';
import { ListUsersQueryDto } from './dto/list-users.query.dto';
import { UpdateUserRequestDto } from './dto/update-user.request.dto';
import { toUserResponse, UserResponseDto } from './dto/user.response.dto';
import { normalizeEmail } from '../common/email';
import { User } from './entities/user.entity';
import { AccountMembership } from './account-membership';
import { UsersRepository } from './users.repository';
import { passwordProblem } from './password-policy';
import { UserErrors } from './users.errors';
import { AuditAction, AuditLog } from '../common/audit/audit-log';
import { MailOutbox } from '../mail/mail-outbox';
import { EmailVerificationService } from './email-verification.service';
import { PeopleMail } from './people-mail';

@Injectable()
export class UsersService {
  private readonly logger = new Logger(UsersService.name);

  constructor(
    private readonly db: Database,
    private readonly users: UsersRepository,
    private readonly membership: AccountMembership,
    private readonly sessions: SessionsRepository,
    private readonly hasher: PasswordHasher,
    private readonly throttle: LoginThrottle,
    private readonly events: EventLog,
    private readonly audit: AuditLog,
    private readonly verification: EmailVerificationService,
    private readonly mail: MailOutbox,
    private readonly stepUp: StepUp,
  ) {}

  /** Signup (caller null), an owner adding a member to its account, or an admin creating any user. */
  async create(caller: AuthenticatedUser | null, request: CreateUserRequestDto, clientIp: string, commit: TransactionOptions = {}): Promise<UserResponseDto> {
    if (request.role !== undefined && !(caller && isAdmin(caller))) {
      throw AuthErrors.insufficientPermissions('Only an admin may set a role.');
    }
    if (request.account_id !== undefined && caller === null) {
      throw AuthErrors.insufficientPermissions('Adding a user to an account needs the access token of its owner or of an admin.');
    }
    if (caller === null) await this.throttle.admitSignup(clientIp);
    const email = normalizeEmail(request.email);
    const problem = passwordProblem(request.password, email);
    if (problem) throw UserErrors.weakPassword(problem);
    // A taken email is answered before the costly hash (the unique index still settles a race).
    if (await this.db.run((manager) => this.users.emailExists(manager, email))) throw UserErrors.emailTaken();
    const passwordHash = await this.hasher.hash(request.password);
    return this.db.transaction(async (manager) => {
      const accountId = request.account_id === undefined ? null : await this.membership.lockJoinable(manager, caller!, request.account_id);
      const user = await this.users.insert(manager, { email, passwordHash, name: request.name.trim(), role: request.role ?? 'member', accountId });
      await this.verification.sendLink(manager, user, email, user.createdAt);
      return this.recorded(manager, 'user.created', toUserResponse(user));
    }, commit);
  }

  list(caller: AuthenticatedUser, query: ListUsersQueryDto): Promise<Page<UserResponseDto>> {
    const filters = { email: query.email === undefined ? undefined : normalizeEmail(query.email), role: query.role };
    return this.db.runOnReplica((manager) => this.users.pageVisible(manager, caller, filters, query, toUserResponse));
  }

  async get(caller: AuthenticatedUser, userId: string): Promise<UserResponseDto> {
    const user = await this.db.run((manager) => this.findVisible(manager, caller, userId));
    return toUserResponse(user);
  }

  async update(caller: AuthenticatedUser, userId: string, request: UpdateUserRequestDto, clientIp: string): Promise<UserResponseDto> {
    const { mfa_code: mfaCode, ...changesAsked } = request;
    if (Object.values(changesAsked).every((value) => value === undefined)) {
      throw validationError('body', 'must contain at least one of name, email, password, role');
    }
    // Roles, emails and passwords are the sensitive changes (contract section 22): the step-up code goes with them.
    const stepUp = request.role !== undefined || request.password !== undefined || request.email !== undefined;
    if (mfaCode !== undefined && !stepUp) throw validationError('mfa_code', 'is only accepted together with role, email or password');
    if (request.current_password !== undefined && request.password === undefined && request.email === undefined) {
      throw validationError('current_password', 'is only accepted together with password or email');
    }
    // A key acts with its owner's (or the platform's) rights, but never on roles or a person's credentials.
    if (caller.apiKeyId !== null && (request.role !== undefined || request.password !== undefined || request.email !== undefined)) {
      throw AuthErrors.insufficientPermissions("API keys change a user's name only: a role, an email or a password needs a person's session.");
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
    }
    // Changing one's own password or email (which a password reset would go to) needs the current password.
    const sensitive = self && (request.password !== undefined || request.email !== undefined);
    if (sensitive) await this.checkCurrentPassword(target, request.current_password, clientIp);
    if (stepUp) await this.stepUp.require(caller, mfaCode);
    if (request.password !== undefined) passwordHash = await this.hasher.hash(request.password);
    return this.db.transaction(async (manager) => {
      const changes: Partial<User> = { updatedAt: new Date() };
      if (request.name !== undefined) changes.name = request.name.trim();
      // A new address waits for its link to be followed (contract section 22); asking for the current one drops a wish.
      const emailChange = request.email !== undefined && email !== target.email;
      if (request.email !== undefined) changes.pendingEmail = emailChange ? email : null;
      // Taken now: refused at once (verifying later answers the same if someone takes it meanwhile).
      if (emailChange && (await this.users.emailExists(manager, email))) throw UserErrors.emailTaken();
      if (request.role !== undefined) changes.role = request.role;
      if (passwordHash !== undefined) changes.passwordHash = passwordHash;
      // Your own change is stored only over the password your current_password was checked against.
      const verifiedHash = sensitive ? target.passwordHash : undefined;
      const written = await this.users.update(manager, userId, changes, verifiedHash);
      if (!written) throw verifiedHash === undefined ? UserErrors.notFound() : AuthErrors.invalidCredentials();
      if (passwordHash !== undefined || sensitive) {
        // Your own change keeps the session that made it; an admin reset ends every session of the user.
        const scope = self ? { userId, exceptSessionId: caller.sessionId ?? undefined } : { userId };
        await this.sessions.revokeAll(manager, scope, passwordHash !== undefined ? 'password_changed' : 'email_changed', changes.updatedAt!);
      }
      // Read back: fields this request did not change may have changed since `target` was read.
      const saved = await this.users.findById(manager, userId);
      if (!saved) throw UserErrors.notFound();
      if (emailChange) await this.verification.sendLink(manager, saved, email, changes.updatedAt!);
      if (passwordHash !== undefined) await this.mail.queue(manager, PeopleMail.passwordChanged(saved.email, saved.name, 'changed'));
      const response = await this.recorded(manager, 'user.updated', toUserResponse(saved));
      const audited: AuditAction[] = [];
      if (passwordHash !== undefined) audited.push('user.password_changed');
      if (request.role !== undefined && request.role !== target.role) audited.push('user.role_changed');
      for (const action of audited)
        await this.audit.record(manager, {
          action,
          accountId: saved.accountId,
          target: { type: 'user', id: userId },
          reason: action === 'user.role_changed' ? `${target.role} -> ${saved.role}` : null,
        });
      return response;
    });
  }

  /** `current_password` against the stored hash, counted as a password guess: a stolen access token must not become an unthrottled oracle. */
  private async checkCurrentPassword(target: User, currentPassword: string | undefined, clientIp: string): Promise<void> {
    if (currentPassword === undefined) throw UserErrors.currentPasswordRequired();
    await this.throttle.admitPasswordAttempt(target.email, clientIp);
    if (!(await this.hasher.verify(target.passwordHash, currentPassword))) throw AuthErrors.invalidCredentials();
    await this.throttle.passwordAccepted(target.email, clientIp);
  }

  async delete(caller: AuthenticatedUser, userId: string): Promise<DeleteUserResponseDto> {
    return this.db.transaction(async (manager) => {
      const user = await this.findVisible(manager, caller, userId);
      const ownsUsersAccount = user.accountId !== null && (await this.membership.isOwner(manager, caller.userId, user.accountId));
      if (caller.userId !== userId && !isAdmin(caller) && !ownsUsersAccount) {
        throw AuthErrors.insufficientPermissions("Only the user itself, its account's owner or an admin may delete a user.");
      }
      // Locked before the ownership check: an account this user is opening meanwhile is either seen or waits.
      await this.users.lock(manager, userId, new Date());
      if (await this.membership.ownsOpenAccount(manager, userId)) throw UserErrors.ownsAccount();
      const revoked = await this.sessions.revokeAll(manager, { userId }, 'user_deleted', new Date());
      if (!(await this.users.delete(manager, userId))) throw UserErrors.notFound();
      // The user as it was last: a consumer of user.deleted learns whom it loses, not only an id.
      await this.recorded(manager, 'user.deleted', toUserResponse(user));
      return { id: userId, deleted: true, revoked_sessions: revoked.sessions };
    });
  }

  /**
   * Creates the bootstrap admin unless an admin exists. Returns whether one was created.
   * The start-up password is not refused when it is weak, only reported, so the service still starts.
   */
  async ensureAdmin(emailInput: string, password: string): Promise<boolean> {
    const email = normalizeEmail(emailInput);
    if (await this.db.run((manager) => this.users.adminExists(manager))) return false;
    const problem = passwordProblem(password, email);
    if (problem) this.logger.warn(`ADMIN_PASSWORD ${problem}; change it after the first login`);
    const passwordHash = await this.hasher.hash(password);
    return this.db
      .transaction(async (manager) => {
        if (await this.users.adminExists(manager)) return false;
        if (await this.users.emailExists(manager, email)) {
          this.logger.error(`ADMIN_EMAIL ${email} belongs to an existing member; no admin was created`);
          return false;
        }
        // The operator chose the address: nobody needs to prove it.
        const admin = await this.users.insert(manager, { email, passwordHash, name: 'Administrator', role: 'admin', accountId: null, emailVerifiedAt: new Date() });
        await this.recorded(manager, 'user.created', toUserResponse(admin));
        return true;
      })
      .catch((error: unknown) => {
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
    return this.db.transaction(async (manager) => {
      const admin = await this.users.insert(manager, { email, passwordHash, name, role: 'admin', accountId: null, emailVerifiedAt: new Date() });
      return this.recorded(manager, 'user.created', toUserResponse(admin));
    });
  }

  /** Records the user's event, in its account's stream (the platform's without one), and hands the user on. */
  private async recorded(manager: EntityManager, type: 'user.created' | 'user.updated' | 'user.deleted', user: UserResponseDto): Promise<UserResponseDto> {
    await this.events.record(manager, [{ type, accountId: user.account_id, object: user }]);
    if (type !== 'user.updated') await this.audit.record(manager, { action: type, accountId: user.account_id, target: { type: 'user', id: user.id } });
    return user;
  }

  /** The user, when the caller may see it: itself, a user of its account, or anyone for an admin. */
  private async findVisible(manager: EntityManager, caller: AuthenticatedUser, userId: string, withPasswordHash = false): Promise<User> {
    if (!isId('usr', userId)) throw UserErrors.notFound();
    const user = await this.users.findVisible(manager, caller, userId, withPasswordHash);
    if (!user) throw UserErrors.notFound();
    return user;
  }
}
