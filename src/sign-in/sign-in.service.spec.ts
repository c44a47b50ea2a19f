import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AccountsRepository } from '../accounts/accounts.repository';
import { AuthToken } from '../auth/entities/auth-token.entity';
import { Session } from '../auth/entities/session.entity';
import { PasswordHasher } from '../auth/password-hasher';
import { SessionsRepository } from '../auth/sessions.repository';
import { IssuedToken, SessionsService } from '../auth/sessions.service';
import { TokenSigner } from '../auth/token-signer';
import { MfaCodes } from '../auth/mfa/mfa-codes';
import { MfaRepository } from '../auth/mfa/mfa.repository';
import { CallLog, FakeDatabase, silentAuditLog } from '../common/testing/fakes';
import { AppConfig } from '../config/app-config';
import { LoginThrottle } from '../rate-limit/login-throttle';
import { UsersRepository } from '../users/users.repository';
import { CallersRepository } from './callers.repository';
import { SignInService } from './sign-in.service';

const config = new AppConfig({ JWT_SECRET: 'x'.repeat(40), REFRESH_REUSE_INTERVAL: '10s' });
const signer = new TokenSigner(config);
const USER = 'usr_1';
const SESSION = 'ses_1';
const nowSeconds = Math.floor(Date.now() / 1000);
const expiresAt = new Date((nowSeconds + 3600) * 1000);
const presented = signer.sign({ sub: USER, sid: SESSION, typ: 'refresh', jti: 'tok_1', iat: nowSeconds, exp: nowSeconds + 3600 });
const session: Session = {
  id: SESSION,
  userId: USER,
  status: 'active',
  deviceId: null,
  clientVersion: null,
  reason: null,
  createdAt: new Date(),
  lastUsedAt: new Date(),
  invalidatedAt: null,
};

function refreshRow(fields: Partial<AuthToken> = {}): AuthToken {
  return {
    id: 'tok_1',
    sessionId: SESSION,
    kind: 'refresh',
    status: 'active',
    tokenHash: TokenSigner.hash(presented),
    parentId: null,
    replacedById: null,
    issuedAt: new Date(nowSeconds * 1000),
    expiresAt,
    rotatedAt: null,
    revokedAt: null,
    ...fields,
  };
}

const secondsAgo = (seconds: number) => new Date(Date.now() - seconds * 1000);
/** The presented token, rotated `seconds` ago into tok_2. */
const rotatedInto = (seconds: number) => refreshRow({ status: 'rotated', replacedById: 'tok_2', rotatedAt: secondsAgo(seconds) });
const successor = (status: AuthToken['status']) => refreshRow({ id: 'tok_2', parentId: 'tok_1', tokenHash: 'other', status });
const passwordUser = {
  id: USER,
  email: 'ann@example.com',
  name: 'Ann',
  role: 'member',
  accountId: 'acc_1',
  passwordHash: 'hash:right',
  mfaEnabledAt: null,
  createdAt: new Date(),
  updatedAt: new Date(),
};

interface Setup {
  tokens?: AuthToken[];
  session?: Session | null;
  lockActive?: boolean;
  sessionExists?: boolean;
  accountStatus?: 'open' | 'closed';
  user?: typeof passwordUser | null;
  lockWithPasswordHash?: boolean;
  lockOpen?: boolean;
}

function setup(options: Setup = {}) {
  const log = new CallLog();
  const db = new FakeDatabase();
  const tokens = new Map((options.tokens ?? [refreshRow()]).map((row) => [row.id, row]));
  const issued = (token: string): IssuedToken => ({ token, expiresAt });
  const sessionRows = log.fake('sessionRows', {
    findById: async () => (options.session === undefined ? session : options.session),
    lockActive: async () => options.lockActive ?? true,
    exists: async () => options.sessionExists ?? true,
    findToken: async (_m: unknown, id: string) => tokens.get(id) ?? null,
    markTokenRotated: async () => undefined,
    touchForRefresh: async () => true,
    revokeAll: async () => ({ sessions: 1, tokens: 2 }),
  });
  const sessions = log.fake('sessions', {
    createSession: async () => session,
    issueAccessToken: async () => issued('access-token'),
    issueRefreshToken: async () => issued('new-refresh-token'),
    reissue: (row: AuthToken) => issued(`reissued:${row.id}`),
  });
  const callers = log.fake('callers', {
    findBySession: async () => ({ accountStatus: options.accountStatus ?? 'open' }),
  });
  const users = log.fake('users', {
    findWithPasswordHashByEmail: async () => (options.user === undefined ? passwordUser : options.user),
    lockWithPasswordHash: async () => options.lockWithPasswordHash ?? true,
  });
  const accounts = log.fake('accounts', {
    lockOpen: async () => options.lockOpen ?? true,
  });
  const hasher = log.fake('hasher', { verify: async (hash: string | null, password: string) => hash === `hash:${password}` });
  const throttle = log.fake('throttle', { admitLogin: async () => undefined, passwordAccepted: async () => undefined });
  const service = new SignInService(
    db.asDatabase(),
    users as unknown as UsersRepository,
    accounts as unknown as AccountsRepository,
    sessionRows as unknown as SessionsRepository,
    sessions as unknown as SessionsService,
    callers as unknown as CallersRepository,
    signer,
    hasher as unknown as PasswordHasher,
    throttle as unknown as LoginThrottle,
    config,
    silentAuditLog(),
    log.fake('mfa', {}) as unknown as MfaRepository,
    log.fake('mfaCodes', {}) as unknown as MfaCodes,
  );
  return { service, log, db };
}

