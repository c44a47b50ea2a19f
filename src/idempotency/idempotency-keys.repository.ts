import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { isUniqueViolation } from '../database/constraint-errors';
import { IdempotencyKey } from './entities/idempotency-key.entity';

/** The idempotency_keys table: one row per (caller, method, route, key) fingerprint. */
@Injectable()
export class IdempotencyKeysRepository {
  /** Inserts the key's row; false when a row with this fingerprint exists (the primary key settles races). */
  async insert(manager: EntityManager, row: IdempotencyKey): Promise<boolean> {
    try {
      await manager.insert(IdempotencyKey, row);
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  find(manager: EntityManager, fingerprint: string): Promise<IdempotencyKey | null> {
    return manager.findOneBy(IdempotencyKey, { fingerprint });
  }

  /** Deletes expired keys (all of them, or the one fingerprint); returns how many. */
  async deleteExpired(manager: EntityManager, now: Date, fingerprint?: string): Promise<number> {
    const builder = manager.createQueryBuilder().delete().from(IdempotencyKey).where('expires_at <= :now', { now: now.getTime() });
    if (fingerprint !== undefined) builder.andWhere('fingerprint = :fingerprint', { fingerprint });
    const result = await builder.execute();
    return result.affected ?? 0;
  }
}
