import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { FastifyServerOptions, LogController } from 'fastify';
import { AppModule } from './app.module';
import { sendError } from './common/errors/all-exceptions.filter';
import { DomainError } from './common/errors/domain-error';
import { ErrorCode } from './common/errors/error-codes';
import { ulid } from './common/ids/ulid';
import { parseQueryString } from './common/http/query-string';
import { RegisteredRoute, RouteTable } from './common/http/route-table';
import { JsonLogger } from './common/logging/json-logger';
import { serializeError } from './common/logging/serialize-error';
import { buildOpenApiDocument, serveOpenApi } from './common/swagger/openapi';
import { AppConfig } from './config/app-config';
import { registerIdempotencyHook } from './idempotency/idempotency.interceptor';
import { IdempotencyService } from './idempotency/idempotency.service';
import { RequestRateLimiter } from './rate-limit/request-rate-limiter';

const MAX_BODY_BYTES = 1024 * 1024;
const MAX_PATH_PARAM_LENGTH = 500;
const INCOMING_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export interface CreatedApp {
  app: NestFastifyApplication;
  /** Every route Fastify registered, for the test that proves each one is protected or public on purpose. */
  routes: RegisteredRoute[];
}

/** Builds the fully configured application (used by main.ts, the CLI and the tests alike) without listening. */
export async function createApp(config: AppConfig): Promise<CreatedApp> {
  const adapter = new FastifyAdapter(fastifyOptions(config));
  const fastify = adapter.getInstance();
  const routes: RegisteredRoute[] = [];
  const routeTable = new RouteTable(routes);
  fastify.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  });
  // JSON is the only accepted body type; anything else is 415.
  fastify.removeContentTypeParser(['text/plain', 'application/json']);
  const parseJson = fastify.getDefaultJsonParser('error', 'error');
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    // Some clients send Content-Type: application/json on every request; an empty DELETE body is no body.
    if (body === '' && request.method === 'DELETE') done(null, undefined);
    else parseJson(request, body as string, done);
  });
  fastify.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  fastify.addHook('onResponse', async (request, reply) => {
    request.log.info(
      { method: request.method, route: request.routeOptions.url ?? null, status: reply.statusCode, duration_ms: Math.round(reply.elapsedTime * 100) / 100 },
      'request completed',
    );
  });

  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config), adapter, {
    bodyParser: false,
    bufferLogs: true,
  });
  app.useLogger(new JsonLogger(fastify.log));
  // Requests for unknown routes never reach the guards; they count against the client address here.
  // A known path asked with another method is answered 405 with the methods it serves.
  const limiter = app.get(RequestRateLimiter);
  fastify.addHook('onRequest', async (request) => {
    if (!request.is404) return;
    await limiter.consume(`ip:${request.ip}`);
    const allowed = routeTable.allowedMethods(request.url.split('?')[0]);
    if (allowed.length > 0) {
      throw new DomainError('method_not_allowed', `${request.method} is not served here; use ${allowed.join(', ')}.`, undefined, {
        allow: allowed.join(', '),
      });
    }
  });
  registerIdempotencyHook(fastify, app.get(IdempotencyService));
  if (config.jwtSecretGenerated) {
    new Logger('AppConfig').warn('JWT_SECRET is not set: using a random key for this process; tokens die with it');
  }
  serveOpenApi(app, buildOpenApiDocument(app));
  await app.init();
  return { app, routes };
}

function fastifyOptions(config: AppConfig): FastifyServerOptions {
  return {
    bodyLimit: MAX_BODY_BYTES,
    routerOptions: { maxParamLength: MAX_PATH_PARAM_LENGTH, querystringParser: parseQueryString },
    // Errors raised by the router before any route matches (an over-long or badly %-encoded path
    // parameter): still the contract's error body, and a 404 as for any id that names nothing.
    frameworkErrors: (_error, request, reply) => sendError(request, reply, notFoundFor(request.url)),
    // Only the configured proxies may speak for the client address (per-IP limits depend on it).
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    requestIdHeader: false,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && INCOMING_REQUEST_ID.test(incoming) ? incoming : ulid();
    },
    // One line per request is written by the onResponse hook instead of Fastify's two.
    logController: new LogController({ requestIdLogLabel: 'request_id', disableRequestLogging: true }),
    logger: {
      level: config.logLevel,
      serializers: { err: serializeError },
      redact: {
        paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.current_password', '*.refresh_token', '*.access_token'],
        censor: '[redacted]',
      },
    },
  };
}


/** Resources addressed by id in paths, and the error for an id that names none. */
const NOT_FOUND_BY_RESOURCE: Record<string, ErrorCode> = {
  users: 'user_not_found',
  transactions: 'transaction_not_found',
  payments: 'payment_not_found',
};

function notFoundFor(url: string): DomainError {
  const resource = /^\/v1\/([a-z_]+)\//.exec(url)?.[1];
  const code = (resource && NOT_FOUND_BY_RESOURCE[resource]) || 'not_found';
  return new DomainError(code, code === 'not_found' ? 'No such route.' : 'No resource has such an id.');
}
