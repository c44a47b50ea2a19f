import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../auth/auth.module';
import { AdminBootstrap } from './admin-bootstrap';
import { MailModule } from '../mail/mail.module';
import { EmailLinksController } from './email-links.controller';
import { EmailVerificationService } from './email-verification.service';
import { UserToken } from './entities/user-token.entity';
import { User } from './entities/user.entity';
import { PasswordResetService } from './password-reset.service';
import { UserTokensRepository } from './user-tokens.repository';
import { UsersController } from './users.controller';
import { UsersRepository } from './users.repository';
import { UsersService } from './users.service';

/** Users and their roles. What it needs of accounts (above it) comes through AccountMembership, provided by AccountsModule. */
@Module({
  imports: [TypeOrmModule.forFeature([User, UserToken]), AuthModule, MailModule],
  controllers: [UsersController, EmailLinksController],
  providers: [UsersRepository, UserTokensRepository, UsersService, EmailVerificationService, PasswordResetService, AdminBootstrap],
  exports: [UsersRepository, UserTokensRepository, UsersService],
})
export class UsersModule {}
