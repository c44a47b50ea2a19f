import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { Database } from '../database/database';
import { AccountsRepository } from '../accounts/accounts.repository';
import { AccountErrors } from '../accounts/accounts.errors';
import { LoginThrottle } from '../rate-limit/login-throttle';
import { toUserResponse } from '../users/dto/user.response.dto';
import { UsersRepository } from '../users/users.repository';
import { normalizeEmail } from '../common/email';
import { AuthErrors } from '../auth/auth.errors';
import { LoginRequestDto } from './dto/login.request.dto';
import { RefreshRequestDto } from './dto/refresh.request.dto';
import { LoginResponseDto, TokenPairResponseDto } from './dto/token-pair.response.dto';
import { AuthToken } from '../auth/entities/auth-token.entity';
import { Session } from '../auth/entities/session.entity';
import { PasswordHasher } from '../auth/password-hasher';
import { DeviceInfo, SessionsRepository } from '../auth/sessions.repository';
import { IssuedToken, sessionLapsed, SessionsService } from '../auth/sessions.service';
import { TokenClaims, TokenSigner } from '../auth/token-signer';
import { newId } from '../common/ids/ids';
import { currentRequestContext } from '../common/access/request-context';
import { AuditLog } from '../common/audit/audit-log';
import { DomainError } from '../common/errors/domain-error';
import { randomBytes } from 'node:crypto';
import { MfaChallenge } from '../auth/mfa/entities/mfa-challenge.entity';
import { MfaCodes } from '../auth/mfa/mfa-codes';
import { MfaErrors } from '../auth/mfa/mfa.errors';
import { MfaRepository } from '../auth/mfa/mfa.repository';
import { User } from '../users/entities/user.entity';
import { LoginMfaRequestDto } from './dto/mfa.request.dto';
import { CallersRepository } from './callers.repository';

/** The mfa_token of a login's second step: 32 random bytes, valid 5 minutes, ended by five wrong codes (contract section 22). */
const MFA_TOKEN_BYTES = 32;
const MFA_TOKEN_TTL_MS = 5 * 60 * 1000;
const MFA_TOKEN_MAX_WRONG_CODES = 5;

function challengeLive(challenge: MfaChallenge, now: Date): boolean {
  return challenge.usedAt === null && challenge.attempts < MFA_TOKEN_MAX_WRONG_CODES && challenge.expiresAt.getTime() > now.getTime();
}

/** The second step either signs in or counts a wrong code (committed, then answered 401). */
type SecondStepOutcome = { kind: 'signed_in'; response: LoginResponseDto } | { kind: 'wrong_code'; accountId: string | null };

/** A refresh either issues tokens or proves that a rotated token was replayed (after the session is ended). */
type RefreshOutcome = { kind: 'issued'; response: TokenPairResponseDto } | { kind: 'reuse_detected' };

@Injectable()
export class SignInService {
  constructor(
    private readonly db: Database,
    private readonly users: UsersRepository,
    private readonly accounts: AccountsRepository,
    private readonly sessionRows: SessionsRepository,
    private readonly sessions: SessionsService,
    private readonly callers: CallersRepository,
    private readonly signer: TokenSigner,
    private readonly hasher: PasswordHasher,
    private readonly throttle: LoginThrottle,
    private readonly config: AppConfig,
    private readonly audit: AuditLog,
    private readonly mfa: MfaRepository,
    private readonly mfaCodes: MfaCodes,
  ) {}

  /**
   * Every refused login is audited with its reason, on the platform's chain and
   * without the user: an unknown email and a wrong password leave the same entry.
   */
  async login(request: LoginRequestDto, clientIp: string): Promise<LoginResponseDto> {
    return this.attemptLogin(request, clientIp).catch(async (error: unknown) => {
      // The right password of a user with TOTP is no refusal: the second step records the login.
      if (error instanceof DomainError && error.code !== 'mfa_required') {
        await this.audit.recordFailure({ action: 'auth.login', accountId: null, target: null, reason: error.code });
      }
      throw error;
    });
  }

