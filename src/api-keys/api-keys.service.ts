import { Injectable, OnModuleInit } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { AccountsRepository } from '../accounts/accounts.repository';
import { ApiKeyCallers, ApiKeyVerifier } from '../auth/api-key-callers';
import { actingAccountId } from '../common/access/account-access';
import { AuthenticatedUser, isAdmin } from '../common/access/caller';
import { StepUp } from '../auth/mfa/step-up';
import { MailOutbox } from '../mail/mail-outbox';
import { PeopleMail } from '../users/people-mail';
import { UsersRepository } from '../users/users.repository';
import { isId, newId } from '../common/ids/ids';
import { Page } from '../common/pagination/page';
import { PaginationQueryDto } from '../common/pagination/pagination-query.dto';
import { AppConfig } from '../config/app-config';
import { Database } from '../database/database';
import { ApiKeyType, hashApiKeySecret, isWellFormedApiKeySecret, newApiKeySecret } from './api-key-secret';
import { ApiKeyErrors } from './api-keys.errors';
import { ApiKeysRepository, KeyCallerRow } from './api-keys.repository';
import { CreateApiKeyRequestDto, DEFAULT_ROLL_OVERLAP_SECONDS, RollApiKeyRequestDto } from './dto/api-key.request.dto';
import { ApiKeyResponseDto, ApiKeyWithSecretDto, toApiKeyResponse } from './dto/api-key.response.dto';
import { ApiKeySecret } from './entities/api-key-secret.entity';
import { ApiKey } from './entities/api-key.entity';
import { AuditAction, AuditLog } from '../common/audit/audit-log';

/** last_used_at is written at most this often per key. */
const LAST_USED_RESOLUTION_MS = 60_000;

/** Whose keys a caller manages: every key (admins), one account's (owners). */
type KeyScope = { accountId: string | null };

@Injectable()
export class ApiKeysService implements ApiKeyVerifier, OnModuleInit {
  private readonly hashKey: Buffer;

  constructor(
    private readonly db: Database,
    private readonly keys: ApiKeysRepository,
    private readonly accounts: AccountsRepository,
    private readonly callers: ApiKeyCallers,
    private readonly audit: AuditLog,
    private readonly stepUp: StepUp,
    private readonly users: UsersRepository,
    private readonly mail: MailOutbox,
    config: AppConfig,
  ) {
    this.hashKey = config.apiKeyHashKey;
  }

  onModuleInit(): void {
    this.callers.register(this);
  }

  /** The per-request check: one indexed lookup; revocation, expiry, rolls and closure count from the next request. */
  async callerOf(secret: string): Promise<AuthenticatedUser> {
    if (!isWellFormedApiKeySecret(secret)) throw ApiKeyErrors.unauthorized();
    const row = await this.db.run((manager) => this.keys.findCaller(manager, hashApiKeySecret(secret, this.hashKey)));
    const now = Date.now();
    if (row === null || !isUsable(row, now)) throw ApiKeyErrors.unauthorized();
    if (row.accountId !== null && (row.accountStatus !== 'open' || row.ownerUserId === null)) throw ApiKeyErrors.accountClosed();
    if (row.lastUsedAt === null || now - row.lastUsedAt > LAST_USED_RESOLUTION_MS) {
      await this.db.run((manager) => this.keys.touchLastUsed(manager, row.id, now, now - LAST_USED_RESOLUTION_MS));
    }
    return {
      kind: 'api_key',
      // An account's key acts with its owner's rights; a platform key is nobody else.
      userId: row.ownerUserId ?? row.id,
      sessionId: null,
      role: row.accountId === null && row.scopes.includes('admin') ? 'admin' : 'member',
      accountId: row.accountId,
      apiKeyId: row.id,
      emailVerified: true,
      scopes: row.scopes,
      mfaEnabled: false,
    };
  }

  async create(caller: AuthenticatedUser, request: CreateApiKeyRequestDto): Promise<ApiKeyWithSecretDto> {
    const now = new Date();
    const expiresAt = request.expires_at === undefined ? null : new Date(request.expires_at);
    if (expiresAt !== null && expiresAt.getTime() <= now.getTime()) throw ApiKeyErrors.invalid('expires_at', 'expires_at must be in the future.');
    const platform = isAdmin(caller) && request.account_id === undefined;
    if (!platform && request.scopes.includes('admin')) throw ApiKeyErrors.invalid('scopes', 'Only platform keys may hold the admin scope.');
    await this.stepUp.require(caller, request.mfa_code);
    return this.db.transaction(async (manager) => {
      const accountId = platform ? null : await this.creatableAccount(manager, caller, request.account_id);
      const type: ApiKeyType = accountId === null ? 'platform' : (await this.accounts.requireOpen(manager, accountId)).mode;
      const { secret, prefix } = newApiKeySecret(type);
      const key: ApiKey = {
        id: newId('key'),
        name: request.name,
        accountId,
        mode: type,
        scopes: [...new Set(request.scopes)],
        prefix,
        createdBy: caller.userId,
        createdAt: now,
        expiresAt,
        lastUsedAt: null,
        revokedAt: null,
      };
      await this.keys.insert(manager, key, this.secretRow(key.id, secret, now));
      await this.audited(manager, 'api_key.created', key);
      // The person who made it is told (contract section 22): a key made with a stolen session does not go unseen.
      const creator = await this.users.findById(manager, caller.userId);
      if (creator) await this.mail.queue(manager, PeopleMail.apiKeyCreated(creator.email, creator.name, key.name, key.prefix, accountId));
      return { ...toApiKeyResponse(key), secret };
    });
  }

