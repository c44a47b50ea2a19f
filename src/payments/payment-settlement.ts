import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { PaymentRequest } from './entities/payment-request.entity';
import { effectiveStatus, PaymentMove } from './payment-status';
import { PaymentTransitions } from './payment-transitions';
import { PaymentsRepository } from './payments.repository';

/** Why money reported by a provider settled no request (contract section 16's reconciliation reasons). */
export const UNSETTLED_REASONS = ['no_such_reference', 'amount_mismatch', 'currency_mismatch', 'already_settled', 'request_not_open'] as const;
export type UnsettledReason = (typeof UNSETTLED_REASONS)[number];

/** Money seen by a provider, quoting a request's reference: what it pays. */
export interface ReportedPayment {
  provider: string;
  /** The provider's reference of the request, in its stored form; null when the payer quoted none that parses. */
  reference: string | null;
  amount: number;
  currency: string;
  /** The mode of the money: a live statement never settles a test request, nor a test one a live request. */
  livemode: boolean;
}

export type SettlementResult = { settled: true; paymentId: string } | { settled: false; reason: UnsettledReason; paymentId: string | null };

/** A pending request is paid: as a card success on the hosted page, so with the same credit, ledger entries and events. */
const SETTLEMENT: PaymentMove = { to: 'succeeded', from: ['pending'] };
/** A pending request's funds are held by its provider (manual capture), as an approved card on the hosted page. */
export const AUTHORIZATION: PaymentMove = { to: 'authorized', from: ['pending'] };

/**
 * Asynchronous settlement: money a provider reports after the customer's visit
 * (a bank statement's credit line) settles the open request whose reference it
 * quotes, when amount and currency agree, in the caller's database
 * transaction. Exactly once: the move is the same conditional update as every
 * other, so a second report of the same money finds the request settled.
 */
@Injectable()
export class PaymentSettlement {
  constructor(
    private readonly payments: PaymentsRepository,
    private readonly transitions: PaymentTransitions,
  ) {}

  async settle(manager: EntityManager, reported: ReportedPayment): Promise<SettlementResult> {
    const found = reported.reference === null ? null : await this.payments.findByProviderReference(manager, reported.provider, reported.reference);
    // A request of the other mode is none of this money's business: as if the reference named nothing.
    const payment = found?.livemode === reported.livemode ? found : null;
    if (payment === null) return { settled: false, reason: 'no_such_reference', paymentId: null };
    return this.settleRequest(manager, payment, reported);
  }

  /**
   * Settles this request with the reported money (an admin matching a statement line by hand, or settle above),
   * or says why not; the provider and mode are the caller's to have checked.
   */
  async settleRequest(manager: EntityManager, payment: PaymentRequest, reported: Omit<ReportedPayment, 'reference'>, move: PaymentMove = SETTLEMENT): Promise<SettlementResult> {
    const refused = refusal(payment, reported, new Date());
    if (refused !== null) return { settled: false, reason: refused, paymentId: payment.id };
    const result = await this.transitions.move(manager, payment, move);
    if (result.moved) return { settled: true, paymentId: payment.id };
    // Settled, canceled or expired meanwhile: reported as it now reads.
    return { settled: false, reason: refusal(result.current, reported, result.now) ?? 'request_not_open', paymentId: payment.id };
  }
}

function refusal(payment: PaymentRequest, reported: Pick<ReportedPayment, 'amount' | 'currency'>, now: Date): UnsettledReason | null {
  const status = effectiveStatus(payment, now);
  if (status === 'succeeded' || status === 'authorized') return 'already_settled';
  if (status !== 'pending') return 'request_not_open';
  if (payment.currency !== reported.currency) return 'currency_mismatch';
  if (payment.amount !== reported.amount) return 'amount_mismatch';
  return null;
}
