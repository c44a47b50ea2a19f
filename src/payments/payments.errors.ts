import { DomainError } from '../common/errors/domain-error';
import { CaptureMethod, PaymentStatus } from './entities/payment-request.entity';

export const PaymentErrors = {
  notFound: () => new DomainError('payment_not_found', 'No such payment request.'),
  notPending: (status: PaymentStatus, captureMethod: CaptureMethod, verb: string) =>
    new DomainError('payment_not_pending', `The payment request is ${status} (capture_method ${captureMethod}); it cannot be ${verb}.`),
};
