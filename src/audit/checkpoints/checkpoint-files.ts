import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { KeyObject } from 'node:crypto';
import { AuditCheckpoint, checkpointVerifies } from './audit-checkpoint';

export interface CheckpointFiles {
  /** The checkpoints whose signature the key verifies, oldest first. */
  verified: (AuditCheckpoint & { file: string })[];
  /** Files that are not a checkpoint signed by the key, and why. */
  refused: { file: string; problem: string }[];
}

/** Every `checkpoint-*.json` in `dir`, sorted into those the key verifies and those it does not. */
export async function readCheckpointFiles(dir: string, publicKey: KeyObject): Promise<CheckpointFiles> {
  const names = (await readdir(dir)).filter((name) => name.startsWith('checkpoint-') && name.endsWith('.json')).sort();
  const files: CheckpointFiles = { verified: [], refused: [] };
  for (const file of names) {
    const checkpoint = parse(await readFile(join(dir, file), 'utf8'));
    if (checkpoint === null) files.refused.push({ file, problem: 'not a checkpoint (unreadable JSON)' });
    else if (!checkpointVerifies(checkpoint, publicKey))
      files.refused.push({ file, problem: 'its signature does not verify with this key: it was changed, or signed by another key' });
    else files.verified.push({ ...checkpoint, file });
  }
  files.verified.sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at));
  return files;
}

function parse(text: string): AuditCheckpoint | null {
  try {
    const parsed = JSON.parse(text) as AuditCheckpoint;
    return typeof parsed === 'object' && parsed !== null && Array.isArray(parsed.heads) && typeof parsed.signature === 'string' ? parsed : null;
  } catch {
    // Not JSON: refused by name, like a checkpoint that does not verify.
    return null;
  }
}
