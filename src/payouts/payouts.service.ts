import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { AccountsRepository } from '../accounts/accounts.repository';
import { AccessErrors } from '../common/access/access.errors';
import { actingAccountId, listedAccountScope, visibleAccountScope } from '../common/access/account-access';
import { AuthenticatedUser, isAdmin } from '../common/access/caller';
import { sealText } from '../common/crypto/sealed-text';
import { EventLog, NewEvent } from '../common/events/event-log';
import { creationTimeOf, isId, newId } from '../common/ids/ids';
import { Page } from '../common/pagination/page';
import { AppConfig } from '../config/app-config';
import { isLive } from '../config/modes';
import { Database, TransactionOptions } from '../database/database';
import { valuesInOrder } from '../database/sent-together';
import { balanceUpdatedEvents } from '../ledger/dto/balances.response.dto';
import { ChangedBalance } from '../ledger/ledger.repository';
import { LedgerService } from '../ledger/ledger.service';
import { Transaction } from '../transactions/entities/transaction.entity';
import { transactionEvents } from '../transactions/transaction-events';
import { postingOf } from '../transactions/transaction-rules';
import { TO_CANCELED, TO_POSTED, TransactionsRepository } from '../transactions/transactions.repository';
import { CreatePayoutRequestDto } from './dto/create-payout.request.dto';
import { ListPayoutsQueryDto } from './dto/list-payouts.query.dto';
import { PayoutResponseDto, toPayoutResponse } from './dto/payout.response.dto';
import { Payout, PayoutStatus } from './entities/payout.entity';
import { PayoutErrors } from './payouts.errors';
import { PayoutsRepository } from './payouts.repository';
import { lastFour, normalBic, sepaIban } from './sepa-rules';

/** A payout moved, and what the move recorded: its events (to record last in the unit of work). */
export interface PayoutMove {
  payout: Payout;
  events: NewEvent[];
}

/**
 * Payouts (contract section 23): money sent from an account's balance to a bank account by SEPA credit transfer.
 * Creation books a pending `payout` debit that reserves the amount (the overdraft guard applies); cancel releases
 * it; the bank statement (or, in test mode, a helper) posts it when paid, and books a posted credit back when the
 * bank returns it. Every move is one conditional update on the payout, in the unit of work of its books and events.
 */
@Injectable()
export class PayoutsService {
  private readonly sealKey: Buffer;

  constructor(
    private readonly db: Database,
    private readonly payouts: PayoutsRepository,
    private readonly accounts: AccountsRepository,
    private readonly transactions: TransactionsRepository,
    private readonly ledger: LedgerService,
    private readonly events: EventLog,
    config: AppConfig,
  ) {
    this.sealKey = config.keys.payoutDestinations.export();
  }

  /** The key destination IBANs are sealed with (derived from the root secret with its own label). */
  get destinationKey(): Buffer {
    return this.sealKey;
  }

  async create(caller: AuthenticatedUser, request: CreatePayoutRequestDto, commit: TransactionOptions = {}): Promise<PayoutResponseDto> {
    const accountId = actingAccountId(caller, request.account_id);
    // The DTO checked both; here they take their stored form.
    const iban = sepaIban(request.destination.iban)!;
    const bic = request.destination.bic === undefined ? null : normalBic(request.destination.bic);
    return this.db.transaction(async (manager) => {
      // The account's shared lock (held against closure until the commit), and the caller's right to move its money.
      const [account, owner] = valuesInOrder(
        await Promise.allSettled([this.accounts.requireOpen(manager, accountId), mayPayOut(caller) ? true : this.accounts.isOwner(manager, caller.userId, accountId)]),
      );
      if (!owner) throw AccessErrors.insufficientPermissions('Only the owner of the account, an admin or an API key with payouts:write may pay out.');
      const id = newId('po');
      const createdAt = creationTimeOf(id);
      const livemode = isLive(account.mode);
      const debit = payoutDebit(id, accountId, request.amount, request.currency, livemode, newId('txn'));
      const payout: Payout = {
        id,
        accountId,
        amount: request.amount,
        currency: request.currency,
        status: 'pending',
        ibanSealed: sealText(iban, this.sealKey),
        ibanLast4: lastFour(iban),
        bic,
        destinationName: request.destination.name,
        reference: request.reference ?? null,
        description: request.description ?? null,
        metadata: request.metadata ?? {},
        batchId: null,
        failureCode: null,
        transactionId: debit.id,
        returnTransactionId: null,
        livemode,
        createdAt,
        updatedAt: createdAt,
      };
      // Sent together, in lock order: the debit (the payout's foreign key needs it first), the payout, the books (the
      // overdraft guard on the account's balance: refused, everything is rolled back), the stream's counter.
      const [, , balances] = valuesInOrder(
        await Promise.allSettled([
          this.transactions.insert(manager, debit),
          this.payouts.insert(manager, payout),
          this.ledger.open(manager, postingOf(debit), account.overdraft, createdAt),
          this.events.lockStreams(manager, [accountId]),
        ]),
      );
      await this.events.record(manager, [payoutEvent('payout.created', payout), ...transactionEvents('transaction.created', debit), ...balanceUpdatedEvents(balances)]);
      return toPayoutResponse(payout);
    }, commit);
  }

