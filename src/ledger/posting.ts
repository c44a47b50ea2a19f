import { EntrySide, EntryStatus } from './entities/ledger-entry.entity';

/**
 * A transaction as the ledger sees it: money moves on `accountId` in
 * `direction`, and the opposite way on the other side, which is
 * `counterpartyAccountId` for a transfer and the platform's external account
 * of the currency otherwise.
 */
export interface Posting {
  transactionId: string;
  accountId: string;
  direction: EntrySide;
  counterpartyAccountId: string | null;
  amount: number;
  currency: string;
}

/** One side of a posting: an entry to write, or whose status to move. */
export interface PostingSide {
  side: EntrySide;
  accountId: string;
  /** False for the platform's external accounts, which have entries but no balance row. */
  hasBalance: boolean;
}

const EXTERNAL_PREFIX = 'external:';

/** The platform's account for money from and to the outside world, one per currency. */
export function externalAccountOf(currency: string): string {
  return `${EXTERNAL_PREFIX}${currency}`;
}

export function isExternalAccount(accountId: string): boolean {
  return accountId.startsWith(EXTERNAL_PREFIX);
}

/** Both sides, customer balances in account id order: the order their rows are locked in (lock-order.md). */
export function sidesOf(posting: Posting): PostingSide[] {
  const other = posting.counterpartyAccountId ?? externalAccountOf(posting.currency);
  const sides: PostingSide[] = [
    { side: posting.direction, accountId: posting.accountId, hasBalance: true },
    { side: posting.direction === 'debit' ? 'credit' : 'debit', accountId: other, hasBalance: !isExternalAccount(other) },
  ];
  return sides.sort((a, b) => (a.accountId < b.accountId ? -1 : a.accountId > b.accountId ? 1 : 0));
}

/** What a change of one entry does to its balance's stored sums. */
export interface BalanceChange {
  posted: number;
  pendingDebits: number;
  pendingCredits: number;
  postedCount: number;
}

/**
 * The change of a balance when one of its entries of `amount` on `side` goes
 * from `from` (`new`: it is being written) to `to`. Posted money counts in
 * `posted`; pending money is held in the pending sum of its side until it
 * posts or is canceled.
 */
export function balanceChange(side: EntrySide, from: 'new' | 'pending', to: EntryStatus, amount: number): BalanceChange {
  const signed = side === 'credit' ? amount : -amount;
  const released = from === 'pending' ? -amount : 0;
  const held = to === 'pending' ? amount : 0;
  const pendingChange = released + held;
  return {
    posted: to === 'posted' ? signed : 0,
    pendingDebits: side === 'debit' ? pendingChange : 0,
    pendingCredits: side === 'credit' ? pendingChange : 0,
    postedCount: to === 'posted' ? 1 : 0,
  };
}

/** The balances the API shows, from the stored sums (docs/api-guide.md, "Balances and the ledger"). */
export function balanceFigures(stored: { posted: number; pendingDebits: number; pendingCredits: number }): { posted: number; pending: number; available: number } {
  return {
    posted: stored.posted,
    pending: stored.posted + stored.pendingCredits - stored.pendingDebits,
    available: stored.posted - stored.pendingDebits,
  };
}
