/**
 * How errors appear in the JSON log: name, message, code and stack only. A
 * database error also carries the SQL and its parameters (password hashes
 * among them), which must never reach a log.
 */
export function serializeError(error: Error): { type: string; message: string; stack: string; code?: unknown } {
  // Anything can be thrown; only Errors have the fields below.
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: '' };
  return { type: error.constructor.name, message: error.message, code: (error as { code?: unknown }).code, stack: error.stack ?? '' };
}
