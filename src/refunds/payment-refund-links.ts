import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { NewEvent } from '../common/events/event-log';
import { toPaymentResponse } from '../payments/dto/payment.response.dto';
import { PaymentsRepository } from '../payments/payments.repository';
import { Transaction } from '../transactions/entities/transaction.entity';
import { RefundLinks } from '../transactions/refund-links';
import { RefundErrors } from './refunds.errors';
import { RefundsRepository } from './refunds.repository';

/**
 * A refund booked through the transactions routes against a payment request's settlement credit counts for the
 * request as one booked through the request's refunds route does; a refund object's transaction moves only with
 * its refund.
 */
@Injectable()
export class PaymentRefundLinks extends RefundLinks {
  constructor(
    private readonly refunds: RefundsRepository,
    private readonly payments: PaymentsRepository,
  ) {
    super();
  }

  async requireMovable(manager: EntityManager, transaction: Transaction): Promise<void> {
    const refund = await this.refunds.findByTransactionId(manager, transaction.id);
    if (refund !== null) throw RefundErrors.transactionBelongsToRefund(refund.id);
  }

  async refundedChanged(manager: EntityManager, credit: Transaction, grew: boolean): Promise<NewEvent[]> {
    if (credit.paymentId === null) return [];
    const payment = await this.payments.syncRefunded(manager, credit.paymentId, new Date());
    if (payment === null || !grew) return [];
    return [{ type: 'payment.refunded', accountId: payment.accountId, object: toPaymentResponse(payment) }];
  }
}
