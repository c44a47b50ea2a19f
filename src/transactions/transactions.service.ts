import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { AccountsRepository, OpenAccount } from '../accounts/accounts.repository';
import { AccountErrors } from '../accounts/accounts.errors';
import { actingAccountId, listedAccountScope, visibleAccountScope } from '../common/access/account-access';
import { AuthenticatedUser, isAdmin } from '../common/access/caller';
import { DomainError, validationError } from '../common/errors/domain-error';
import { creationTimeOf, isId, newId } from '../common/ids/ids';
import { createdRangeOf } from '../common/pagination/created-range';
import { Page } from '../common/pagination/page';
import { mergeMetadata } from '../common/validation/metadata';
import { isLive } from '../config/modes';
import { Database, TransactionOptions } from '../database/database';
import { valuesInOrder } from '../database/sent-together';
import { balanceUpdatedEvents } from '../ledger/dto/balances.response.dto';
import { LedgerService } from '../ledger/ledger.service';
import { EventLog, NewEvent } from '../common/events/event-log';
import { transactionEvents } from './transaction-events';
import { CreateTransactionRequestDto } from './dto/create-transaction.request.dto';
import { ListTransactionsQueryDto } from './dto/list-transactions.query.dto';
import { toTransactionResponse, TransactionResponseDto } from './dto/transaction.response.dto';
import { UpdateTransactionRequestDto } from './dto/update-transaction.request.dto';
import { Transaction } from './entities/transaction.entity';
import { checkCounterparty, checkRefundedTransaction, directionFor, isRefundable, postingOf, reversalOf } from './transaction-rules';
import { ReverseTransactionRequestDto } from './dto/reverse-transaction.request.dto';
import { TransactionErrors } from './transactions.errors';
import { TO_CANCELED, TO_POSTED, Transition, TransactionsRepository } from './transactions.repository';
import { AuditLog } from '../common/audit/audit-log';
import { RefundLinks } from './refund-links';

/** The accounts whose streams a transaction's events join: its own and a transfer's receiver. */
function streamsOf(transaction: Pick<Transaction, 'accountId' | 'counterpartyAccountId'>): string[] {
  return transaction.counterpartyAccountId === null ? [transaction.accountId] : [transaction.accountId, transaction.counterpartyAccountId];
}

@Injectable()
export class TransactionsService {
  constructor(
    private readonly db: Database,
    private readonly transactions: TransactionsRepository,
    private readonly accounts: AccountsRepository,
    private readonly ledger: LedgerService,
    private readonly events: EventLog,
    private readonly audit: AuditLog,
    private readonly refundLinks: RefundLinks,
  ) {}

