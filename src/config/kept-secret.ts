import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export interface KeptSecret {
  /** The file's text (as a JWT_SECRET would be given), as bytes. */
  secret: Buffer;
  /** Whether this process created the file. */
  created: boolean;
}

/**
 * The secret kept in the file at `path`, created on first use: 48 random
 * bytes as base64url, readable by the owner only (0600). Processes that start
 * together agree on one: the file appears whole and once (a complete
 * temporary file is hard-linked to its name), and a process that loses that
 * race reads the winner's.
 */
export function keptSecret(path: string): KeptSecret {
  const existing = readSecret(path);
  if (existing !== null) return { secret: existing, created: false };
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const temporary = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  writeFileSync(temporary, `${randomBytes(48).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  let created = false;
  try {
    linkSync(temporary, path);
    created = true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(temporary);
  }
  const secret = readSecret(path);
  if (secret === null) throw new Error(`${path} is empty`);
  return { secret, created };
}

function readSecret(path: string): Buffer | null {
  try {
    const text = readFileSync(path, 'utf8').trim();
    return text === '' ? null : Buffer.from(text, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
