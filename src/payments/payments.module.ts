import { Module } from '@nestjs/common';
import { TransactionsModule } from '../transactions/transactions.module';
import { PaymentsController } from './payments.controller';
import { PaymentsService } from './payments.service';
import { PaymentProvider } from './providers/payment-provider';
import { SandboxPaymentProvider } from './providers/sandbox.provider';

@Module({
  imports: [TransactionsModule],
  controllers: [PaymentsController],
  providers: [PaymentsService, { provide: PaymentProvider, useClass: SandboxPaymentProvider }],
  exports: [PaymentsService],
})
export class PaymentsModule {}
