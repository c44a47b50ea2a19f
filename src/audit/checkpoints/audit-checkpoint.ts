import { createHash, KeyObject, sign, verify } from 'node:crypto';

/** One chain's head as a checkpoint states it. */
export interface CheckpointHead {
  chain: string;
  sequence: number;
  hash: string;
}

/**
 * A signed statement of where every audit chain stood (contract section 21), kept outside the database: whoever
 * holds the database login cannot move a chain back, or fork it, behind a checkpoint without the signing key.
 */
export interface AuditCheckpoint {
  version: 1;
  created_at: string;
  /** The instance that wrote it (several may). */
  instance: string;
  key_id: string;
  heads: CheckpointHead[];
  /** Ed25519 over signedBytes(checkpoint), base64. */
  signature: string;
}

type Unsigned = Omit<AuditCheckpoint, 'signature'>;

/** What the signature covers: every field but the signature, keys in a fixed order, heads in chain order. */
export function signedBytes(checkpoint: Unsigned): Buffer {
  const heads = [...checkpoint.heads].sort((a, b) => (a.chain < b.chain ? -1 : a.chain > b.chain ? 1 : 0));
  const ordered = {
    version: checkpoint.version,
    created_at: checkpoint.created_at,
    instance: checkpoint.instance,
    key_id: checkpoint.key_id,
    heads: heads.map((head) => [head.chain, head.sequence, head.hash]),
  };
  return Buffer.from(JSON.stringify(ordered), 'utf8');
}

export function signCheckpoint(unsigned: Unsigned, privateKey: KeyObject): AuditCheckpoint {
  return { ...unsigned, signature: sign(null, signedBytes(unsigned), privateKey).toString('base64') };
}

/** True when the checkpoint is whole and signed by this key. */
export function checkpointVerifies(checkpoint: AuditCheckpoint, publicKey: KeyObject): boolean {
  try {
    return verify(null, signedBytes(checkpoint), publicKey, Buffer.from(checkpoint.signature, 'base64'));
  } catch {
    // A malformed file (heads not a list, no signature): it does not verify, and audit-verify says which.
    return false;
  }
}

/** SHA-256 of the signed bytes: the log line names a checkpoint file by it. */
export function checkpointDigest(checkpoint: Unsigned): string {
  return createHash('sha256').update(signedBytes(checkpoint)).digest('hex');
}