  list(caller: AuthenticatedUser, query: ListPayoutsQueryDto): Promise<Page<PayoutResponseDto>> {
    const scope = listedAccountScope(caller, query.account_id, 'payouts');
    return this.db.runOnReplica((manager) => this.payouts.page(manager, scope, query.status, query, toPayoutResponse));
  }

  async get(caller: AuthenticatedUser, payoutId: string): Promise<PayoutResponseDto> {
    return toPayoutResponse(await this.db.run((manager) => this.findVisible(manager, caller, payoutId)));
  }

  /** pending -> canceled: the debit is canceled and the reservation released; of racing cancels (or a batch) one wins. */
  cancel(caller: AuthenticatedUser, payoutId: string): Promise<PayoutResponseDto> {
    return this.db.transaction(async (manager) => {
      const found = await this.findChangeable(manager, caller, payoutId);
      const debit = await this.debitOf(manager, found);
      const posting = postingOf(debit);
      const [, at] = valuesInOrder(await Promise.allSettled([this.accounts.requireOpen(manager, found.accountId), this.ledger.lockBalances(manager, posting, new Date())]));
      const canceled = await this.payouts.move(manager, found.id, ['pending'], 'canceled', at);
      if (canceled === null) throw PayoutErrors.notCancelable((await this.payouts.findById(manager, found.id))?.status ?? found.status);
      const [moved, balances] = await Promise.all([
        this.transactions.transition(manager, debit.id, TO_CANCELED, at),
        this.ledger.settle(manager, posting, 'canceled', at),
        this.events.lockStreams(manager, [found.accountId]),
      ]);
      if (moved === null) throw new Error(`payout ${found.id}: its debit ${debit.id} was not pending`);
      await this.events.record(manager, [payoutEvent('payout.canceled', canceled), ...transactionEvents('transaction.canceled', moved), ...balanceUpdatedEvents(balances)]);
      return toPayoutResponse(canceled);
    });
  }

  /** Test mode (contract section 23): a test payout is paid (pending -> paid; test payouts never enter a batch). */
  testPaid(caller: AuthenticatedUser, payoutId: string): Promise<PayoutResponseDto> {
    return this.db.transaction(async (manager) => {
      const found = await this.findTestPayout(manager, caller, payoutId);
      const moved = await this.markPaid(manager, found, ['pending']);
      if (moved === null) throw PayoutErrors.notMovable((await this.payouts.findById(manager, found.id))?.status ?? found.status, 'paid');
      await this.events.record(manager, moved.events);
      return toPayoutResponse(moved.payout);
    });
  }

  /** Test mode: a test payout comes back from the bank (pending or paid -> returned), its amount credited back. */
  testReturned(caller: AuthenticatedUser, payoutId: string, reason: string): Promise<PayoutResponseDto> {
    return this.db.transaction(async (manager) => {
      const found = await this.findTestPayout(manager, caller, payoutId);
      const moved = await this.markReturned(manager, found, ['pending', 'paid'], reason);
      if (moved === null) throw PayoutErrors.notMovable((await this.payouts.findById(manager, found.id))?.status ?? found.status, 'returned');
      await this.events.record(manager, moved.events);
      return toPayoutResponse(moved.payout);
    });
  }

  /**
   * The bank's statement shows the payout's debit: `from` -> paid, its debit posted. Null when it is in no status
   * of `from` (paid already, returned, canceled): a statement imported again changes nothing. The caller records the events.
   */
  async markPaid(manager: EntityManager, payout: Payout, from: readonly PayoutStatus[]): Promise<PayoutMove | null> {
    const debit = await this.debitOf(manager, payout);
    const posting = postingOf(debit);
    const at = await this.ledger.lockBalances(manager, posting, new Date());
    const paid = await this.payouts.move(manager, payout.id, from, 'paid', at);
    if (paid === null) return null;
    const [posted, balances] = await Promise.all([
      this.transactions.transition(manager, debit.id, TO_POSTED, at),
      this.ledger.settle(manager, posting, 'posted', at),
      this.events.lockStreams(manager, [payout.accountId]),
    ]);
    if (posted === null) throw new Error(`payout ${payout.id}: its debit ${debit.id} was not pending`);
    return { payout: paid, events: [payoutEvent('payout.paid', paid), ...transactionEvents('transaction.posted', posted), ...balanceUpdatedEvents(balances)] };
  }

