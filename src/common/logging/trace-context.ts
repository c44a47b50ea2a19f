/**
 * W3C Trace Context, version 00: `00-<trace-id: 32 hex>-<parent-id: 16 hex>-<flags: 2 hex>`,
 * lower-case, neither id all zeros (https://www.w3.org/TR/trace-context/#traceparent-header).
 */
const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-[0-9a-f]{2}$/;
const ZERO_TRACE_ID = '0'.repeat(32);
const ZERO_PARENT_ID = '0'.repeat(16);

/**
 * The trace id of a `traceparent` header, or null when there is none or it is
 * malformed: a bad header is ignored, never an error (the request goes on
 * without a trace id, as the specification asks of a receiver).
 */
export function traceIdOf(traceparent: string | string[] | undefined): string | null {
  if (typeof traceparent !== 'string') return null;
  const match = TRACEPARENT.exec(traceparent.trim());
  if (match === null || match[1] === ZERO_TRACE_ID || match[2] === ZERO_PARENT_ID) return null;
  return match[1];
}
