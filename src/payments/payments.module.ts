import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccountsModule } from '../accounts/accounts.module';
import { LedgerModule } from '../ledger/ledger.module';
import { TransactionsModule } from '../transactions/transactions.module';
import { PaymentRequest } from './entities/payment-request.entity';
import { PaymentExpiry } from './payment-expiry';
import { PaymentInvariantsRepository } from './payment-invariants.repository';
import { PaymentProvidersController } from './payment-providers.controller';
import { PaymentSettlement } from './payment-settlement';
import { PaymentTransitions } from './payment-transitions';
import { PaymentsController } from './payments.controller';
import { PaymentsRepository } from './payments.repository';
import { PaymentsService } from './payments.service';
import { AppConfig } from '../config/app-config';
import { enabledInstances, PaymentProviders, ProviderInstances } from './providers/payment-providers';
import { ProviderInbox } from './providers/provider-inbox';
import { ProviderInboxService } from './provider-inbox.service';
import { ProviderEventsRepository } from './provider-events.repository';
import { ProviderNotificationsController } from './provider-notifications.controller';
import { ProviderEvent } from './entities/provider-event.entity';
import { REGISTERED_PROVIDERS } from './providers/registered-providers';

/**
 * Payment requests and their lifecycle; a success settles into a posted credit
 * transaction in the same database transaction, and unpaid requests expire.
 * Providers are registered in providers/registered-providers.ts; asynchronous ones settle through
 * ProviderInbox (their notifications arrive at ProviderNotificationsController).
 */
@Module({
  imports: [TypeOrmModule.forFeature([PaymentRequest, ProviderEvent]), AccountsModule, LedgerModule, TransactionsModule],
  controllers: [PaymentsController, PaymentProvidersController, ProviderNotificationsController],
  providers: [
    PaymentsRepository,
    PaymentsService,
    PaymentTransitions,
    PaymentSettlement,
    PaymentExpiry,
    { provide: ProviderInstances, useFactory: (config: AppConfig): ProviderInstances => enabledInstances(REGISTERED_PROVIDERS, config), inject: [AppConfig] },
    PaymentProviders,
    ProviderEventsRepository,
    ProviderInboxService,
    { provide: ProviderInbox, useExisting: ProviderInboxService },
    PaymentInvariantsRepository,
  ],
  exports: [PaymentInvariantsRepository, PaymentsRepository, PaymentsService, PaymentTransitions, PaymentSettlement, PaymentProviders],
})
export class PaymentsModule {}