  private async attemptLogin(request: LoginRequestDto, clientIp: string): Promise<LoginResponseDto> {
    const email = normalizeEmail(request.email);
    await this.throttle.admitLogin(clientIp, email);
    const user = await this.db.run((manager) => this.users.findWithPasswordHashByEmail(manager, email));
    const passwordMatches = await this.hasher.verify(user?.passwordHash ?? null, request.password);
    if (!user || !passwordMatches) throw AuthErrors.invalidCredentials();
    await this.throttle.passwordAccepted(email, clientIp);
    if (user.mfaEnabledAt !== null) throw await this.challenge(user);
    const device: DeviceInfo = { deviceId: request.device_id, clientVersion: request.client_version };
    return this.db.transaction(async (manager) => {
      // A password change or deletion racing this login either commits first (and the login fails) or
      // waits, and then ends the session created here; likewise a closure of the account.
      if (!(await this.users.lockWithPasswordHash(manager, user.id, user.passwordHash))) throw AuthErrors.invalidCredentials();
      return this.startSession(manager, user, device, new Date());
    });
  }

  /**
   * The first step of a login with TOTP (contract section 22): the password was right, and the answer is
   * `401 mfa_required` with a single-use `mfa_token` (32 random bytes, kept as SHA-256) valid 5 minutes. A closed
   * account is told at once, before any code.
   */
  private async challenge(user: User): Promise<DomainError> {
    const token = `mfa_${randomBytes(MFA_TOKEN_BYTES).toString('base64url')}`;
    const now = new Date();
    const expiresAt = new Date(now.getTime() + MFA_TOKEN_TTL_MS);
    await this.db.transaction(async (manager) => {
      const passwordDigest = TokenSigner.hash(user.passwordHash);
      await this.mfa.insertChallenge(manager, { tokenHash: TokenSigner.hash(token), userId: user.id, passwordDigest, attempts: 0, createdAt: now, expiresAt, usedAt: null });
      if (user.accountId !== null && !(await this.accounts.lockOpen(manager, user.accountId))) throw AccountErrors.closed();
    });
    return MfaErrors.required({ mfa_token: token, expires_at: expiresAt.toISOString() });
  }

  /**
   * The second step: the `mfa_token` and a current TOTP code (accepted once: its time step must be later than the
   * last accepted one) or an unused recovery code. Five wrong codes end the token; each wrong one is counted in
   * the database (committed, then answered) and as a password guess (LoginThrottle). Of concurrent uses of one
   * token, or of one code, one wins (conditional updates).
   */
  async loginWithMfa(request: LoginMfaRequestDto, clientIp: string): Promise<LoginResponseDto> {
    // As for the first step, every refusal is an `auth.login` failure on the platform's chain (a wrong code is
    // also `auth.mfa_failed` on the user's account's).
    return this.attemptSecondStep(request, clientIp).catch(async (error: unknown) => {
      if (error instanceof DomainError) await this.audit.recordFailure({ action: 'auth.login', accountId: null, target: null, reason: error.code });
      throw error;
    });
  }

