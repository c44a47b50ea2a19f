import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppModule } from './app.module';
import { AuditCheckpointer } from './audit/checkpoints/audit-checkpointer';
import { MailWorker } from './mail/mail-worker';
import { RegisteredRoute, RouteTable } from './common/http/route-table';
import { securityHeaders } from './common/http/security-headers';
import { JsonLogger } from './common/logging/json-logger';
import { buildOpenApiDocument, serveOpenApi } from './common/swagger/openapi';
import { AppConfig } from './config/app-config';
import { fastifyOptions, OPENAPI_ADDITIONS, registerHttpHooks, registerRouteTable } from './pipeline';

export interface CreatedApp {
  app: NestFastifyApplication;
  /** Every route Fastify registered, for the test that proves each one is protected or public on purpose. */
  routes: RegisteredRoute[];
}

/** Builds the fully configured application (used by main.ts, the CLI and the tests alike) without listening. */
export async function createApp(config: AppConfig): Promise<CreatedApp> {
  const headers = await securityHeaders();
  const routeTable = new RouteTable([]);
  const adapter = new FastifyAdapter(fastifyOptions(config, headers, routeTable));
  const fastify = adapter.getInstance();
  registerRouteTable(fastify, routeTable);
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config), adapter, {
    bodyParser: false,
    // JSON lines from Nest's first line on; a failed start is thrown to the caller, which reports it once.
    logger: new JsonLogger(fastify.log),
    abortOnError: false,
  });
  registerHttpHooks(fastify, app, routeTable, headers);
  if (config.jwtSecretKept) {
    const { path, created } = config.jwtSecretKept;
    new Logger('AppConfig').warn(`JWT_SECRET is not set: signing with the key kept in ${path}${created ? ' (created now)' : ''}; set JWT_SECRET in production`);
  } else if (config.jwtSecretGenerated) {
    new Logger('AppConfig').warn('JWT_SECRET is not set: using a random key for this process; tokens die with it');
  }
  serveOpenApi(app, buildOpenApiDocument(app, OPENAPI_ADDITIONS), config.publicBaseUrl);
  await app.init();
  // The server signs the audit chains' heads and sends mail; a CLI command (another application context) never does.
  app.get(AuditCheckpointer).start();
  app.get(MailWorker).start();
  return { app, routes: routeTable.routes };
}
