import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { AccountScope } from '../common/access/account-access';
import { fetchPage, Page } from '../common/pagination/page';
import { PaginationQueryDto } from '../common/pagination/pagination-query.dto';
import { Refund, RefundStatus } from './entities/refund.entity';

/** The refunds table. */
@Injectable()
export class RefundsRepository {
  async insert(manager: EntityManager, refund: Refund): Promise<void> {
    // A copy: TypeORM writes the defaults it reads back into the object it is given.
    await manager.insert(Refund, { ...refund });
  }

  findById(manager: EntityManager, refundId: string): Promise<Refund | null> {
    return manager.findOneBy(Refund, { id: refundId });
  }

  /** The refund when it belongs to an account in scope; null otherwise. */
  findVisible(manager: EntityManager, scope: AccountScope, refundId: string): Promise<Refund | null> {
    if (scope.kind === 'none') return Promise.resolve(null);
    const where = scope.kind === 'account' ? { id: refundId, accountId: scope.accountId } : { id: refundId };
    return manager.findOneBy(Refund, where);
  }

  /** A page of one request's refunds, newest first (walked on (payment_id, id)). */
  pageOfPayment<Item>(manager: EntityManager, paymentId: string, pagination: PaginationQueryDto, toItem: (row: Refund) => Item): Promise<Page<Item>> {
    const builder = manager.createQueryBuilder(Refund, 'refund').where('refund.paymentId = :paymentId', { paymentId });
    return fetchPage(builder, pagination, toItem);
  }

  /** pending -> `changes.status`, one conditional update: of racing answers exactly one returns true. */
  async settle(manager: EntityManager, refundId: string, changes: { status: RefundStatus; failureCode: Refund['failureCode']; updatedAt: Date }): Promise<boolean> {
    const result = await manager.createQueryBuilder().update(Refund).set(changes).where('id = :id AND status = :pending', { id: refundId, pending: 'pending' }).execute();
    return result.affected === 1;
  }
}
