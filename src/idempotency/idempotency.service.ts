import { Injectable } from '@nestjs/common';
import { createHash, createHmac, KeyObject } from 'node:crypto';
import { EntityManager } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { Database, sendWithCommit } from '../database/database';
import { IdempotencyErrors } from './idempotency.errors';
import { IdempotencyKeysRepository } from './idempotency-keys.repository';
import { KeyClaim } from './request-claim';

const RETENTION_MS = 24 * 60 * 60 * 1000;

/** Who sent a request with a key, on which route, and with which body. */
export interface IdempotentRequest {
  scope: string;
  method: string;
  path: string;
  key: string;
  body: unknown;
}

export type IdempotencyStart = { outcome: 'proceed'; claim: KeyClaim } | { outcome: 'replay'; status: number; body: string };

/** Another request stored an answer under the key while this one ran; this one's work is rolled back. */
export class KeyAnsweredMeanwhile extends Error {
  constructor() {
    super('another request stored an answer under this Idempotency-Key first');
  }
}

/**
 * Keeps the first answer to each (caller, method, route, Idempotency-Key) for
 * 24 hours. A successful answer is stored by the same database transaction
 * that creates the resource, so a crash leaves either both or neither: a key
 * is never stuck. While one request is inside its transaction, another with
 * the key gets 409; of requests that run one after the other, the primary key
 * lets the first store its answer and the later ones replay it. Expired keys
 * are deleted by housekeeping (src/housekeeping), once per cluster.
 */
@Injectable()
export class IdempotencyService {
  private readonly bodyKey: KeyObject;

  constructor(
    private readonly db: Database,
    private readonly keys: IdempotencyKeysRepository,
    config: AppConfig,
  ) {
    // Bodies can hold a password (signup): a keyed hash, so the stored digest cannot be brute-forced offline.
    this.bodyKey = config.keys.idempotency;
  }

  /** What identifies the request's key and its body, computed here (no statement). */
  claimOf(request: IdempotentRequest): KeyClaim {
    const fingerprint = createHash('sha256')
      .update(JSON.stringify([request.scope, request.method, request.path, request.key]))
      .digest('hex');
    const requestHash = createHmac('sha256', this.bodyKey)
      .update(JSON.stringify(request.body ?? null))
      .digest('hex');
    return { fingerprint, requestHash };
  }

  /** The stored answer of the key, or a claim to run under it; 422 when the key was used with another body. */
  async begin(request: IdempotentRequest): Promise<IdempotencyStart> {
    const { fingerprint, requestHash } = this.claimOf(request);
    const now = new Date();
    const existing = await this.db.run((manager) => this.keys.find(manager, fingerprint));
    if (!existing) return { outcome: 'proceed', claim: { fingerprint, requestHash } };
    if (existing.expiresAt <= now) {
      await this.db.run((manager) => this.keys.deleteExpired(manager, now, fingerprint));
      return { outcome: 'proceed', claim: { fingerprint, requestHash } };
    }
    if (existing.requestHash !== requestHash) throw IdempotencyErrors.reused();
    if (existing.responseStatus === null || existing.responseBody === null) throw IdempotencyErrors.inProgress();
    return { outcome: 'replay', status: existing.responseStatus, body: existing.responseBody };
  }

  /**
   * At the start of the operation's transaction: `409 idempotency_request_in_progress`
   * while another request with the key is in its transaction; KeyAnsweredMeanwhile
   * when one committed an answer since `begin` (the work is then not done twice).
   */
  async enterWithin(manager: EntityManager, claim: KeyClaim): Promise<void> {
    const outcome = await this.keys.claim(manager, claim.fingerprint, new Date());
    if (outcome === 'in_flight') throw IdempotencyErrors.inProgress();
    if (outcome === 'answered') throw new KeyAnsweredMeanwhile();
  }

  /** Stores the answer inside the transaction that made it; KeyAnsweredMeanwhile when another request stored one first. */
  async storeWithin(manager: EntityManager, claim: KeyClaim, status: number, body: string): Promise<void> {
    if (!(await this.keys.insert(manager, this.row(claim, status, body)))) throw new KeyAnsweredMeanwhile();
  }

  /** Replaces the answer this request stored (its final one, written in the unit of work that made it final). */
  async restateWithin(manager: EntityManager, claim: KeyClaim, body: string): Promise<void> {
    // Nothing waits for it: it travels with the unit of work's commit.
    await sendWithCommit(manager, this.keys.replaceBody(manager, claim.fingerprint, body));
  }

  /** Stores an answer no transaction carried (an error answer); a first answer stored meanwhile is kept. */
  async store(claim: KeyClaim, status: number, body: string): Promise<void> {
    await this.db.run((manager) => this.keys.insert(manager, this.row(claim, status, body)));
  }

  private row(claim: KeyClaim, status: number, body: string) {
    const now = new Date();
    return {
      fingerprint: claim.fingerprint,
      requestHash: claim.requestHash,
      state: 'completed' as const,
      responseStatus: status,
      responseBody: body,
      createdAt: now,
      expiresAt: new Date(now.getTime() + RETENTION_MS),
    };
  }
}