  /**
   * Books a pending transaction on the caller's account (admins: on
   * `account_id`), with its two ledger entries; a debit on an account that
   * forbids overdrafts must fit in its available balance, and a refund in
   * what is left of its payment.
   */
  async create(caller: AuthenticatedUser, request: CreateTransactionRequestDto, commit: TransactionOptions = {}): Promise<TransactionResponseDto> {
    const accountId = actingAccountId(caller, request.account_id);
    // A refund naming what it refunds takes its direction from it, read below.
    const impliedDirection = request.refunded_transaction_id === undefined ? directionFor(request.type, request.direction) : null;
    checkCounterparty(request.type, accountId, request.counterparty_account_id);
    checkRefundedTransaction(request.type, request.refunded_transaction_id);
    const counterpartyId = request.counterparty_account_id ?? null;
    const refundedId = request.refunded_transaction_id ?? null;
    if (refundedId !== null && !isId('txn', refundedId)) throw TransactionErrors.notRefundable();
    const counterpartyWellFormed = counterpartyId !== null && isId('acc', counterpartyId);
    return this.db.transaction(async (manager) => {
      // Sent together, in the order the request names them: both accounts are locked against closure until
      // this commits, so a closure either refuses this transaction or cancels it (never leaves it pending on a
      // closed account); and the transaction it refunds is read (not locked: the insert's foreign key needs
      // it, reserveRefund decides under the lock). Refusals in that order.
      const [[account, counterparty], refunded] = valuesInOrder(
        await Promise.allSettled([
          this.requireOpenAccounts(manager, accountId, counterpartyWellFormed ? counterpartyId : null),
          refundedId === null ? null : this.transactions.findById(manager, refundedId),
        ]),
      );
      if (counterpartyId !== null && !counterpartyWellFormed) throw AccountErrors.notFound();
      if (counterparty !== null && counterparty.mode !== account.mode) {
        throw validationError('counterparty_account_id', `is a ${counterparty.mode}-mode account; money never moves between live and test accounts`);
      }
      if (refundedId !== null && !isRefundable(refunded, accountId, request.currency)) throw TransactionErrors.notRefundable();
      const direction = impliedDirection ?? directionFor(request.type, request.direction, refunded);
      const id = newId('txn');
      const createdAt = creationTimeOf(id);
      const transaction: Transaction = {
        id,
        accountId,
        type: request.type,
        status: 'pending',
        direction,
        amount: request.amount,
        currency: request.currency,
        description: request.description ?? null,
        referenceIds: request.reference_ids ?? [],
        metadata: request.metadata ?? {},
        notes: request.notes ?? null,
        counterpartyAccountId: counterpartyId,
        paymentId: null,
        refundedTransactionId: refundedId,
        amountRefunded: 0,
        reversesTransactionId: null,
        reversedByTransactionId: null,
        livemode: isLive(account.mode),
        createdAt,
        updatedAt: createdAt,
        postedAt: null,
        canceledAt: null,
      };
      // Sent together (one round trip): the row, its entries and balances, then the counters of the streams its events
      // join. A refund takes those counters only after its credit and the credit's request (reserveRefund): in
      // lock order (lock-order.md), as a refund through the request's route or a reversal of that credit does.
      const [, balances] = await Promise.all([
        this.transactions.insert(manager, transaction),
        this.ledger.open(manager, postingOf(transaction), account.overdraft, createdAt),
        refundedId === null ? this.events.lockStreams(manager, streamsOf(transaction)) : null,
      ]);
      const refundedEvents = refundedId === null ? [] : await this.reserveRefund(manager, refundedId, transaction);
      await this.events.record(manager, [...transactionEvents('transaction.created', transaction), ...refundedEvents, ...balanceUpdatedEvents(balances)]);
      return toTransactionResponse(transaction);
    }, commit);
  }

  list(caller: AuthenticatedUser, query: ListTransactionsQueryDto): Promise<Page<TransactionResponseDto>> {
    const scope = listedAccountScope(caller, query.account_id, 'transactions');
    const filters = { status: query.status, type: query.type, currency: query.currency, ...createdRangeOf(query), metadata: query.metadata ?? {} };
    const viewer = scope.kind === 'account' ? scope.accountId : null;
    return this.db.runOnReplica((manager) => this.transactions.page(manager, scope, filters, query, (row) => toTransactionResponse(row, viewer)));
  }

  async get(caller: AuthenticatedUser, transactionId: string): Promise<TransactionResponseDto> {
    return toTransactionResponse(await this.db.run((manager) => this.findVisible(manager, caller, transactionId)), caller.accountId);
  }

  /** Amends metadata (merged key by key), reference ids and notes, in any status. */
  async update(caller: AuthenticatedUser, transactionId: string, request: UpdateTransactionRequestDto): Promise<TransactionResponseDto> {
    if (request.metadata === undefined && request.reference_ids === undefined && request.notes === undefined) {
      throw validationError('body', 'must contain at least one of metadata, reference_ids, notes');
    }
    return this.db.transaction(async (manager) => {
      const found = await this.findSent(manager, caller, transactionId);
      await this.accounts.requireOpen(manager, found.accountId);
      const now = new Date();
      // Written (locked) before it is read again, so concurrent metadata merges apply one after the other.
      await this.transactions.lock(manager, found.id, now);
      const current = (await this.transactions.findById(manager, found.id)) ?? found;
      const changes: Partial<Transaction> = { updatedAt: now };
      if (request.metadata !== undefined) changes.metadata = mergeMetadata(current.metadata, request.metadata);
      if (request.reference_ids !== undefined) changes.referenceIds = request.reference_ids;
      if (request.notes !== undefined) changes.notes = request.notes;
      await this.transactions.amend(manager, current, changes);
      const amended = { ...current, ...changes };
      await this.events.record(manager, transactionEvents('transaction.updated', amended));
      return toTransactionResponse(amended, caller.accountId);
    });
  }

