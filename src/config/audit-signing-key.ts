import { createHash, createPrivateKey, createPublicKey, KeyObject } from 'node:crypto';

/** The Ed25519 key audit checkpoints are signed with (AUDIT_SIGNING_KEY), and what verifies them. */
export interface AuditSigningKey {
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** The first 16 hex digits of the SHA-256 of the raw public key: names the key in every checkpoint. */
  keyId: string;
}

/** PKCS#8 DER of an Ed25519 private key is this prefix and the 32-byte seed (RFC 8410). */
const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/**
 * AUDIT_SIGNING_KEY: a PEM private key (`openssl genpkey -algorithm ed25519`), or the 32-byte seed in base64 or
 * base64url. Null when unset; a problem is pushed when it is not an Ed25519 key.
 */
export function auditSigningKey(value: string | undefined, problems: string[]): AuditSigningKey | null {
  const text = value?.trim() ?? '';
  if (text === '') return null;
  const privateKey = privateKeyOf(text);
  if (privateKey === null || privateKey.asymmetricKeyType !== 'ed25519') {
    problems.push('AUDIT_SIGNING_KEY must be an Ed25519 private key: PEM, or its 32-byte seed in base64 (openssl genpkey -algorithm ed25519)');
    return null;
  }
  const publicKey = createPublicKey(privateKey);
  return { privateKey, publicKey, keyId: keyIdOf(publicKey) };
}

/** The id checkpoints name a key by. */
export function keyIdOf(publicKey: KeyObject): string {
  const raw = publicKey.export({ format: 'der', type: 'spki' }).subarray(-32);
  return createHash('sha256').update(raw).digest('hex').slice(0, 16);
}

function privateKeyOf(text: string): KeyObject | null {
  try {
    if (text.includes('-----BEGIN')) return createPrivateKey(text);
    const seed = Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (seed.length !== 32) return null;
    return createPrivateKey({ key: Buffer.concat([PKCS8_ED25519_PREFIX, seed]), format: 'der', type: 'pkcs8' });
  } catch {
    // Not a key at all: the caller names the setting and what it must be.
    return null;
  }
}