  private async attemptSecondStep(request: LoginMfaRequestDto, clientIp: string): Promise<LoginResponseDto> {
    // Neither or both: no code to judge (answered as a wrong one, without counting it).
    const { code, recovery_code: recoveryCode } = request;
    if ((code === undefined) === (recoveryCode === undefined)) throw MfaErrors.oneCodeRequired();
    const tokenHash = TokenSigner.hash(request.mfa_token);
    const challenge = await this.db.run((manager) => this.mfa.findChallenge(manager, tokenHash));
    if (!challenge || !challengeLive(challenge, new Date())) throw MfaErrors.tokenInvalid();
    await this.throttle.admitCodeAttempt(challenge.userId, clientIp);
    const device: DeviceInfo = { deviceId: request.device_id, clientVersion: request.client_version };
    const outcome = await this.db.transaction(async (manager): Promise<SecondStepOutcome> => {
      const now = new Date();
      const user = await this.users.findWithPasswordHash(manager, challenge.userId);
      // The user's row first (src/database/lock-order.md), locked over the password the first step checked: a
      // password changed (or reset) since ends the token, and one racing this step waits or makes it fail.
      if (!user || TokenSigner.hash(user.passwordHash) !== challenge.passwordDigest) throw MfaErrors.tokenInvalid();
      if (!(await this.users.lockWithPasswordHash(manager, user.id, user.passwordHash))) throw MfaErrors.tokenInvalid();
      const accepted =
        recoveryCode === undefined
          ? await this.mfaCodes.acceptTotp(manager, user.id, code ?? '', now)
          : await this.mfaCodes.acceptRecoveryCode(manager, user.id, recoveryCode, now);
      if (!accepted) {
        await this.mfa.countWrongCode(manager, tokenHash, MFA_TOKEN_MAX_WRONG_CODES);
        return { kind: 'wrong_code', accountId: user.accountId };
      }
      if (!(await this.mfa.consumeChallenge(manager, tokenHash, MFA_TOKEN_MAX_WRONG_CODES, now))) throw MfaErrors.tokenInvalid();
      if (recoveryCode !== undefined) {
        await this.audit.record(manager, { action: 'auth.recovery_code_used', accountId: user.accountId, target: { type: 'user', id: user.id }, reason: 'login' });
      }
      return { kind: 'signed_in', response: await this.startSession(manager, user, device, now) };
    });
    if (outcome.kind === 'wrong_code') {
      // Committed before the client is told, as the count of wrong codes must be.
      await this.audit.recordFailure({ action: 'auth.mfa_failed', accountId: outcome.accountId, target: { type: 'user', id: challenge.userId }, reason: 'login' });
      throw MfaErrors.codeInvalid();
    }
    await this.throttle.codeAccepted(challenge.userId, clientIp);
    return outcome.response;
  }

  /** A session for a user whose row this unit of work locked: its tokens, and the login audited on its account's chain. */
  private async startSession(manager: EntityManager, user: User, device: DeviceInfo, now: Date): Promise<LoginResponseDto> {
    if (user.accountId !== null && !(await this.accounts.lockOpen(manager, user.accountId))) throw AccountErrors.closed();
    const session = await this.sessions.createSession(manager, user.id, device, now);
    const access = await this.sessions.issueAccessToken(manager, session, now);
    const refresh = await this.sessions.issueRefreshToken(manager, session, null, now);
    const actor = { type: 'user' as const, id: user.id, session_id: session.id, request_id: currentRequestContext().requestId };
    await this.audit.record(manager, { action: 'auth.login', accountId: user.accountId, target: { type: 'session', id: session.id }, actor });
    return { ...tokenPair(session.id, access, refresh), user: toUserResponse(user) };
  }

  /**
   * Exchanges a refresh token (the Bearer of the request) for a new access token,
   * rotating the refresh token unless asked not to. See docs/api-guide.md ("Sessions and tokens") for the
   * grace interval and reuse detection.
   */
  async refresh(refreshToken: string | null, request: RefreshRequestDto): Promise<TokenPairResponseDto> {
    if (refreshToken === null) throw AuthErrors.refreshTokenInvalid();
    const verification = this.signer.verifyRefresh(refreshToken);
    if (verification.outcome === 'invalid') throw AuthErrors.refreshTokenInvalid();
    if (verification.outcome === 'expired') throw AuthErrors.refreshTokenExpired();
    const device: DeviceInfo = { deviceId: request.device_id, clientVersion: request.client_version };
    const rotate = request.rotate_refresh_token ?? true;
    const outcome = await this.db.transaction((manager) => this.refreshInTransaction(manager, verification.claims, refreshToken, device, rotate));
    // Reuse ends the session; that write is committed before the client is told.
    if (outcome.kind === 'reuse_detected') throw AuthErrors.refreshTokenInvalid();
    return outcome.response;
  }

