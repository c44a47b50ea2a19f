import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/** What authenticator apps use (RFC 6238's defaults, which Google Authenticator and its peers assume): SHA-1, 6 digits, 30 s. */
const ALGORITHM = 'SHA1';
const DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** RFC 4226 recommends 160 bits for an HMAC-SHA-1 key. */
const SECRET_BYTES = 20;
/** One step of clock drift either way (contract section 22). */
const DRIFT_STEPS = 1;

/** A new random TOTP secret, in base32 (what the `otpauth://` URI and the apps' manual entry take). */
export function newTotpSecret(): string {
  return new Secret({ buffer: new Uint8Array(randomBytes(SECRET_BYTES)).buffer }).base32;
}

function totpOf(secretBase32: string, issuer = '', label = ''): TOTP {
  return new TOTP({ issuer, label, algorithm: ALGORITHM, digits: DIGITS, period: TOTP_PERIOD_SECONDS, secret: Secret.fromBase32(secretBase32) });
}

/** The `otpauth://totp/...` URI an authenticator app scans (as a QR code) or takes as a link. */
export function totpUri(secretBase32: string, issuer: string, label: string): string {
  return totpOf(secretBase32, issuer, label).toString();
}

/**
 * The time step (Unix seconds / 30) the code belongs to, within one step of `nowMs` either way; null when it
 * matches none. The caller accepts it only for a step later than the last accepted one (no replay).
 */
export function totpStepOf(secretBase32: string, code: string, nowMs: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secretBase32).validate({ token: code, timestamp: nowMs, window: DRIFT_STEPS });
  return delta === null ? null : Math.floor(nowMs / 1000 / TOTP_PERIOD_SECONDS) + delta;
}
