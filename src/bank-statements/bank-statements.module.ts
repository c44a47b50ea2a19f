import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PaymentsModule } from '../payments/payments.module';
import { BankStatementsController } from './bank-statements.controller';
import { BankStatementsRepository } from './bank-statements.repository';
import { BankStatementsService } from './bank-statements.service';
import { BankStatementLine } from './entities/bank-statement-line.entity';
import { BankStatement } from './entities/bank-statement.entity';

/** Bank statements imported by admins, reconciled line by line with the bank-transfer payment requests. */
@Module({
  imports: [TypeOrmModule.forFeature([BankStatement, BankStatementLine]), PaymentsModule],
  controllers: [BankStatementsController],
  providers: [BankStatementsRepository, BankStatementsService],
})
export class BankStatementsModule {}
