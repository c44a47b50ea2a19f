import { LoggerService } from '@nestjs/common';
import type { FastifyBaseLogger } from 'fastify';

/**
 * Nest's reporter of an exception that aborts start-up. With abortOnError off
 * Nest also throws it to the caller, which reports it once (main.ts, the CLI):
 * its own line would be a second, less clear one.
 */
const RETHROWN_BY_NEST = 'ExceptionHandler';

/** Routes Nest's own log lines into the structured JSON log of Fastify (pino). */
export class JsonLogger implements LoggerService {
  constructor(private readonly pino: FastifyBaseLogger) {}

  /** A message `{ msg, ...fields }` (a record others read, such as an audit checkpoint) keeps its fields as fields of the line. */
  log(message: unknown, context?: string): void {
    if (isRecord(message)) {
      const { msg, ...fields } = message;
      this.pino.info({ context, ...fields }, msg);
    } else this.pino.info({ context }, String(message));
  }

  error(message: unknown, trace?: string, context?: string): void {
    if (context === RETHROWN_BY_NEST) return;
    if (message instanceof Error) this.pino.error({ context, err: message }, message.message);
    else this.pino.error({ context, trace }, String(message));
  }

  warn(message: unknown, context?: string): void {
    this.pino.warn({ context }, String(message));
  }

  debug(message: unknown, context?: string): void {
    this.pino.debug({ context }, String(message));
  }

  verbose(message: unknown, context?: string): void {
    this.pino.trace({ context }, String(message));
  }
}

function isRecord(message: unknown): message is { msg: string; [field: string]: unknown } {
  return typeof message === 'object' && message !== null && typeof (message as { msg?: unknown }).msg === 'string';
}
