import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

const SECRET_PREFIX = 'whsec_';
const SEALED_PREFIX = 'v1.';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A new endpoint secret as Standard Webhooks writes them: `whsec_` + base64 of 32 random bytes. */
export function newEndpointSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

/** Seals a secret for storage (AES-256-GCM): `v1.` + base64url(iv | tag | ciphertext). */
export function sealSecret(secret: string, key: Buffer): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return `${SEALED_PREFIX}${Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64url')}`;
}

/** The secret a sealSecret output holds; throws when the key is not the one that sealed it. */
export function unsealSecret(sealed: string, key: Buffer): string {
  if (!sealed.startsWith(SEALED_PREFIX)) throw new Error('not a sealed webhook secret');
  const raw = Buffer.from(sealed.slice(SEALED_PREFIX.length), 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
  decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
}

/**
 * The Standard Webhooks signature of one secret: `v1,` + base64 of
 * HMAC-SHA256 over `{id}.{timestamp}.{body}`, keyed by the secret's bytes.
 */
export function signature(secret: string, messageId: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
  return `v1,${createHmac('sha256', key).update(`${messageId}.${timestampSeconds}.${body}`).digest('base64')}`;
}
