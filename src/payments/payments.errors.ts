import { DomainError } from '../common/errors/domain-error';
import { CaptureMethod, PaymentStatus } from './entities/payment-request.entity';

export const PaymentErrors = {
  notFound: () => new DomainError('payment_not_found', 'No such payment request.'),
  notPending: (status: PaymentStatus, captureMethod: CaptureMethod, verb: string) =>
    new DomainError('payment_not_pending', `The payment request is ${status} (capture_method ${captureMethod}); it cannot be ${verb}.`),
  testModeOnly: () => new DomainError('test_mode_only', 'simulate drives test-mode payment requests only: this one is live, and only its customer can pay it.'),
  notificationRouteNotFound: () => new DomainError('not_found', 'No enabled provider of that name takes notifications here.'),
  invalidSignature: (provider: string, reason: string) => new DomainError('invalid_signature', `The ${provider} notification's signature does not verify: ${reason}`),
  providerModeMismatch: (provider: string, providerMode: string, mode: string) =>
    new DomainError(
      'provider_mode_mismatch',
      `${provider} is configured with ${providerMode}-mode credentials; it cannot serve ${mode}-mode money (test keys for test accounts, live keys for live ones).`,
    ),
  providerUnavailable: (provider: string) =>
    new DomainError(
      'service_unavailable',
      `The payment request's provider ${provider} is not enabled on this deployment (PAYMENT_PROVIDERS); it can be canceled, not paid or captured.`,
    ),
};
