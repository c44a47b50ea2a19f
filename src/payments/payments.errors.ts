import { DomainError } from '../common/errors/domain-error';
import { CaptureMethod, PaymentStatus } from './entities/payment-request.entity';

export const PaymentErrors = {
  notFound: () => new DomainError('payment_not_found', 'No such payment request.'),
  notPending: (status: PaymentStatus, captureMethod: CaptureMethod, verb: string) =>
    new DomainError('payment_not_pending', `The payment request is ${status} (capture_method ${captureMethod}); it cannot be ${verb}.`),
  testModeOnly: () => new DomainError('test_mode_only', 'simulate drives test-mode payment requests only: this one is live, and only its customer can pay it.'),
  notificationRouteNotFound: () => new DomainError('not_found', 'No enabled provider of that name takes notifications here.'),
  /** Also a missing signature or a body of a type no provider sends: nothing tells a forger which check failed. */
  invalidSignature: () =>
    new DomainError('invalid_signature', 'The signature of this notification does not verify against its body as sent and the signing secret, or it is too old.'),
  providerModeMismatch: () =>
    new DomainError('provider_mode_mismatch', 'The provider credentials are of the other mode: test keys serve test-mode accounts and events only, live keys live ones.'),
  providerUnreachable: (provider: string) =>
    new DomainError('service_unavailable', `The payment provider ${provider} cannot be reached just now; retry after the time in Retry-After.`, undefined, {
      'retry-after': '5',
    }),
  providerUnavailable: (provider: string) =>
    new DomainError(
      'service_unavailable',
      `The payment request's provider ${provider} is not enabled on this deployment (PAYMENT_PROVIDERS); it can be canceled, not paid or captured.`,
    ),
};
