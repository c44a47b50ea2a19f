import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccountsModule } from '../accounts/accounts.module';
import { LedgerModule } from '../ledger/ledger.module';
import { TransactionMetadataEntry } from './entities/transaction-metadata.entity';
import { Transaction } from './entities/transaction.entity';
import { TransactionsController } from './transactions.controller';
import { TransactionInvariantsRepository } from './transaction-invariants.repository';
import { TransactionsRepository } from './transactions.repository';
import { TransactionsService } from './transactions.service';

@Module({
  imports: [TypeOrmModule.forFeature([Transaction, TransactionMetadataEntry]), AccountsModule, LedgerModule],
  controllers: [TransactionsController],
  providers: [TransactionsRepository, TransactionsService, TransactionInvariantsRepository],
  exports: [TransactionsRepository, TransactionInvariantsRepository],
})
export class TransactionsModule {}
