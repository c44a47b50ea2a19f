/** The roles a user can have; an admin sees and manages every account. */
export const USER_ROLES = ['admin', 'member'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** Who is calling, resolved from a valid access token of an active session on every request. */
export interface AuthenticatedUser {
  userId: string;
  sessionId: string;
  role: UserRole;
  accountId: string | null;
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
