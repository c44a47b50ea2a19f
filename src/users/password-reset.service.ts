import { BeforeApplicationShutdown, Injectable, Logger } from '@nestjs/common';
import { PasswordHasher } from '../auth/password-hasher';
import { SessionsRepository } from '../auth/sessions.repository';
import { AuditLog } from '../common/audit/audit-log';
import { personActor } from '../common/access/request-context';
import { isLinkTokenShaped } from '../common/crypto/link-token';
import { EventLog } from '../common/events/event-log';
import { AppConfig } from '../config/app-config';
import { linkWithToken } from '../config/people-settings';
import { Database } from '../database/database';
import { MailOutbox } from '../mail/mail-outbox';
import { EmailLinkThrottle } from '../rate-limit/email-link-throttle';
import { toUserResponse } from './dto/user.response.dto';
import { passwordProblem } from './password-policy';
import { PeopleMail } from './people-mail';
import { UserTokensRepository } from './user-tokens.repository';
import { UsersRepository } from './users.repository';
import { UserErrors } from './users.errors';

/**
 * Password reset by a mailed link (contract section 22). A request is answered before anything about the address is
 * looked up: the reply, and its time, are the same whether or not a user has it. The link is queued after the reply,
 * in a transaction of its own; a crash in between loses that one mail, and asking again sends another.
 */
@Injectable()
export class PasswordResetService implements BeforeApplicationShutdown {
  private readonly logger = new Logger('PasswordReset');
  private readonly queued = new Set<Promise<void>>();

  constructor(
    private readonly db: Database,
    private readonly users: UsersRepository,
    private readonly tokens: UserTokensRepository,
    private readonly sessions: SessionsRepository,
    private readonly hasher: PasswordHasher,
    private readonly mail: MailOutbox,
    private readonly throttle: EmailLinkThrottle,
    private readonly config: AppConfig,
    private readonly events: EventLog,
    private readonly audit: AuditLog,
  ) {}

  /** `email` is normalized by its DTO. Resolves once the request is admitted; the link follows. */
  async request(email: string, clientIp: string): Promise<void> {
    await this.throttle.admitPasswordReset(clientIp, email);
    const work = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.mailLink(email))
      .catch((error: unknown) => this.logger.error({ msg: 'password reset link not queued', err: error }))
      .finally(() => this.queued.delete(work));
    this.queued.add(work);
  }

  private async mailLink(email: string): Promise<void> {
    const user = await this.db.run((manager) => this.users.findByEmail(manager, email));
    if (user === null) return;
    const ttlSeconds = this.config.people.passwordResetTtlSeconds;
    await this.db.transaction(async (manager) => {
      const token = await this.tokens.issue(manager, { userId: user.id, purpose: 'password_reset', email, ttlSeconds }, new Date());
      await this.mail.queue(manager, PeopleMail.passwordReset(email, user.name, linkWithToken(this.config.people.passwordResetUrl, token), ttlSeconds));
      await this.audit.record(manager, { action: 'auth.password_reset_requested', accountId: user.accountId, target: { type: 'user', id: user.id } });
    });
  }

  /**
   * Sets the new password: one winner per link; every session of the user ends, every other reset link dies, and a
   * notice goes to the address. The link proved that address, so an unverified one becomes verified.
   */
  async confirm(token: string, newPassword: string): Promise<void> {
    if (!isLinkTokenShaped(token)) throw UserErrors.tokenInvalid();
    const link = await this.db.run((manager) => this.tokens.findLive(manager, 'password_reset', token, new Date()));
    if (link === null) throw UserErrors.tokenInvalid();
    const problem = passwordProblem(newPassword, link.email);
    if (problem) throw UserErrors.weakPassword(problem, 'new_password');
    const passwordHash = await this.hasher.hash(newPassword);
    await this.db.transaction(async (manager) => {
      const now = new Date();
      if (!(await this.tokens.use(manager, link, now))) throw UserErrors.tokenInvalid();
      // The address may have changed since the link was mailed: then the link no longer speaks for the user.
      if (!(await this.users.resetPassword(manager, link.userId, link.email, passwordHash, now))) throw UserErrors.tokenInvalid();
      await this.tokens.retire(manager, link.userId, 'password_reset', now);
      await this.sessions.revokeAll(manager, { userId: link.userId }, 'password_reset', now);
      const user = (await this.users.findById(manager, link.userId))!;
      await this.mail.queue(manager, PeopleMail.passwordChanged(user.email, user.name, 'reset'));
      await this.events.record(manager, [{ type: 'user.updated', accountId: user.accountId, object: toUserResponse(user) }]);
      await this.audit.record(manager, { action: 'auth.password_reset', accountId: user.accountId, target: { type: 'user', id: user.id }, actor: personActor(user.id) });
    });
  }

  /** Lets queued links reach the database before it closes. */
  async beforeApplicationShutdown(): Promise<void> {
    await Promise.all([...this.queued]);
  }
}
