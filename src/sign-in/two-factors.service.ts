import { Injectable } from '@nestjs/common';
import { AuthErrors } from '../auth/auth.errors';
import { MfaCodes, isRecoveryCodeShaped } from '../auth/mfa/mfa-codes';
import { MfaErrors } from '../auth/mfa/mfa.errors';
import { MfaRepository } from '../auth/mfa/mfa.repository';
import { PasswordHasher } from '../auth/password-hasher';
import { SessionsRepository } from '../auth/sessions.repository';
import { AuthenticatedUser } from '../common/access/caller';
import { AuditLog } from '../common/audit/audit-log';
import { EventLog } from '../common/events/event-log';
import { toUserResponse } from '../users/dto/user.response.dto';
import { Database } from '../database/database';
import { MailOutbox } from '../mail/mail-outbox';
import { LoginThrottle } from '../rate-limit/login-throttle';
import { User } from '../users/entities/user.entity';
import { PeopleMail } from '../users/people-mail';
import { UserErrors } from '../users/users.errors';
import { UsersRepository } from '../users/users.repository';
import { ConfirmTotpRequestDto, RemoveTotpRequestDto, StartTotpRequestDto } from './dto/mfa.request.dto';
import { TotpEnabledResponseDto, TotpEnrolmentResponseDto, TotpRemovedResponseDto } from './dto/mfa.response.dto';

/** A code checked in a transaction: a wrong one changes nothing, and is answered (and audited) after it. */
type Outcome<T> = { kind: 'done'; response: T } | { kind: 'wrong_code' };

/**
 * A person's own TOTP factor (contract section 22): enrolment (a pending secret, replaced by a new start), its
 * confirmation with a code (TOTP on, ten recovery codes), and its removal (password and a code). Users' rows and
 * the factor's are changed together, the user's row locked first (src/database/lock-order.md).
 */
@Injectable()
export class TwoFactorsService {
  constructor(
    private readonly db: Database,
    private readonly users: UsersRepository,
    private readonly factors: MfaRepository,
    private readonly codes: MfaCodes,
    private readonly sessions: SessionsRepository,
    private readonly hasher: PasswordHasher,
    private readonly throttle: LoginThrottle,
    private readonly mail: MailOutbox,
    private readonly events: EventLog,
    private readonly audit: AuditLog,
  ) {}

  async start(caller: AuthenticatedUser, request: StartTotpRequestDto, clientIp: string): Promise<TotpEnrolmentResponseDto> {
    const user = await this.passwordChecked(caller, request.current_password, clientIp);
    if (user.mfaEnabledAt !== null) throw MfaErrors.alreadyEnabled();
    const enrolment = this.codes.newEnrolment(user.email);
    await this.db.transaction(async (manager) => {
      if (!(await this.users.lockWithPasswordHash(manager, user.id, user.passwordHash))) throw AuthErrors.invalidCredentials();
      if (!(await this.factors.savePending(manager, user.id, enrolment.sealedSecret, new Date()))) throw MfaErrors.alreadyEnabled();
    });
    return { secret: enrolment.secret, otpauth_uri: enrolment.uri };
  }

  async confirm(caller: AuthenticatedUser, request: ConfirmTotpRequestDto, clientIp: string): Promise<TotpEnabledResponseDto> {
    await this.throttle.admitCodeAttempt(caller.userId, clientIp);
    const before = await this.db.run((manager) => this.users.findWithPasswordHash(manager, caller.userId));
    if (!before) throw UserErrors.notFound();
    const outcome = await this.db.transaction(async (manager): Promise<Outcome<TotpEnabledResponseDto>> => {
      const now = new Date();
      // A no-op write: a wrong code commits nothing.
      if (!(await this.users.lockWithPasswordHash(manager, before.id, before.passwordHash))) throw AuthErrors.invalidCredentials();
      const factor = await this.factors.findFactor(manager, caller.userId);
      if (factor === null) throw MfaErrors.enrollmentNotStarted();
      if (factor.status === 'active') throw MfaErrors.alreadyEnabled();
      const step = this.codes.stepOf(factor.sealedSecret, request.code, now);
      if (step === null) return { kind: 'wrong_code' };
      if (!(await this.factors.activate(manager, caller.userId, step, now))) throw MfaErrors.enrollmentNotStarted();
      await this.users.update(manager, caller.userId, { mfaEnabledAt: now, updatedAt: now });
      const recoveryCodes = await this.codes.issueRecoveryCodes(manager, caller.userId, now);
      const user = await this.users.findById(manager, caller.userId);
      if (!user) throw UserErrors.notFound();
      // Enabling keeps the user's sessions: it only makes the next logins stronger.
      await this.mail.queue(manager, PeopleMail.totpEnabled(user.email, user.name));
      await this.events.record(manager, [{ type: 'user.updated', accountId: user.accountId, object: toUserResponse(user) }]);
      await this.audit.record(manager, { action: 'mfa.enabled', accountId: user.accountId, target: { type: 'user', id: user.id } });
      return { kind: 'done', response: { mfa_enabled: true, enabled_at: now.toISOString(), recovery_codes: recoveryCodes } };
    });
    return this.answered(caller, outcome, 'enrolment', clientIp);
  }

