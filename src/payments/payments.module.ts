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
import { PaymentProvider } from './providers/payment-provider';
import { PaymentProviders, ProviderInstances } from './providers/payment-providers';
import { REGISTERED_PROVIDERS } from './providers/registered-providers';

/**
 * Payment requests and their lifecycle; a success settles into a posted credit
 * transaction in the same database transaction, and unpaid requests expire.
 * Providers are registered in providers/registered-providers.ts.
 */
@Module({
  imports: [TypeOrmModule.forFeature([PaymentRequest]), AccountsModule, LedgerModule, TransactionsModule],
  controllers: [PaymentsController, PaymentProvidersController],
  providers: [
    PaymentsRepository,
    PaymentsService,
    PaymentTransitions,
    PaymentSettlement,
    PaymentExpiry,
    ...REGISTERED_PROVIDERS,
    { provide: ProviderInstances, useFactory: (...all: PaymentProvider[]): ProviderInstances => ({ all }), inject: [...REGISTERED_PROVIDERS] },
    PaymentProviders,
    PaymentInvariantsRepository,
  ],
  exports: [PaymentInvariantsRepository, PaymentsRepository, PaymentsService, PaymentTransitions, PaymentSettlement, PaymentProviders],
})
export class PaymentsModule {}
