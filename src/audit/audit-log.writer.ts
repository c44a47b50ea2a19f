import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { currentRequestContext, RequestContext } from '../common/access/request-context';
import { AuditLog, AuditOutcome, NewAuditEntry } from '../common/audit/audit-log';
import { newId } from '../common/ids/ids';
import { Database, sendWithCommit } from '../database/database';
import { chainHash } from './audit-chain-hash';
import { AuditRepository, PLATFORM_CHAIN } from './audit.repository';

const REASON_MAX_LENGTH = 255;

/** Appends entries to their chain: the head's row lock orders them, so each covers the one before. */
@Injectable()
export class AuditLogWriter extends AuditLog {
  constructor(
    private readonly db: Database,
    private readonly audit: AuditRepository,
  ) {
    super();
  }

  record(manager: EntityManager, entry: NewAuditEntry): Promise<void> {
    return this.append(manager, entry, entry.outcome ?? 'success', currentRequestContext());
  }

  recordFailure(entry: NewAuditEntry, context: RequestContext = currentRequestContext()): Promise<void> {
    return this.db.transaction((manager) => this.append(manager, entry, 'failure', context));
  }

  private async append(manager: EntityManager, entry: NewAuditEntry, outcome: AuditOutcome, context: RequestContext): Promise<void> {
    const chain = entry.accountId ?? PLATFORM_CHAIN;
    const actor = entry.actor ?? context.actor;
    const { sequence, previousHash } = await this.audit.advanceHead(manager, chain);
    // Made under the chain's lock, so a chain's ids follow its sequence.
    const id = newId('aud');
    const fields = {
      id,
      chain,
      sequence,
      action: entry.action,
      outcome,
      reason: entry.reason?.slice(0, REASON_MAX_LENGTH) ?? null,
      actorType: actor.type,
      actorId: actor.id,
      actorSessionId: actor.session_id,
      accountId: entry.accountId,
      targetType: entry.target?.type ?? null,
      targetId: entry.target?.id ?? null,
      ip: context.ip,
      userAgent: context.userAgent,
      requestId: context.requestId,
      createdAt: new Date(),
    };
    // Nothing waits for the entry: it travels with the commit.
    await sendWithCommit(manager, this.audit.append(manager, { ...fields, previousHash, hash: chainHash(previousHash, fields) }));
  }
}
