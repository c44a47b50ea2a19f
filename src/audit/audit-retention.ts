import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { SYSTEM_CONTEXT } from '../common/access/request-context';
import { AuditLog } from '../common/audit/audit-log';
import { Database } from '../database/database';
import { AUDIT_CHAIN_TARGET, AuditRepository, RETENTION_APPLIED } from './audit.repository';

/** Where a chain starts: the sequence of its oldest entry and the hash that entry follows. */
export interface ChainStart {
  sequence: number;
  previousHash: string;
}

const CONTINUES = /^continues at sequence (\d+) after ([0-9a-f]{64})$/;

/** The reason of an `audit.retention_applied` record: written and read only here. */
export function continuationReason(start: ChainStart): string {
  return `continues at sequence ${start.sequence} after ${start.previousHash}`;
}

/** The start a retention record states; null when its reason is not one (an entry written by someone else). */
export function parseContinuation(reason: string | null): ChainStart | null {
  const match = CONTINUES.exec(reason ?? '');
  return match === null ? null : { sequence: Number(match[1]), previousHash: match[2] };
}

/**
 * Audit retention (AUDIT_RETENTION): removes the oldest entries, and in the same transaction records in the platform
 * chain where each chain they belonged to now continues. A chain's records of where it starts (its
 * `audit.chain_started`, an earlier `audit.retention_applied`) are renewed when retention removes them, so the platform
 * chain always names every chain and where it must start: entries removed otherwise are found by audit-verify.
 */
@Injectable()
export class AuditRetention {
  constructor(
    private readonly db: Database,
    private readonly audit: AuditRepository,
    private readonly log: AuditLog,
  ) {}

  /** One batch of up to `limit` entries written before `instant`; how many were removed. */
  async purgeBatch(instant: Date, limit: number): Promise<number> {
    // Most passes find nothing old enough: they open no write transaction.
    if (!(await this.db.run((manager) => this.audit.hasEntriesBefore(manager, instant)))) return 0;
    return this.db.transaction(async (manager) => {
      const purged = await this.audit.purgeCreatedBefore(manager, instant, limit);
      const chains = new Set(purged.flatMap((entry) => (entry.namedChain === null ? [entry.chain] : [entry.chain, entry.namedChain])));
      for (const chain of [...chains].sort()) await this.recordContinuation(manager, chain);
      return purged.length;
    });
  }

  private async recordContinuation(manager: EntityManager, chain: string): Promise<void> {
    const start = await this.audit.continuationOf(manager, chain);
    if (start === null) return;
    await this.log.record(manager, {
      action: RETENTION_APPLIED,
      accountId: null,
      target: { type: AUDIT_CHAIN_TARGET, id: chain },
      reason: continuationReason(start),
      actor: SYSTEM_CONTEXT.actor,
    });
  }
}
