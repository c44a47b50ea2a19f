import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccountMembership } from '../users/account-membership';
import { UsersModule } from '../users/users.module';
import { AccountsController } from './accounts.controller';
import { AccountsRepository } from './accounts.repository';
import { AccountsService } from './accounts.service';
import { Account } from './entities/account.entity';

/**
 * Accounts. Global only so that the users module below it receives
 * AccountMembership without importing this module (which imports it).
 */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([Account]), UsersModule],
  controllers: [AccountsController],
  providers: [AccountsRepository, AccountsService, { provide: AccountMembership, useExisting: AccountsRepository }],
  exports: [AccountsRepository, AccountsService, AccountMembership],
})
export class AccountsModule {}
