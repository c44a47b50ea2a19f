import { AuthenticatedUser, isAdmin } from '../auth/authenticated-user';
import { isId } from '../common/ids/ids';
import { AccountErrors } from './accounts.errors';

/**
 * The account a request acts on: admins may name any (`account_id`), members
 * only their own; another account, or none, reads as `404 account_not_found`.
 */
export function actingAccountId(caller: AuthenticatedUser, requested: string | undefined): string {
  if (requested !== undefined && !isAdmin(caller) && requested !== caller.accountId) throw AccountErrors.notFound();
  const accountId = requested ?? caller.accountId;
  if (!isId('acc', accountId)) throw AccountErrors.notFound();
  return accountId;
}

/**
 * The condition that keeps a read within what the caller may see: admins see
 * every account's records, members their own account's, a member without an
 * account none (null).
 */
export function visibleAccountScope(caller: AuthenticatedUser): { accountId?: string } | null {
  if (isAdmin(caller)) return {};
  return caller.accountId === null ? null : { accountId: caller.accountId };
}
