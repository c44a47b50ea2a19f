import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ApiKeyCallers } from './api-key-callers';
import { AuthToken } from './entities/auth-token.entity';
import { Session } from './entities/session.entity';
import { AccessTokenGuard, AuthenticateGuard } from './guards/access-token.guard';
import { RolesGuard } from './guards/roles.guard';
import { ScopeGuard } from './guards/scope.guard';
import { PasswordHasher } from './password-hasher';
import { SessionsController } from './sessions.controller';
import { SessionsRepository } from './sessions.repository';
import { SessionsService } from './sessions.service';
import { TokenSigner } from './token-signer';

/** Sessions and their tokens, password hashing, and the guards that check tokens and roles on every request. */
@Module({
  imports: [TypeOrmModule.forFeature([Session, AuthToken]), PassportModule],
  controllers: [SessionsController],
  providers: [SessionsRepository, SessionsService, TokenSigner, PasswordHasher, AuthenticateGuard, AccessTokenGuard, ScopeGuard, RolesGuard, ApiKeyCallers],
  exports: [SessionsRepository, SessionsService, TokenSigner, PasswordHasher, AuthenticateGuard, AccessTokenGuard, ScopeGuard, RolesGuard, ApiKeyCallers],
})
export class AuthModule {}