  /** pending -> canceled; of concurrent cancels (or a cancel and a post) exactly one wins. */
  cancel(caller: AuthenticatedUser, transactionId: string): Promise<TransactionResponseDto> {
    return this.transition(caller, transactionId, TO_CANCELED);
  }

  /** pending -> posted (admins). */
  post(caller: AuthenticatedUser, transactionId: string): Promise<TransactionResponseDto> {
    return this.transition(caller, transactionId, TO_POSTED);
  }

  /**
   * Books the one reversal of a posted transaction (admins): posted at once, with its entries; the
   * original shows `reversed_by_transaction_id`. The reversal is written first (inserts, then the
   * overdraft guard on the balance it debits), then the original's conditional update decides
   * between racing reversals; events last.
   */
  async reverse(caller: AuthenticatedUser, transactionId: string, request: ReverseTransactionRequestDto, commit: TransactionOptions = {}): Promise<TransactionResponseDto> {
    return this.db.transaction(async (manager) => {
      const original = await this.findVisible(manager, caller, transactionId);
      if (original.type === 'payout') throw TransactionErrors.belongsToPayout(original);
      if (original.status !== 'posted') throw TransactionErrors.notPosted(original.status);
      if (original.reversedByTransactionId !== null) throw TransactionErrors.alreadyReversed(original.reversedByTransactionId);
      if (original.amountRefunded > 0) throw TransactionErrors.reversalHasRefunds(original);
      const id = newId('txn');
      const reversal = reversalOf(original, id, creationTimeOf(id), request.reason);
      const [account] = await this.requireOpenAccounts(manager, reversal.accountId, reversal.counterpartyAccountId);
      const posting = postingOf(reversal);
      // Sent together: the reversal's rows (whose unique index refuses a second reversal: checked first), its
      // entries and balances (the overdraft guard on the side it debits), which then hold the instant it posts at.
      const opened = await Promise.allSettled([this.transactions.insertReversal(manager, reversal), this.ledger.open(manager, posting, account.overdraft, reversal.createdAt)]);
      if (opened[0].status === 'fulfilled' && !opened[0].value) throw TransactionErrors.alreadyReversed(null);
      const at = this.ledger.postingInstant(valuesInOrder(opened)[1], new Date());
      // Then the original's conditional update, which decides between racing reversals (checked first: the rest
      // is rolled back with a refusal), the reversal's posting (both return their rows), and the counters and chain head.
      const moved = await Promise.allSettled([
        this.transactions.markReversed(manager, original.id, reversal.id, at),
        this.transactions.transition(manager, reversal.id, TO_POSTED, at),
        this.ledger.settle(manager, posting, 'posted', at),
        this.events.lockStreams(manager, streamsOf(reversal)),
        this.audit.lockChain(manager, original.accountId),
      ]);
      if (moved[0].status === 'fulfilled' && moved[0].value === null) throw reversalRefusal((await this.transactions.findById(manager, original.id)) ?? original);
      const [reversed, posted, balances] = valuesInOrder(moved);
      if (reversed === null || posted === null) throw new Error(`reversal ${reversal.id} was not pending in the unit of work that inserted it`);
      await this.events.record(manager, [
        ...transactionEvents('transaction.reversed', reversed),
        ...transactionEvents('transaction.created', reversal),
        ...transactionEvents('transaction.posted', posted),
        ...balanceUpdatedEvents(balances),
      ]);
      await this.audit.record(manager, {
        action: 'transaction.reversed',
        accountId: original.accountId,
        target: { type: 'transaction', id: original.id },
        reason: request.reason ?? null,
      });
      return toTransactionResponse(posted, caller.accountId);
    }, commit);
  }

