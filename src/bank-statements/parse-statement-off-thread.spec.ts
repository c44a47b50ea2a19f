import assert from 'node:assert/strict';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { describe, it } from 'node:test';
import { camt053, camt053Credits, statementCsv } from '../../test/support/camt053';
import { parseStatement } from './parse-statement';
import { parseStatementOffThread } from './parse-statement-off-thread';
import { StatementFormatError } from './statement-line';

const CSV = { mediaType: 'text/csv', profile: null };
const XML = { mediaType: 'application/xml', profile: null };

describe('statements parsed off the event loop', () => {
  it('give the same lines as on it, for both formats', async () => {
    const csv = statementCsv([
      { amount: 1250, reference: 'RF712348231', entryId: 'C-1' },
      { amount: -5, entryId: 'D-1' },
    ]);
    const xml = camt053({ entries: [{ entryId: 'B', transactions: [{ amount: 1, id: 'T-1' }, { amount: 2 }] }] });
    assert.deepEqual(await parseStatementOffThread(Buffer.from(csv), CSV), parseStatement(Buffer.from(csv), CSV));
    assert.deepEqual(await parseStatementOffThread(Buffer.from(xml), XML), parseStatement(Buffer.from(xml), XML));
  });

  it('reject with the same StatementFormatError, line and problem', async () => {
    const xml = camt053({ entries: [{ amount: 100, entryId: 'X' }] }).replace('?>\n', '?>\n<!DOCTYPE Document>\n');
    await assert.rejects(parseStatementOffThread(Buffer.from(xml), XML), (error: unknown) => {
      assert.ok(error instanceof StatementFormatError);
      assert.equal(error.line, 2);
      assert.equal(error.message, 'line 2: a DOCTYPE is not allowed in a statement');
      return true;
    });
    await assert.rejects(parseStatementOffThread(Buffer.from('nope'), CSV), { name: 'StatementFormatError', line: 1 });
  });

  it('keep the event loop free while a 10,000-credit camt.053 is read', async (t) => {
    const xml = camt053Credits(Array.from({ length: 10_000 }, (_, index) => ({ amount: 100 + index, reference: 'RF712348231' })));
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const started = process.hrtime.bigint();
    const { lines } = await parseStatementOffThread(Buffer.from(xml), XML);
    const milliseconds = Number(process.hrtime.bigint() - started) / 1e6;
    delay.disable();
    assert.equal(lines.length, 10_000);
    const worstStallMs = delay.max / 1e6;
    t.diagnostic(`10,000 credits off the event loop: ${milliseconds.toFixed(0)} ms, longest event-loop stall ${worstStallMs.toFixed(0)} ms`);
    assert.ok(worstStallMs < milliseconds / 2, `the event loop stalled ${worstStallMs} ms of ${milliseconds} ms`);
  });
});
