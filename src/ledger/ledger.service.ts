import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { sendWithCommit } from '../database/database';
import { EntrySide } from './entities/ledger-entry.entity';
import { LedgerErrors } from './ledger.errors';
import { BalanceKey, ChangedBalance, compareKeys, LedgerRepository, NewEntry } from './ledger.repository';
import { balanceChange, BalanceChange, isExternalAccount, Posting, sidesOf } from './posting';

export type OverdraftRule = 'allowed' | 'forbidden';

/**
 * The books. Every method runs inside the caller's database transaction, so
 * entries and balances land with the transaction that moves them, or not at
 * all, and returns the balances it changed (for their `balance.updated`
 * events). Balance rows are taken in account id order, and before the caller
 * changes any transaction row (src/database/lock-order.md).
 */
@Injectable()
export class LedgerService {
  constructor(private readonly ledger: LedgerRepository) {}

  /**
   * Writes the two pending entries of a new transaction and holds its amount
   * in the pending sums. A debit on an account whose overdraft rule is
   * `forbidden` is held only if it fits in the available balance, decided by
   * the database (a conditional update of the balance row); otherwise
   * `409 insufficient_funds` and the caller's transaction rolls back.
   */
  async open(manager: EntityManager, posting: Posting, overdraft: OverdraftRule, now: Date): Promise<ChangedBalance[]> {
    // Entries first: inserts wait for nothing, and the balance rows, which every write of the account
    // needs, are then held only from their update to the commit. All are sent together (one round trip).
    const entries = this.ledger.insertEntries(manager, this.entriesOf(posting, now, null, new Map()));
    const changes = sidesOf(posting)
      .filter((side) => side.hasBalance)
      .map(async (side) => {
        const key = { accountId: side.accountId, currency: posting.currency };
        if (side.side !== 'debit' || overdraft !== 'forbidden' || side.accountId !== posting.accountId) {
          return this.ledger.applyChange(manager, key, balanceChange(side.side, 'new', 'pending', posting.amount), null, now);
        }
        const held = await this.ledger.holdDebitWithinAvailable(manager, key, posting.amount, now);
        if (held === null) throw LedgerErrors.insufficientFunds(posting.currency);
        return held;
      });
    const [, ...changed] = await Promise.all([entries, ...changes]);
    return changed;
  }

  /**
   * Locks the balances a posting touches and returns the instant it may post
   * at: `clock`, or the last posting on those balances if that is later (a
   * clock behind another instance's), so that each balance's entries post in
   * time order and `as_of` finds them by time. Call it before changing the
   * transaction row, and use the instant for the transaction too.
   */
  async lockBalances(manager: EntityManager, posting: Posting, clock: Date): Promise<Date> {
    // Sent together, in lock order (sidesOf sorts them): one round trip.
    const locks = sidesOf(posting)
      .filter((side) => side.hasBalance)
      .map((side) => this.ledger.lock(manager, { accountId: side.accountId, currency: posting.currency }, clock));
    let at = clock;
    for (const lastPostedAt of await Promise.all(locks)) {
      if (lastPostedAt !== null && lastPostedAt > at) at = lastPostedAt;
    }
    return at;
  }

  /**
   * lockBalances for a posting that `open` just wrote in this unit of work: its balance rows are held since,
   * and the rows it returned say when each last posted, so the instant needs no statement of its own.
   */
  postingInstant(opened: readonly ChangedBalance[], clock: Date): Date {
    let at = clock;
    for (const { lastPostedAt } of opened) {
      if (lastPostedAt !== null && lastPostedAt > at) at = lastPostedAt;
    }
    return at;
  }

  /**
   * settle for a posting that `open` wrote in this unit of work, without waiting for the database: its
   * entries are this unit's (no one else sees them yet) and its balance rows are held since `open` returned
   * them, so where settle leaves them is known now. Those balances are returned at once and the statements
   * travel with the commit (sendWithCommit); the database's answer is compared with them when it arrives.
   * A difference is a bug (the arithmetic here is APPLY_CHANGE's) and fails the request: on SQLite before
   * the commit, which then rolls back; on PostgreSQL, where the COMMIT left with the statements, after it,
   * the books holding what the database computed and only the events' figures wrong.
   */
  async settleWithCommit(manager: EntityManager, posting: Posting, opened: readonly ChangedBalance[], to: 'posted' | 'canceled', at: Date): Promise<ChangedBalance[]> {
    const sides = sidesOf(posting);
    const expected = opened.map((balance) => {
      const side = sides.find((candidate) => candidate.hasBalance && candidate.accountId === balance.accountId);
      if (side === undefined) throw new Error(`${posting.transactionId} opened no balance of ${balance.accountId}`);
      return changedBy(balance, balanceChange(side.side, 'pending', to, posting.amount), to === 'posted' ? at : null, at);
    });
    await sendWithCommit(
      manager,
      this.settle(manager, posting, to, at).then((actual) => requireSameBalances(posting.transactionId, actual, expected)),
    );
    return expected;
  }