  private async refreshInTransaction(manager: EntityManager, claims: TokenClaims, presented: string, device: DeviceInfo, rotate: boolean): Promise<RefreshOutcome> {
    const session = await this.sessionRows.findById(manager, claims.sid);
    if (!session || session.userId !== claims.sub) throw AuthErrors.sessionNotFound();
    // The session row is locked before any of its tokens is read, the order revocations take: racing
    // refreshes of one session, an invalidation, a user deletion or an account closure queue behind
    // each other, and each sees the tokens as the one before it left them.
    if (!(await this.sessionRows.lockActive(manager, session.id))) {
      throw (await this.sessionRows.exists(manager, session.id)) ? AuthErrors.refreshTokenInvalid() : AuthErrors.sessionNotFound();
    }
    const token = await this.sessionRows.findToken(manager, claims.jti);
    if (!token || token.kind !== 'refresh' || token.sessionId !== session.id || token.tokenHash !== TokenSigner.hash(presented)) {
      throw AuthErrors.refreshTokenInvalid();
    }
    if (token.status === 'revoked' || (await this.callers.findBySession(manager, session.id))?.accountStatus === 'closed') {
      throw AuthErrors.refreshTokenInvalid();
    }
    const now = new Date();
    // SESSION_MAX_AGE and SESSION_IDLE_TIMEOUT: an ended session is never revived by a refresh.
    if (sessionLapsed({ createdAt: session.createdAt.getTime(), lastUsedAt: session.lastUsedAt.getTime() }, now.getTime(), this.config)) {
      throw AuthErrors.refreshTokenExpired();
    }
    if (token.status === 'rotated') return this.replayRotated(manager, session, token, device, now);
    if (!rotate) return this.issue(manager, session, device, now, { token: presented, expiresAt: token.expiresAt });
    const successorId = newId('tok');
    await this.sessionRows.markTokenRotated(manager, token.id, successorId, now);
    const successor = await this.sessions.issueRefreshToken(manager, session, token.id, now, successorId);
    return this.issue(manager, session, device, now, successor);
  }

  /**
   * A rotated token presented again: within REFRESH_REUSE_INTERVAL of its
   * rotation, and while its successor is still current, the client gets that
   * successor (racing tabs). Otherwise it was stolen or replayed: the session ends.
   */
  private async replayRotated(manager: EntityManager, session: Session, token: AuthToken, device: DeviceInfo, now: Date): Promise<RefreshOutcome> {
    const successor = token.replacedById ? await this.sessionRows.findToken(manager, token.replacedById) : null;
    const withinGrace = token.rotatedAt !== null && now.getTime() - token.rotatedAt.getTime() <= this.config.refreshReuseIntervalSeconds * 1000;
    if (successor?.status === 'active' && withinGrace) {
      return this.issue(manager, session, device, now, this.sessions.reissue(successor, session.userId));
    }
    await this.sessionRows.revokeAll(manager, { sessionId: session.id }, 'refresh_token_reuse', now);
    const accountId = (await this.callers.findBySession(manager, session.id))?.accountId ?? null;
    const actor = { type: 'user' as const, id: session.userId, session_id: session.id, request_id: currentRequestContext().requestId };
    await this.audit.record(manager, {
      action: 'auth.refresh_reuse_detected',
      outcome: 'failure',
      reason: 'refresh_token_reuse',
      accountId,
      target: { type: 'session', id: session.id },
      actor,
    });
    return { kind: 'reuse_detected' };
  }

  /** Records the refresh (time, device, client version) on the session and issues the access token. */
  private async issue(manager: EntityManager, session: Session, device: DeviceInfo, now: Date, refresh: IssuedToken): Promise<RefreshOutcome> {
    if (!(await this.sessionRows.touchForRefresh(manager, session.id, device, now))) throw AuthErrors.tokenRotationFailed();
    const access = await this.sessions.issueAccessToken(manager, session, now);
    return { kind: 'issued', response: tokenPair(session.id, access, refresh) };
  }
}

function tokenPair(sessionId: string, access: IssuedToken, refresh: IssuedToken): TokenPairResponseDto {
  return {
    access_token: access.token,
    token_type: 'Bearer',
    expires_at: access.expiresAt.toISOString(),
    refresh_token: refresh.token,
    refresh_token_expires_at: refresh.expiresAt.toISOString(),
    session_id: sessionId,
  };
}
