import { ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import type { FastifyRequest } from 'fastify';
import { AuthenticatedUser } from '../../common/access/caller';
import { ApiKeyCallers, apiKeySecretOf } from '../api-key-callers';
import { AuthErrors } from '../auth.errors';
import { PUBLIC_ROUTE, PublicRouteOptions } from '../decorators/public.decorator';

declare module 'fastify' {
  interface FastifyRequest {
    /** Why the access token was refused; AccessTokenGuard answers with it once the request is counted. */
    authRefusal?: unknown;
  }
}

/** Per controller and handler, its @Public() options (null: not public): route metadata never changes, so it is read once. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- keyed by controller classes and handlers, whatever their signature
const publicRoutes = new WeakMap<Function, WeakMap<Function, PublicRouteOptions | null>>();

function publicRouteOf(reflector: Reflector, context: ExecutionContext): PublicRouteOptions | null {
  const controller = context.getClass();
  const handler = context.getHandler();
  let ofController = publicRoutes.get(controller);
  if (!ofController) publicRoutes.set(controller, (ofController = new WeakMap()));
  let options = ofController.get(handler);
  if (options === undefined) {
    options = reflector.getAllAndOverride<PublicRouteOptions | undefined>(PUBLIC_ROUTE, [handler, controller]) ?? null;
    ofController.set(handler, options);
  }
  return options;
}

/** True when the route lets this request through without authenticating it. */
function skipsAuthentication(reflector: Reflector, context: ExecutionContext): boolean {
  const publicRoute = publicRouteOf(reflector, context);
  const request = context.switchToHttp().getRequest<FastifyRequest>();
  return publicRoute !== null && (!publicRoute.optionalAuthentication || request.headers.authorization === undefined);
}

/**
 * First guard: resolves the bearer token (an access token, or an API key's
 * `sk_...` secret) to the caller (request.user), or records why it was
 * refused (request.authRefusal). It refuses nothing itself,
 * so that the rate limit can count a refused token against the client address
 * before AccessTokenGuard answers 401.
 */
@Injectable()
export class AuthenticateGuard extends AuthGuard('jwt') {
  constructor(
    private readonly reflector: Reflector,
    private readonly apiKeys: ApiKeyCallers,
  ) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    if (skipsAuthentication(this.reflector, context)) return true;
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const secret = apiKeySecretOf(request.headers.authorization);
    if (secret !== null) {
      // One indexed lookup instead of the signature check and the session lookup.
      await this.apiKeys.callerOf(secret).then(
        (caller) => {
          request.user = caller;
        },
        (refusal: unknown) => {
          request.authRefusal = refusal;
        },
      );
      return true;
    }
    await (super.canActivate(context) as Promise<boolean>).catch((refusal: unknown) => {
      request.authRefusal = refusal;
    });
    return true;
  }

  override handleRequest<TUser = AuthenticatedUser>(error: unknown, user: TUser | false, info: unknown): TUser {
    // passport hands its own errors on as they are; the global filter maps them.
    // eslint-disable-next-line @typescript-eslint/only-throw-error
    if (error) throw error;
    if (!user) throw AuthErrors.unauthorized(describeFailure(info));
    return user;
  }
}

/**
 * Every route needs a valid access token of an active session unless it is
 * marked `@Public()`; registered globally, so a new route is protected by
 * default. Without a caller it refuses, whatever ran before it.
 */
@Injectable()
export class AccessTokenGuard {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    if (skipsAuthentication(this.reflector, context)) return true;
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    if (request.user) return true;
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- authRefusal is the error the strategy recorded
    throw request.authRefusal ?? AuthErrors.unauthorized();
  }
}

function describeFailure(info: unknown): string {
  if (info instanceof Error) {
    if (info.name === 'TokenExpiredError') return 'The access token has expired; refresh it.';
    if (info.message === 'No auth token') return 'An access token is required (Authorization: Bearer <token>).';
  }
  return 'The access token is not valid.';
}
