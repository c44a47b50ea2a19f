import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { AuthModule } from '../auth/auth.module';
import { LedgerModule } from '../ledger/ledger.module';
import { RefundsModule } from '../refunds/refunds.module';
import { PaymentsModule } from '../payments/payments.module';
import { PayoutsModule } from '../payouts/payouts.module';
import { TransactionsModule } from '../transactions/transactions.module';
import { UsersModule } from '../users/users.module';
import { AccountClosureController } from './account-closure.controller';
import { AccountClosureService } from './account-closure.service';

/** The account closure flow, above every module it touches. */
@Module({
  imports: [AuthModule, UsersModule, AccountsModule, LedgerModule, TransactionsModule, PaymentsModule, RefundsModule, PayoutsModule],
  controllers: [AccountClosureController],
  providers: [AccountClosureService],
})
export class AccountClosureModule {}
