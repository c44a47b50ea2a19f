import { createHmac, randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const RANDOM_BYTES = 32;
/** 32 bytes are at most 43 base62 digits; padded so every secret of a type has one length. */
const RANDOM_DIGITS = 43;
/** CRC32 fits in 6 base62 digits. */
const CHECKSUM_DIGITS = 6;
/** How many random characters the listed prefix shows after the type part. */
const PREFIX_RANDOM_CHARS = 4;

export type ApiKeyType = 'test' | 'live' | 'platform';

function base62(value: bigint, digits: number): string {
  let text = '';
  for (let rest = value; rest > 0n; rest /= 62n) text = BASE62[Number(rest % 62n)] + text;
  return text.padStart(digits, '0');
}

function checksumOf(random: string): string {
  return base62(BigInt(crc32(random)), CHECKSUM_DIGITS);
}

/**
 * A new secret: `sk_<type>_` + 32 random bytes in base62 + a CRC32 checksum of
 * them in base62, so a secret scanner tells a real key from a typo offline.
 */
export function newApiKeySecret(type: ApiKeyType): { secret: string; prefix: string } {
  const random = base62(BigInt(`0x${randomBytes(RANDOM_BYTES).toString('hex')}`), RANDOM_DIGITS);
  const head = `sk_${type}_`;
  return { secret: `${head}${random}${checksumOf(random)}`, prefix: `${head}${random.slice(0, PREFIX_RANDOM_CHARS)}` };
}

/** Whether the text has the form and a matching checksum (a typo is refused without a database lookup). */
export function isWellFormedApiKeySecret(secret: string): boolean {
  const match = /^sk_(?:test|live|platform)_([0-9A-Za-z]{43})([0-9A-Za-z]{6})$/.exec(secret);
  return match !== null && checksumOf(match[1]) === match[2];
}

/** What is stored and looked up: HMAC-SHA256 of the secret, hex. */
export function hashApiKeySecret(secret: string, key: Buffer): string {
  return createHmac('sha256', key).update(secret).digest('hex');
}
