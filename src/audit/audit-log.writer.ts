import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { currentRequestContext, RequestContext } from '../common/access/request-context';
import { AuditLog, AuditOutcome, NewAuditEntry } from '../common/audit/audit-log';
import { newId } from '../common/ids/ids';
import { Database, sendWithCommit, unitScoped } from '../database/database';
import { chainHash } from './audit-chain-hash';
import { AUDIT_CHAIN_TARGET, AuditRepository, PLATFORM_CHAIN } from './audit.repository';

const REASON_MAX_LENGTH = 255;

/** Where a chain whose head this unit of work holds stands: its last sequence and hash. */
interface ChainHead {
  sequence: number;
  hash: string;
}

const HEADS = Symbol('audit chain heads of the unit of work');

/** The chain heads the unit of work holds, or null outside one. */
function headsOf(manager: EntityManager): Map<string, ChainHead> | null {
  return unitScoped(manager, HEADS, () => new Map<string, ChainHead>());
}

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

  async lockChain(manager: EntityManager, accountId: string | null): Promise<void> {
    const heads = headsOf(manager);
    const chain = accountId ?? PLATFORM_CHAIN;
    if (heads === null || heads.has(chain)) return;
    const head = await this.audit.lockHead(manager, chain);
    heads.set(chain, { sequence: head.lastSequence, hash: head.lastHash });
  }

  recordFailure(entry: NewAuditEntry, context: RequestContext = currentRequestContext()): Promise<void> {
    return this.db.transaction((manager) => this.append(manager, entry, 'failure', context));
  }

  private async append(manager: EntityManager, entry: NewAuditEntry, outcome: AuditOutcome, context: RequestContext): Promise<void> {
    const chain = entry.accountId ?? PLATFORM_CHAIN;
    const actor = entry.actor ?? context.actor;
    const held = headsOf(manager)?.get(chain);
    const { sequence, previousHash } = held === undefined ? await this.audit.advanceHead(manager, chain) : { sequence: held.sequence + 1, previousHash: held.hash };
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
    const hash = chainHash(previousHash, fields);
    // Nothing waits for the entry: it travels with the commit.
    if (held === undefined) await sendWithCommit(manager, this.audit.append(manager, { ...fields, previousHash, hash }));
    else {
      held.sequence = sequence;
      held.hash = hash;
      await sendWithCommit(manager, this.audit.appendAtHead(manager, { ...fields, previousHash, hash }));
    }
    // A new chain is named in the platform chain, in the same commit: a chain deleted whole, head and all, is then missed.
    // Lock order: the account's chain, then the platform's (docs: src/database/lock-order.md).
    if (sequence === 1 && chain !== PLATFORM_CHAIN) {
      await this.append(manager, { action: 'audit.chain_started', accountId: null, target: { type: AUDIT_CHAIN_TARGET, id: chain }, actor }, 'success', context);
    }
  }
}
