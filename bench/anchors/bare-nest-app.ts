/**
 * Anchor for the HTTP figures: NestJS 12 on Fastify with one JSON route and nothing else
 * (no database, no guards, no validation, no logging). Whatever the service costs beyond
 * this is its own work. Runs as its own process, started by bench/http-bench.ts; PORT
 * and HOST as for the service.
 */
import 'reflect-metadata';
import { Controller, Get, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';

@Controller()
class PingController {
  @Get('ping')
  ping(): { ok: true; at: string } {
    return { ok: true, at: new Date().toISOString() };
  }
}

@Module({ controllers: [PingController] })
class BareModule {}

async function main(): Promise<void> {
  const app = await NestFactory.create<NestFastifyApplication>(BareModule, new FastifyAdapter({ logger: false }), { logger: false });
  app.enableShutdownHooks();
  await app.listen({ port: Number(process.env.PORT ?? 3918), host: process.env.HOST ?? '127.0.0.1' });
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error instanceof Error ? error.stack : error)}\n`);
  process.exit(1);
});
