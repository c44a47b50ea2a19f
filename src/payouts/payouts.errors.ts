import { DomainError } from '../common/errors/domain-error';
import { PayoutStatus } from './entities/payout.entity';

export const PayoutErrors = {
  notFound: () => new DomainError('payout_not_found', 'No such payout.'),
  notCancelable: (status: PayoutStatus) =>
    new DomainError('payout_not_cancelable', `The payout is ${status}; only a pending payout can be canceled (one in a batch file is with the bank).`),
  notMovable: (status: PayoutStatus, to: 'paid' | 'returned') => new DomainError('payout_not_cancelable', `The payout is ${status}; it cannot become ${to} from there.`),
  batchNotFound: () => new DomainError('payout_batch_not_found', 'No such payout batch.'),
  batchEmpty: () => new DomainError('payout_batch_empty', 'No pending live EUR payout is left to put in a batch (each payout goes in one batch only).'),
  testModeOnly: () => new DomainError('test_mode_only', 'Test helpers move test-mode payouts only: a live payout moves with its bank statement.'),
};
