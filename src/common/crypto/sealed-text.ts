import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const SEALED_PREFIX = 'v1.';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Seals text for storage (AES-256-GCM under a key the database never holds): `v1.` + base64url(iv | tag |
 * ciphertext). Webhook secrets and queued mail are kept this way.
 */
export function sealText(text: string, key: Buffer): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return `${SEALED_PREFIX}${Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64url')}`;
}

/** The text a sealText output holds; throws when the key is not the one that sealed it, or it was changed. */
export function unsealText(sealed: string, key: Buffer): string {
  if (!sealed.startsWith(SEALED_PREFIX)) throw new Error('not sealed text');
  const raw = Buffer.from(sealed.slice(SEALED_PREFIX.length), 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
  decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
}
