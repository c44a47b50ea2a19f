import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccountsModule } from '../accounts/accounts.module';
import { LedgerModule } from '../ledger/ledger.module';
import { PaymentsModule } from '../payments/payments.module';
import { ProviderRefunds } from '../payments/providers/provider-inbox';
import { RefundLinks } from '../transactions/refund-links';
import { TransactionsModule } from '../transactions/transactions.module';
import { Refund } from './entities/refund.entity';
import { PaymentRefundLinks } from './payment-refund-links';
import { RefundsController } from './refunds.controller';
import { RefundsRepository } from './refunds.repository';
import { RefundsService } from './refunds.service';

/**
 * Refunds of payment requests: through the request's provider, booked as
 * `refund` transactions against the request's settlement credit. Global only so
 * that the transactions module below receives RefundLinks, and payments' provider inbox ProviderRefunds
 * (the port asynchronous providers settle refunds through), without importing this one.
 */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([Refund]), AccountsModule, LedgerModule, TransactionsModule, PaymentsModule],
  controllers: [RefundsController],
  providers: [
    RefundsRepository,
    RefundsService,
    PaymentRefundLinks,
    { provide: RefundLinks, useExisting: PaymentRefundLinks },
    { provide: ProviderRefunds, useExisting: RefundsService },
  ],
  exports: [RefundsRepository, RefundLinks, ProviderRefunds],
})
export class RefundsModule {}
