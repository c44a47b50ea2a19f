import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { AccessTokenGuard } from './guards/access-token.guard';
import { RolesGuard } from './guards/roles.guard';
import { JwtStrategy } from './jwt.strategy';
import { PasswordHasher } from './password-hasher';
import { SessionsService } from './sessions.service';
import { TokenSigner } from './token-signer';

@Module({
  imports: [PassportModule],
  controllers: [AuthController],
  providers: [AuthService, SessionsService, TokenSigner, PasswordHasher, JwtStrategy, AccessTokenGuard, RolesGuard],
  exports: [SessionsService, PasswordHasher, AccessTokenGuard, RolesGuard],
})
export class AuthModule {}