  /** Writes the two entries of a transaction that is posted as it is created (a settlement); lockBalances first. */
  async openPosted(manager: EntityManager, posting: Posting, postedAt: Date): Promise<ChangedBalance[]> {
    const changed = await this.applyToBalances(manager, posting, 'new', 'posted', postedAt);
    await this.ledger.insertEntries(manager, this.entriesOf(posting, postedAt, postedAt, changed));
    return [...changed.values()];
  }

  /** Moves both pending entries to posted or canceled with their transaction; lockBalances first. */
  async settle(manager: EntityManager, posting: Posting, to: 'posted' | 'canceled', at: Date): Promise<ChangedBalance[]> {
    // The balances, then the entries (which read where their balances now stand): sent together.
    const changes = this.applyToBalances(manager, posting, 'pending', to, at);
    const moves = sidesOf(posting).map(async (side) => {
      if (!(await this.ledger.moveEntry(manager, posting.transactionId, side.side, to, at))) {
        throw new Error(`the ${side.side} entry of ${posting.transactionId} was not pending while its transaction was`);
      }
    });
    const [changed] = await Promise.all([changes, ...moves]);
    return [...changed.values()];
  }

  /**
   * Cancels every pending transaction involving the account, in the books (a
   * closure): locks the balances they touch, cancels their entries, releases
   * what they held. The balances it released.
   */
  async cancelPendingTouching(manager: EntityManager, accountId: string, at: Date): Promise<ChangedBalance[]> {
    for (const key of await this.ledger.pendingBalancesTouching(manager, accountId)) await this.ledger.lock(manager, key, at);
    const canceled = await this.ledger.cancelPendingTouching(manager, accountId, at);
    const changes = new Map<string, { key: BalanceKey; change: BalanceChange }>();
    for (const entry of canceled) {
      if (isExternalAccount(entry.accountId)) continue;
      const released = balanceChange(entry.side, 'pending', 'canceled', entry.amount);
      const mapKey = `${entry.accountId} ${entry.currency}`;
      const total = changes.get(mapKey) ?? {
        key: { accountId: entry.accountId, currency: entry.currency },
        change: { posted: 0, pendingDebits: 0, pendingCredits: 0, postedCount: 0 },
      };
      total.change.pendingDebits += released.pendingDebits;
      total.change.pendingCredits += released.pendingCredits;
      changes.set(mapKey, total);
    }
    const balances: ChangedBalance[] = [];
    for (const { key, change } of [...changes.values()].sort((a, b) => compareKeys(a.key, b.key))) {
      balances.push(await this.ledger.applyChange(manager, key, change, null, at));
    }
    return balances;
  }

  /** The balance changes of both sides, sent together in lock order. */
  private async applyToBalances(manager: EntityManager, posting: Posting, from: 'new' | 'pending', to: 'posted' | 'canceled', at: Date): Promise<Map<EntrySide, ChangedBalance>> {
    const changes = sidesOf(posting)
      .filter((side) => side.hasBalance)
      .map(async (side): Promise<[EntrySide, ChangedBalance]> => {
        const key = { accountId: side.accountId, currency: posting.currency };
        return [side.side, await this.ledger.applyChange(manager, key, balanceChange(side.side, from, to, posting.amount), to === 'posted' ? at : null, at)];
      });
    return new Map(await Promise.all(changes));
  }

  private entriesOf(posting: Posting, createdAt: Date, postedAt: Date | null, positions: Map<EntrySide, ChangedBalance>): [NewEntry, NewEntry] {
    const [first, second] = sidesOf(posting).map((side): NewEntry => ({
      transactionId: posting.transactionId,
      side: side.side,
      accountId: side.accountId,
      currency: posting.currency,
      amount: posting.amount,
      status: postedAt === null ? 'pending' : 'posted',
      createdAt,
      postedAt,
      position: positions.get(side.side) ?? null,
    }));
    return [first, second];
  }
}

/** A held balance after `change`, as APPLY_CHANGE leaves it. */
function changedBy(balance: ChangedBalance, change: BalanceChange, postedAt: Date | null, at: Date): ChangedBalance {
  return {
    ...balance,
    posted: balance.posted + change.posted,
    pendingDebits: balance.pendingDebits + change.pendingDebits,
    pendingCredits: balance.pendingCredits + change.pendingCredits,
    postedCount: balance.postedCount + change.postedCount,
    lastPostedAt: postedAt ?? balance.lastPostedAt,
    updatedAt: at,
  };
}

function requireSameBalances(transactionId: string, actual: readonly ChangedBalance[], expected: readonly ChangedBalance[]): void {
  const figures = (balances: readonly ChangedBalance[]) =>
    JSON.stringify(
      balances.map((b) => [b.accountId, b.currency, b.posted, b.pendingDebits, b.pendingCredits, b.postedCount, b.lastPostedAt?.getTime() ?? null, b.updatedAt.getTime()]).sort(),
    );
  if (figures(actual) !== figures(expected)) {
    throw new Error(`settling ${transactionId} left its balances at ${figures(actual)}, where ${figures(expected)} was expected`);
  }
}
