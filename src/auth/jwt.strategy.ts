import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { AppConfig } from '../config/app-config';
import { AuthenticatedUser } from './authenticated-user';
import { AuthErrors } from './auth.errors';
import { isTokenClaims } from './token-signer';
import { SessionsService } from './sessions.service';

/** Verifies access tokens (HS256 only) and resolves them to a caller whose session is still active. */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    config: AppConfig,
    private readonly sessions: SessionsService,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      // jsonwebtoken accepts a secret KeyObject (and then skips parsing the key on every call); the typings lag behind.
      secretOrKey: config.jwtKey as unknown as Buffer,
      algorithms: ['HS256'],
      ignoreExpiration: false,
    });
  }

  async validate(payload: unknown): Promise<AuthenticatedUser> {
    if (!isTokenClaims(payload) || payload.typ !== 'access') throw AuthErrors.unauthorized('The token is not an access token.');
    return this.sessions.authenticate(payload);
  }
}
