import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { traceIdOf } from './trace-context';

describe('traceIdOf', () => {
  const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';

  it('reads the trace id of a version 00 traceparent', () => {
    assert.equal(traceIdOf(`00-${traceId}-00f067aa0ba902b7-01`), traceId);
    assert.equal(traceIdOf(`00-${traceId}-00f067aa0ba902b7-00`), traceId);
    assert.equal(traceIdOf(` 00-${traceId}-00f067aa0ba902b7-01 `), traceId, 'surrounding spaces (OWS) are allowed');
  });

  it('ignores anything else: absent, repeated, malformed, upper-case, other versions, all-zero ids', () => {
    for (const header of [
      undefined,
      '',
      [`00-${traceId}-00f067aa0ba902b7-01`],
      `00-${traceId}-00f067aa0ba902b7-01, 00-${traceId}-00f067aa0ba902b7-01`,
      `00-${traceId.toUpperCase()}-00f067aa0ba902b7-01`,
      `01-${traceId}-00f067aa0ba902b7-01`,
      `ff-${traceId}-00f067aa0ba902b7-01`,
      `00-${traceId}-00f067aa0ba902b7-01-extra`,
      `00-${traceId.slice(1)}-00f067aa0ba902b7-01`,
      `00-${traceId}-00f067aa0ba902b-01`,
      `00-${traceId}-00f067aa0ba902b7-1`,
      `00-${'0'.repeat(32)}-00f067aa0ba902b7-01`,
      `00-${traceId}-${'0'.repeat(16)}-01`,
      `00_${traceId}_00f067aa0ba902b7_01`,
    ]) {
      assert.equal(traceIdOf(header), null, JSON.stringify(header));
    }
  });
});
