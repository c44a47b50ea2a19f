import { DomainError } from '../common/errors/domain-error';
import { TransactionStatus } from './entities/transaction.entity';

export const TransactionErrors = {
  notFound: () => new DomainError('transaction_not_found', 'No such transaction.'),
  notPending: (status: TransactionStatus) =>
    new DomainError('transaction_not_pending', `The transaction is ${status}; only a pending transaction can change status.`),
};