  private async transition(caller: AuthenticatedUser, transactionId: string, transition: Transition): Promise<TransactionResponseDto> {
    return this.db.transaction(async (manager) => {
      const found = transition.to === 'canceled' ? await this.findSent(manager, caller, transactionId) : await this.findVisible(manager, caller, transactionId);
      if (found.type === 'payout') throw TransactionErrors.belongsToPayout(found);
      if (found.refundedTransactionId !== null) await this.requireRefundMovable(manager, found, transition);
      const posting = postingOf(found);
      // Sent together, in lock order (lock-order.md): the accounts, shared (a transfer is posted into its
      // counterparty too: a closure of either refuses it or waits), then the balances, which give the instant
      // it posts at. The accounts' refusal first.
      const [, at] = valuesInOrder(
        await Promise.allSettled([
          this.requireOpenAccounts(manager, found.accountId, transition.to === 'posted' ? found.counterpartyAccountId : null),
          this.ledger.lockBalances(manager, posting, new Date()),
        ]),
      );
      // The conditional update that decides the race returns the row as it leaves it (an amendment may have
      // committed since the first read); then the books and the counters of the streams its events join.
      const moved = await this.transactions.transition(manager, found.id, transition, at);
      if (moved === null) throw await this.transitionRefusal(manager, found);
      // A canceled refund gives its amount back to its credit and the credit's request first (releaseRefund), which
      // then takes the counters: in lock order (lock-order.md), the streams after the transactions and requests.
      const releasedCredit = transition.to === 'canceled' ? found.refundedTransactionId : null;
      const [balances] = await Promise.all([
        this.ledger.settle(manager, posting, transition.to, at),
        releasedCredit === null ? this.events.lockStreams(manager, streamsOf(found)) : null,
        transition.to === 'posted' ? this.audit.lockChain(manager, found.accountId) : null,
      ]);
      const refunded = releasedCredit === null ? [] : await this.releaseRefund(manager, releasedCredit, found);
      await this.events.record(manager, [...transactionEvents(transition.event, moved), ...refunded, ...balanceUpdatedEvents(balances)]);
      if (transition.to === 'posted') await this.audit.record(manager, { action: 'transaction.posted', accountId: moved.accountId, target: { type: 'transaction', id: moved.id } });
      return toTransactionResponse(moved, caller.accountId);
    });
  }

  /**
   * Locks an account and, for a transfer, its counterparty against closure until the commit (shared, in that
   * order, sent together): a closure either refuses the write or sees it. The account's refusal first.
   */
  private async requireOpenAccounts(manager: EntityManager, accountId: string, counterpartyId: string | null): Promise<[OpenAccount, OpenAccount | null]> {
    const locked = await Promise.allSettled([
      this.accounts.requireOpen(manager, accountId),
      counterpartyId === null ? Promise.resolve(null) : this.accounts.requireOpen(manager, counterpartyId),
    ] as const);
    return valuesInOrder(locked);
  }

  /**
   * A refund moves through these routes only when no refund object settles it, and posts only once what it
   * refunds has posted: money given back for a payment that may still be canceled (by its owner, once its
   * pending refunds are, or by a closure) would be given back for nothing. The account's lock, held by every
   * transition and by a closure, keeps what it refunds as read until the commit (posted is final).
   */
  private async requireRefundMovable(manager: EntityManager, refund: Transaction, transition: Transition): Promise<void> {
    // Sent together (one round trip); the refund object's refusal first.
    const [, refunded] = valuesInOrder(
      await Promise.allSettled([
        this.refundLinks.requireMovable(manager, refund),
        transition.to === 'posted' ? this.transactions.findById(manager, refund.refundedTransactionId!) : null,
      ]),
    );
    if (refunded !== null && refunded.status !== 'posted') throw TransactionErrors.refundedNotPosted(refunded.status);
  }

