import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccountsModule } from '../accounts/accounts.module';
import { AvailableBalances } from '../accounts/available-balances';
import { BalancesController } from './balances.controller';
import { BalancesService } from './balances.service';
import { LedgerBalance } from './entities/ledger-balance.entity';
import { LedgerEntry } from './entities/ledger-entry.entity';
import { LedgerCheckRepository } from './ledger-check.repository';
import { LedgerAvailableBalances } from './ledger-available-balances';
import { LedgerRepository } from './ledger.repository';
import { LedgerService } from './ledger.service';

/**
 * The double-entry books: entries, balances, and the reads that check they agree. Transactions and payments write
 * through it. Global only so that the accounts module below receives AvailableBalances without importing this one.
 */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([LedgerEntry, LedgerBalance]), AccountsModule],
  controllers: [BalancesController],
  providers: [
    LedgerRepository,
    LedgerService,
    BalancesService,
    LedgerCheckRepository,
    LedgerAvailableBalances,
    { provide: AvailableBalances, useExisting: LedgerAvailableBalances },
  ],
  exports: [LedgerService, LedgerCheckRepository, AvailableBalances],
})
export class LedgerModule {}
