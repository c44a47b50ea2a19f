import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { AccountScope } from '../common/access/account-access';
import { OPEN_PAYMENT_STATUSES, PaymentRequest, PaymentStatus } from './entities/payment-request.entity';

/** The payment_requests table. */
@Injectable()
export class PaymentsRepository {
  async insert(manager: EntityManager, payment: PaymentRequest): Promise<void> {
    await manager.insert(PaymentRequest, payment);
  }

  findById(manager: EntityManager, paymentId: string): Promise<PaymentRequest | null> {
    return manager.findOneBy(PaymentRequest, { id: paymentId });
  }

  /** The request when it belongs to an account in scope; null otherwise. */
  findVisible(manager: EntityManager, scope: AccountScope, paymentId: string): Promise<PaymentRequest | null> {
    if (scope.kind === 'none') return Promise.resolve(null);
    const where = scope.kind === 'account' ? { id: paymentId, accountId: scope.accountId } : { id: paymentId };
    return manager.findOneBy(PaymentRequest, where);
  }

  /**
   * Moves the request to `changes.status` from one of `from`, while it has not
   * expired: one conditional update, so of racing outcomes exactly one wins.
   */
  async move(manager: EntityManager, paymentId: string, from: readonly PaymentStatus[], changes: Partial<PaymentRequest>, now: Date): Promise<boolean> {
    if (from.length === 0) return false;
    const result = await manager
      .createQueryBuilder()
      .update(PaymentRequest)
      .set(changes)
      .where('id = :id AND status IN (:...from) AND expires_at > :now', { id: paymentId, from, now: now.getTime() })
      .execute();
    return result.affected === 1;
  }

  async linkTransaction(manager: EntityManager, paymentId: string, transactionId: string): Promise<void> {
    await manager.update(PaymentRequest, { id: paymentId }, { transactionId });
  }

  /**
   * Cancels the account's requests that still await the customer or a capture;
   * those requests, as they end. For a closure, which holds the account's
   * exclusive lock: nothing else moves them between the read and the update.
   */
  async cancelOpenOfAccount(manager: EntityManager, accountId: string, now: Date): Promise<PaymentRequest[]> {
    const condition = 'account_id = :accountId AND status IN (:...open) AND expires_at > :now';
    const parameters = { accountId, open: OPEN_PAYMENT_STATUSES, now: now.getTime() };
    const open = await manager.createQueryBuilder(PaymentRequest, 'payment').where(condition, parameters).orderBy('payment.id').getMany();
    await manager.createQueryBuilder().update(PaymentRequest).set({ status: 'canceled', updatedAt: now }).where(condition, parameters).execute();
    return open.map((payment) => ({ ...payment, status: 'canceled', updatedAt: now }));
  }
}
