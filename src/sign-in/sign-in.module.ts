import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { AuthModule } from '../auth/auth.module';
import { MailModule } from '../mail/mail.module';
import { UsersModule } from '../users/users.module';
import { CallerService } from './caller.service';
import { CallersRepository } from './callers.repository';
import { JwtStrategy } from './jwt.strategy';
import { SignInController } from './sign-in.controller';
import { SignInService } from './sign-in.service';
import { TwoFactorsController } from './two-factors.controller';
import { TwoFactorsService } from './two-factors.service';

/**
 * Where credentials become a session and a token becomes a caller: login,
 * refresh and the per-request token check read users, accounts and sessions
 * together, so they live above all three.
 */
@Module({
  imports: [AuthModule, UsersModule, AccountsModule, MailModule],
  controllers: [SignInController, TwoFactorsController],
  providers: [SignInService, TwoFactorsService, CallerService, CallersRepository, JwtStrategy],
})
export class SignInModule {}