  list(caller: AuthenticatedUser, pagination: PaginationQueryDto): Promise<Page<ApiKeyResponseDto>> {
    return this.db.run(async (manager) => {
      const scope = await this.managedKeys(manager, caller);
      return this.keys.page(manager, scope.accountId, pagination, toApiKeyResponse);
    });
  }

  get(caller: AuthenticatedUser, keyId: string): Promise<ApiKeyResponseDto> {
    return this.db.run(async (manager) => toApiKeyResponse(await this.visible(manager, caller, keyId, false)));
  }

  revoke(caller: AuthenticatedUser, keyId: string): Promise<ApiKeyResponseDto> {
    return this.db.transaction(async (manager) => {
      const key = await this.visible(manager, caller, keyId, true);
      if (key.revokedAt === null) {
        key.revokedAt = new Date();
        await this.keys.revoke(manager, key.id, key.revokedAt);
        await this.audited(manager, 'api_key.revoked', key);
      }
      return toApiKeyResponse(key);
    });
  }

  roll(caller: AuthenticatedUser, keyId: string, request: RollApiKeyRequestDto): Promise<ApiKeyWithSecretDto> {
    return this.db.transaction(async (manager) => {
      const key = await this.visible(manager, caller, keyId, true);
      const now = new Date();
      // A revoked or expired key stays so: a new secret for it would never work.
      if (key.revokedAt !== null) throw ApiKeyErrors.notActive('revoked');
      if (key.expiresAt !== null && key.expiresAt.getTime() <= now.getTime()) throw ApiKeyErrors.notActive('expired');
      const { secret, prefix } = newApiKeySecret(key.mode as ApiKeyType);
      const overlapEnds = new Date(now.getTime() + (request.expires_in ?? DEFAULT_ROLL_OVERLAP_SECONDS) * 1000);
      await this.keys.roll(manager, key.id, prefix, this.secretRow(key.id, secret, now), overlapEnds);
      await this.audited(manager, 'api_key.rolled', key);
      return { ...toApiKeyResponse({ ...key, prefix }), secret };
    });
  }

  private audited(manager: EntityManager, action: AuditAction, key: ApiKey): Promise<void> {
    return this.audit.record(manager, { action, accountId: key.accountId, target: { type: 'api_key', id: key.id } });
  }

  private secretRow(apiKeyId: string, secret: string, now: Date): ApiKeySecret {
    return { secretHash: hashApiKeySecret(secret, this.hashKey), apiKeyId, createdAt: now, expiresAt: null };
  }

  /** The account a new key belongs to: any (admins), the owner's own; members 403. */
  private async creatableAccount(manager: EntityManager, caller: AuthenticatedUser, requested: string | undefined): Promise<string> {
    if (!isAdmin(caller) && caller.accountId === null) throw ApiKeyErrors.insufficientPermissions("Only an account's owner (or an admin) creates API keys.");
    const accountId = actingAccountId(caller, requested);
    if (!isAdmin(caller) && !(await this.accounts.isOwner(manager, caller.userId, accountId))) {
      throw ApiKeyErrors.insufficientPermissions("Only the account's owner (or an admin) manages its API keys.");
    }
    return accountId;
  }

  private async managedKeys(manager: EntityManager, caller: AuthenticatedUser): Promise<KeyScope> {
    if (isAdmin(caller)) return { accountId: null };
    if (caller.accountId !== null && (await this.accounts.isOwner(manager, caller.userId, caller.accountId))) return { accountId: caller.accountId };
    throw ApiKeyErrors.insufficientPermissions("Only the account's owner (or an admin) manages its API keys.");
  }

  private async visible(manager: EntityManager, caller: AuthenticatedUser, keyId: string, lock: boolean): Promise<ApiKey> {
    const scope = await this.managedKeys(manager, caller);
    if (!isId('key', keyId)) throw ApiKeyErrors.notFound();
    const key = lock ? await this.keys.lockVisible(manager, keyId, scope.accountId) : await this.keys.findVisible(manager, keyId, scope.accountId);
    if (key === null) throw ApiKeyErrors.notFound();
    return key;
  }
}

function isUsable(row: KeyCallerRow, now: number): boolean {
  if (row.revokedAt !== null) return false;
  if (row.expiresAt !== null && row.expiresAt <= now) return false;
  return row.secretExpiresAt === null || row.secretExpiresAt > now;
}
