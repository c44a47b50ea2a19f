import { Injectable } from '@nestjs/common';
import { AccessErrors } from '../common/access/access.errors';
import { AccountScope, listedAccountScope } from '../common/access/account-access';
import { AuthenticatedUser, isAdmin } from '../common/access/caller';
import { AccountMembership } from '../users/account-membership';
import { Page } from '../common/pagination/page';
import { Database } from '../database/database';
import { chainHash, GENESIS_HASH } from './audit-chain-hash';
import { AuditRepository } from './audit.repository';
import { AuditEntryResponseDto, toAuditEntryResponse } from './dto/audit-entry.response.dto';
import { ListAuditLogQueryDto } from './dto/list-audit-log.query.dto';

const VERIFY_BATCH = 1000;

/** The first entry of a chain that does not verify, and why. */
export interface AuditBreak {
  chain: string;
  entry_id: string | null;
  sequence: number;
  problem: string;
}

export interface AuditVerifyReport {
  ok: boolean;
  chains_checked: number;
  entries_checked: number;
  breaks: AuditBreak[];
}

@Injectable()
export class AuditService {
  constructor(
    private readonly db: Database,
    private readonly audit: AuditRepository,
    private readonly membership: AccountMembership,
  ) {}

  /** Admins: every entry or one account's; an account's owner: its account's; anyone else 403. */
  list(caller: AuthenticatedUser, query: ListAuditLogQueryDto): Promise<Page<AuditEntryResponseDto>> {
    return this.db.run(async (manager) => {
      const scope: AccountScope = listedAccountScope(caller, query.account_id, 'audit entries');
      if (!isAdmin(caller) && (caller.accountId === null || !(await this.membership.isOwner(manager, caller.userId, caller.accountId)))) {
        throw AccessErrors.insufficientPermissions("Only an account's owner (or an admin) reads its audit log.");
      }
      const filters = {
        action: query.action,
        outcome: query.outcome,
        actorId: query.actor_id,
        createdFrom: query.created_from === undefined ? undefined : new Date(query.created_from),
        createdTo: query.created_to === undefined ? undefined : new Date(query.created_to),
      };
      return this.audit.page(manager, scope, filters, query, toAuditEntryResponse);
    });
  }

  /**
   * Walks every chain in order: each entry must follow the one before (the
   * next sequence, its hash as previous_hash) and hash to its own `hash`, and
   * the last must be the chain's head. An edited, deleted or reordered row
   * breaks one of these at its place.
   */
  async verify(): Promise<AuditVerifyReport> {
    const chains = await this.db.run((manager) => this.audit.chains(manager));
    const report: AuditVerifyReport = { ok: true, chains_checked: chains.length, entries_checked: 0, breaks: [] };
    for (const head of chains) {
      const found = await this.verifyChain(head.chain, head.lastSequence, head.lastHash, report);
      if (found !== null) report.breaks.push(found);
    }
    report.ok = report.breaks.length === 0;
    return report;
  }

  private async verifyChain(chain: string, headSequence: number, headHash: string, report: AuditVerifyReport): Promise<AuditBreak | null> {
    let sequence = 0;
    let previousHash: string | null = null;
    for (;;) {
      const entries = await this.db.run((manager) => this.audit.chainAfter(manager, chain, sequence, VERIFY_BATCH));
      for (const entry of entries) {
        report.entries_checked += 1;
        // The oldest kept entry may follow entries removed by retention: its previous_hash is taken as given.
        if (previousHash !== null && entry.sequence !== sequence + 1)
          return { chain, entry_id: entry.id, sequence: entry.sequence, problem: `expected sequence ${sequence + 1}: an entry before it is missing or moved` };
        if (previousHash !== null && entry.previousHash !== previousHash)
          return { chain, entry_id: entry.id, sequence: entry.sequence, problem: 'previous_hash is not the hash of the entry before it' };
        if (previousHash === null && entry.sequence === 1 && entry.previousHash !== GENESIS_HASH)
          return { chain, entry_id: entry.id, sequence: 1, problem: 'the first entry does not start from the genesis hash' };
        const { hash, previousHash: stated, ...fields } = entry;
        if (chainHash(stated, fields) !== hash) return { chain, entry_id: entry.id, sequence: entry.sequence, problem: 'its hash does not match its content' };
        sequence = entry.sequence;
        previousHash = hash;
      }
      if (entries.length < VERIFY_BATCH) break;
    }
    if (sequence !== headSequence || (previousHash ?? GENESIS_HASH) !== headHash) {
      return {
        chain,
        entry_id: null,
        sequence: headSequence,
        problem: `the chain ends at sequence ${sequence}, its head says ${headSequence}: entries at its end are missing or changed`,
      };
    }
    return null;
  }
}
