import { Module } from '@nestjs/common';
import { PaymentsModule } from '../payments/payments.module';
import { TransactionsModule } from '../transactions/transactions.module';
import { LedgerCheckController } from './ledger-check.controller';
import { LedgerCheckService } from './ledger-check.service';

/**
 * The check of the books and of the money invariants (contract section 20): above the modules whose tables it
 * reads, each through that module's own queries (the ledger and events modules are global).
 */
@Module({
  imports: [TransactionsModule, PaymentsModule],
  controllers: [LedgerCheckController],
  providers: [LedgerCheckService],
  exports: [LedgerCheckService],
})
export class LedgerCheckModule {}
