import { CaptureMethod, OPEN_PAYMENT_STATUSES, PaymentFailureCode, PaymentRequest, PaymentStatus } from './entities/payment-request.entity';

export const SIMULATED_OUTCOMES = ['authorized', 'succeeded', 'failed'] as const;
export type SimulatedOutcome = (typeof SIMULATED_OUTCOMES)[number];

/**
 * One transition of a payment request: where it goes, the statuses it may
 * leave, and why it failed (failures only). Every way of driving a request
 * (simulate, the checkout page, capture, cancel) is one of these.
 */
export interface PaymentMove {
  to: Exclude<PaymentStatus, 'pending'>;
  from: readonly PaymentStatus[];
  failureCode?: PaymentFailureCode;
  /** A success: what it charges, when a manual capture takes less than the authorization (the rest is released). */
  capturedAmount?: number;
}

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

/** The sandbox's simulate endpoint: a simulated failure is a declined card. */
export function simulatedMove(outcome: SimulatedOutcome, captureMethod: CaptureMethod): PaymentMove {
  const from = statusesAllowing(outcome, captureMethod);
  return outcome === 'failed' ? { to: 'failed', from, failureCode: 'card_declined' } : { to: outcome, from };
}

/** A provider's answer that moves the request or records a declined attempt. */
export type AttemptedPayment = { outcome: 'approved' } | { outcome: 'declined'; failureCode: PaymentFailureCode; final: boolean };

/**
 * An approved attempt charges (automatic capture) or only authorizes (manual); a final refusal fails the
 * request. A declined attempt that is not final moves nothing (null): the customer may try another card.
 */
export function attemptMove(attempt: AttemptedPayment, captureMethod: CaptureMethod): PaymentMove | null {
  if (attempt.outcome === 'declined') return attempt.final ? { to: 'failed', from: ['pending'], failureCode: attempt.failureCode } : null;
  return { to: captureMethod === 'manual' ? 'authorized' : 'succeeded', from: ['pending'] };
}

/** The merchant takes the funds an authorization holds: all of them, or `amount` of them. */
export const CAPTURE: PaymentMove = { to: 'succeeded', from: ['authorized'] };

export function captureOf(amount: number | undefined): PaymentMove {
  return amount === undefined ? CAPTURE : { ...CAPTURE, capturedAmount: amount };
}

/** The merchant withdraws a request the customer has not completed, or releases an authorization. */
export const CANCELLATION: PaymentMove = { to: 'canceled', from: OPEN_PAYMENT_STATUSES };
