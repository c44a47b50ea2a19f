import { Injectable } from '@nestjs/common';
import { AuthenticatedUser } from '../../common/access/caller';
import { currentRequestContext } from '../../common/access/request-context';
import { AuditLog } from '../../common/audit/audit-log';
import { Database } from '../../database/database';
import { LoginThrottle } from '../../rate-limit/login-throttle';
import { MfaCodes } from './mfa-codes';
import { MfaErrors } from './mfa.errors';

/** Where a refused code is counted: a client address is always known behind Fastify, but jobs have none. */
const NO_ADDRESS = 'none';

/**
 * Step-up (contract section 22): a person with TOTP proves, with a current code (`mfa_code`), that the one acting
 * holds the second factor, before a sensitive operation (creating API keys, rotating webhook secrets, changing roles,
 * emails or passwords). The code is the caller's own: the person acting. API keys are not people: no step-up.
 * A wrong code counts as a password guess (LoginThrottle) and is audited (`auth.mfa_failed`); a right one is used
 * up (its time step), whether or not the operation that follows succeeds.
 */
@Injectable()
export class StepUp {
  constructor(
    private readonly db: Database,
    private readonly codes: MfaCodes,
    private readonly throttle: LoginThrottle,
    private readonly audit: AuditLog,
  ) {}

  /** Returns when the caller needs no code, or its `mfaCode` is a current TOTP code not used before. */
  async require(caller: AuthenticatedUser, mfaCode: string | undefined): Promise<void> {
    if (caller.kind !== 'user' || !caller.mfaEnabled) return;
    if (mfaCode === undefined) throw MfaErrors.codeRequired();
    const ip = currentRequestContext().ip ?? NO_ADDRESS;
    await this.throttle.admitCodeAttempt(caller.userId, ip);
    const accepted = await this.db.transaction((manager) => this.codes.acceptTotp(manager, caller.userId, mfaCode, new Date()));
    if (!accepted) {
      await this.audit.recordFailure({ action: 'auth.mfa_failed', accountId: caller.accountId, target: { type: 'user', id: caller.userId }, reason: 'step_up' });
      throw MfaErrors.codeInvalid();
    }
    await this.throttle.codeAccepted(caller.userId, ip);
  }
}
