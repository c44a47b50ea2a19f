import { isId } from '../ids/ids';
import { AccessErrors } from './access.errors';
import { AuthenticatedUser, isAdmin } from './caller';

/**
 * The one access rule for everything an account owns (its transactions,
 * payment requests, balances...). Admins see every account's objects, members
 * their own account's. Another account's object reads as not found (404),
 * never as forbidden, so ids of other accounts cannot be probed.
 */

/** Which account's rows a read may return: every account (admins), one, or none (a member without an account). */
export type AccountScope = { kind: 'all' } | { kind: 'account'; accountId: string } | { kind: 'none' };

export function visibleAccountScope(caller: AuthenticatedUser): AccountScope {
  if (isAdmin(caller)) return { kind: 'all' };
  return caller.accountId === null ? { kind: 'none' } : { kind: 'account', accountId: caller.accountId };
}

/**
 * The account a write acts on: admins may name any (`account_id`), members
 * only their own; another account, or none, reads as `404 account_not_found`.
 */
export function actingAccountId(caller: AuthenticatedUser, requested: string | undefined): string {
  if (requested !== undefined && !isAdmin(caller) && requested !== caller.accountId) throw AccessErrors.accountNotFound();
  const accountId = requested ?? caller.accountId;
  if (!isId('acc', accountId)) throw AccessErrors.accountNotFound();
  return accountId;
}

/**
 * The account a list is filtered on: admins may name any or none (every
 * account); members get their own, and naming another is `403`.
 */
export function listedAccountScope(caller: AuthenticatedUser, requested: string | undefined, what: string): AccountScope {
  if (isAdmin(caller)) return requested === undefined ? { kind: 'all' } : { kind: 'account', accountId: requested };
  if (requested !== undefined && requested !== caller.accountId) {
    throw AccessErrors.insufficientPermissions(`Only admins may list another account's ${what}.`);
  }
  return visibleAccountScope(caller);
}
