import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { AccountsRepository } from '../accounts/accounts.repository';
import { newId } from '../common/ids/ids';
import { EventLog, NewEvent } from '../common/events/event-log';
import { balanceUpdatedEvents } from '../ledger/dto/balances.response.dto';
import { LedgerService } from '../ledger/ledger.service';
import { transactionEvents } from '../transactions/transaction-events';
import { postingOf } from '../transactions/transaction-rules';
import { TransactionsRepository } from '../transactions/transactions.repository';
import { PaymentResponseDto, toPaymentResponse } from './dto/payment.response.dto';
import { PaymentRequest } from './entities/payment-request.entity';
import { AttemptedPayment, attemptMove, PaymentMove } from './payment-status';
import { PaymentsRepository } from './payments.repository';
import { settlementCredit } from './settlement-credit';

/** A move either happened (the request as it now reads) or did not (the request as it is, and when that was read). */
export type MoveResult = { moved: true; payment: PaymentResponseDto } | { moved: false; current: PaymentRequest; now: Date };

/**
 * The one code path of a payment request's transitions, whoever drives them:
 * the sandbox's simulate endpoint, the checkout page, capture and cancel. Runs
 * in the caller's database transaction; the move is one conditional update,
 * so of concurrent moves exactly one wins, and a success books exactly one
 * posted credit, its ledger entries and its events with it.
 */
@Injectable()
export class PaymentTransitions {
  constructor(
    private readonly payments: PaymentsRepository,
    private readonly accounts: AccountsRepository,
    private readonly transactions: TransactionsRepository,
    private readonly ledger: LedgerService,
    private readonly events: EventLog,
  ) {}

  /**
   * A customer's attempt as its provider answered it: approved or finally refused, the request moves; a
   * decline that is not final leaves it pending with `last_failure_code` and emits `payment.attempt_failed`,
   * so that the customer may try again. Nothing happens to a request that left pending meanwhile.
   */
  async attempted(manager: EntityManager, payment: PaymentRequest, attempt: AttemptedPayment): Promise<void> {
    const move = attemptMove(attempt, payment.captureMethod);
    if (move !== null) {
      await this.move(manager, payment, move);
      return;
    }
    if (attempt.outcome !== 'declined') return;
    await this.accounts.requireOpen(manager, payment.accountId);
    const now = new Date();
    const changes = { lastFailureCode: attempt.failureCode, updatedAt: now };
    if (!(await this.payments.move(manager, payment.id, ['pending'], changes, now))) return;
    const response = toPaymentResponse({ ...payment, ...changes }, now);
    await this.events.record(manager, [{ type: 'payment.attempt_failed', accountId: payment.accountId, object: response }]);
  }

  async move(manager: EntityManager, payment: PaymentRequest, move: PaymentMove): Promise<MoveResult> {
    // Locked against closure: a closure cancels open requests under the account's exclusive lock.
    await this.accounts.requireOpen(manager, payment.accountId);
    // A success posts a credit: its balance is locked before the request's row, and the instant read after.
    const creditId = move.to === 'succeeded' ? newId('txn') : null;
    const captured = move.to === 'succeeded' ? { amountCaptured: move.capturedAmount ?? payment.amount } : {};
    const now =
      creditId === null ? new Date() : await this.ledger.lockBalances(manager, postingOf(settlementCredit({ ...payment, ...captured }, creditId, new Date())), new Date());
    const changes: Partial<PaymentRequest> = {
      status: move.to,
      updatedAt: now,
      ...captured,
      ...(move.failureCode === undefined ? {} : { failureCode: move.failureCode }),
      ...(move.to === 'succeeded' ? { paidAt: now } : {}),
    };
    if (!(await this.payments.move(manager, payment.id, move.from, changes, now))) {
      return { moved: false, current: (await this.payments.findById(manager, payment.id)) ?? payment, now };
    }
    const settled: NewEvent[] = [];
    if (creditId !== null) {
      const credit = await this.transactions.insert(manager, settlementCredit({ ...payment, ...changes }, creditId, now));
      const balances = await this.ledger.openPosted(manager, postingOf(credit), now);
      await this.payments.linkTransaction(manager, payment.id, credit.id);
      changes.transactionId = credit.id;
      settled.push(...transactionEvents('transaction.created', credit), ...balanceUpdatedEvents(balances));
    }
    const response = toPaymentResponse({ ...payment, ...changes }, now);
    await this.events.record(manager, [{ type: `payment.${move.to}`, accountId: payment.accountId, object: response }, ...settled]);
    return { moved: true, payment: response };
  }
}
