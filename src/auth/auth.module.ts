import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ApiKeyCallers } from './api-key-callers';
import { AuthToken } from './entities/auth-token.entity';
import { Session } from './entities/session.entity';
import { AccessTokenGuard, AuthenticateGuard } from './guards/access-token.guard';
import { MfaEnrollmentGuard } from './guards/mfa-enrollment.guard';
import { RolesGuard } from './guards/roles.guard';
import { MfaChallenge } from './mfa/entities/mfa-challenge.entity';
import { RecoveryCode } from './mfa/entities/recovery-code.entity';
import { TotpFactor } from './mfa/entities/totp-factor.entity';
import { MfaCodes } from './mfa/mfa-codes';
import { MfaRepository } from './mfa/mfa.repository';
import { StepUp } from './mfa/step-up';
import { ScopeGuard } from './guards/scope.guard';
import { PasswordHasher } from './password-hasher';
import { SessionsController } from './sessions.controller';
import { SessionsRepository } from './sessions.repository';
import { SessionsService } from './sessions.service';
import { TokenSigner } from './token-signer';

/** Everything the module provides, every one of it for the modules above as well. */
const AUTH_PROVIDERS = [
  SessionsRepository,
  SessionsService,
  TokenSigner,
  PasswordHasher,
  AuthenticateGuard,
  AccessTokenGuard,
  ScopeGuard,
  MfaEnrollmentGuard,
  RolesGuard,
  ApiKeyCallers,
  MfaRepository,
  MfaCodes,
  StepUp,
];

/** Sessions and their tokens, password hashing, second factors (TOTP, recovery codes, step-up), and the guards that check tokens and roles on every request. */
@Module({
  imports: [TypeOrmModule.forFeature([Session, AuthToken, TotpFactor, RecoveryCode, MfaChallenge]), PassportModule],
  controllers: [SessionsController],
  providers: AUTH_PROVIDERS,
  exports: AUTH_PROVIDERS,
})
export class AuthModule {}
