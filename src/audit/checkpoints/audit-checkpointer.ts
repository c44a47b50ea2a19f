import { BeforeApplicationShutdown, Injectable, Logger } from '@nestjs/common';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { AppConfig } from '../../config/app-config';
import { AuditSigningKey } from '../../config/audit-signing-key';
import { Database } from '../../database/database';
import { AuditRepository, PLATFORM_CHAIN } from '../audit.repository';
import { AuditCheckpoint, checkpointDigest, signCheckpoint } from './audit-checkpoint';

/**
 * Signs every chain's head every AUDIT_CHECKPOINT_INTERVAL and at shutdown (contract section 21), under
 * AUDIT_SIGNING_KEY, and writes the checkpoint where the database's users cannot reach it: a file in
 * AUDIT_CHECKPOINT_DIR and a line in the log (its digest, signature and the platform chain's head). A period in
 * which no chain moved writes nothing. Started by the server only (createApp), never by a CLI command: a
 * checkpoint written by `audit-verify` would sign whatever it was asked to check.
 */
@Injectable()
export class AuditCheckpointer implements BeforeApplicationShutdown {
  private readonly logger = new Logger('AuditCheckpoint');
  private readonly instance = `${hostname()}/${process.pid}`;
  private timer: NodeJS.Timeout | null = null;
  /** The digest of the heads last signed: an unchanged period is not signed again. */
  private lastHeads: string | null = null;
  private writing: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly config: AppConfig,
    private readonly db: Database,
    private readonly audit: AuditRepository,
  ) {}

  start(): void {
    if (this.config.auditSigningKey === null) {
      if (this.config.production) this.logger.warn('AUDIT_SIGNING_KEY is not set: no audit checkpoints, so the database owner can rewrite the audit log unseen');
      return;
    }
    if (this.timer !== null) return;
    this.timer = setInterval(() => void this.checkpointInBackground(), this.config.auditCheckpointIntervalSeconds * 1000);
    this.timer.unref();
  }

  /** The last checkpoint, after the server stopped taking requests and before the database closes. */
  async beforeApplicationShutdown(): Promise<void> {
    if (this.timer === null) return;
    clearInterval(this.timer);
    this.timer = null;
    await this.writing;
    await this.checkpoint();
  }

  /** Signs the heads now (when any moved since the last checkpoint); the checkpoint, or null when none was written. */
  async checkpoint(): Promise<AuditCheckpoint | null> {
    const key = this.config.auditSigningKey;
    if (key === null) return null;
    const heads = (await this.db.run((manager) => this.audit.chains(manager))).map((head) => ({ chain: head.chain, sequence: head.lastSequence, hash: head.lastHash }));
    const fingerprint = JSON.stringify(heads);
    if (fingerprint === this.lastHeads) return null;
    const checkpoint = signCheckpoint({ version: 1, created_at: new Date().toISOString(), instance: this.instance, key_id: key.keyId, heads }, key.privateKey);
    const file = await this.writeFile(checkpoint);
    this.lastHeads = fingerprint;
    this.logLine(checkpoint, file, key);
    return checkpoint;
  }

  private checkpointInBackground(): void {
    this.writing = this.checkpoint().catch((error: Error) => this.logger.warn(`could not write an audit checkpoint: ${error.message}`));
  }

  /** Written whole or not at all (a temporary name, then renamed); null without AUDIT_CHECKPOINT_DIR. */
  private async writeFile(checkpoint: AuditCheckpoint): Promise<string | null> {
    const dir = this.config.auditCheckpointDir;
    if (dir === null) return null;
    await mkdir(dir, { recursive: true });
    const name = `checkpoint-${checkpoint.created_at.replace(/[:.]/g, '-')}-${process.pid}.json`;
    const temporary = join(dir, `.${name}.tmp`);
    await writeFile(temporary, `${JSON.stringify(checkpoint)}\n`, { mode: 0o640 });
    await rename(temporary, join(dir, name));
    return name;
  }

  private logLine(checkpoint: AuditCheckpoint, file: string | null, key: AuditSigningKey): void {
    const platform = checkpoint.heads.find((head) => head.chain === PLATFORM_CHAIN) ?? null;
    this.logger.log({
      msg: 'audit checkpoint',
      checkpoint: {
        created_at: checkpoint.created_at,
        instance: checkpoint.instance,
        key_id: key.keyId,
        chains: checkpoint.heads.length,
        digest: checkpointDigest(checkpoint),
        signature: checkpoint.signature,
        platform,
        file,
      },
    });
  }
}
