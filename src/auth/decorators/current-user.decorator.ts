import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { AuthenticatedUser } from '../../common/access/caller';
import { DomainError } from '../../common/errors/domain-error';

type RequestWithUser = FastifyRequest & { user?: AuthenticatedUser };

/** The authenticated caller. On a route that allows anonymous callers use `@OptionalUser()`. */
export const CurrentUser = createParamDecorator((_: unknown, context: ExecutionContext): AuthenticatedUser => {
  const user = context.switchToHttp().getRequest<RequestWithUser>().user;
  if (!user) throw new DomainError('unauthorized', 'An access token is required.');
  return user;
});

/** The authenticated caller, or null when the request carried no token. */
export const OptionalUser = createParamDecorator(
  (_: unknown, context: ExecutionContext): AuthenticatedUser | null => context.switchToHttp().getRequest<RequestWithUser>().user ?? null,
);
