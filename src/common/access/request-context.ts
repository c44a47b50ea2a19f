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

/** The columns' sizes (audit_log.ip, audit_log.user_agent): what a header gives is cut to fit, never refused by the database. */
const IP_MAX_LENGTH = 64;
const USER_AGENT_MAX_LENGTH = 512;

/**
 * A request's place in the async storage. It is entered around the whole of the request's Nest part
 * (Fastify's preHandler: guards, interceptors, handler, filter) and stays empty, so that the guards act as
 * the system as before; the last guard fills it, and from there on everything the request does (the
 * handler and whatever it starts) records the request's context. Filling a slot is an assignment, where
 * running the handler inside a context of its own took an interceptor (and rxjs) on every request.
 */
interface ContextSlot {
  context: RequestContext | null;
}

const storage = new AsyncLocalStorage<ContextSlot>();

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
    // Behind TRUST_PROXY the address is whatever X-Forwarded-For says: any length.
    ip: request.ip === undefined ? null : request.ip.slice(0, IP_MAX_LENGTH),
    userAgent: typeof userAgent === 'string' ? userAgent.slice(0, USER_AGENT_MAX_LENGTH) : null,
    requestId: request.id,
  };
}

/** Runs the work with this context, which the events and the audit log read as they write. */
export function runInRequestContext<T>(context: RequestContext, work: () => T): T {
  return storage.run({ context }, work);
}

/** Runs the rest of a request (Fastify's preHandler continuation) with an empty slot of its own. */
export function runWithContextSlot(next: () => void): void {
  storage.run({ context: null }, next);
}

/** Fills the request's slot (RequestContextGuard, the last guard): what the request does from here records this context. */
export function enterRequestContext(context: RequestContext): void {
  const slot = storage.getStore();
  if (slot === undefined) throw new Error('enterRequestContext outside a request: the preHandler hook of src/pipeline.ts did not run');
  slot.context = context;
}

/** The context of the request being handled; the system's outside one (a job) and before the guards let it through. */
export function currentRequestContext(): RequestContext {
  return storage.getStore()?.context ?? SYSTEM_CONTEXT;
}

/** A person acting without a session of their own (a mailed link, a login): the request's other details stay. */
export function personActor(userId: string): Actor {
  return { type: 'user', id: userId, session_id: null, request_id: currentRequestContext().requestId };
}
