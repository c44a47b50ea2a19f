import { createSecretKey, hkdfSync, KeyObject } from 'node:crypto';

/**
 * One label per use of the root secret (JWT_SECRET, or the generated one):
 * each use gets its own key, so that a key leaked or misused in one place
 * (a digest kept in the database, a key handed to a library) says nothing
 * about the others. The labels are part of the stored data's format: the
 * webhook and checkout labels are the ones those keys were derived with
 * before, so sealed webhook secrets and open checkout forms survive the change.
 */
export const KEY_LABELS = {
  tokenSigning: 'access and refresh token signing',
  idempotency: 'idempotency request hashing',
  webhookSecrets: 'webhook endpoint secrets',
  apiKeys: 'api key hashing',
  checkoutAntiForgery: 'checkout anti-forgery',
  queuedMail: 'queued mail',
  totpSecrets: 'totp secrets',
  payoutDestinations: 'payout destination ibans',
} as const;

export type KeyUse = keyof typeof KEY_LABELS;

export type DerivedKeys = Readonly<Record<KeyUse, KeyObject>>;

const KEY_BYTES = 32;

/** HKDF-SHA256 of the root secret, without salt, with each use's label as info. */
export function deriveKeys(root: Buffer): DerivedKeys {
  const derive = (label: string) => createSecretKey(Buffer.from(hkdfSync('sha256', root, Buffer.alloc(0), label, KEY_BYTES)));
  return Object.fromEntries(Object.entries(KEY_LABELS).map(([use, label]) => [use, derive(label)])) as Record<KeyUse, KeyObject>;
}
