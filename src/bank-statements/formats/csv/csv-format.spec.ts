import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { statementCsv } from '../../../../test/support/camt053';
import { StatementFormatError } from '../../statement-line';
import type { ParsedLine, ParsedStatement } from '../statement-format';
import { csvFormat } from './csv-format';

const HEADER = 'booking_date,amount,currency,reference,entry_id';
const NOTHING_SKIPPED = { debits: 0, notBooked: 0, reversals: 0, zeroAmounts: 0 };

const read = (text: string | Buffer): ParsedStatement => csvFormat.parse(typeof text === 'string' ? Buffer.from(text) : text, null);

function line(fields: Partial<ParsedLine> & Pick<ParsedLine, 'line' | 'amount'>): ParsedLine {
  return {
    bankId: null,
    bookingDate: '2026-11-25',
    currency: 'EUR',
    creditorReference: null,
    references: [],
    remittance: null,
    debtorName: null,
    debtorIban: null,
    ...fields,
  };
}

function refused(text: string | Buffer, at: number | null, problem: RegExp): void {
  assert.throws(
    () => read(text),
    (error: unknown) => {
      assert.ok(error instanceof StatementFormatError, String(error));
      assert.equal(error.line, at, error.message);
      assert.match(error.problem, problem);
      return true;
    },
  );
}

