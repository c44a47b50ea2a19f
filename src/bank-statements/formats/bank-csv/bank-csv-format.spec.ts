import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { statementFixture, statementFixtureJson, statementFixtureNames } from '../../../../test/support/statement-fixtures';
import { bankCsvProfileOf, BankStatementProfileDto } from '../../dto/bank-statement-profile.dto';
import { StatementFormatError } from '../../statement-line';
import type { BankCsvProfile, ParsedStatement } from '../statement-format';
import { bankCsvFormat } from './bank-csv-format';
import { bankCsvProfileProblems } from './bank-csv-profile';

const PROFILES = statementFixtureJson('csv-profiles.json') as Record<string, BankStatementProfileDto>;

function fixture(name: string): ParsedStatement {
  return bankCsvFormat.parse(statementFixture('csv', name), bankCsvProfileOf(PROFILES[name]));
}

/** A profile for the synthetic files: `;`, decimal comma, DD.MM.YYYY, one signed amount column. */
const SYNTHETIC: BankCsvProfile = {
  name: 'test-bank',
  delimiter: ';',
  decimalSeparator: ',',
  dateFormat: 'DD.MM.YYYY',
  encoding: 'utf-8',
  skipRows: 0,
  columns: { bookingDate: 'Datum', amount: 'Betrag', defaultCurrency: 'EUR', reference: ['Text', 'Referenz'], entryId: 'Id' },
};
const HEADER = 'Datum;Betrag;Text;Referenz;Id';

function read(text: string | Buffer, profile: Partial<BankCsvProfile> = {}): ParsedStatement {
  return bankCsvFormat.parse(typeof text === 'string' ? Buffer.from(text) : text, { ...SYNTHETIC, ...profile });
}

function refused(text: string | Buffer, line: number | null, problem: RegExp, profile: Partial<BankCsvProfile> = {}): void {
  assert.throws(
    () => read(text, profile),
    (error: unknown) => {
      assert.ok(error instanceof StatementFormatError, String(error));
      assert.equal(error.line, line, error.message);
      assert.match(error.problem, problem);
      return true;
    },
  );
}

