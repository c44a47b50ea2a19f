import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccountsModule } from '../accounts/accounts.module';
import { LedgerModule } from '../ledger/ledger.module';
import { TransactionsModule } from '../transactions/transactions.module';
import { PayoutBatch } from './entities/payout-batch.entity';
import { Payout } from './entities/payout.entity';
import { PayoutBatchesService } from './payout-batches.service';
import { PayoutsController } from './payouts.controller';
import { PayoutsRepository } from './payouts.repository';
import { PayoutsService } from './payouts.service';

/** Payouts (contract section 23): money out by SEPA credit transfer, in pain.001 batch files, settled from bank statements. */
@Module({
  imports: [TypeOrmModule.forFeature([Payout, PayoutBatch]), AccountsModule, LedgerModule, TransactionsModule],
  controllers: [PayoutsController],
  providers: [PayoutsRepository, PayoutsService, PayoutBatchesService],
  exports: [PayoutsRepository, PayoutsService],
})
export class PayoutsModule {}
