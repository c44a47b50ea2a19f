import fastifyCors from '@fastify/cors';
import { INestApplication, Provider } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_PIPE } from '@nestjs/core';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { errorCodes, LogController } from 'fastify';
import { AccessTokenGuard, AuthenticateGuard } from './auth/guards/access-token.guard';
import { MfaEnrollmentGuard } from './auth/guards/mfa-enrollment.guard';
import { RolesGuard } from './auth/guards/roles.guard';
import { ScopeGuard } from './auth/guards/scope.guard';
import { VerifiedEmailGuard } from './auth/guards/verified-email.guard';
import { documentApiKeyOperations, documentMfaEnrollment, documentPublicOperations } from './auth/openapi-security';
import { AllExceptionsFilter, sendError } from './common/errors/all-exceptions.filter';
import { DomainError } from './common/errors/domain-error';
import { clientErrorHandler } from './common/http/client-errors';
import { corsOptions, CORS_PREFLIGHT_ROUTE, isUnansweredPreflightRoute } from './common/http/cors';
import { parseQueryString } from './common/http/query-string';
import { RequestContextGuard } from './common/http/request-context.guard';
import { runWithContextSlot } from './common/access/request-context';
import { RouteTable } from './common/http/route-table';
import { SecurityHeaders } from './common/http/security-headers';
import { CARD_FORM_ROUTE } from './checkout/checkout.controller';
import { BANK_STATEMENTS_ROUTE } from './bank-statements/bank-statements.controller';
import { StatementBody } from './bank-statements/statement-body';
import { PROVIDER_NOTIFICATIONS_ROUTE, RawNotificationBody } from './payments/providers/provider-inbox';
import { STATEMENT_MEDIA_TYPES } from './bank-statements/formats/statement-formats';
import { ulid } from './common/ids/ulid';
import { logStream } from './common/logging/log-stream';
import { RequestLogger } from './common/logging/request-logger';
import { serializeError } from './common/logging/serialize-error';
import { traceIdOf } from './common/logging/trace-context';
import { OpenApiAddition } from './common/swagger/openapi';
import { UnexpectedBodyGuard } from './common/validation/unexpected-body.guard';
import { createValidationPipe } from './common/validation/validation.pipe';
import { AppConfig } from './config/app-config';
import { documentRefusedKeys, documentReplays, registerIdempotencyHook } from './idempotency/idempotency.http';
import { IdempotencyService } from './idempotency/idempotency.service';
import { Metrics } from './metrics/metrics';
import { RateLimitGuard } from './rate-limit/rate-limit.guard';
import { RequestRateLimiter } from './rate-limit/request-rate-limiter';

/*
 * The whole request pipeline, in the order a request meets it:
 *
 *   server        body limit 1 MiB, query-string parser, request id, router errors,     fastifyOptions
 *                 the request's logger (with the trace id of a valid W3C traceparent)
 *                 requests the HTTP parser refuses (431, 400): the error body, by hand
 *   onRoute       every registered route is recorded (404 vs 405)                      registerRouteTable
 *   parser        JSON only, forms on the checkout page's route, statements (XML, MT940, CSV) on the bank statements' route,
 *                 providers' notifications (JSON, forms) as sent, for every provider (PROVIDER_NOTIFICATIONS_ROUTE)
 *                 (handed on unread: read once the caller may import); anything else is 415
 *   onRequest     X-Request-Id and the security headers on the answer: no-store,        registerHttpHooks
 *                 nosniff, a strict CSP (/docs: Swagger UI's; /pay sets its own later)
 *   onRequest     CORS, when CORS_ORIGINS lists origins: their preflights are answered 204
 *   onRequest     unknown routes (and other OPTIONS): counted against the client address, then 405 or 404
 *   preHandler    an empty request-context slot around the rest (the guards fill it)   registerHttpHooks
 *   guards        authenticate the bearer token -> rate limit (user, else address)      PIPELINE_PROVIDERS
 *                 -> refuse a missing or refused token (unless @Public) -> an API key's scope -> @Roles
 *                 -> refuse a body where none is read -> enter the request's context (actor, address,
 *                 request id: events and audit entries read it)
 *   interceptor   Idempotency-Key, only on the routes marked @Idempotent() or @RefusesIdempotencyKey()
 *                 (their decorators attach it): every other route runs without an interceptor (nor rxjs)
 *   pipe          validation of bodies, queries and params
 *   handler       the controller
 *   filter        every error becomes the contract's error body (the checkout pages: an HTML page)
 *   onSend        the answer of a claimed Idempotency-Key is stored                     registerHttpHooks
 *   onResponse    one access-log line (written without making the request's pino child: RequestLogger);
 *                 the request's metrics when /metrics is on
 *
 * Each cross-cutting feature has one owner that supplies its pieces (auth its
 * guards and OpenAPI security, rate-limit its guard and limiter, idempotency
 * its interceptor, hook and OpenAPI header, metrics its per-request series);
 * this file only orders them.
 */

