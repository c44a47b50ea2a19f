import { ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import type { FastifyRequest } from 'fastify';
import { AuthenticatedUser } from '../authenticated-user';
import { AuthErrors } from '../auth.errors';
import { PUBLIC_ROUTE, PublicRouteOptions } from '../decorators/public.decorator';
import { RequestRateLimiter } from '../../rate-limit/request-rate-limiter';

/**
 * Global guard: every route needs a valid access token of an active session
 * unless it is marked `@Public()`. Registered as APP_GUARD, so a new route is
 * protected by default.
 */
@Injectable()
export class AccessTokenGuard extends AuthGuard('jwt') {
  constructor(
    private readonly reflector: Reflector,
    private readonly limiter: RequestRateLimiter,
  ) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const publicRoute = this.reflector.getAllAndOverride<PublicRouteOptions | undefined>(PUBLIC_ROUTE, [
      context.getHandler(),
      context.getClass(),
    ]);
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    if (publicRoute && (!publicRoute.optionalAuthentication || request.headers.authorization === undefined)) return true;
    try {
      return (await super.canActivate(context)) as boolean;
    } catch (refusal) {
      // A refused token names no user: the attempt counts against the client address, and past
      // the limit the answer is 429, so that guessing tokens is rate-limited like everything else.
      await this.limiter.consume(`ip:${request.ip}`);
      throw refusal;
    }
  }

  override handleRequest<TUser = AuthenticatedUser>(error: unknown, user: TUser | false, info: unknown): TUser {
    if (error) throw error;
    if (!user) throw AuthErrors.unauthorized(describeFailure(info));
    return user;
  }
}

function describeFailure(info: unknown): string {
  if (info instanceof Error) {
    if (info.name === 'TokenExpiredError') return 'The access token has expired; refresh it.';
    if (info.message === 'No auth token') return 'An access token is required (Authorization: Bearer <token>).';
  }
  return 'The access token is not valid.';
}
