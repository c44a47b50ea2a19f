import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import type { FastifyRequest } from 'fastify';
import { validationError } from '../errors/domain-error';

/**
 * Refuses a body sent to an operation that reads none (DELETE /v1/auth/close,
 * DELETE /v1/users/{id}): unknown fields are never silently ignored, and a
 * client that thinks `{ "account_id": ... }` in a body selects an account
 * must not close its own instead. The last guard: a check before the handler
 * needs no interceptor (and no rxjs) around it.
 */
@Injectable()
export class UnexpectedBodyGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const { body } = context.switchToHttp().getRequest<FastifyRequest>();
    if (hasContent(body) && !readsBody(context)) throw validationError('body', 'this operation takes no request body');
    return true;
  }
}

function hasContent(body: unknown): boolean {
  if (body === undefined || body === null) return false;
  return typeof body !== 'object' || Array.isArray(body) || Object.keys(body).length > 0;
}

/** Per handler, whether it declares a @Body() parameter: read once from its metadata, not per request. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- keyed by handlers, whatever their signature
const handlersReadingBody = new WeakMap<Function, boolean>();

/** Whether the handler declares a @Body() parameter (Nest records each as "<paramtype>:<index>"). */
function readsBody(context: ExecutionContext): boolean {
  const handler = context.getHandler();
  let reads = handlersReadingBody.get(handler);
  if (reads === undefined) {
    const parameters = (Reflect.getMetadata(ROUTE_ARGS_METADATA, context.getClass(), handler.name) as Record<string, unknown> | undefined) ?? {};
    reads = Object.keys(parameters).some((key) => key.split(':')[0] === String(RouteParamtypes.BODY));
    handlersReadingBody.set(handler, reads);
  }
  return reads;
}
