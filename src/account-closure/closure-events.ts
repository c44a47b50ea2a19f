import { toAccountResponse } from '../accounts/dto/account.response.dto';
import { Account } from '../accounts/entities/account.entity';
import { NewEvent } from '../common/events/event-log';
import { balanceUpdatedEvents } from '../ledger/dto/balances.response.dto';
import { ChangedBalance } from '../ledger/ledger.repository';
import { Refund } from '../refunds/entities/refund.entity';
import { toRefundResponse } from '../refunds/dto/refund.response.dto';
import { toPaymentResponse } from '../payments/dto/payment.response.dto';
import { PaymentRequest } from '../payments/entities/payment-request.entity';
import { Transaction } from '../transactions/entities/transaction.entity';
import { Payout } from '../payouts/entities/payout.entity';
import { toPayoutResponse } from '../payouts/dto/payout.response.dto';
import { transactionEvents } from '../transactions/transaction-events';

/**
 * What a closure tells the streams, in the order it happened: each canceled
 * transaction (to both sides of a transfer), each payment whose refunds were
 * released and that stays, each canceled payment request, the balances it
 * released, its canceled payouts, and last the account itself.
 */
export function closureEvents(
  account: Account,
  canceled: readonly Transaction[],
  released: readonly Transaction[],
  payments: readonly PaymentRequest[],
  refunds: readonly Refund[],
  payouts: readonly Payout[],
  balances: readonly ChangedBalance[],
  now: Date,
): NewEvent[] {
  const canceledIds = new Set(canceled.map((transaction) => transaction.id));
  return [
    ...canceled.flatMap((transaction) => transactionEvents('transaction.canceled', transaction)),
    ...released.filter((payment) => !canceledIds.has(payment.id)).flatMap((payment) => transactionEvents('transaction.updated', payment)),
    ...payments.map((payment): NewEvent => ({ type: 'payment.canceled', accountId: payment.accountId, object: toPaymentResponse(payment, now) })),
    ...refunds.map((refund): NewEvent => ({ type: 'refund.failed', accountId: refund.accountId, object: toRefundResponse(refund) })),
    ...payouts.map((payout): NewEvent => ({ type: 'payout.canceled', accountId: payout.accountId, object: toPayoutResponse(payout) })),
    ...balanceUpdatedEvents(balances),
    { type: 'account.closed', accountId: account.id, object: toAccountResponse(account) },
  ];
}
