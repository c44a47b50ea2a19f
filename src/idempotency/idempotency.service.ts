import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { createHash, createHmac, KeyObject } from 'node:crypto';
import { AppConfig } from '../config/app-config';
import { Database } from '../database/database';
import { IdempotencyKey } from './entities/idempotency-key.entity';
import { IdempotencyErrors } from './idempotency.errors';
import { IdempotencyKeysRepository } from './idempotency-keys.repository';

const RETENTION_MS = 24 * 60 * 60 * 1000;
const PURGE_INTERVAL_MS = 10 * 60 * 1000;

/** Who sent a request with a key, on which route, and with which body. */
export interface IdempotentRequest {
  scope: string;
  method: string;
  path: string;
  key: string;
  body: unknown;
}

export type IdempotencyStart = { outcome: 'proceed'; fingerprint: string } | { outcome: 'replay'; status: number; body: string };

/**
 * Keeps the first response to each (caller, method, path, Idempotency-Key) for
 * 24 hours. The insert of the key's row is the lock: of N concurrent first uses
 * exactly one proceeds, the others see the row.
 */
@Injectable()
export class IdempotencyService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(IdempotencyService.name);
  private readonly bodyKey: KeyObject;
  private purgeTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Database,
    private readonly keys: IdempotencyKeysRepository,
    config: AppConfig,
  ) {
    // Bodies can hold a password (signup): a keyed hash, so the stored digest cannot be brute-forced offline.
    this.bodyKey = config.jwtKey;
  }

  onModuleInit(): void {
    this.purgeTimer = setInterval(() => {
      this.purgeExpired().catch((error: unknown) => this.logger.error(`purging expired idempotency keys failed: ${String(error)}`));
    }, PURGE_INTERVAL_MS).unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.purgeTimer);
  }

  /** Claims the key for this request, or answers with the stored response; throws 409/422 as the contract says. */
  async begin(request: IdempotentRequest): Promise<IdempotencyStart> {
    const fingerprint = createHash('sha256').update(JSON.stringify([request.scope, request.method, request.path, request.key])).digest('hex');
    const requestHash = createHmac('sha256', this.bodyKey).update(JSON.stringify(request.body ?? null)).digest('hex');
    // Two rounds: the first may find an expired row, which is removed before the key is claimed again.
    for (let round = 0; round < 2; round += 1) {
      const now = new Date();
      if (await this.claim(fingerprint, requestHash, now)) return { outcome: 'proceed', fingerprint };
      const existing = await this.db.run((manager) => this.keys.find(manager, fingerprint));
      if (!existing) continue;
      if (existing.expiresAt <= now) {
        await this.db.run((manager) => this.keys.deleteExpired(manager, now, fingerprint));
        continue;
      }
      if (existing.requestHash !== requestHash) throw IdempotencyErrors.reused();
      if (existing.state === 'in_progress' || existing.responseStatus === null || existing.responseBody === null) throw IdempotencyErrors.inProgress();
      return { outcome: 'replay', status: existing.responseStatus, body: existing.responseBody };
    }
    throw IdempotencyErrors.inProgress();
  }

  /** Stores the response as sent, for replays. */
  async complete(fingerprint: string, status: number, body: string): Promise<void> {
    await this.db.run((manager) => this.keys.complete(manager, fingerprint, status, body));
  }

  /** Forgets the key: the request never ran to an answer worth keeping (5xx, invalid request). */
  async release(fingerprint: string): Promise<void> {
    await this.db.run((manager) => this.keys.release(manager, fingerprint));
  }

  async purgeExpired(now = new Date()): Promise<number> {
    return this.db.run((manager) => this.keys.deleteExpired(manager, now));
  }

  /** True when this request inserted the key's row (and so may run); false when a row exists. */
  private async claim(fingerprint: string, requestHash: string, now: Date): Promise<boolean> {
    const row: IdempotencyKey = {
      fingerprint,
      requestHash,
      state: 'in_progress',
      responseStatus: null,
      responseBody: null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + RETENTION_MS),
    };
    return this.db.run((manager) => this.keys.claim(manager, row));
  }
}