const WRITES = ['sessionRows.markTokenRotated', 'sessionRows.touchForRefresh', 'sessionRows.revokeAll', 'sessions.issueRefreshToken', 'sessions.issueAccessToken'];
const writesIn = (log: CallLog) => log.names().filter((name) => WRITES.includes(name));

describe('SignInService.refresh', () => {
  it('rotates a valid refresh token: marks it rotated, issues its successor with it as parent, touches the session', async () => {
    const { service, log } = setup();
    const device = { device_id: 'phone', client_version: '2.1' };
    const pair = await service.refresh(presented, device);
    const [[rotatedId, successorId, rotatedAt]] = log.argsOf('sessionRows.markTokenRotated');
    assert.equal(rotatedId, 'tok_1');
    assert.match(String(successorId), /^tok_/);
    assert.deepEqual(log.argsOf('sessions.issueRefreshToken'), [[session, 'tok_1', rotatedAt, successorId]]);
    assert.deepEqual(log.argsOf('sessionRows.touchForRefresh'), [[SESSION, { deviceId: 'phone', clientVersion: '2.1' }, rotatedAt]]);
    assert.equal(pair.refresh_token, 'new-refresh-token');
    assert.equal(pair.access_token, 'access-token');
    assert.equal(pair.session_id, SESSION);
  });

  it('locks the session before it reads the presented token (lock order: a session before its tokens)', async () => {
    const { service, log } = setup();
    await service.refresh(presented, {});
    const names = log.names();
    assert.ok(names.indexOf('sessionRows.lockActive') < names.indexOf('sessionRows.findToken'), names.join(', '));
  });

  it('keeps the presented token, with its expiry, when rotate_refresh_token is false', async () => {
    const { service, log } = setup();
    const pair = await service.refresh(presented, { rotate_refresh_token: false });
    assert.equal(pair.refresh_token, presented);
    assert.equal(pair.refresh_token_expires_at, expiresAt.toISOString());
    assert.deepEqual(writesIn(log), ['sessionRows.touchForRefresh', 'sessions.issueAccessToken']);
  });

  it('hands back the active successor, via reissue, when a rotated token is replayed within the reuse interval', async () => {
    const { service, log } = setup({ tokens: [rotatedInto(5), successor('active')] });
    const pair = await service.refresh(presented, {});
    assert.equal(pair.refresh_token, 'reissued:tok_2');
    assert.deepEqual(log.argsOf('sessions.reissue'), [[successor('active'), USER]]);
    assert.deepEqual(writesIn(log), ['sessionRows.touchForRefresh', 'sessions.issueAccessToken']);
  });

  const reuses: [string, AuthToken[]][] = [
    ['after the reuse interval', [rotatedInto(11), successor('active')]],
    ['within the interval once the successor was rotated itself', [rotatedInto(5), successor('rotated')]],
    ['within the interval once the successor was revoked', [rotatedInto(5), successor('revoked')]],
  ];
  for (const [when, tokens] of reuses) {
    it(`ends the session, and commits that, when a rotated token is replayed ${when}`, async () => {
      const { service, log, db } = setup({ tokens });
      await assert.rejects(service.refresh(presented, {}), { code: 'refresh_token_invalid' });
      const [[scope, reason]] = log.argsOf('sessionRows.revokeAll');
      assert.deepEqual([scope, reason], [{ sessionId: SESSION }, 'refresh_token_reuse']);
      assert.deepEqual(writesIn(log), ['sessionRows.revokeAll']);
      assert.deepEqual(db.units, [{ kind: 'transaction', outcome: 'resolved' }], 'the revocation must not be rolled back');
    });
  }

  it('refuses a revoked token without writing anything', async () => {
    const { service, log } = setup({ tokens: [refreshRow({ status: 'revoked' })] });
    await assert.rejects(service.refresh(presented, {}), { code: 'refresh_token_invalid' });
    assert.deepEqual(writesIn(log), []);
  });

  it('refuses a token whose row does not match it: another hash, kind or session', async () => {
    for (const row of [refreshRow({ tokenHash: TokenSigner.hash('another token') }), refreshRow({ kind: 'access' }), refreshRow({ sessionId: 'ses_2' })]) {
      const { service, log } = setup({ tokens: [row] });
      await assert.rejects(service.refresh(presented, {}), { code: 'refresh_token_invalid' });
      assert.deepEqual(writesIn(log), []);
    }
  });

  it('refuses a valid token of a closed account', async () => {
    const { service } = setup({ accountStatus: 'closed' });
    await assert.rejects(service.refresh(presented, {}), { code: 'refresh_token_invalid' });
  });

  it('answers session_not_found for a missing session or the session of another user', async () => {
    for (const found of [null, { ...session, userId: 'usr_2' }]) {
      const { service, log } = setup({ session: found });
      await assert.rejects(service.refresh(presented, {}), { code: 'session_not_found' });
      assert.ok(!log.names().includes('sessionRows.lockActive'));
    }
  });

  it('tells an ended session (refresh_token_invalid) from one deleted meanwhile (session_not_found) when the lock fails', async () => {
    await assert.rejects(setup({ lockActive: false, sessionExists: true }).service.refresh(presented, {}), { code: 'refresh_token_invalid' });
    await assert.rejects(setup({ lockActive: false, sessionExists: false }).service.refresh(presented, {}), { code: 'session_not_found' });
  });

  it('reports an expired signature as refresh_token_expired, and a missing or forged token as invalid, before any database work', async () => {
    const expired = signer.sign({ sub: USER, sid: SESSION, typ: 'refresh', jti: 'tok_1', iat: nowSeconds - 60, exp: nowSeconds - 1 });
    const { service, db } = setup();
    await assert.rejects(service.refresh(expired, {}), { code: 'refresh_token_expired' });
    await assert.rejects(service.refresh(null, {}), { code: 'refresh_token_invalid' });
    await assert.rejects(service.refresh(`${presented}x`, {}), { code: 'refresh_token_invalid' });
    assert.deepEqual(db.units, []);
  });
});