  async remove(caller: AuthenticatedUser, request: RemoveTotpRequestDto, clientIp: string): Promise<TotpRemovedResponseDto> {
    const user = await this.passwordChecked(caller, request.current_password, clientIp);
    if (user.mfaEnabledAt === null) throw MfaErrors.notEnabled();
    const mfaCode = request.mfa_code;
    if (mfaCode === undefined) throw MfaErrors.codeRequired();
    await this.throttle.admitCodeAttempt(caller.userId, clientIp);
    const outcome = await this.db.transaction(async (manager): Promise<Outcome<TotpRemovedResponseDto>> => {
      const now = new Date();
      // Only over the password just checked: a password change meanwhile makes this one fail.
      if (!(await this.users.lockWithPasswordHash(manager, user.id, user.passwordHash))) throw AuthErrors.invalidCredentials();
      // A lost app: one of the recovery codes stands in for the code (and is used up).
      const byRecoveryCode = isRecoveryCodeShaped(mfaCode);
      const accepted = byRecoveryCode ? await this.codes.acceptRecoveryCode(manager, user.id, mfaCode, now) : await this.codes.acceptTotp(manager, user.id, mfaCode, now);
      if (!accepted) return { kind: 'wrong_code' };
      await this.users.update(manager, user.id, { mfaEnabledAt: null, updatedAt: now });
      if (!(await this.factors.removeAll(manager, user.id))) throw MfaErrors.notEnabled();
      // Removing a factor weakens every session to a password's worth: the others end, this one stays.
      const revoked = await this.sessions.revokeAll(manager, { userId: user.id, exceptSessionId: caller.sessionId ?? undefined }, 'mfa_disabled', now);
      await this.mail.queue(manager, PeopleMail.totpRemoved(user.email, user.name));
      const saved = await this.users.findById(manager, user.id);
      if (!saved) throw UserErrors.notFound();
      await this.events.record(manager, [{ type: 'user.updated', accountId: saved.accountId, object: toUserResponse(saved) }]);
      const target = { type: 'user', id: user.id };
      if (byRecoveryCode) await this.audit.record(manager, { action: 'auth.recovery_code_used', accountId: user.accountId, target, reason: 'mfa_removal' });
      await this.audit.record(manager, { action: 'mfa.disabled', accountId: user.accountId, target });
      return { kind: 'done', response: { mfa_enabled: false, removed_at: now.toISOString(), revoked_sessions: revoked.sessions } };
    });
    return this.answered(caller, outcome, 'removal', clientIp);
  }

  /** The caller's user, once `current_password` is right; counted as a password guess. */
  private async passwordChecked(caller: AuthenticatedUser, currentPassword: string, clientIp: string): Promise<User & { passwordHash: string }> {
    const user = await this.db.run((manager) => this.users.findWithPasswordHash(manager, caller.userId));
    if (!user) throw UserErrors.notFound();
    await this.throttle.admitPasswordAttempt(user.email, clientIp);
    if (!(await this.hasher.verify(user.passwordHash, currentPassword))) throw AuthErrors.invalidCredentials();
    await this.throttle.passwordAccepted(user.email, clientIp);
    return user;
  }

  /** A wrong code is audited in a transaction of its own and answered 401; a right one resets the count of wrong ones. */
  private async answered<T>(caller: AuthenticatedUser, outcome: Outcome<T>, reason: string, clientIp: string): Promise<T> {
    if (outcome.kind === 'wrong_code') {
      await this.audit.recordFailure({ action: 'auth.mfa_failed', accountId: caller.accountId, target: { type: 'user', id: caller.userId }, reason });
      throw MfaErrors.codeInvalid();
    }
    await this.throttle.codeAccepted(caller.userId, clientIp);
    return outcome.response;
  }
}
