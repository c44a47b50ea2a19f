import { toAccountResponse } from '../../accounts/dto/account.response.dto';
import { Account } from '../../accounts/entities/account.entity';
import { EVENT_TYPES, EventType } from '../../common/events/event-log';
import { toBalanceDto } from '../../ledger/dto/balances.response.dto';
import { toRefundResponse } from '../../refunds/dto/refund.response.dto';
import { Refund } from '../../refunds/entities/refund.entity';
import { toPayoutResponse } from '../../payouts/dto/payout.response.dto';
import { Payout } from '../../payouts/entities/payout.entity';
import { toPaymentResponse } from '../../payments/dto/payment.response.dto';
import { PaymentRequest } from '../../payments/entities/payment-request.entity';
import { toTransactionResponse } from '../../transactions/dto/transaction.response.dto';
import { Transaction } from '../../transactions/entities/transaction.entity';
import { toUserResponse } from '../../users/dto/user.response.dto';
import { User } from '../../users/entities/user.entity';
import { EventResponseDto } from './event.response.dto';

/*
 * One example event per type for the OpenAPI document. The objects go through
 * the same response mappers as the API's answers, so an example cannot drift
 * from what a client or a webhook receiver really gets.
 */

const ACCOUNT_ID = 'acc_01JDQ4Z8X9T2M3N4P5Q6R7S8T9';
const CREATED = new Date('2026-11-21T10:15:30.123Z');
const CHANGED = new Date('2026-11-21T10:17:02.456Z');

const account: Account = {
  id: ACCOUNT_ID,
  type: 'business',
  name: 'Analytical Engines Ltd',
  email: 'billing@example.com',
  preferences: { locale: 'en-GB' },
  status: 'open',
  overdraft: 'allowed',
  mode: 'live',
  ownerUserId: 'usr_01JDQ4Z8X9T2M3N4P5Q6R7S8T9',
  createdAt: CREATED,
  updatedAt: CREATED,
  closedAt: null,
};
const user: User = {
  id: 'usr_01JDQ4Z8X9T2M3N4P5Q6R7S8T9',
  email: 'ada@example.com',
  emailVerifiedAt: CREATED,
  pendingEmail: null,
  passwordHash: '',
  name: 'Ada Lovelace',
  role: 'member',
  accountId: ACCOUNT_ID,
  mfaEnabledAt: null,
  createdAt: CREATED,
  updatedAt: CREATED,
};
const transaction: Transaction = {
  id: 'txn_01JDQ4Z8X9T2M3N4P5Q6R7S8T9',
  accountId: ACCOUNT_ID,
  type: 'payment',
  status: 'pending',
  direction: 'debit',
  amount: 1250,
  currency: 'EUR',
  description: 'Order 1042',
  referenceIds: ['ORDER-1042'],
  metadata: { order_id: '1042' },
  notes: null,
  counterpartyAccountId: null,
  paymentId: null,
  refundedTransactionId: null,
  amountRefunded: 0,
  reversesTransactionId: null,
  reversedByTransactionId: null,
  livemode: true,
  createdAt: CREATED,
  updatedAt: CREATED,
  postedAt: null,
  canceledAt: null,
};
const payment: PaymentRequest = {
  id: 'pay_01JDQ4Z8X9T2M3N4P5Q6R7S8T9',
  accountId: ACCOUNT_ID,
  purpose: 'invoice',
  referenceId: 'INV-2026-00042',
  amount: 4999,
  currency: 'EUR',
  description: 'Invoice 42: consulting, November',
  customerEmail: 'grace@example.com',
  customerName: 'Grace Hopper',
  captureMethod: 'automatic',
  status: 'pending',
  provider: 'bank_transfer',
  providerReference: 'RF024Z8X9T2M3N4P5Q6R7S8T9',
  livemode: true,
  paymentUrl: 'https://pay.example.com/pay/4mT0yQ8bV1nK5sX2wE7rJ9uA3cH6dL0f',
  checkoutToken: '4mT0yQ8bV1nK5sX2wE7rJ9uA3cH6dL0f',
  failureCode: null,
  lastFailureCode: null,
  metadata: { order_id: '1042' },
  amountCaptured: 0,
  amountRefunded: 0,
  transactionId: null,
  expiresAt: new Date('2026-11-28T10:15:30.123Z'),
  createdAt: CREATED,
  updatedAt: CREATED,
  paidAt: null,
};
const changed = { updatedAt: CHANGED };
const succeeded: PaymentRequest = { ...payment, status: 'succeeded', paidAt: CREATED, amountCaptured: payment.amount, transactionId: 'txn_01JDQ5A0B1C2D3E4F5G6H7J8K9' };
const refund: Refund = {
  id: 're_01JDQ5A0B1C2D3E4F5G6H7J8K9',
  paymentId: payment.id,
  accountId: payment.accountId,
  amount: 1000,
  currency: payment.currency,
  status: 'pending',
  reason: 'requested_by_customer',
  failureCode: null,
  transactionId: 'txn_01JDQ5B0B1C2D3E4F5G6H7J8K9',
  metadata: { ticket: 'SUP-1042' },
  livemode: true,
  createdAt: CHANGED,
  updatedAt: CHANGED,
};

