import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { AppConfig } from '../config/app-config';
import { AuthenticatedUser } from '../common/access/caller';
import { AuthErrors } from '../auth/auth.errors';
import { isTokenClaims } from '../auth/token-signer';
import { CallerService } from './caller.service';

/** Verifies access tokens (HS256 only) and resolves them to a caller whose session is still active. */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    config: AppConfig,
    private readonly callers: CallerService,
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
    return this.callers.authenticate(payload);
  }
}
