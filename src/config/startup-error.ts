/**
 * A start-up step that failed for a reason an operator can act on (the
 * database does not exist, migrations are pending): reported as one log line
 * with its message and fields, without a stack trace.
 */
export class StartupError extends Error {
  constructor(
    message: string,
    readonly fields: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'StartupError';
  }
}