  /**
   * The bank sent the payout back (`reason`: its return reason code): `from` -> returned. A debit still pending posts
   * first (the money did leave), then a posted `payout` credit books the amount back on the account. Null when it
   * is in no status of `from`. The caller records the events.
   */
  async markReturned(manager: EntityManager, payout: Payout, from: readonly PayoutStatus[], reason: string): Promise<PayoutMove | null> {
    const debit = await this.debitOf(manager, payout);
    const posting = postingOf(debit);
    const at = await this.ledger.lockBalances(manager, posting, new Date());
    const creditId = newId('txn');
    const moved = await this.payouts.move(manager, payout.id, from, 'returned', at, { failureCode: reason });
    if (moved === null) return null;
    const returned: Payout = { ...moved, returnTransactionId: creditId };
    const events: NewEvent[] = [payoutEvent('payout.returned', returned)];
    let balances: ChangedBalance[] = [];
    if (debit.status === 'pending') {
      const [posted, settled] = await Promise.all([this.transactions.transition(manager, debit.id, TO_POSTED, at), this.ledger.settle(manager, posting, 'posted', at)]);
      if (posted === null) throw new Error(`payout ${payout.id}: its debit ${debit.id} was not pending`);
      events.push(...transactionEvents('transaction.posted', posted));
      balances = settled;
    }
    const credit = returnCredit(returned, creditId, at, reason);
    // The credit first: the payout's foreign key names it.
    const [, back] = await Promise.all([
      this.transactions.insert(manager, credit),
      this.ledger.openPosted(manager, postingOf(credit), at),
      this.payouts.setReturnTransaction(manager, payout.id, creditId),
      this.events.lockStreams(manager, [payout.accountId]),
    ]);
    events.push(...transactionEvents('transaction.created', credit), ...balanceUpdatedEvents(back.length > 0 ? back : balances));
    return { payout: returned, events };
  }

  /** The payouts whose ids a statement names (EndToEndId), of the statement's mode; ids of no payout are left out. */
  async findForStatement(manager: EntityManager, payoutIds: readonly string[], livemode: boolean): Promise<Map<string, Payout>> {
    const wellFormed = [...new Set(payoutIds.filter((id) => isId('po', id)))];
    const found = await this.payouts.findByIds(manager, wellFormed);
    return new Map(found.filter((payout) => payout.livemode === livemode).map((payout) => [payout.id, payout]));
  }

  private async debitOf(manager: EntityManager, payout: Payout): Promise<Transaction> {
    const debit = await this.transactions.findById(manager, payout.transactionId);
    if (debit === null) throw new Error(`payout ${payout.id} has no transaction ${payout.transactionId}`);
    return debit;
  }

  private async findVisible(manager: EntityManager, caller: AuthenticatedUser, payoutId: string): Promise<Payout> {
    if (!isId('po', payoutId)) throw PayoutErrors.notFound();
    const payout = await this.payouts.findVisible(manager, visibleAccountScope(caller), payoutId);
    if (payout === null) throw PayoutErrors.notFound();
    return payout;
  }

  /** A payout the caller may change: the account's owner, an admin, or a key with payouts:write. */
  private async findChangeable(manager: EntityManager, caller: AuthenticatedUser, payoutId: string): Promise<Payout> {
    const payout = await this.findVisible(manager, caller, payoutId);
    if (!mayPayOut(caller) && !(await this.accounts.isOwner(manager, caller.userId, payout.accountId))) {
      throw AccessErrors.insufficientPermissions('Only the owner of the account, an admin or an API key with payouts:write may change a payout.');
    }
    return payout;
  }

  private async findTestPayout(manager: EntityManager, caller: AuthenticatedUser, payoutId: string): Promise<Payout> {
    const payout = await this.findChangeable(manager, caller, payoutId);
    if (payout.livemode) throw PayoutErrors.testModeOnly();
    return payout;
  }
}

/** Admins and API keys (their scope checked by the guard) act for the account; a member must own it. */
function mayPayOut(caller: AuthenticatedUser): boolean {
  return isAdmin(caller) || caller.kind === 'api_key';
}

export function payoutEvent(type: Extract<NewEvent['type'], `payout.${string}`>, payout: Payout): NewEvent {
  return { type, accountId: payout.accountId, object: toPayoutResponse(payout) };
}

/** The pending debit that reserves a payout's amount until the bank's statement shows it. */
function payoutDebit(payoutId: string, accountId: string, amount: number, currency: string, livemode: boolean, id: string): Transaction {
  const createdAt = creationTimeOf(id);
  return {
    id,
    accountId,
    type: 'payout',
    status: 'pending',
    direction: 'debit',
    amount,
    currency,
    description: `Payout ${payoutId}`,
    referenceIds: [payoutId],
    metadata: {},
    notes: null,
    counterpartyAccountId: null,
    paymentId: null,
    refundedTransactionId: null,
    amountRefunded: 0,
    reversesTransactionId: null,
    reversedByTransactionId: null,
    livemode,
    createdAt,
    updatedAt: createdAt,
    postedAt: null,
    canceledAt: null,
  };
}

/** The posted credit that books a returned payout's amount back on its account. */
function returnCredit(payout: Payout, id: string, at: Date, reason: string): Transaction {
  return {
    ...payoutDebit(payout.id, payout.accountId, payout.amount, payout.currency, payout.livemode, id),
    direction: 'credit',
    status: 'posted',
    description: `Return of payout ${payout.id} (${reason})`,
    updatedAt: at,
    postedAt: at,
  };
}
