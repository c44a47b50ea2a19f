import { Injectable } from '@nestjs/common';
import { AccountsRepository } from '../accounts/accounts.repository';
import { AccountsService } from '../accounts/accounts.service';
import { AccountErrors } from '../accounts/accounts.errors';
import { TargetAccountQueryDto } from '../accounts/dto/account-query.dto';
import { CloseAccountResponseDto } from '../accounts/dto/account.response.dto';
import { SessionsRepository } from '../auth/sessions.repository';
import { actingAccountId } from '../common/access/account-access';
import { AuthenticatedUser } from '../common/access/caller';
import { Database } from '../database/database';
import { EventLog } from '../common/events/event-log';
import { LedgerService } from '../ledger/ledger.service';
import { closureEvents } from './closure-events';
import { RefundsRepository } from '../refunds/refunds.repository';
import { PaymentsRepository } from '../payments/payments.repository';
import { TransactionsRepository } from '../transactions/transactions.repository';
import { UsersRepository } from '../users/users.repository';
import { AuditLog } from '../common/audit/audit-log';
import { PayoutsRepository } from '../payouts/payouts.repository';
import { AccountClosureErrors } from './account-closure.errors';

/**
 * Closing an account spans every module: the account, its users' sessions,
 * its pending transactions (and their entries in the books) and its open
 * payment requests change together, in
 * one database transaction, or not at all.
 */
@Injectable()
export class AccountClosureService {
  constructor(
    private readonly db: Database,
    private readonly accountsService: AccountsService,
    private readonly accounts: AccountsRepository,
    private readonly users: UsersRepository,
    private readonly sessions: SessionsRepository,
    private readonly transactions: TransactionsRepository,
    private readonly payments: PaymentsRepository,
    private readonly refunds: RefundsRepository,
    private readonly ledger: LedgerService,
    private readonly events: EventLog,
    private readonly audit: AuditLog,
    private readonly payouts: PayoutsRepository,
  ) {}

  async close(caller: AuthenticatedUser, target: TargetAccountQueryDto): Promise<CloseAccountResponseDto> {
    const accountId = actingAccountId(caller, target.account_id);
    return this.db.transaction(async (manager) => {
      const account = await this.accountsService.findManageable(manager, caller, accountId);
      // Waits for the writes that hold the account's lock, so that closed_at follows everything they committed,
      // and so that no member joins or logs in between the list of users below and the commit.
      await this.accounts.lockForClosure(manager, account.id);
      const now = new Date();
      if (!(await this.accounts.markClosed(manager, account.id, now))) throw AccountErrors.closed();
      const userIds = await this.users.idsOfAccount(manager, account.id);
      const revoked = await this.sessions.revokeAll(manager, { userIds }, 'account_closed', now);
      // The books first: they lock the balances of every pending transaction involved (the account's, and those of the
      // other side of its transfers) before the transaction rows change (lock-order.md).
      const balances = await this.ledger.cancelPendingTouching(manager, account.id, now);
      const released = await this.transactions.releasePendingRefundsOfAccount(manager, account.id);
      const transactions = await this.transactions.cancelPendingOfAccount(manager, account.id, now);
      // Pending payouts are canceled with their debits (above); one in a batch file is with the bank, and its debit
      // must wait for the statement: refused, all of this rolled back. Counted after the cancel, whose conditional
      // update waits for a batch that holds those rows: a payout a racing batch took is then seen in transit.
      const payouts = await this.payouts.cancelPendingOfAccount(manager, account.id, now);
      const inTransit = await this.payouts.countInTransitOfAccount(manager, account.id);
      if (inTransit > 0) throw AccountClosureErrors.payoutsInTransit(inTransit);
      const payments = await this.payments.cancelOpenOfAccount(manager, account.id, now);
      // Refunds waiting for their provider (a bank transfer's) fail: their debits were canceled above. The requests
      // whose credits got back what pending refunds had reserved (by either route) read it from their credits.
      const refunds = await this.refunds.failPendingOfAccount(manager, account.id, now);
      for (const credit of released) if (credit.paymentId !== null) await this.payments.syncRefunded(manager, credit.paymentId, now);
      const closed = { ...account, status: 'closed' as const, closedAt: now, updatedAt: now };
      await this.events.record(manager, closureEvents(closed, transactions, released, payments, refunds, payouts, balances, now));
      await this.audit.record(manager, { action: 'account.closed', accountId: account.id, target: { type: 'account', id: account.id } });
      return {
        account_id: account.id,
        status: 'closed',
        closed_at: now.toISOString(),
        revoked_sessions: revoked.sessions,
        canceled_transactions: transactions.length,
        canceled_payments: payments.length,
      };
    });
  }
}
