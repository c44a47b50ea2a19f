/** The roles a user can have; an admin sees and manages every account. */
export const USER_ROLES = ['admin', 'member'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** A person (an access token of an active session) or a machine (an API key, contract section 14). */
export type CallerKind = 'user' | 'api_key';

/**
 * Who is calling, resolved on every request from a valid access token of an
 * active session or from a valid API key: the one caller that every controller
 * and the access rules see.
 */
export interface AuthenticatedUser {
  kind: CallerKind;
  /**
   * The person whose rights apply: the token's user; for an account's key its
   * account's owner (a key acts with an owner's rights, narrowed by its scopes);
   * for a platform key the key's own id (it is no person).
   */
  userId: string;
  /** The session of an access token; null for an API key. */
  sessionId: string | null;
  role: UserRole;
  accountId: string | null;
  /** The key's id (`key_...`) when the caller is an API key. */
  apiKeyId: string | null;
  /**
   * Whether the person proved its email address (contract section 22; REQUIRE_VERIFIED_EMAIL). True for an API key:
   * a key is no person, and creating one needs a verified person when that is required.
   */
  emailVerified: boolean;
  /** What an API key may do; null for a person, whose role alone decides. */
  scopes: readonly string[] | null;
  /** The person has an active TOTP factor (contract section 22): sensitive operations need a code. False for API keys. */
  mfaEnabled: boolean;
}

/** What rate limits and Idempotency-Key scopes are per: the key, else the person. */
export function callerIdentity(caller: AuthenticatedUser): string {
  return caller.apiKeyId !== null ? `key:${caller.apiKeyId}` : `user:${caller.userId}`;
}

export function isAdmin(caller: AuthenticatedUser): boolean {
  return caller.role === 'admin';
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by authentication when the request carried a valid access token. */
    user?: AuthenticatedUser;
  }
}