const MAX_BODY_BYTES = 1024 * 1024;
/** The card form is a few short fields. */
const MAX_FORM_BYTES = 4 * 1024;
const MAX_PATH_PARAM_LENGTH = 500;
const INCOMING_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function fastifyOptions(config: AppConfig, headers: SecurityHeaders, routeTable: RouteTable): FastifyServerOptions {
  return {
    bodyLimit: MAX_BODY_BYTES,
    // A request line or headers Node's parser refuses (over 16 KiB, Content-Length with Transfer-Encoding,
    // malformed): the contract's error body with a request id, written to the socket.
    clientErrorHandler: clientErrorHandler(() => headers.api),
    routerOptions: { maxParamLength: MAX_PATH_PARAM_LENGTH, querystringParser: parseQueryString },
    // Errors raised by the router before any route matches (an over-long or badly %-encoded path
    // parameter): still the contract's error body, and a 404 as for any id that names nothing.
    frameworkErrors: (_error, request, reply) => sendError(request, reply, notFoundFor(routeTable, request.url)),
    // Only the configured proxies may speak for the client address (per-IP limits depend on it).
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    // While shutting down, a request that still arrives on an open connection is answered as usual (with
    // Connection: close), rather than by Fastify's own 503 body without a request id.
    return503OnClosing: false,
    requestIdHeader: false,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && INCOMING_REQUEST_ID.test(incoming) ? incoming : ulid();
    },
    // One line per request is written by the onResponse hook instead of Fastify's two.
    logController: new LogController({ requestIdLogLabel: 'request_id', disableRequestLogging: true }),
    // Every line a request logs carries its trace id when it came with a valid traceparent; a bad one is ignored.
    // The pino child is made at the request's first line other than the access line (RequestLogger).
    childLoggerFactory: (logger, bindings, options, rawRequest) => {
      const traceId = traceIdOf(rawRequest.headers.traceparent);
      return RequestLogger.create(logger, traceId === null ? bindings : { ...bindings, trace_id: traceId }, options);
    },
    logger: {
      level: config.logLevel,
      // Written asynchronously (flushed on exit): a request never waits for its log line to reach stdout.
      stream: logStream(),
      serializers: { err: serializeError },
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          '*.password',
          '*.current_password',
          '*.new_password',
          '*.token',
          '*.refresh_token',
          '*.access_token',
          '*.mfa_code',
          '*.recovery_code',
          '*.mfa_token',
        ],
        censor: '[redacted]',
      },
    },
  };
}

/** The Nest part of the pipeline, registered by the root module in this order. */
export const PIPELINE_PROVIDERS: Provider[] = [
  { provide: APP_GUARD, useExisting: AuthenticateGuard },
  { provide: APP_GUARD, useExisting: RateLimitGuard },
  { provide: APP_GUARD, useExisting: AccessTokenGuard },
  { provide: APP_GUARD, useExisting: ScopeGuard },
  { provide: APP_GUARD, useExisting: MfaEnrollmentGuard },
  { provide: APP_GUARD, useExisting: RolesGuard },
  { provide: APP_GUARD, useClass: VerifiedEmailGuard },
  { provide: APP_GUARD, useClass: UnexpectedBodyGuard },
  { provide: APP_GUARD, useClass: RequestContextGuard },
  { provide: APP_PIPE, useFactory: createValidationPipe },
  { provide: APP_FILTER, useClass: AllExceptionsFilter },
];

/** What the modules add to the OpenAPI document, in order. */
export const OPENAPI_ADDITIONS: readonly OpenApiAddition[] = [documentPublicOperations, documentMfaEnrollment, documentApiKeyOperations, documentReplays, documentRefusedKeys];

