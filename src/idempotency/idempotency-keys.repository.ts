import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { hasRowLocks } from '../database/dialect';
import { sql } from '../database/sql';
import { IdempotencyKey } from './entities/idempotency-key.entity';

const FIND_KEY = sql`SELECT fingerprint, request_hash, state, response_status, response_body, created_at, expires_at
  FROM idempotency_keys WHERE fingerprint = $1`;
/** A request's final answer, in place of the one its first unit of work stored. */
const REPLACE_BODY = sql`UPDATE idempotency_keys SET response_body = $2 WHERE fingerprint = $1`;
/** A key's first answer; an expired row under its fingerprint (not yet purged) gives way to it. */
const INSERT_KEY = sql`INSERT INTO idempotency_keys (fingerprint, request_hash, state, response_status, response_body, created_at, expires_at)
  VALUES ($1, $2, $3, $4, $5, $6, $7)
  ON CONFLICT (fingerprint) DO UPDATE SET request_hash = excluded.request_hash, state = excluded.state, response_status = excluded.response_status,
    response_body = excluded.response_body, created_at = excluded.created_at, expires_at = excluded.expires_at
  WHERE idempotency_keys.expires_at <= excluded.created_at`;

/** Housekeeping: a batch of expired keys (idx_idempotency_keys_expires_at). */
const PURGE_EXPIRED = sql`DELETE FROM idempotency_keys WHERE fingerprint IN (SELECT fingerprint FROM idempotency_keys WHERE expires_at <= $1 LIMIT $2)`;

/** The in-flight lock and whether an answer that has not expired is stored, in one round trip. */
const CLAIM = sql`SELECT pg_try_advisory_xact_lock($1::bigint) AS locked,
  EXISTS (SELECT 1 FROM idempotency_keys WHERE fingerprint = $2 AND expires_at > $3) AS answered`;
const IS_ANSWERED = sql`SELECT 1 AS answered FROM idempotency_keys WHERE fingerprint = $1 AND expires_at > $2`;

/** What a request found when it entered its transaction under a key. */
export type KeyClaimOutcome = 'claimed' | 'in_flight' | 'answered';

interface KeyRow {
  fingerprint: string;
  request_hash: string;
  state: IdempotencyKey['state'];
  response_status: number | null;
  response_body: string | null;
  created_at: number | string;
  expires_at: number | string;
}

/** The idempotency_keys table: one row per (caller, method, route, key) fingerprint. */
@Injectable()
export class IdempotencyKeysRepository {
  /**
   * Marks the key as in flight until the transaction ends, unless another transaction holds it, and
   * says whether an answer is stored under it already. On PostgreSQL a transaction-level advisory
   * lock, so a crash releases it with the connection; on SQLite the transaction already holds the
   * database's one write lock, so no other can be in flight. An answer committed between this
   * statement's snapshot and its lock is found by the primary key when this request stores its own.
   */
  async claim(manager: EntityManager, fingerprint: string, now: Date): Promise<KeyClaimOutcome> {
    if (!hasRowLocks(manager)) return (await IS_ANSWERED.row(manager, [fingerprint, now.getTime()])) === null ? 'claimed' : 'answered';
    // 60 bits of the SHA-256 fingerprint: a collision only ever answers a retry 409.
    const key = BigInt(`0x${fingerprint.slice(0, 15)}`).toString();
    const row = await CLAIM.row<{ locked: boolean; answered: boolean }>(manager, [key, fingerprint, now.getTime()]);
    if (row?.locked !== true) return 'in_flight';
    return row.answered ? 'answered' : 'claimed';
  }

  /** Inserts the key's row; false when a row with this fingerprint that has not expired exists (the primary key settles races). */
  async insert(manager: EntityManager, row: IdempotencyKey): Promise<boolean> {
    const params = [row.fingerprint, row.requestHash, row.state, row.responseStatus, row.responseBody, row.createdAt.getTime(), row.expiresAt.getTime()];
    return (await INSERT_KEY.run(manager, params)) === 1;
  }

  async replaceBody(manager: EntityManager, fingerprint: string, body: string): Promise<void> {
    await REPLACE_BODY.run(manager, [fingerprint, body]);
  }

  async find(manager: EntityManager, fingerprint: string): Promise<IdempotencyKey | null> {
    const row = await FIND_KEY.row<KeyRow>(manager, [fingerprint]);
    return (
      row && {
        fingerprint: row.fingerprint,
        requestHash: row.request_hash,
        state: row.state,
        responseStatus: row.response_status === null ? null : Number(row.response_status),
        responseBody: row.response_body,
        createdAt: new Date(Number(row.created_at)),
        expiresAt: new Date(Number(row.expires_at)),
      }
    );
  }

  /** Deletes expired keys (all of them, or the one fingerprint); returns how many. */
  async deleteExpired(manager: EntityManager, now: Date, fingerprint?: string): Promise<number> {
    const builder = manager.createQueryBuilder().delete().from(IdempotencyKey).where('expires_at <= :now', { now: now.getTime() });
    if (fingerprint !== undefined) builder.andWhere('fingerprint = :fingerprint', { fingerprint });
    const result = await builder.execute();
    return result.affected ?? 0;
  }

  /** Deletes up to `limit` keys expired at `now` (a key is kept 24 hours); how many. */
  purgeExpired(manager: EntityManager, now: Date, limit: number): Promise<number> {
    return PURGE_EXPIRED.run(manager, [now.getTime(), limit]);
  }
}