const payout: Payout = {
  id: 'po_01JDQ5A0B1C2D3E4F5G6H7J8K9',
  accountId: ACCOUNT_ID,
  amount: 25000,
  currency: 'EUR',
  status: 'pending',
  ibanSealed: 'v1.sealed',
  ibanLast4: '3000',
  bic: 'COBADEFFXXX',
  destinationName: 'Analytical Engines Ltd',
  reference: 'Payout November 2026',
  description: null,
  metadata: { period: '2026-11' },
  batchId: null,
  failureCode: null,
  transactionId: 'txn_01JDQ5C0B1C2D3E4F5G6H7J8K9',
  returnTransactionId: null,
  livemode: true,
  createdAt: CREATED,
  updatedAt: CREATED,
};
const BATCH_ID = 'pob_01JDQ5D0B1C2D3E4F5G6H7J8K9';

function objectOf(type: EventType): object {
  switch (type) {
    case 'account.created':
      return toAccountResponse(account);
    case 'account.updated':
      return toAccountResponse({ ...account, ...changed, name: 'Analytical Engines Group' });
    case 'account.closed':
      return toAccountResponse({ ...account, ...changed, status: 'closed', closedAt: CHANGED });
    case 'user.created':
      return toUserResponse(user);
    case 'user.updated':
      return toUserResponse({ ...user, ...changed, name: 'Ada King' });
    case 'user.deleted':
      return toUserResponse(user);
    case 'transaction.created':
      return toTransactionResponse(transaction);
    case 'transaction.updated':
      return toTransactionResponse({ ...transaction, ...changed, notes: 'Confirmed by phone' });
    case 'transaction.posted':
      return toTransactionResponse({ ...transaction, ...changed, status: 'posted', postedAt: CHANGED });
    case 'transaction.canceled':
      return toTransactionResponse({ ...transaction, ...changed, status: 'canceled', canceledAt: CHANGED });
    case 'payment.created':
      return toPaymentResponse(payment, CREATED);
    case 'payment.authorized':
      return toPaymentResponse({ ...payment, ...changed, captureMethod: 'manual', status: 'authorized' }, CHANGED);
    case 'payment.succeeded':
      return toPaymentResponse({ ...payment, ...changed, status: 'succeeded', paidAt: CHANGED, transactionId: 'txn_01JDQ5A0B1C2D3E4F5G6H7J8K9' }, CHANGED);
    case 'payment.attempt_failed':
      return toPaymentResponse({ ...payment, ...changed, lastFailureCode: 'card_declined' }, CHANGED);
    case 'payment.failed':
      return toPaymentResponse({ ...payment, ...changed, status: 'failed', failureCode: 'card_declined' }, CHANGED);
    case 'payment.canceled':
      return toPaymentResponse({ ...payment, ...changed, status: 'canceled' }, CHANGED);
    case 'payment.refunded':
      return toPaymentResponse({ ...succeeded, ...changed, amountRefunded: 1000 }, CHANGED);
    case 'refund.created':
      return toRefundResponse(refund);
    case 'refund.succeeded':
      return toRefundResponse({ ...refund, ...changed, status: 'succeeded' });
    case 'refund.failed':
      return toRefundResponse({ ...refund, ...changed, status: 'failed', failureCode: 'account_closed' });
    case 'transaction.reversed':
      return toTransactionResponse({ ...transaction, ...changed, status: 'posted', postedAt: CREATED, reversedByTransactionId: 'txn_01JDQ5A0B1C2D3E4F5G6H7J8K9' });
    case 'payment.expired':
      return toPaymentResponse({ ...payment, updatedAt: payment.expiresAt, status: 'expired' }, payment.expiresAt);
    case 'payout.created':
      return toPayoutResponse(payout);
    case 'payout.in_transit':
      return toPayoutResponse({ ...payout, ...changed, status: 'in_transit', batchId: BATCH_ID });
    case 'payout.paid':
      return toPayoutResponse({ ...payout, ...changed, status: 'paid', batchId: BATCH_ID });
    case 'payout.returned':
      return toPayoutResponse({ ...payout, ...changed, status: 'returned', batchId: BATCH_ID, failureCode: 'AC04' });
    case 'payout.canceled':
      return toPayoutResponse({ ...payout, ...changed, status: 'canceled' });
    case 'balance.updated':
      return { account_id: ACCOUNT_ID, ...toBalanceDto({ currency: 'EUR', posted: 12000, pendingDebits: 2500, pendingCredits: 0, updatedAt: CHANGED }) };
  }
}

function exampleEvent(type: EventType, index: number): EventResponseDto {
  return {
    id: `evt_01JDQ4Z8X9T2M3N4P5Q6R7S8${String(index).padStart(2, '0')}`,
    type,
    account_id: ACCOUNT_ID,
    sequence: 41 + index,
    livemode: true,
    created_at: CHANGED.toISOString(),
    actor:
      type === 'payment.expired'
        ? { type: 'system', id: null, session_id: null, request_id: null }
        : { type: 'user', id: 'usr_01JDQ4Z8X9T2M3N4P5Q6R7S8T9', session_id: 'ses_01JDQ4Z8X9T2M3N4P5Q6R7S8T9', request_id: '01JDQ4Z8X9T2M3N4P5Q6R7S8T9' },
    data: { object: objectOf(type) },
  };
}

/** OpenAPI `examples` of one event: one per type, keyed by the type. */
export const EVENT_EXAMPLES = Object.fromEntries(EVENT_TYPES.map((type, index) => [type, { summary: type, value: exampleEvent(type, index) }]));
