import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyRequest } from 'fastify';
import { AuthenticatedUser } from './caller';

/** Who made a change (contract section 14): on every event, webhook payload and audit entry. */
export interface Actor {
  type: 'user' | 'api_key' | 'system';
  id: string | null;
  session_id: string | null;
  request_id: string | null;
}

/** What a request's writes record about it, beside what they change. */
export interface RequestContext {
  actor: Actor;
  ip: string | null;
  userAgent: string | null;
  requestId: string | null;
}

/** Jobs (expiry, deliveries, housekeeping) act as the system. */
export const SYSTEM_CONTEXT: RequestContext = { actor: { type: 'system', id: null, session_id: null, request_id: null }, ip: null, userAgent: null, requestId: null };

const USER_AGENT_MAX_LENGTH = 512;
const storage = new AsyncLocalStorage<RequestContext>();

export function actorOf(caller: AuthenticatedUser | undefined | null, requestId: string | null): Actor {
  if (!caller) return { type: 'user', id: null, session_id: null, request_id: requestId };
  if (caller.apiKeyId !== null) return { type: 'api_key', id: caller.apiKeyId, session_id: null, request_id: requestId };
  return { type: 'user', id: caller.userId, session_id: caller.sessionId, request_id: requestId };
}

/** The request's context: its caller (once authenticated), the client address (as TRUST_PROXY lets Fastify read it), its user agent and id. */
export function requestContextOf(request: FastifyRequest): RequestContext {
  const userAgent = request.headers['user-agent'];
  return {
    actor: actorOf(request.user, request.id),
    ip: request.ip ?? null,
    userAgent: typeof userAgent === 'string' ? userAgent.slice(0, USER_AGENT_MAX_LENGTH) : null,
    requestId: request.id,
  };
}

/** Runs the work (a request's handler) with its context, which the events and the audit log read as they write. */
export function runInRequestContext<T>(context: RequestContext, work: () => T): T {
  return storage.run(context, work);
}

/** The context of the request being handled; the system's outside one (a job). */
export function currentRequestContext(): RequestContext {
  return storage.getStore() ?? SYSTEM_CONTEXT;
}
