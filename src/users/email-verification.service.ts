import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { AuthenticatedUser } from '../common/access/caller';
import { AuditLog } from '../common/audit/audit-log';
import { personActor } from '../common/access/request-context';
import { isLinkTokenShaped } from '../common/crypto/link-token';
import { EventLog } from '../common/events/event-log';
import { AppConfig } from '../config/app-config';
import { linkWithToken } from '../config/people-settings';
import { Database } from '../database/database';
import { MailOutbox } from '../mail/mail-outbox';
import { EmailLinkThrottle } from '../rate-limit/email-link-throttle';
import { EmailLinkSentResponseDto } from './dto/email-links.dto';
import { toUserResponse, UserResponseDto } from './dto/user.response.dto';
import { User } from './entities/user.entity';
import { PeopleMail } from './people-mail';
import { UserTokensRepository } from './user-tokens.repository';
import { UsersRepository } from './users.repository';
import { UserErrors } from './users.errors';

/**
 * Proof that a person owns an address (contract section 22): a link mailed at signup and for every change of email,
 * followed with the token alone. A change of email takes effect only then; the old address is told.
 */
@Injectable()
export class EmailVerificationService {
  constructor(
    private readonly db: Database,
    private readonly users: UsersRepository,
    private readonly tokens: UserTokensRepository,
    private readonly mail: MailOutbox,
    private readonly throttle: EmailLinkThrottle,
    private readonly config: AppConfig,
    private readonly events: EventLog,
    private readonly audit: AuditLog,
  ) {}

  /** Queues the link to `email` in the caller's transaction: the user's own address, or the one it wants instead. */
  async sendLink(manager: EntityManager, user: Pick<User, 'id' | 'name' | 'email'>, email: string, now: Date): Promise<void> {
    const ttlSeconds = this.config.people.emailTokenTtlSeconds;
    const token = await this.tokens.issue(manager, { userId: user.id, purpose: 'verify_email', email, ttlSeconds }, now);
    const url = linkWithToken(this.config.people.verifyEmailUrl, token);
    const compose = email === user.email ? PeopleMail.verifyEmail : PeopleMail.confirmNewEmail;
    await this.mail.queue(manager, compose(email, user.name, url, ttlSeconds));
  }

  /** Follows a link: one winner per token; the user as it now is. */
  async verify(token: string): Promise<UserResponseDto> {
    if (!isLinkTokenShaped(token)) throw UserErrors.tokenInvalid();
    return this.db.transaction(async (manager) => {
      const now = new Date();
      const link = await this.tokens.findLive(manager, 'verify_email', token, now);
      if (link === null || !(await this.tokens.use(manager, link, now))) throw UserErrors.tokenInvalid();
      const before = await this.users.findById(manager, link.userId);
      // A link to an address the user no longer has or wants (a later change replaced it) proves nothing useful.
      if (before === null || !(await this.users.applyVerifiedEmail(manager, before.id, link.email, now))) throw UserErrors.tokenInvalid();
      const after = (await this.users.findById(manager, before.id))!;
      const response = toUserResponse(after);
      await this.events.record(manager, [{ type: 'user.updated', accountId: after.accountId, object: response }]);
      const target = { type: 'user', id: after.id };
      const actor = personActor(after.id);
      if (before.email !== after.email) {
        await this.mail.queue(manager, PeopleMail.emailChanged(before.email, after.name, after.email));
        await this.audit.record(manager, { action: 'user.email_changed', accountId: after.accountId, target, actor });
      }
      await this.audit.record(manager, { action: 'user.email_verified', accountId: after.accountId, target, actor });
      return response;
    });
  }

  /** A new link for the caller: to the address it waits to change to, else to its own while unverified. */
  async resend(caller: AuthenticatedUser): Promise<EmailLinkSentResponseDto> {
    const user = await this.db.run((manager) => this.users.findById(manager, caller.userId));
    if (user === null) throw UserErrors.notFound();
    const email = user.pendingEmail ?? (user.emailVerifiedAt === null ? user.email : null);
    if (email === null) throw UserErrors.emailAlreadyVerified();
    await this.throttle.admitVerificationResend(email);
    await this.db.transaction((manager) => this.sendLink(manager, user, email, new Date()));
    return { sent_to: email };
  }
}
