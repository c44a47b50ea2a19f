import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { camt053, statementCsv } from '../../test/support/camt053';
import { MAX_STATEMENT_BYTES, parseStatement } from './parse-statement';
import { StatementFormatError } from './statement-line';

function refused(body: string, format: 'camt053' | 'csv', line: number | null, problem: RegExp): void {
  assert.throws(
    () => parseStatement(body, format),
    (error: unknown) => {
      assert.ok(error instanceof StatementFormatError, String(error));
      assert.equal(error.line, line, error.message);
      assert.match(error.problem, problem);
      return true;
    },
  );
}

describe('statements', () => {
  it('are read by the parser of their format, into the same lines', () => {
    const credits = [
      { amount: 1250, reference: 'RF712348231', entryId: 'E-1' },
      { amount: 99, reference: 'RF18539007547034', entryId: 'E-2' },
    ];
    const fromCsv = parseStatement(statementCsv(credits), 'csv');
    const fromCamt = parseStatement(camt053({ entries: credits }), 'camt053');
    const withoutLine = (lines: typeof fromCsv) => lines.map(({ line: _line, ...rest }) => rest);
    assert.deepEqual(withoutLine(fromCsv), withoutLine(fromCamt));
    assert.deepEqual(
      fromCsv.map(({ entryId }) => entryId),
      ['E-1', 'E-2'],
    );
    refused(statementCsv(credits), 'camt053', 1, /not well-formed/);
    refused(camt053({ entries: credits }), 'csv', 1, /header row/);
  });

  it('refuse an entry id seen twice in one statement, naming the second line', () => {
    refused(
      statementCsv([
        { amount: 100, entryId: 'SAME' },
        { amount: 200, entryId: 'OTHER' },
        { amount: 300, entryId: 'SAME' },
      ]),
      'csv',
      4,
      /entry id SAME appears twice \(first on line 2\)/,
    );
    const xml = camt053([{ entries: [{ amount: 100, entryId: 'SAME' }] }, { entries: [{ amount: 100, entryId: 'SAME' }] }]);
    const secondEntry = xml.slice(0, xml.lastIndexOf('<Ntry>')).split('\n').length;
    refused(xml, 'camt053', secondEntry, /entry id SAME appears twice/);
    const batch = camt053({
      entries: [
        {
          entryId: 'B',
          transactions: [
            { amount: 1, id: 'T' },
            { amount: 2, id: 'T' },
          ],
        },
      ],
    });
    assert.throws(() => parseStatement(batch, 'camt053'), /entry id T appears twice/);
  });

  it('let a debit share an id with a credit: debits are not lines', () => {
    const lines = parseStatement(
      statementCsv([
        { amount: -100, entryId: 'X' },
        { amount: 100, entryId: 'X' },
      ]),
      'csv',
    );
    assert.equal(lines.length, 1);
  });

  it(`refuse a body larger than ${MAX_STATEMENT_BYTES} bytes before reading it`, () => {
    const header = 'booking_date,amount,currency,reference,entry_id\n';
    const tooLarge = header + 'x'.repeat(MAX_STATEMENT_BYTES - header.length + 1);
    refused(tooLarge, 'csv', null, /larger than 20971520 bytes/);
    // Counted in UTF-8 bytes, not characters: 'é' is two.
    refused(header + 'é'.repeat(MAX_STATEMENT_BYTES / 2), 'csv', null, /larger than/);
  });
});