describe('Bank CSV exports read through a profile', () => {
  it('read every CSV file of the corpus with its profile from csv-profiles.json, each profile valid', () => {
    const names = statementFixtureNames('csv');
    assert.equal(names.length, 17);
    assert.deepEqual(Object.keys(PROFILES).sort(), names);
    for (const name of names) {
      const profile = bankCsvProfileOf(PROFILES[name]);
      assert.deepEqual(bankCsvProfileProblems(profile), [], name);
      const statement = fixture(name);
      assert.equal(statement.format, `csv:${profile.name}`);
      assert.equal(statement.account, null);
      assert.ok(statement.lines.length + statement.skipped.debits > 0, name);
    }
  });

  it('read signed amounts (BEKB)', () => {
    const statement = fixture('banana-csv_bekb_example_format1_20230908.csv');
    assert.equal(statement.lines.length, 4);
    assert.deepEqual(statement.skipped, { debits: 5, notBooked: 0, reversals: 0, zeroAmounts: 0 });
    assert.deepEqual(statement.lines[0], {
      line: 2,
      bankId: null,
      bookingDate: '2022-06-27',
      amount: 62_974,
      currency: 'CHF',
      creditorReference: null,
      references: ['TR1234567890 -123', 'Zahlungseingang'],
      remittance: 'TR1234567890 -123 Zahlungseingang',
      debtorName: null,
      debtorIban: null,
    });
  });

  it('read credit and debit columns, metadata rows skipped, rows not booked counted (Credit Suisse)', () => {
    const statement = fixture('banana-csv_creditsuisse_example_format5_20240901.csv');
    assert.deepEqual(statement.skipped, { debits: 44, notBooked: 8, reversals: 0, zeroAmounts: 0 });
    assert.deepEqual(
      statement.lines.map(({ line, bookingDate, amount }) => ({ line, bookingDate, amount })),
      [
        { line: 27, bookingDate: '2024-08-23', amount: 15_470 },
        { line: 28, bookingDate: '2024-08-22', amount: 1_152_845 },
        { line: 40, bookingDate: '2024-08-14', amount: 85_000 },
        { line: 49, bookingDate: '2024-08-07', amount: 1518 },
      ],
    );
  });

  it('add continuation rows to the booking above them, and drop a thousands apostrophe (ZKB)', () => {
    const statement = fixture('banana-csv_zkb_example_format2_20121012.csv');
    assert.equal(statement.lines.length, 5);
    assert.equal(statement.skipped.debits, 13);
    assert.deepEqual(statement.lines[0], {
      line: 4,
      bankId: '3123051026507026',
      bookingDate: '2012-10-12',
      amount: 150_000,
      currency: 'CHF',
      creditorReference: null,
      references: ['Bommustracurre Loceneis-At. 8608-5514-4673-8221'],
      remittance: 'Bommustracurre Loceneis-At. 8608-5514-4673-8221 PROW UXEREVOS IN, OPERUNIURGES. 76, 1652 OCUTINI',
      debtorName: null,
      debtorIban: null,
    });
  });

  it('read triple-quoted cells without their extra quotes, and a booking without a booking date as not booked (UBS, Italian)', () => {
    const statement = fixture('banana-csv_ubs_example_format3_it_triplequotes_20240621.csv');
    assert.deepEqual(statement.skipped, { debits: 4, notBooked: 1, reversals: 0, zeroAmounts: 0 });
    const [credit] = statement.lines;
    assert.equal(credit.line, 15);
    assert.equal(credit.amount, 20_000);
    assert.equal(credit.bankId, '11111115');
    assert.deepEqual(credit.references, ['Descrizione1;6900 Lugano', 'Accredito', 'No di transazioni: 12678345643']);
  });

  it('end the table at a blank row and ignore the trailer: totals, a NUL byte (PostFinance 2003), a disclaimer', () => {
    const statement = fixture('banana-csv_postfinance_example_format1_20030903-B.csv');
    assert.equal(statement.lines.length, 9);
    assert.equal(statement.skipped.debits, 4);
    assert.deepEqual(
      statement.lines.slice(0, 2).map(({ line, amount }) => ({ line, amount })),
      [
        { line: 15, amount: 2680 },
        { line: 18, amount: 2680 },
      ],
    );
    assert.equal(fixture('banana-csv_postfinance_example_format1_CreditCard_20230929.csv').lines[0].amount, 8000);
    assert.equal(fixture('banana-csv_ubs_example_format1_20230905_03.csv').lines.length, 2);
  });

  it('read ISO-8859-1, CR line ends and two-digit years (Raiffeisen 2013, Valiant)', () => {
    const raiffeisen = fixture('banana-raiffeisen-csv_example_format3_20130101.csv');
    assert.equal(raiffeisen.lines.length, 348);
    assert.equal(raiffeisen.skipped.debits, 161);
    assert.deepEqual(
      { line: raiffeisen.lines[0].line, bookingDate: raiffeisen.lines[0].bookingDate, amount: raiffeisen.lines[0].amount },
      { line: 2, bookingDate: '2013-01-03', amount: 19_500 },
    );
    assert.equal(raiffeisen.lines[0].remittance, 'Gutschrift Daniel Storrer Hauptstrasse 76a 9105 Schonengrund 101305 CHF 195.00');
    const valiant = fixture('banana-valiant-csv_example_valiant_transactions_FR.csv');
    assert.equal(valiant.lines.length, 7);
    assert.deepEqual(
      { line: valiant.lines[0].line, bookingDate: valiant.lines[0].bookingDate, amount: valiant.lines[0].amount },
      { line: 15, bookingDate: '2024-01-30', amount: 710_919 },
    );
  });

  it('read a TAB delimiter and YYYYMMDD dates (PostFinance 2009), and a currency column (UBS, Yuh)', () => {
    const postfinance = fixture('banana-csv_postfinance_example_format2_20090401.csv');
    assert.deepEqual(
      postfinance.lines.map(({ line, bookingDate, amount }) => ({ line, bookingDate, amount })),
      [{ line: 9, bookingDate: '2009-03-25', amount: 457_025 }],
    );
    assert.equal(postfinance.skipped.debits, 22);
    assert.deepEqual([...new Set(fixture('banana-csv_ubs_example_format3_fr_20241205.csv').lines.map(({ currency }) => currency))], ['RET']);
    assert.deepEqual(
      fixture('banana-csv_yuh_example_format1_20250218.csv').lines.map(({ amount, currency }) => `${amount} ${currency}`),
      ['100000 CHF', '388 CHF', '164 CHF'],
    );
  });

  it('find the first valid RF across the reference columns in their order, also inside bank text', () => {
    const text = [
      HEADER,
      '01.02.2026;12,50;Gutschrift Muster GmbH RF18 5390 0754 7034;RF712348231;A-1',
      '01.02.2026;12,50;Gutschrift Muster GmbH;Rechnung RF712348231;A-2',
      '01.02.2026;12,50;Gutschrift RF19 5390 0754 7034;;A-3',
    ].join('\n');
    const statement = read(text);
    assert.deepEqual(
      statement.lines.map(({ creditorReference, references, remittance }) => ({ creditorReference, references, remittance })),
      [
        {
          creditorReference: 'RF18539007547034',
          references: ['Gutschrift Muster GmbH RF18 5390 0754 7034', 'RF712348231'],
          remittance: 'Gutschrift Muster GmbH RF18 5390 0754 7034 RF712348231',
        },
        { creditorReference: 'RF712348231', references: ['Gutschrift Muster GmbH', 'Rechnung RF712348231'], remittance: 'Gutschrift Muster GmbH Rechnung RF712348231' },
        { creditorReference: null, references: ['Gutschrift RF19 5390 0754 7034'], remittance: 'Gutschrift RF19 5390 0754 7034' },
      ],
    );
  });

  it('read decimal commas with thousands separators, and refuse separators that do not group thousands', () => {
    const amounts = (cells: string[], profile: Partial<BankCsvProfile> = {}): number[] =>
      read([HEADER, ...cells.map((cell, index) => `01.02.2026;"${cell}";x;;A-${index}`)].join('\n'), profile).lines.map(({ amount }) => amount);
    assert.deepEqual(amounts(['1.234,50', '1 234,50', "1'234,50", '1234,5', '+7', '0,01', '1.234.567,00']), [123_450, 123_450, 123_450, 123_450, 700, 1, 123_456_700]);
    assert.deepEqual(amounts(['1,234.50', "1'234.50", '1234.5'], { decimalSeparator: '.' }), [123_450, 123_450, 123_450]);
    refused(`${HEADER}\n01.02.2026;12.5;x;;A-1\n`, 2, /amount "12\.5" in column "Betrag" is not an amount such as 1234,50/);
    refused(`${HEADER}\n01.02.2026;"1.23,45";x;;A-1\n`, 2, /amount "1\.23,45"/);
    refused(`${HEADER}\n01.02.2026;"12,5";x;;A-1\n`, 2, /amount "12,5" in column "Betrag" is not an amount such as 1234\.50/, { decimalSeparator: '.' });
  });

  it('read ISO-8859-1 umlauts as letters, in the header and in the cells', () => {
    const latin1 = Buffer.from('Datum;Betrag;Buchungstext für;Referenz;Id\n01.02.2026;5,00;Müller Straße Jörg;;A-1\n', 'latin1');
    const [line] = read(latin1, { encoding: 'iso-8859-1', columns: { ...SYNTHETIC.columns, reference: ['Buchungstext für'] } }).lines;
    assert.equal(line.remittance, 'Müller Straße Jörg');
    refused(latin1, 1, /not valid UTF-8/);
  });

  it('refuse control characters and over-long values in what it reads, naming the line', () => {
    refused(`${HEADER}\n01.02.2026;5,00;Invoice\u0000 7;;A-1\n`, 2, /column "Text" holds the control character U\+0000/);
    refused(`${HEADER}\n01.02.2026;-5,00;ok;Ref\u001b;A-1\n`, 2, /column "Referenz" holds the control character U\+001B/);
    refused(`${HEADER}\n01.02.2026;5,00;x;;${'I'.repeat(141)}\n`, 2, /entry id column "Id" is longer than 140 characters/);
    refused(`${HEADER}\n01.02.2026;5,00;${'t'.repeat(1001)};;A-1\n`, 2, /column "Text" is longer than 1000 characters/);
  });

  it('refuse a missing column naming the header line, and rows it cannot read naming theirs', () => {
    refused(`Titel\n\nDatum;Betrag;Text;Id\n`, 3, /the header row has no column "Referenz" \(it has "Datum", "Betrag", "Text", "Id"\)/, { skipRows: 2 });
    refused(`${HEADER};Text\n`, 1, /the header row has the column "Text" twice/);
    refused(`${HEADER}\n2026-02-01;5,00;x;;A-1\n`, 2, /booking date "2026-02-01" is not a date written DD\.MM\.YYYY/);
    refused(`${HEADER}\n31.02.2026;5,00;x;;A-1\n`, 2, /booking date "31\.02\.2026"/);
    refused(`${HEADER}\n01.02.2026;5,00;x;;A-1\n\n01.03.2026;6,00;y;;A-2\n`, 4, /a booking after the blank line 3 that ends the table/);
    refused(`Titel\n`, null, /the file has 2 lines, and its profile skips 3 before the header row/, { skipRows: 3 });
    const currencyColumn = { columns: { ...SYNTHETIC.columns, defaultCurrency: undefined, currency: 'Referenz' } };
    refused(`${HEADER}\n01.02.2026;5,00;x;;A-1\n`, 2, /currency is missing/, currencyColumn);
    refused(`${HEADER}\n01.02.2026;5,00;x;Euro;A-1\n`, 2, /currency "Euro" is not three upper-case letters/, currencyColumn);
  });

  it('skip blank rows before the first booking, rows without an amount, and count zero amounts and debits', () => {
    const statement = read([HEADER, '', ';;;;', '01.02.2026;;Saldo;;', '01.02.2026;0,00;x;;Z', '01.02.2026;-3,00;x;;D', '01.02.2026;3,00;x;;C', 'Total;3,00;;;', ''].join('\r\n'));
    assert.deepEqual(
      statement.lines.map(({ line, bankId }) => `${bankId}@${line}`),
      ['C@7'],
    );
    assert.deepEqual(statement.skipped, { debits: 1, notBooked: 1, reversals: 0, zeroAmounts: 1 });
  });
});
