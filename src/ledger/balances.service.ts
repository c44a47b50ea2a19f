import { Injectable } from '@nestjs/common';
import { AccountsRepository } from '../accounts/accounts.repository';
import { AccountErrors } from '../accounts/accounts.errors';
import { actingAccountId } from '../common/access/account-access';
import { AuthenticatedUser } from '../common/access/caller';
import { Database } from '../database/database';
import { BalancesQueryDto } from './dto/balances.query.dto';
import { BalancesResponseDto, toBalanceDto } from './dto/balances.response.dto';
import { LedgerRepository } from './ledger.repository';

/** Reads balances: the stored rows (current), or one index seek per currency (`as_of`). */
@Injectable()
export class BalancesService {
  constructor(
    private readonly db: Database,
    private readonly ledger: LedgerRepository,
    private readonly accounts: AccountsRepository,
  ) {}

  async balances(caller: AuthenticatedUser, query: BalancesQueryDto): Promise<BalancesResponseDto> {
    const accountId = actingAccountId(caller, query.account_id);
    const asOf = query.as_of === undefined ? undefined : new Date(query.as_of);
    if (asOf === undefined) {
      return this.db.run(async (manager) => {
        if (!(await this.accounts.exists(manager, accountId))) throw AccountErrors.notFound();
        return { account_id: accountId, balances: (await this.ledger.balancesOf(manager, accountId)).map(toBalanceDto) };
      });
    }
    // A past instant's balances may come from the read replica; current ones never do.
    return this.db.runOnReplica(async (manager) => {
      if (!(await this.accounts.exists(manager, accountId))) throw AccountErrors.notFound();
      const currencies = await this.ledger.currenciesOf(manager, accountId);
      const balances = [];
      for (const currency of currencies) balances.push({ currency, posted: await this.ledger.postedAsOf(manager, { accountId, currency }, asOf) });
      return { account_id: accountId, as_of: asOf.toISOString(), balances };
    });
  }
}
