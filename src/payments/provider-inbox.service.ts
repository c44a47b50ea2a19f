import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { isId } from '../common/ids/ids';
import { Database } from '../database/database';
import { PaymentFailureCode, PaymentRequest } from './entities/payment-request.entity';
import { AUTHORIZATION, PaymentSettlement, SettlementResult } from './payment-settlement';
import { PaymentTransitions } from './payment-transitions';
import { PaymentsRepository } from './payments.repository';
import { ProviderEventsRepository } from './provider-events.repository';
import { PaymentErrors } from './payments.errors';
import { PaymentProviders } from './providers/payment-providers';
import { InboundNotification, ProviderInbox, ProviderRefunds, ProviderSettle, RawNotificationBody, ReportedMoney } from './providers/provider-inbox';

/**
 * The inbox every asynchronous provider settles through (ProviderInbox): one database transaction per
 * event, which records the event id first (the unique key: a repeated event stops there) and then
 * settles what the provider reports with the transitions every other path uses. A request or refund
 * of another provider or of the other mode is none of the event's business: it reads as unknown.
 */
@Injectable()
export class ProviderInboxService extends ProviderInbox {
  constructor(
    private readonly db: Database,
    private readonly events: ProviderEventsRepository,
    private readonly payments: PaymentsRepository,
    private readonly settlement: PaymentSettlement,
    private readonly transitions: PaymentTransitions,
    private readonly refunds: ProviderRefunds,
    private readonly providers: PaymentProviders,
  ) {
    super();
  }

  /** A notification posted for the provider `name`: `404 not_found` unless an enabled provider of that name takes them. */
  async receive(name: string, body: unknown, headers: InboundNotification['headers']): Promise<void> {
    const provider = this.providers.find(name);
    if (provider === null || !provider.receivesNotifications) throw PaymentErrors.notificationRouteNotFound();
    if (!(body instanceof RawNotificationBody)) throw PaymentErrors.invalidSignature();
    await provider.receiveNotification({ body: body.text, headers }, this);
  }

  once(provider: string, eventId: string, livemode: boolean, apply: (settle: ProviderSettle) => Promise<void>): Promise<boolean> {
    return this.db.transaction(async (manager) => {
      if (!(await this.events.record(manager, provider, eventId, new Date()))) return false;
      await apply(this.settleIn(manager, provider, livemode));
      return true;
    });
  }

  private settleIn(manager: EntityManager, provider: string, livemode: boolean): ProviderSettle {
    const find = async (paymentId: string): Promise<PaymentRequest | null> => {
      if (!isId('pay', paymentId)) return null;
      const payment = await this.payments.findById(manager, paymentId);
      return payment !== null && payment.provider === provider && payment.livemode === livemode ? payment : null;
    };
    const settle = async (paymentId: string, money: ReportedMoney, providerReference: string | undefined, authorize: boolean): Promise<SettlementResult> => {
      const payment = await find(paymentId);
      if (payment === null) return { settled: false, reason: 'no_such_reference', paymentId: null };
      if (providerReference !== undefined) await this.payments.recordProviderReference(manager, payment.id, providerReference);
      const withReference = { ...payment, providerReference: payment.providerReference ?? providerReference ?? null };
      return this.settlement.settleRequest(manager, withReference, { provider, livemode, ...money }, authorize ? AUTHORIZATION : undefined);
    };
    return {
      paid: (paymentId, money, providerReference) => settle(paymentId, money, providerReference, false),
      authorized: (paymentId, money, providerReference) => settle(paymentId, money, providerReference, true),
      attemptFailed: async (paymentId: string, failureCode: PaymentFailureCode) => {
        const payment = await find(paymentId);
        if (payment !== null) await this.transitions.attempted(manager, payment, { outcome: 'declined', failureCode, final: false });
      },
      refund: (refundId, settlement) => this.refunds.settleFromProvider(manager, provider, livemode, refundId, settlement),
    };
  }
}