  /** Why a transition that lost its conditional update was refused. */
  private async transitionRefusal(manager: EntityManager, found: Transaction): Promise<DomainError> {
    const current = (await this.transactions.findById(manager, found.id)) ?? found;
    if (current.status === 'pending' && current.amountRefunded > 0) return TransactionErrors.cancelHasRefunds(current);
    return TransactionErrors.notPending(current.status);
  }

  /**
   * Adds the refund to its payment (or credit), or refuses it: `400` if that is no payment of this account or
   * it was reversed, `409` if it does not fit. The events of the payment as it is afterwards, and of what follows it.
   */
  private async reserveRefund(manager: EntityManager, paymentId: string, refund: Transaction): Promise<NewEvent[]> {
    const reserved = await this.transactions.reserveRefund(manager, paymentId, refund);
    if (reserved === null) {
      const payment = await this.transactions.findById(manager, paymentId);
      throw payment !== null && isRefundable(payment, refund.accountId, refund.currency) ? TransactionErrors.refundExceedsPayment(payment) : TransactionErrors.notRefundable();
    }
    return [...transactionEvents('transaction.updated', reserved), ...(await this.followRefunded(manager, reserved, true, refund))];
  }

  /** A canceled refund gives its amount back to its payment: the payment's `transaction.updated`, and the events of what follows it. */
  private async releaseRefund(manager: EntityManager, paymentId: string, refund: Transaction): Promise<NewEvent[]> {
    await this.transactions.releaseRefund(manager, paymentId, refund.amount);
    const payment = await this.transactions.findById(manager, paymentId);
    if (payment === null) return [];
    return [...transactionEvents('transaction.updated', payment), ...(await this.followRefunded(manager, payment, false, refund))];
  }

  /**
   * What follows a credit whose refunded sum changed (its request, rank 7 of lock-order.md), sent together with the
   * counters of the refund's streams (rank 8), in that order: a refund through the request's route takes the request
   * and then the same counters, so two refunds of one request queue instead of deadlocking. The request's events.
   */
  private async followRefunded(manager: EntityManager, credit: Transaction, grew: boolean, refund: Transaction): Promise<NewEvent[]> {
    const [followed] = await Promise.all([this.refundLinks.refundedChanged(manager, credit, grew), this.events.lockStreams(manager, streamsOf(refund))]);
    return followed;
  }

  /** findVisible, for a change only the sender may make: the receiver of a transfer gets `403`. */
  private async findSent(manager: EntityManager, caller: AuthenticatedUser, transactionId: string): Promise<Transaction> {
    const found = await this.findVisible(manager, caller, transactionId);
    // A member sees only its own account's transactions and the transfers it receives.
    if (!isAdmin(caller) && found.accountId !== caller.accountId) throw TransactionErrors.receiverCannotChange();
    return found;
  }

  /** A transaction of the caller's account, sent or received (any, for admins); anything else reads as not found. */
  private async findVisible(manager: EntityManager, caller: AuthenticatedUser, transactionId: string): Promise<Transaction> {
    if (!isId('txn', transactionId)) throw TransactionErrors.notFound();
    const transaction = await this.transactions.findVisible(manager, visibleAccountScope(caller), transactionId);
    if (!transaction) throw TransactionErrors.notFound();
    return transaction;
  }
}

/** Why a reversal that lost the original's conditional update was refused: reversed, refunded meanwhile, or not posted. */
function reversalRefusal(current: Transaction): DomainError {
  if (current.status !== 'posted') return TransactionErrors.notPosted(current.status);
  if (current.reversedByTransactionId !== null) return TransactionErrors.alreadyReversed(current.reversedByTransactionId);
  return TransactionErrors.reversalHasRefunds(current);
}
