import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, as a link or a form carries them (base64url, 43 characters). */
const TOKEN_BYTES = 32;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** A single-use secret handed to a person (a mailed link): the token leaves, only its hash is kept. */
export interface LinkToken {
  token: string;
  hash: string;
}

export function newLinkToken(): LinkToken {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  return { token, hash: hashLinkToken(token) };
}

/**
 * SHA-256 of the token, hex: the token is 256 random bits, so a plain digest is as good as a slow one and lets the
 * stored hash be looked up by a unique index.
 */
export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function isLinkTokenShaped(token: string): boolean {
  return TOKEN_SHAPE.test(token);
}
