import { createHmac } from 'node:crypto';

/**
 * RFC 6238 TOTP, written from the RFC for the tests, independent of the service's library: HOTP (RFC 4226) of the
 * time step, dynamic truncation, the low `digits` decimal digits.
 */
export function totpCode(secret: Buffer, unixSeconds: number, options: { digits?: number; period?: number; algorithm?: 'sha1' | 'sha256' | 'sha512' } = {}): string {
  const digits = options.digits ?? 6;
  const step = Math.floor(unixSeconds / (options.period ?? 30));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac(options.algorithm ?? 'sha1', secret)
    .update(counter)
    .digest();
  const offset = mac[mac.length - 1] & 0x0f;
  const binary = ((mac[offset] & 0x7f) << 24) | (mac[offset + 1] << 16) | (mac[offset + 2] << 8) | mac[offset + 3];
  return String(binary % 10 ** digits).padStart(digits, '0');
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 (no padding needed) to bytes. */
export function fromBase32(text: string): Buffer {
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of text.replace(/=+$/, '').toUpperCase()) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** The 6-digit code of a base32 secret `offsetSteps` steps of 30 s from now. */
export function codeFor(secretBase32: string, offsetSteps = 0, nowMs = Date.now()): string {
  return totpCode(fromBase32(secretBase32), Math.floor(nowMs / 1000) + offsetSteps * 30);
}

/** Waits until the current 30 s step has at least 8 s left, so that the codes a test computes next are judged in the same step. */
export async function awayFromStepEdge(): Promise<void> {
  const left = 30_000 - (Date.now() % 30_000);
  if (left < 8_000) await new Promise((resolve) => setTimeout(resolve, left + 100));
}
