import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccountsModule } from '../accounts/accounts.module';
import { LedgerModule } from '../ledger/ledger.module';
import { TransactionsModule } from '../transactions/transactions.module';
import { PaymentRequest } from './entities/payment-request.entity';
import { PaymentExpiry } from './payment-expiry';
import { PaymentTransitions } from './payment-transitions';
import { PaymentsController } from './payments.controller';
import { PaymentsRepository } from './payments.repository';
import { PaymentsService } from './payments.service';
import { PaymentProvider } from './providers/payment-provider';
import { SandboxPaymentProvider } from './providers/sandbox.provider';

/**
 * Payment requests and their lifecycle; a success settles into a posted credit
 * transaction in the same database transaction, and unpaid requests expire.
 */
@Module({
  imports: [TypeOrmModule.forFeature([PaymentRequest]), AccountsModule, LedgerModule, TransactionsModule],
  controllers: [PaymentsController],
  providers: [PaymentsRepository, PaymentsService, PaymentTransitions, PaymentExpiry, { provide: PaymentProvider, useClass: SandboxPaymentProvider }],
  exports: [PaymentsRepository, PaymentTransitions, PaymentProvider],
})
export class PaymentsModule {}
