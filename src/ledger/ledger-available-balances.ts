import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { AvailableBalances } from '../accounts/available-balances';
import { LedgerRepository } from './ledger.repository';

/** The accounts module's view of the books: which balances are overdrawn (available = posted - pending debits). */
@Injectable()
export class LedgerAvailableBalances extends AvailableBalances {
  constructor(private readonly ledger: LedgerRepository) {
    super();
  }

  async overdrawnCurrencies(manager: EntityManager, accountId: string): Promise<string[]> {
    const balances = await this.ledger.balancesOf(manager, accountId);
    return balances.filter((balance) => balance.posted - balance.pendingDebits < 0).map((balance) => balance.currency);
  }
}
