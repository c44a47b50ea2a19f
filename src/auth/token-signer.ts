import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { AppConfig } from '../config/app-config';

export type TokenType = 'access' | 'refresh';

/** Claims of both token types; `typ` tells them apart. Times are whole seconds since the epoch. */
export interface TokenClaims {
  sub: string;
  sid: string;
  typ: TokenType;
  jti: string;
  iat: number;
  exp: number;
}

export type RefreshVerification = { outcome: 'valid'; claims: TokenClaims } | { outcome: 'expired'; claims: TokenClaims } | { outcome: 'invalid' };

const ALGORITHM = 'HS256';

/**
 * Signs and checks the service's JWTs with the prebuilt HS256 key. Signing is
 * deterministic: the same claims always give the same token, which lets the
 * refresh grace rule hand back the successor token without storing it.
 */
@Injectable()
export class TokenSigner {
  constructor(private readonly config: AppConfig) {}

  sign(claims: TokenClaims): string {
    const ordered: TokenClaims = {
      sub: claims.sub,
      sid: claims.sid,
      typ: claims.typ,
      jti: claims.jti,
      iat: claims.iat,
      exp: claims.exp,
    };
    // jsonwebtoken keeps the iat it is given (noTimestamp would drop it).
    return jwt.sign(ordered, this.config.jwtKey, { algorithm: ALGORITHM });
  }

  /** Checks a refresh token's signature and type; expiry is reported separately from other failures. */
  verifyRefresh(token: string): RefreshVerification {
    let claims: unknown;
    try {
      claims = jwt.verify(token, this.config.jwtKey, { algorithms: [ALGORITHM], ignoreExpiration: true });
    } catch {
      return { outcome: 'invalid' };
    }
    if (!isTokenClaims(claims) || claims.typ !== 'refresh') return { outcome: 'invalid' };
    return claims.exp * 1000 <= Date.now() ? { outcome: 'expired', claims } : { outcome: 'valid', claims };
  }

  static hash(token: string): string {
    return createHash('sha256').update(token).digest('hex');
  }
}

export function isTokenClaims(value: unknown): value is TokenClaims {
  if (typeof value !== 'object' || value === null) return false;
  const claims = value as Record<string, unknown>;
  return (
    typeof claims.sub === 'string' &&
    typeof claims.sid === 'string' &&
    (claims.typ === 'access' || claims.typ === 'refresh') &&
    typeof claims.jti === 'string' &&
    Number.isInteger(claims.iat) &&
    Number.isInteger(claims.exp)
  );
}
