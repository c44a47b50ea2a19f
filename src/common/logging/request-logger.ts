import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'fastify/types/logger';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/**
 * A request's logger (request.log), bound to its request id (and trace id). pino makes a child
 * logger by running the redaction over its bindings and rebuilding its formatters, several
 * microseconds on every request; this one makes that child at its first line only. A request that
 * logs nothing but its access line makes none: that line is written by the parent logger with the
 * bindings in front of its fields, which is the JSON the child would write, key for key.
 */
export class RequestLogger {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  /** The pino child, made at the first use. */
  private get logger(): FastifyBaseLogger {
    this.made ??= this.parent.child(this.bindings, this.options);
    return this.made;
  }

  get level(): string {
    return this.made?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.logger.level = level;
  }

  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.write('error', args);
  }
  warn(...args: unknown[]): void {
    this.write('warn', args);
  }
  info(...args: unknown[]): void {
    this.write('info', args);
  }
  debug(...args: unknown[]): void {
    this.write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.write('trace', args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.logger.child(bindings, options);
  }

  /**
   * One line of the request's fields, as the child would write it. Through the parent when the child
   * would change nothing but the bindings (no level or serializers of the route's own).
   */
  line(level: Level, fields: Record<string, unknown>, message: string): void {
    if (this.made === undefined && this.options.level === undefined && this.options.serializers === undefined) {
      // Checked first: a dropped line builds no object either.
      if (enabled(this.parent, level)) this.parent[level]({ ...this.bindings, ...fields }, message);
    } else this.write(level, [fields, message]);
  }

  private write(level: Level, args: unknown[]): void {
    // A line the level drops makes no child either (a child of the route's own level decides for itself).
    if (this.made === undefined && this.options.level === undefined && !enabled(this.parent, level)) return;
    const logger = this.logger;
    Reflect.apply(logger[level], logger, args);
  }

  /** The logger Fastify hands each request: this, typed as Fastify's logger. */
  static create(parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
    return new RequestLogger(parent, bindings, options);
  }
}

function enabled(logger: FastifyBaseLogger, level: Level): boolean {
  const { isLevelEnabled } = logger as { isLevelEnabled?: (level: string) => boolean };
  return isLevelEnabled === undefined || isLevelEnabled.call(logger, level);
}
