import pino from 'pino';
import { ConfigValidationError, LogLevel } from '../../config/app-config';
import { StartupError } from '../../config/startup-error';
import { logStream } from './log-stream';
import { serializeError } from './serialize-error';

/**
 * The process's logger outside the application: before it exists (bad
 * configuration), and when it failed to start or crashed. The same JSON lines
 * on the same stream as the application's.
 */
export function processLogger(level: LogLevel = 'info'): pino.Logger {
  return pino({ level, serializers: { err: serializeError } }, logStream());
}

export interface Failure {
  message: string;
  fields: Record<string, unknown>;
}

/**
 * One clear line for a failed start. An operator's problem (configuration, a
 * database that does not exist or refuses the login, a port in use: errors
 * that carry a code) is its message and code; anything else is a bug, logged
 * with its stack.
 */
export function describeStartupFailure(error: unknown): Failure {
  if (error instanceof ConfigValidationError) {
    return { message: `invalid configuration: ${error.problems.join('; ')}`, fields: { problems: error.problems } };
  }
  if (error instanceof StartupError) return { message: error.message, fields: error.fields };
  const code = (error as { code?: unknown } | null)?.code;
  if (error instanceof Error && typeof code === 'string') return { message: error.message, fields: { code } };
  return { message: `start-up failed: ${error instanceof Error ? error.message : String(error)}`, fields: { err: error } };
}
