import { Injectable } from '@nestjs/common';
import { AuthenticatedUser } from '../common/access/caller';
import { AuthErrors } from './auth.errors';

/** What an API key's secret is told apart by in `Authorization: Bearer` (access tokens are JWTs, `eyJ...`). */
export const API_KEY_SECRET_PREFIX = 'sk_';

/** The port: resolves an API key's secret to its caller, or throws the contract's refusal (401, 403 account_closed). */
export interface ApiKeyVerifier {
  callerOf(secret: string): Promise<AuthenticatedUser>;
}

/**
 * The registry the authentication guard asks about `sk_...` bearers. The API
 * keys module, above auth in the module graph, registers its verifier when it
 * starts; without one, every key is refused.
 */
@Injectable()
export class ApiKeyCallers {
  private verifier: ApiKeyVerifier | null = null;

  register(verifier: ApiKeyVerifier): void {
    this.verifier = verifier;
  }

  callerOf(secret: string): Promise<AuthenticatedUser> {
    if (this.verifier === null) return Promise.reject(AuthErrors.unauthorized('API keys are not accepted.'));
    return this.verifier.callerOf(secret);
  }
}

/** The secret of an `Authorization: Bearer sk_...` header, else null (an access token, or none). */
export function apiKeySecretOf(authorization: string | undefined): string | null {
  if (authorization === undefined) return null;
  const match = /^Bearer\s+(sk_\S+)$/i.exec(authorization.trim());
  return match ? match[1] : null;
}