/** Registers every Fastify hook before Nest creates its routes (the route table must see them). */
export function registerRouteTable(fastify: FastifyInstance, routeTable: RouteTable): void {
  fastify.addHook('onRoute', (route) => {
    // The CORS plugin's OPTIONS catch-all serves no path: preflights it does not answer are 404 or 405.
    if (route.url === CORS_PREFLIGHT_ROUTE) return;
    for (const method of [route.method].flat()) routeTable.routes.push({ method, url: route.url });
  });
  // JSON is the only accepted body type; anything else is 415.
  fastify.removeContentTypeParser(['text/plain', 'application/json']);
  const parseJson = fastify.getDefaultJsonParser('error', 'error');
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    // A provider's notification is handed on as sent: its signature is computed over these bytes.
    if (request.routeOptions.url === PROVIDER_NOTIFICATIONS_ROUTE) done(null, new RawNotificationBody(body as string));
    // Some clients send Content-Type: application/json on every request; an empty DELETE body is no body.
    else if (body === '' && request.method === 'DELETE') done(null, undefined);
    else void parseJson(request, body as string, done);
  });
  // The checkout page's card form is the one body that is not JSON, and only on its route; providers that notify
  // with a form (Mollie) get theirs as sent.
  fastify.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: MAX_FORM_BYTES }, (request, body, done) => {
    if (request.routeOptions.url === PROVIDER_NOTIFICATIONS_ROUTE) done(null, new RawNotificationBody(body as string));
    else if (request.routeOptions.url !== CARD_FORM_ROUTE) done(new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE(request.headers['content-type']), undefined);
    else done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  // Bank statements (XML, MT940 text, CSV) are read only on their route. Their body is handed on unread: the route
  // reads it (up to its own limit) once the caller may import, so a refused upload is answered from its headers.
  fastify.addContentTypeParser([...STATEMENT_MEDIA_TYPES], (request, payload, done) => {
    const mediaType = StatementBody.mediaTypeOf(request.headers['content-type']);
    if (request.routeOptions.url !== BANK_STATEMENTS_ROUTE || mediaType === null) done(new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE(request.headers['content-type']), undefined);
    else done(StatementBody.refusesDeclaredLength(request.headers['content-length']), new StatementBody(mediaType, payload));
  });
  // An upload answered without being read: the connection is closed rather than drained of what the client still sends.
  fastify.addHook('onSend', (request, reply, payload, done) => {
    if (request.body instanceof StatementBody && !request.body.wasRead) reply.header('connection', 'close');
    done(null, payload);
  });
}

/**
 * The Fastify hooks that need the application's services, once Nest has built them. Every hook takes Fastify's
 * `done` callback and calls it at once on the path every request takes: an async hook costs each request a
 * promise and a turn of the microtask queue, and an async onSend one delays the answer's write past them
 * (measured: 9 % of a read's CPU for the idempotency hook alone).
 */
export function registerHttpHooks(fastify: FastifyInstance, app: INestApplication, routeTable: RouteTable, headers: SecurityHeaders): void {
  fastify.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    reply.headers(request.routeOptions.url?.startsWith('/docs') ? headers.docs : headers.api);
    done();
  });
  // The Nest part of a route (guards to filter) runs inside this hook's continuation: one context slot per request.
  fastify.addHook('preHandler', (_request, _reply, done) => runWithContextSlot(done));
  const { corsOrigins } = app.get(AppConfig);
  if (corsOrigins.length > 0) fastify.register(fastifyCors, corsOptions(corsOrigins));
  // Requests for unknown routes never reach the guards: they count against the client address here.
  // A known path asked with another method is answered 405 with the methods it serves.
  const limiter = app.get(RequestRateLimiter);
  fastify.addHook('onRequest', (request, _reply, done) => {
    if (!request.is404 && !isUnansweredPreflightRoute(request)) return done();
    // Whatever fails on the way (the limit, the lookup) reaches done as the request's error, never unhandled.
    limiter
      .consumeFor(request)
      .then(() => refusedMethod(routeTable, request.method, request.url))
      .then(done, done);
  });
  registerIdempotencyHook(fastify, app.get(IdempotencyService));
  const httpMetrics = app.get(Metrics).http;
  fastify.addHook('onResponse', (request, reply, done) => {
    // routeOptions is built anew at each read: read once.
    const route = request.routeOptions.url;
    const fields = { method: request.method, route: route ?? null, status: reply.statusCode, duration_ms: Math.round(reply.elapsedTime * 100) / 100 };
    if (request.log instanceof RequestLogger) request.log.line('info', fields, 'request completed');
    else request.log.info(fields, 'request completed');
    httpMetrics?.observe(request.method, route, reply.statusCode, reply.elapsedTime);
    done();
  });
}

/** 405 for a known path asked with a method it does not serve; undefined for a path nothing serves (then 404). */
function refusedMethod(routeTable: RouteTable, method: string, url: string): DomainError | undefined {
  const allowed = routeTable.allowedMethods(url.split('?')[0]);
  if (allowed.length === 0) return undefined;
  return new DomainError('method_not_allowed', `${method} is not served here; use ${allowed.join(', ')}.`, undefined, { allow: allowed.join(', ') });
}

/** The error for a path the router could not read: the resource's not-found when it names an id (RouteTable). */
function notFoundFor(routeTable: RouteTable, url: string): DomainError {
  const code = routeTable.notFoundCode(url.split('?')[0]);
  return new DomainError(code, code === 'not_found' ? 'No such route.' : 'No resource has such an id.');
}
