import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { AuthModule } from '../auth/auth.module';
import { UsersModule } from '../users/users.module';
import { CallerService } from './caller.service';
import { CallersRepository } from './callers.repository';
import { JwtStrategy } from './jwt.strategy';
import { SignInController } from './sign-in.controller';
import { SignInService } from './sign-in.service';

/**
 * Where credentials become a session and a token becomes a caller: login,
 * refresh and the per-request token check read users, accounts and sessions
 * together, so they live above all three.
 */
@Module({
  imports: [AuthModule, UsersModule, AccountsModule],
  controllers: [SignInController],
  providers: [SignInService, CallerService, CallersRepository, JwtStrategy],
})
export class SignInModule {}
