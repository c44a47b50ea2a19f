import { Injectable } from '@nestjs/common';
import { AccessErrors } from '../common/access/access.errors';
import { AccountScope, listedAccountScope } from '../common/access/account-access';
import { AuthenticatedUser, isAdmin } from '../common/access/caller';
import { AccountMembership } from '../users/account-membership';
import { Page } from '../common/pagination/page';
import { Database } from '../database/database';
import { chainHash, GENESIS_HASH } from './audit-chain-hash';
import { AuditRepository, CHAIN_STARTED, ChainRecord, PLATFORM_CHAIN } from './audit.repository';
import { ChainStart, parseContinuation } from './audit-retention';
import { AuditChain } from './entities/audit-chain.entity';
import { readCheckpointFiles } from './checkpoints/checkpoint-files';
import { KeyObject } from 'node:crypto';
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
  /** With --checkpoints: the signed checkpoints read, and the newest one the chains were held against. */
  checkpoints: { verified: number; newest: string | null } | null;
  breaks: AuditBreak[];
}

/** Where audit-verify finds the signed checkpoints, and the key that verifies them. */
export interface CheckpointSource {
  dir: string;
  publicKey: KeyObject;
}

/** The chain name of a break that is about the checkpoint files rather than one chain. */
export const CHECKPOINTS = 'checkpoints';

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
   * Walks every chain in order. The platform chain's records say which chains exist and where each starts (sequence 1
   * from the genesis hash, or where retention left it); each chain must start exactly there, every entry must follow the
   * one before (the next sequence, its hash as previous_hash) and hash to its own `hash`, and the last must be the chain's
   * head. An edited, inserted, deleted or reordered entry breaks one of these at its place, the oldest and newest
   * included, and a chain deleted whole is named by the record of its start.
   */
  async verify(checkpoints?: CheckpointSource): Promise<AuditVerifyReport> {
    const [heads, records] = await this.db.run((manager) => Promise.all([this.audit.chains(manager), this.audit.chainRecords(manager)]));
    const report: AuditVerifyReport = { ok: true, chains_checked: heads.length, entries_checked: 0, checkpoints: null, breaks: [] };
    const starts = chainStarts(records, report.breaks);
    for (const head of heads) {
      const start = starts.get(head.chain)?.start ?? (head.chain === PLATFORM_CHAIN ? GENESIS_START : null);
      const found = start === null ? unrecordedChain(head) : await this.verifyChain(head.chain, start, head.lastSequence, head.lastHash, report);
      if (found !== null) report.breaks.push(found);
    }
    const present = new Set(heads.map((head) => head.chain));
    for (const [chain, { recordId }] of starts) {
      if (!present.has(chain))
        report.breaks.push({ chain, entry_id: null, sequence: 0, problem: `the platform chain records it (entry ${recordId}) but it is gone: its head and entries were deleted` });
    }
    if (checkpoints !== undefined) await this.holdAgainstCheckpoints(checkpoints, heads, starts, report);
    report.ok = report.breaks.length === 0;
    return report;
  }

  /**
   * Each chain against the newest signed checkpoint (contract section 21): a chain behind it (head moved back,
   * entries deleted at its end), beside it (the signed entry replaced: a rewritten history) or missing fails. A
   * signed entry that retention removed since is no failure: the chain's recorded start is past it.
   */
  private async holdAgainstCheckpoints(source: CheckpointSource, heads: AuditChain[], starts: Map<string, { start: ChainStart }>, report: AuditVerifyReport): Promise<void> {
    const files = await readCheckpointFiles(source.dir, source.publicKey);
    for (const refused of files.refused) report.breaks.push({ chain: CHECKPOINTS, entry_id: null, sequence: 0, problem: `${refused.file}: ${refused.problem}` });
    const newest = files.verified.at(-1);
    report.checkpoints = { verified: files.verified.length, newest: newest?.file ?? null };
    if (newest === undefined) {
      report.breaks.push({ chain: CHECKPOINTS, entry_id: null, sequence: 0, problem: `no checkpoint signed by this key in ${source.dir}` });
      return;
    }
    const headOf = new Map(heads.map((head) => [head.chain, head]));
    for (const signed of newest.heads) {
      const head = headOf.get(signed.chain);
      const at = `the checkpoint of ${newest.created_at} (${newest.file}) signed sequence ${signed.sequence}`;
      const broken = (problem: string) => report.breaks.push({ chain: signed.chain, entry_id: null, sequence: signed.sequence, problem });
      if (head === undefined) broken(`missing: ${at}, and the chain is gone`);
      else if (head.lastSequence < signed.sequence) broken(`behind its checkpoint: its head is at sequence ${head.lastSequence}, ${at}`);
      else if (signed.sequence > 0) {
        const hash = await this.db.run((manager) => this.audit.hashAt(manager, signed.chain, signed.sequence));
        const removedByRetention = hash === null && (starts.get(signed.chain)?.start.sequence ?? 1) > signed.sequence;
        if (hash !== signed.hash && !removedByRetention) broken(`beside its checkpoint: ${at}, and that entry is ${hash === null ? 'gone' : 'another one'}`);
      }
    }
  }

  private async verifyChain(chain: string, start: ChainStart, headSequence: number, headHash: string, report: AuditVerifyReport): Promise<AuditBreak | null> {
    let sequence = start.sequence - 1;
    let previousHash = start.previousHash;
    let afterSequence = 0;
    for (;;) {
      const entries = await this.db.run((manager) => this.audit.chainAfter(manager, chain, afterSequence, VERIFY_BATCH));
      for (const entry of entries) {
        report.entries_checked += 1;
        const broken = (problem: string): AuditBreak => ({ chain, entry_id: entry.id, sequence: entry.sequence, problem });
        if (entry.sequence < start.sequence) return broken(`the chain starts at sequence ${start.sequence}: an entry before its start was added`);
        if (entry.sequence !== sequence + 1) {
          return broken(
            sequence < start.sequence
              ? `the chain starts at sequence ${start.sequence}: its oldest entries are missing`
              : `expected sequence ${sequence + 1}: an entry before it is missing or moved`,
          );
        }
        if (entry.previousHash !== previousHash) {
          return broken(entry.sequence === start.sequence ? 'it does not follow the hash its chain starts from' : 'previous_hash is not the hash of the entry before it');
        }
        const { hash, previousHash: stated, ...fields } = entry;
        if (chainHash(stated, fields) !== hash) return broken('its hash does not match its content');
        sequence = entry.sequence;
        previousHash = hash;
      }
      if (entries.length < VERIFY_BATCH) break;
      afterSequence = sequence;
    }
    if (sequence !== headSequence || previousHash !== headHash) {
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

const GENESIS_START: ChainStart = { sequence: 1, previousHash: GENESIS_HASH };

/** Where each chain the platform chain names must start: its latest record wins (a retention record after its start). */
function chainStarts(records: readonly ChainRecord[], breaks: AuditBreak[]): Map<string, { start: ChainStart; recordId: string }> {
  const starts = new Map<string, { start: ChainStart; recordId: string }>();
  for (const record of records) {
    const start = record.action === CHAIN_STARTED ? GENESIS_START : parseContinuation(record.reason);
    if (start === null) breaks.push({ chain: PLATFORM_CHAIN, entry_id: record.id, sequence: record.sequence, problem: 'a retention record that states no continuation' });
    else starts.set(record.chain, { start, recordId: record.id });
  }
  return starts;
}

/** A chain with entries that no record of the platform chain names: written around the service, or its record removed. */
function unrecordedChain(head: AuditChain): AuditBreak | null {
  if (head.lastSequence === 0) return null;
  return { chain: head.chain, entry_id: null, sequence: 0, problem: 'the platform chain records no start for it: it was not started by the service' };
}
