import { Injectable } from '@nestjs/common';
import { EntityManager, IsNull } from 'typeorm';
import { fetchPage, Page } from '../common/pagination/page';
import { PaginationQueryDto } from '../common/pagination/pagination-query.dto';
import { hasRowLocks } from '../database/dialect';
import { sql } from '../database/sql';
import { ApiKeySecret } from './entities/api-key-secret.entity';
import { ApiKey } from './entities/api-key.entity';

/** What the per-request key check needs, in one row. */
export interface KeyCallerRow {
  id: string;
  accountId: string | null;
  scopes: string[];
  expiresAt: number | null;
  revokedAt: number | null;
  lastUsedAt: number | null;
  secretExpiresAt: number | null;
  accountStatus: string | null;
  ownerUserId: string | null;
}

/**
 * The per-request key check: the secret's hash (the primary key), its key and
 * the key's account, in one statement. It reads the accounts table as the
 * access-token check does (sign-in's CallersRepository): one round trip on
 * every request matters more than the module boundary here.
 */
const KEY_CALLER_SQL = sql`
  SELECT k.id AS "id", k.account_id AS "accountId", k.scopes AS "scopes", k.expires_at AS "expiresAt",
         k.revoked_at AS "revokedAt", k.last_used_at AS "lastUsedAt", s.expires_at AS "secretExpiresAt",
         a.status AS "accountStatus", a.owner_user_id AS "ownerUserId"
  FROM api_key_secrets s
  JOIN api_keys k ON k.id = s.api_key_id
  LEFT JOIN accounts a ON a.id = k.account_id
  WHERE s.secret_hash = $1`;
/** At most once per resolution: a request that finds it fresh enough writes nothing. */
const TOUCH_LAST_USED = sql`UPDATE api_keys SET last_used_at = $2 WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < $3)`;
/** A roll retires the current secret: it keeps working until then (earlier, if it was already retiring). */
const RETIRE_SECRETS = sql`UPDATE api_key_secrets SET expires_at = $2 WHERE api_key_id = $1 AND (expires_at IS NULL OR expires_at > $2)`;

const nullableNumber = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

@Injectable()
export class ApiKeysRepository {
  async findCaller(manager: EntityManager, secretHash: string): Promise<KeyCallerRow | null> {
    const row = await KEY_CALLER_SQL.row<Record<string, unknown>>(manager, [secretHash]);
    if (row === null) return null;
    return {
      id: row.id as string,
      accountId: (row.accountId as string | null) ?? null,
      scopes: JSON.parse(row.scopes as string) as string[],
      expiresAt: nullableNumber(row.expiresAt),
      revokedAt: nullableNumber(row.revokedAt),
      lastUsedAt: nullableNumber(row.lastUsedAt),
      secretExpiresAt: nullableNumber(row.secretExpiresAt),
      accountStatus: (row.accountStatus as string | null) ?? null,
      ownerUserId: (row.ownerUserId as string | null) ?? null,
    };
  }

  async touchLastUsed(manager: EntityManager, keyId: string, now: number, staleBefore: number): Promise<void> {
    await TOUCH_LAST_USED.run(manager, [keyId, now, staleBefore]);
  }

  async insert(manager: EntityManager, key: ApiKey, secret: ApiKeySecret): Promise<void> {
    await manager.insert(ApiKey, key);
    await manager.insert(ApiKeySecret, secret);
  }

  /** The key, unless it is another account's (`accountId` null: any, for admins). */
  findVisible(manager: EntityManager, keyId: string, accountId: string | null): Promise<ApiKey | null> {
    return manager.findOneBy(ApiKey, accountId === null ? { id: keyId } : { id: keyId, accountId });
  }

  /** Locks the key's row for a roll or a revocation (they queue on each other). */
  async lockVisible(manager: EntityManager, keyId: string, accountId: string | null): Promise<ApiKey | null> {
    const where = accountId === null ? { id: keyId } : { id: keyId, accountId };
    const lock = hasRowLocks(manager) ? { mode: 'pessimistic_write' as const } : undefined;
    return manager.findOne(ApiKey, { where, lock });
  }

  async roll(manager: EntityManager, keyId: string, prefix: string, secret: ApiKeySecret, oldSecretsExpireAt: Date): Promise<void> {
    await RETIRE_SECRETS.run(manager, [keyId, oldSecretsExpireAt.getTime()]);
    await manager.insert(ApiKeySecret, secret);
    await manager.update(ApiKey, { id: keyId }, { prefix });
  }

  /** Revokes it unless it already is; whether this call did. */
  async revoke(manager: EntityManager, keyId: string, now: Date): Promise<boolean> {
    const result = await manager.update(ApiKey, { id: keyId, revokedAt: IsNull() }, { revokedAt: now });
    return (result.affected ?? 0) > 0;
  }

  page<Item>(manager: EntityManager, accountId: string | null, pagination: PaginationQueryDto, toItem: (key: ApiKey) => Item): Promise<Page<Item>> {
    const builder = manager.createQueryBuilder(ApiKey, 'key');
    if (accountId !== null) builder.andWhere('key.account_id = :accountId', { accountId });
    return fetchPage(builder, pagination, toItem);
  }
}
