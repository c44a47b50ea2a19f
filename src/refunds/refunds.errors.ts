import { DomainError } from '../common/errors/domain-error';
import { PaymentStatus } from '../payments/entities/payment-request.entity';
import { RefundStatus } from './entities/refund.entity';

export const RefundErrors = {
  notFound: () => new DomainError('refund_not_found', 'No such refund.'),
  notRefundable: (status: PaymentStatus) => new DomainError('payment_not_refundable', `The payment request is ${status}; only a succeeded request can be refunded.`),
  exceedsPayment: (refunded: number, captured: number, asked: number) =>
    new DomainError(
      'refund_exceeds_payment',
      refunded >= captured
        ? `The payment request is refunded in full already (${refunded} of ${captured}).`
        : `A refund of ${asked} would take its refunds above what it captured: ${refunded} of ${captured} is refunded already.`,
    ),
  creditReversed: (reversalId: string) =>
    new DomainError('payment_not_refundable', `The payment request's settlement credit was reversed (by ${reversalId}): nothing of it is left to refund.`),
  transactionBelongsToRefund: (refundId: string) =>
    new DomainError(
      'transaction_belongs_to_refund',
      `The transaction is refund ${refundId}'s: it settles with the refund (an admin records the answer with POST /v1/refunds/{refund_id}/confirm).`,
    ),
  notPending: (status: RefundStatus) => new DomainError('transaction_not_pending', `The refund is ${status}; only a pending refund can be confirmed.`),
};