describe('SignInService.login', () => {
  const request = { email: ' Ann@Example.com ', password: 'right' };

  it('locks the user, then the account, then creates the session and its two tokens', async () => {
    const { service, log } = setup();
    const response = await service.login(request, '203.0.113.9');
    assert.deepEqual(log.argsOf('users.findWithPasswordHashByEmail'), [['ann@example.com']]);
    assert.deepEqual(log.argsOf('users.lockWithPasswordHash'), [[USER, 'hash:right']]);
    const order = ['users.lockWithPasswordHash', 'accounts.lockOpen', 'sessions.createSession', 'sessions.issueAccessToken', 'sessions.issueRefreshToken'];
    assert.deepEqual(
      log.names().filter((name) => order.includes(name)),
      order,
    );
    assert.equal(response.user.id, USER);
    assert.equal(response.refresh_token, 'new-refresh-token');
  });

  it('gives an unknown email and a wrong password the same invalid_credentials, after the same password check', async () => {
    const unknown = setup({ user: null });
    await assert.rejects(unknown.service.login(request, 'ip'), { code: 'invalid_credentials' });
    const wrong = setup();
    await assert.rejects(wrong.service.login({ ...request, password: 'wrong' }, 'ip'), { code: 'invalid_credentials' });
    assert.deepEqual(unknown.log.argsOf('hasher.verify'), [[null, 'right']], 'an unknown email still costs a password check');
    for (const { log, db } of [unknown, wrong]) {
      assert.ok(!log.names().includes('throttle.passwordAccepted'));
      assert.ok(!db.units.some((unit) => unit.kind === 'transaction'));
    }
  });

  it('refuses with invalid_credentials when the password changed between the check and the lock', async () => {
    const { service, log } = setup({ lockWithPasswordHash: false });
    await assert.rejects(service.login(request, 'ip'), { code: 'invalid_credentials' });
    assert.ok(!log.names().includes('sessions.createSession'));
  });

  it('refuses with account_closed when the account is not open, and creates no session', async () => {
    const { service, log } = setup({ lockOpen: false });
    await assert.rejects(service.login(request, 'ip'), { code: 'account_closed' });
    assert.ok(!log.names().includes('sessions.createSession'));
  });
});
