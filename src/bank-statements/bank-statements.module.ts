import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PaymentsModule } from '../payments/payments.module';
import { PayoutsModule } from '../payouts/payouts.module';
import { BankStatementLinesController } from './bank-statement-lines.controller';
import { BankStatementProfilesController } from './bank-statement-profiles.controller';
import { BankStatementProfilesRepository } from './bank-statement-profiles.repository';
import { BankStatementProfiles } from './bank-statement-profiles.service';
import { BankStatementsController } from './bank-statements.controller';
import { BankStatementsRepository } from './bank-statements.repository';
import { BankStatementsService } from './bank-statements.service';
import { BankStatementLine } from './entities/bank-statement-line.entity';
import { BankStatementProfile } from './entities/bank-statement-profile.entity';
import { BankStatement } from './entities/bank-statement.entity';
import { StatementInbox } from './statement-inbox.service';

/** Bank statements imported by admins, reconciled line by line with the bank-transfer requests, and the inbox of what did not match. */
@Module({
  imports: [TypeOrmModule.forFeature([BankStatement, BankStatementLine, BankStatementProfile]), PaymentsModule, PayoutsModule],
  controllers: [BankStatementsController, BankStatementLinesController, BankStatementProfilesController],
  providers: [BankStatementsRepository, BankStatementsService, BankStatementProfilesRepository, BankStatementProfiles, StatementInbox],
})
export class BankStatementsModule {}