describe('The contract CSV format', () => {
  it('gives one line per credit: amounts in minor units, the reference cell as remittance and reference, its RF found', () => {
    const text = [
      HEADER,
      '2026-11-24,1234.50,EUR,RF18 5390 0754 7034,E-1',
      '2026-11-25,5000,JPY,rf712348231,E-2',
      '2026-11-25,12.345,BHD,,E-3',
      '2026-11-25,+0.01,USD,Invoice 7,E-4',
      '',
    ].join('\n');
    const statement = read(text);
    assert.equal(statement.format, 'csv');
    assert.equal(statement.account, null);
    assert.deepEqual(statement.skipped, NOTHING_SKIPPED);
    assert.deepEqual(statement.lines, [
      line({
        line: 2,
        bankId: 'E-1',
        bookingDate: '2026-11-24',
        amount: 123_450,
        creditorReference: 'RF18539007547034',
        references: ['RF18 5390 0754 7034'],
        remittance: 'RF18 5390 0754 7034',
      }),
      line({ line: 3, bankId: 'E-2', amount: 5000, currency: 'JPY', creditorReference: 'RF712348231', references: ['rf712348231'], remittance: 'rf712348231' }),
      line({ line: 4, bankId: 'E-3', amount: 12_345, currency: 'BHD' }),
      line({ line: 5, bankId: 'E-4', amount: 1, currency: 'USD', references: ['Invoice 7'], remittance: 'Invoice 7' }),
    ]);
  });

  it('finds the RF inside the bank text of a reference cell', () => {
    const [found] = read(`${HEADER}\n2026-11-25,20.00,EUR,"SEPA credit, Muster GmbH, Zahlung RF18 5390 0754 7034 Rechnung 7",E-1\n`).lines;
    assert.equal(found.creditorReference, 'RF18539007547034');
    assert.deepEqual(found.references, ['SEPA credit, Muster GmbH, Zahlung RF18 5390 0754 7034 Rechnung 7']);
    assert.equal(found.remittance, 'SEPA credit, Muster GmbH, Zahlung RF18 5390 0754 7034 Rechnung 7');
    const [wrongDigits] = read(`${HEADER}\n2026-11-25,20.00,EUR,Zahlung RF19 5390 0754 7034,E-1\n`).lines;
    assert.equal(wrongDigits.creditorReference, null);
  });

  it('counts debits (negative amounts) and zero amounts instead of making lines of them', () => {
    const text = `${HEADER}\n2026-11-25,-20.00,EUR,RF712348231,D-1\n2026-11-25,20.00,EUR,RF712348231,C-1\n2026-11-25,-0.5,EUR,,D-2\n2026-11-25,0.00,EUR,,Z-1\n2026-11-25,-1.005,EUR,,D-3\n`;
    const statement = read(text);
    assert.deepEqual(
      statement.lines.map(({ bankId, line: at }) => `${bankId}@${at}`),
      ['C-1@3'],
    );
    assert.deepEqual(statement.skipped, { debits: 3, notBooked: 0, reversals: 0, zeroAmounts: 1 });
  });

  it('takes an empty entry_id as no bank id, and keeps a currency the platform does not support', () => {
    const statement = read(`${HEADER}\n2026-11-25,10.00,EUR,,\n2026-11-25,10.00,XYZ,,X-1\n`);
    assert.deepEqual(
      statement.lines.map(({ bankId, currency }) => ({ bankId, currency })),
      [
        { bankId: null, currency: 'EUR' },
        { bankId: 'X-1', currency: 'XYZ' },
      ],
    );
  });

  it('accepts a byte-order mark, CRLF line ends and blank lines at the end, as the builder writes them', () => {
    const text = `\uFEFF${statementCsv([{ amount: 1250, reference: 'RF712348231', entryId: 'B-1' }])}\r\n\r\n`;
    assert.ok(text.includes('\r\n'));
    assert.deepEqual(read(text).lines, [line({ line: 2, bankId: 'B-1', amount: 1250, creditorReference: 'RF712348231', references: ['RF712348231'], remittance: 'RF712348231' })]);
    assert.deepEqual(read(`${HEADER}\r\n`).lines, []);
    assert.deepEqual(read(HEADER).lines, []);
  });

  it('reads RFC 4180 quoting: commas, doubled quotes and line breaks inside a field, numbering lines by where a row starts', () => {
    const text = [
      HEADER,
      '2026-11-25,10.00,EUR,"Smith, ""Jr."" & Co",Q-1',
      '"2026-11-25","20.00","EUR","two',
      'lines","Q-2"',
      '2026-11-25,30.00,EUR,"",Q-3',
      '2026-11-25,oops,EUR,,Q-4',
    ].join('\r\n');
    refused(text, 6, /amount "oops"/);
    const lines = read(text.split('\r\n').slice(0, -1).join('\r\n')).lines;
    assert.deepEqual(
      lines.map(({ line: at, references, remittance, amount }) => ({ at, references, remittance, amount })),
      [
        { at: 2, references: ['Smith, "Jr." & Co'], remittance: 'Smith, "Jr." & Co', amount: 1000 },
        { at: 3, references: ['two\r\nlines'], remittance: 'two lines', amount: 2000 },
        { at: 5, references: [], remittance: null, amount: 3000 },
      ],
    );
  });

  it('reads what the builder writes, debits included', () => {
    const rows = [
      { amount: 1, reference: 'a,b "c"', entryId: 'R-1' },
      { amount: -500, entryId: 'R-2' },
      { amount: 999_999_999_999, currency: 'JPY', reference: null, entryId: 'R-3' },
    ];
    const statement = read(statementCsv(rows));
    assert.deepEqual(
      statement.lines.map(({ bankId, amount, references }) => ({ bankId, amount, references })),
      [
        { bankId: 'R-1', amount: 1, references: ['a,b "c"'] },
        { bankId: 'R-3', amount: 999_999_999_999, references: [] },
      ],
    );
    assert.equal(statement.skipped.debits, 1);
  });

  it('insists on the header row, exactly and in order', () => {
    refused('', 1, /header row must be exactly booking_date,amount,currency,reference,entry_id/);
    refused('amount,booking_date,currency,reference,entry_id\n', 1, /header row/);
    refused('booking_date,amount,currency,reference\n', 1, /header row/);
    refused('Booking_Date,Amount,Currency,Reference,Entry_Id\n', 1, /header row/);
    refused(`${HEADER},extra\n`, 1, /header row/);
    refused(`2026-11-25,1.00,EUR,,E-1\n`, 1, /header row/);
  });

  it('refuses bad rows, debits included, naming their line', () => {
    const row = (fields: string): string => `${HEADER}\n2026-11-25,1.00,EUR,,OK-1\n${fields}\n`;
    refused(row('2026-11-25,12.345,EUR,,E'), 3, /12\.345 has more decimals than EUR allows \(2\)/);
    refused(row('2026-11-25,12.5,JPY,,E'), 3, /more decimals than JPY allows \(0\)/);
    refused(row('2026-11-25,"1,234.50",EUR,,E'), 3, /not a decimal number/);
    refused(row('2026-11-25,12.50,eur,,E'), 3, /currency "eur" is not three upper-case letters/);
    refused(row('2026-11-25,-12.50,EURO,,E'), 3, /currency "EURO"/);
    refused(row('2026-11-25,12.50,,,E'), 3, /currency is missing/);
    refused(row('25.11.2026,12.50,EUR,,E'), 3, /booking date "25\.11\.2026"/);
    refused(row('2026-13-01,-12.50,EUR,,E'), 3, /booking date/);
    refused(row('2026-11-25,12.50,EUR,E'), 3, /4 fields, expected 5/);
    refused(row('2026-11-25,12.50,EUR,,E,F'), 3, /6 fields, expected 5/);
    refused(row('2026-11-25,12.50,EUR,"open,E'), 3, /quoted field is not closed/);
    refused(row('2026-11-25,12.50,EUR,"ref"x,E'), 3, /text after the closing quote/);
    refused(row('2026-11-25,12.50,EUR,re"f,E'), 3, /quote inside an unquoted field/);
    refused(`${HEADER}\n\n2026-11-25,1.00,EUR,,E-1\n`, 2, /blank line/);
  });

  it('refuses control characters, over-long values and bytes that are not UTF-8, naming the line', () => {
    const row = (fields: string): string => `${HEADER}\n2026-11-25,1.00,EUR,,OK-1\n${fields}\n`;
    refused(row('2026-11-25,1.00,EUR,Invoice\u0000 7,E'), 3, /reference holds the control character U\+0000/);
    refused(row('2026-11-25,1.00,EUR,Invoice 7,E\u0007'), 3, /entry_id holds the control character U\+0007/);
    refused(row(`2026-11-25,1.00,EUR,,${'E'.repeat(141)}`), 3, /entry_id is longer than 140 characters/);
    refused(row(`2026-11-25,1.00,EUR,${'r'.repeat(1001)},E`), 3, /reference is longer than 1000 characters/);
    assert.equal(read(row(`2026-11-25,1.00,EUR,${'r'.repeat(1000)},${'E'.repeat(140)}`)).lines[1].remittance?.length, 500);
    refused(Buffer.concat([Buffer.from(`${HEADER}\n2026-11-25,1.00,EUR,M`), Buffer.from([0xfc]), Buffer.from('ller,E\n')]), 2, /not valid UTF-8/);
  });

  it('names the entry id in the error when the row has one', () => {
    assert.throws(() => read(`${HEADER}\n2026-11-25,12.345,EUR,,BANK-77\n`), {
      name: 'StatementFormatError',
      line: 2,
      entryId: 'BANK-77',
      message: 'line 2 (entry BANK-77): amount 12.345 has more decimals than EUR allows (2)',
    });
  });
});
