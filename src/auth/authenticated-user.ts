import { UserRole } from '../users/entities/user.entity';

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
