import { CaptureMethod, OPEN_PAYMENT_STATUSES, PaymentRequest, PaymentStatus } from './entities/payment-request.entity';

export const SIMULATED_OUTCOMES = ['authorized', 'succeeded', 'failed'] as const;
export type SimulatedOutcome = (typeof SIMULATED_OUTCOMES)[number];

/** A pending or authorized request past its expiry reads as expired, whatever is stored. */
export function effectiveStatus(payment: Pick<PaymentRequest, 'status' | 'expiresAt'>, now: Date): PaymentStatus {
  return OPEN_PAYMENT_STATUSES.includes(payment.status) && payment.expiresAt <= now ? 'expired' : payment.status;
}

/**
 * The statuses an outcome may follow: authorization holds funds (manual capture
 * only), success charges them (directly, or by capturing an authorization),
 * failure ends a request the customer has not completed.
 */
export function statusesAllowing(outcome: SimulatedOutcome, captureMethod: CaptureMethod): PaymentStatus[] {
  switch (outcome) {
    case 'authorized':
      return captureMethod === 'manual' ? ['pending'] : [];
    case 'succeeded':
      return captureMethod === 'manual' ? ['pending', 'authorized'] : ['pending'];
    case 'failed':
      return ['pending'];
  }
}
