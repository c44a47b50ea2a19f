import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { statementCsv } from '../../test/support/camt053';
import { parseStatementCsv } from './statement-csv';
import { StatementFormatError } from './statement-line';

const HEADER = 'booking_date,amount,currency,reference,entry_id';

function refused(text: string, line: number | null, problem: RegExp): void {
  assert.throws(
    () => parseStatementCsv(text),
    (error: unknown) => {
      assert.ok(error instanceof StatementFormatError, String(error));
      assert.equal(error.line, line, error.message);
      assert.match(error.problem, problem);
      assert.ok(error.message.startsWith(`line ${line}`) && error.message.endsWith(`: ${error.problem}`), error.message);
      return true;
    },
  );
}

describe('CSV statements', () => {
  it('give one line per credit with amounts in minor units and the reference as written', () => {
    const text = [
      HEADER,
      '2026-11-24,1234.50,EUR,RF18 5390 0754 7034,E-1',
      '2026-11-25,5000,JPY,rf712348231,E-2',
      '2026-11-25,12.345,BHD,,E-3',
      '2026-11-25,0.01,USD,Invoice 7,E-4',
      '',
    ].join('\n');
    assert.deepEqual(parseStatementCsv(text), [
      { line: 2, entryId: 'E-1', bookingDate: '2026-11-24', amount: 123_450, currency: 'EUR', reference: 'RF18 5390 0754 7034' },
      { line: 3, entryId: 'E-2', bookingDate: '2026-11-25', amount: 5000, currency: 'JPY', reference: 'rf712348231' },
      { line: 4, entryId: 'E-3', bookingDate: '2026-11-25', amount: 12_345, currency: 'BHD', reference: null },
      { line: 5, entryId: 'E-4', bookingDate: '2026-11-25', amount: 1, currency: 'USD', reference: 'Invoice 7' },
    ]);
  });

  it('skip debits (negative amounts)', () => {
    const text = `${HEADER}\n2026-11-25,-20.00,EUR,RF712348231,D-1\n2026-11-25,20.00,EUR,RF712348231,C-1\n2026-11-25,-0.5,EUR,,D-2\n`;
    assert.deepEqual(
      parseStatementCsv(text).map(({ entryId, line }) => `${entryId}@${line}`),
      ['C-1@3'],
    );
  });

  it('accept a byte-order mark, CRLF line ends and blank lines at the end, as the builder writes them', () => {
    const text = `\uFEFF${statementCsv([{ amount: 1250, reference: 'RF712348231', entryId: 'B-1' }])}\r\n\r\n`;
    assert.ok(text.includes('\r\n'));
    assert.deepEqual(parseStatementCsv(text), [{ line: 2, entryId: 'B-1', bookingDate: '2026-11-25', amount: 1250, currency: 'EUR', reference: 'RF712348231' }]);
    assert.deepEqual(parseStatementCsv(`${HEADER}\r\n`), []);
    assert.deepEqual(parseStatementCsv(HEADER), []);
  });

  it('read RFC 4180 quoting: commas, doubled quotes and line breaks inside a field, numbering lines by where a row starts', () => {
    const text = [
      HEADER,
      '2026-11-25,10.00,EUR,"Smith, ""Jr."" & Co",Q-1',
      '"2026-11-25","20.00","EUR","two',
      'lines","Q-2"',
      '2026-11-25,30.00,EUR,"",Q-3',
      '2026-11-25,oops,EUR,,Q-4',
    ].join('\r\n');
    refused(text, 6, /amount "oops"/);
    const lines = parseStatementCsv(text.split('\r\n').slice(0, -1).join('\r\n'));
    assert.deepEqual(
      lines.map(({ line, reference, amount }) => ({ line, reference, amount })),
      [
        { line: 2, reference: 'Smith, "Jr." & Co', amount: 1000 },
        { line: 3, reference: 'two\r\nlines', amount: 2000 },
        { line: 5, reference: null, amount: 3000 },
      ],
    );
  });

  it('builds what it reads: quoting from the builder round-trips, debits included', () => {
    const rows = [
      { amount: 1, reference: 'a,b "c"', entryId: 'R-1' },
      { amount: -500, entryId: 'R-2' },
      { amount: 999_999_999_999, currency: 'JPY', reference: null, entryId: 'R-3' },
    ];
    assert.deepEqual(
      parseStatementCsv(statementCsv(rows)).map(({ entryId, amount, reference }) => ({ entryId, amount, reference })),
      [
        { entryId: 'R-1', amount: 1, reference: 'a,b "c"' },
        { entryId: 'R-3', amount: 999_999_999_999, reference: null },
      ],
    );
  });

  it('insist on the header row, exactly and in order', () => {
    refused('', 1, /header row must be exactly booking_date,amount,currency,reference,entry_id/);
    refused('amount,booking_date,currency,reference,entry_id\n', 1, /header row/);
    refused('booking_date,amount,currency,reference\n', 1, /header row/);
    refused('Booking_Date,Amount,Currency,Reference,Entry_Id\n', 1, /header row/);
    refused(`${HEADER},extra\n`, 1, /header row/);
    refused(`2026-11-25,1.00,EUR,,E-1\n`, 1, /header row/);
  });

  it('refuse bad rows, naming their line', () => {
    const row = (fields: string): string => `${HEADER}\n2026-11-25,1.00,EUR,,OK-1\n${fields}\n`;
    refused(row('2026-11-25,12.345,EUR,,E'), 3, /12\.345 has more decimals than EUR allows \(2\)/);
    refused(row('2026-11-25,12.5,JPY,,E'), 3, /more decimals than JPY allows \(0\)/);
    refused(row('2026-11-25,0.00,EUR,,E'), 3, /not positive/);
    refused(row('2026-11-25,"1,234.50",EUR,,E'), 3, /not a decimal number/);
    refused(row('2026-11-25,12.50,eur,,E'), 3, /currency "eur"/);
    refused(row('2026-11-25,12.50,,,E'), 3, /currency is missing/);
    refused(row('2026-11-25,12.50,EUR,,'), 3, /entry_id is empty/);
    refused(row('25.11.2026,12.50,EUR,,E'), 3, /booking date "25\.11\.2026"/);
    refused(row('2026-13-01,12.50,EUR,,E'), 3, /booking date/);
    refused(row('2026-11-25,12.50,EUR,E'), 3, /4 fields, expected 5/);
    refused(row('2026-11-25,12.50,EUR,,E,F'), 3, /6 fields, expected 5/);
    refused(row('2026-11-25,12.50,EUR,"open,E'), 3, /quoted field is not closed/);
    refused(row('2026-11-25,12.50,EUR,"ref"x,E'), 3, /text after the closing quote/);
    refused(row('2026-11-25,12.50,EUR,re"f,E'), 3, /quote inside an unquoted field/);
    refused(`${HEADER}\n\n2026-11-25,1.00,EUR,,E-1\n`, 2, /blank line/);
  });

  it('name the entry id in the error when the row has one', () => {
    const text = `${HEADER}\n2026-11-25,12.345,EUR,,BANK-77\n`;
    assert.throws(() => parseStatementCsv(text), {
      name: 'StatementFormatError',
      line: 2,
      entryId: 'BANK-77',
      message: 'line 2 (entry BANK-77): amount 12.345 has more decimals than EUR allows (2)',
    });
  });
});
