import { EntityManager } from 'typeorm';

/**
 * What the accounts module must know of the books, which sit above it: the ledger provides it, so that
 * accounts never imports the ledger.
 */
export abstract class AvailableBalances {
  /** The currencies in which the account's available balance is below zero, as committed now. */
  abstract overdrawnCurrencies(manager: EntityManager, accountId: string): Promise<string[]>;
}
