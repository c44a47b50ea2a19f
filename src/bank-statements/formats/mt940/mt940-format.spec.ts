import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { statementFixture, statementFixtureNames } from '../../../../test/support/statement-fixtures';
import { StatementFormatError } from '../../statement-line';
import type { ParsedLine, ParsedStatement } from '../statement-format';
import { mt940Format } from './mt940-format';

const fixture = (name: string): ParsedStatement => mt940Format.parse(statementFixture('mt940', name), null);

/** Files of the corpus that are refused, and why: not an MT940, or not a whole one. */
const REFUSED: Record<string, { line: number; problem: RegExp }> = {
  'wolph-mbank-mt942.sta': { line: 5, problem: /^:34F: belongs to an MT942 interim transaction report, not to an MT940 statement/ },
  // A fragment: one :61: and a broken :86:, no :20:, :25: or :60F: (so no currency).
  'wolph-selfprovided-sparkassen.sta': { line: 1, problem: /^:61: comes before any :20:/ },
};

/** An MT940 file of one statement: the header lines, then the given fields. */
function mt940(...fields: string[]): Buffer {
  return Buffer.from([':20:STATEMENT-1', ':25:NL91 ABNA 0417 1643 00/EUR', ':28C:1/1', ':60F:C260101EUR0,00', ...fields, ':62F:C260101EUR0,00', '-'].join('\r\n'));
}

function only(statement: ParsedStatement): ParsedLine {
  assert.equal(statement.lines.length, 1, JSON.stringify(statement.lines));
  return statement.lines[0];
}

function refused(body: Buffer, line: number | null, problem: RegExp): void {
  assert.throws(
    () => mt940Format.parse(body, null),
    (error: unknown) => {
      assert.ok(error instanceof StatementFormatError, String(error));
      assert.equal(error.line, line, error.message);
      assert.match(error.problem, problem);
      return true;
    },
  );
}

describe('MT940 statements', () => {
  it('read every MT940 file of the corpus, and refuse the MT942 and the fragment with the line at fault', () => {
    const names = statementFixtureNames('mt940');
    assert.equal(names.length, 47);
    for (const name of names) {
      const refusal = REFUSED[name];
      if (refusal === undefined) {
        const statement = fixture(name);
        assert.equal(statement.format, 'mt940', name);
        for (const line of statement.lines) assert.ok(line.amount > 0 && /^\d{4}-\d{2}-\d{2}$/.test(line.bookingDate), `${name}: ${JSON.stringify(line)}`);
      } else {
        refused(statementFixture('mt940', name), refusal.line, refusal.problem);
      }
    }
  });

  it('read a FinTS statement: German ?-subfields give the purpose and the payer', () => {
    const statement = fixture('hbci4java-test-mt940-001.sta');
    assert.equal(statement.account, '12345678/1234567890');
    assert.deepEqual(statement.skipped, { debits: 0, notBooked: 0, reversals: 0, zeroAmounts: 0 });
    assert.deepEqual(statement.lines[0], {
      line: 6,
      account: '12345678/1234567890',
      bankId: null,
      bookingDate: '2023-02-09',
      amount: 200,
      currency: 'EUR',
      creditorReference: null,
      references: ['2023-02-09-08.37.18.054696'],
      remittance: 'Test 1',
      debtorName: 'Max Mustermann',
      debtorIban: null,
    });
    assert.equal(statement.lines[1].remittance, 'Test 2');
  });

  it('join the subfields a German bank wraps mid-word, and take ?31 as the IBAN and ?32-?33 as the name', () => {
    const statement = fixture('jejik-volksbankenraiffeisenbanken.txt');
    assert.equal(statement.lines.length, 12);
    const [first, second] = statement.lines;
    assert.equal(first.line, 5);
    assert.equal(first.amount, 6500);
    assert.equal(first.remittance, 'SVWZ+einfach so fuer euch IBAN: DE40500105174675974588 BIC: HEISDE66');
    assert.equal(first.debtorName, 'Olivia Dorn');
    assert.equal(first.debtorIban, 'DE40500105174675974588');
    // ?20 is full (27 characters): ?21 goes on without a space.
    assert.match(second.remittance ?? '', /^SVWZ\+Beitrag Musical fuer FRIDA /);
    const hellwig = statement.lines.find(({ debtorIban }) => debtorIban === 'DE42500105171213694382');
    assert.equal(hellwig?.debtorName, 'Hellwig, Annegret, Hellwig, Dieter');
  });

  it('take the bank reference after // as the bank id, and count debits', () => {
    const statement = fixture('jejik-knab.txt');
    assert.equal(statement.account, '123456789');
    assert.deepEqual(statement.skipped, { debits: 1, notBooked: 0, reversals: 0, zeroAmounts: 0 });
    assert.deepEqual(
      statement.lines.map(({ line, bankId, bookingDate, amount, references }) => ({ line, bankId, bookingDate, amount, references })),
      [
        { line: 6, bankId: 'B4E07XM00J000023', bookingDate: '2014-05-07', amount: 50_000, references: ['B4E07XM00J000023'] },
        { line: 19, bankId: 'B4G29PGDCK1QFV3E', bookingDate: '2014-07-29', amount: 50_000, references: ['29-07-2014 10:05', 'B4G29PGDCK1QFV3E'] },
      ],
    );
    assert.equal(statement.lines[0].remittance, 'HIER EEN MOOIE OMSCHRIJVING IN HOOFDLETTERS WANT DAT IS ZOALS DE NEDERLANDSE BANKEN COMMUNICEREN');
  });

  it('count reversals (RC, RD) whatever their direction, apart from debits', () => {
    const statement = fixture('wolph-betterplace-sepa_mt9401.sta');
    // 97 entries: 41 credits, 54 debits, 2 reversals; 20 accounts, so no single account.
    assert.equal(statement.lines.length, 41);
    assert.deepEqual(statement.skipped, { debits: 54, notBooked: 0, reversals: 2, zeroAmounts: 0 });
    assert.equal(statement.account, null);
  });

  it('count zero amounts, and accept four spaces for the entry date (Citi)', () => {
    const statement = fixture('wolph-citi-mt940.txt');
    assert.deepEqual(statement.skipped, { debits: 3, notBooked: 0, reversals: 0, zeroAmounts: 2 });
    assert.equal(statement.lines.length, 0);
  });

  it('read SWIFT blocks with SOH/ETX framing, several messages, and a bank reference of NONREF as none (PostFinance)', () => {
    const statement = fixture('jejik-postfinance.txt');
    assert.equal(statement.account, '123456789');
    assert.deepEqual(
      statement.lines.map(({ line, bankId, amount, currency, references }) => ({ line, bankId, amount, currency, references })),
      [
        { line: 6, bankId: null, amount: 7970, currency: 'CHF', references: ['01916'] },
        { line: 10, bankId: null, amount: 14_950, currency: 'CHF', references: ['01916'] },
        { line: 25, bankId: null, amount: 1010, currency: 'CHF', references: ['01651'] },
      ],
    );
    assert.equal(statement.skipped.debits, 1);
    assert.equal(statement.lines[2].remittance, 'EINZAHLUNGSSCHEIN');
  });

  it('read the Dutch /CODE/ layout: /REMI/ is the purpose, /NAME/ and /IBAN/ the payer', () => {
    const bunq = fixture('phpmt940-bunq-sample');
    assert.equal(bunq.account, 'NL10BUNQ2290325473');
    assert.equal(bunq.lines.length, 26);
    assert.equal(bunq.skipped.debits, 85);
    assert.deepEqual(
      bunq.lines.find(({ line }) => line === 14),
      {
        line: 14,
        account: 'NL10BUNQ2290325473',
        bankId: null,
        bookingDate: '2019-02-09',
        amount: 7500,
        currency: 'EUR',
        creditorReference: null,
        references: [],
        remittance: 'Proficiat',
        debtorName: 'SRMF WILLEMS',
        debtorIban: 'NL97ABNA0479445079',
      },
    );
    const abn = only(fixture('mt940js-abn-amro-1.STA'));
    assert.equal(abn.remittance, 'TRANSFER OWN MONEY');
    assert.equal(abn.debtorName, 'TT TEST');
    // /EREF/NOTPROVIDED is no reference.
    assert.deepEqual(abn.references, []);
  });

  it('read a statement that is not UTF-8 as windows-1252, and drop the currency after the account', () => {
    const statement = fixture('wolph-selfprovided-raiffeisen-cmi.sta');
    assert.equal(statement.account, 'UBRTHUHB/123456789150ABCDEF002');
    const line = only(statement);
    assert.equal(line.amount, 2_066_637);
    assert.equal(line.currency, 'HUF');
    assert.match(line.remittance ?? '', /^CAB18D1700041116 109876543210000012345678 HUNGARY KFT\. UV, napi ”sszevont/);
    // Its debits have fillér (3892,77 HUF), which the platform's HUF cannot hold: only a credit's amount must fit.
    assert.equal(statement.skipped.debits, 6);
  });

  it('read a file of several accounts with no account, rather than refuse it', () => {
    assert.equal(fixture('jejik-rabobank.txt').account, null);
    assert.equal(fixture('mt940js-base-1.mta').account, null);
    assert.equal(fixture('jejik-sparkasse.txt').account, '87052000/123456789');
  });

  it('take the booking date from the entry date, with its year across new year', () => {
    const dateOf = (entry: string): string => only(mt940Format.parse(mt940(`:61:${entry}C1,00NTRFNONREF`), null)).bookingDate;
    assert.equal(dateOf('2301021230'), '2022-12-30');
    assert.equal(dateOf('2212300102'), '2023-01-02');
    assert.equal(dateOf('2302090208'), '2023-02-08');
    assert.equal(dateOf('230209'), '2023-02-09');
    assert.equal(dateOf('990209'), '1999-02-09');
    refused(mt940(':61:2302300230C1,00NTRFNONREF'), 5, /value date 230230 is not a date/);
    refused(mt940(':61:2302091302C1,00NTRFNONREF'), 5, /entry date 1302 is not a date/);
  });

  it('find the first valid RF in field 86: in the purpose, across a line break, in /EREF/', () => {
    const referenceOf = (...details: string[]): string | null => only(mt940Format.parse(mt940(':61:2602020202C12,50NTRFNONREF//BANK-1', ...details), null)).creditorReference;
    assert.equal(referenceOf(':86:Invoice 7 RF18 5390 0754 7034 thanks'), 'RF18539007547034');
    assert.equal(referenceOf(':86:Invoice 7 RF18 5390', '0754 7034 thanks'), 'RF18539007547034');
    assert.equal(referenceOf(':86:166?00GUTSCHRIFT?20SVWZ+RF18539007547034 Rechnung?32Max Muster'), 'RF18539007547034');
    // ?20 is full (27 characters), so the bank cut the reference: ?21 goes on where it stopped.
    assert.equal(referenceOf(':86:166?00GUTSCHRIFT?20SVWZ+Rechnung 12 RF18539007?21547034?32Max Muster'), 'RF18539007547034');
    assert.equal(referenceOf(':86:/EREF/RF712348231/NAME/A PAYER/REMI/Invoice 7'), 'RF712348231');
    assert.equal(referenceOf(':86:Invoice 7 RF19 5390 0754 7034 has wrong check digits'), null);
    const dutch = only(mt940Format.parse(mt940(':61:2602020202C12,50NTRFCUST-9//BANK-1', ':86:/EREF/E2E-77/NAME/A PAYER/REMI/Invoice 7'), null));
    assert.deepEqual(dutch.references, ['CUST-9', 'BANK-1', 'E2E-77']);
    assert.equal(dutch.bankId, 'BANK-1');
  });

  it('read ISO-8859-1 umlauts as letters', () => {
    const body = Buffer.concat([
      mt940(':61:2602020202C5,00NTRFNONREF').subarray(0, -'\r\n:62F:C260101EUR0,00\r\n-'.length),
      Buffer.from('\r\n:86:166?20M\xfcller Stra\xdfe?32J\xf6rg\r\n-', 'latin1'),
    ]);
    const line = only(mt940Format.parse(body, null));
    assert.equal(line.remittance, 'Müller Straße');
    assert.equal(line.debtorName, 'Jörg');
  });

  it('refuse control characters and over-long values, naming the line', () => {
    refused(mt940(':61:2602020202C5,00NTRFNONREF', ':86:Invoice\u0000 7'), 6, /the line holds the control character U\+0000/);
    refused(mt940(':61:2602020202C5,00NTRFNONREF', ':86:Invoice', 'seven\u001b[2J'), 7, /control character U\+001B/);
    refused(mt940(`:61:2602020202C5,00NTRFNONREF//${'B'.repeat(141)}`), 5, /the bank reference is longer than 140 characters/);
    refused(mt940(`:61:2602020202C5,00NTRF${'C'.repeat(141)}`), 5, /the customer reference is longer than 140 characters/);
    refused(mt940(':61:2602020202C5,00NTRFNONREF', `:86:${'x'.repeat(65)}`, ...Array<string>(15).fill('y'.repeat(65))), 6, /field :86: is longer than 1000 characters/);
    refused(mt940(`:25:${'1'.repeat(141)}`), 5, /the account \(:25:\) is longer than 140 characters/);
  });

  it('refuse entries it cannot read, and a file that holds no statement', () => {
    refused(mt940(':61:2602020202X5,00NTRFNONREF'), 5, /^:61: "2602020202X5,00NTRFNONREF" is not an MT940 entry/);
    refused(mt940(':61:2602020202C5,0,0NTRFNONREF'), 5, /amount "5,0,0"/);
    refused(mt940(':61:2602020202C5,001NTRFNONREF'), 5, /amount 5\.001 has more decimals than EUR allows \(2\)/);
    refused(Buffer.from(':20:X\n:60F:C260101EUR0,00\n:61:2602020202C5,00NTRF\n'), 3, /before the statement names its account \(:25:\)/);
    refused(Buffer.from(':20:X\n:25:123\n:61:2602020202C5,00NTRF\n'), 3, /before the opening balance/);
    refused(Buffer.from(':20:X\n:25:123\n:60F:C260101E0,00\n'), 3, /^:60F: "C260101E0,00" is not a balance/);
    refused(Buffer.from('booking_date,amount,currency,reference,entry_id\n2026-11-25,1.00,EUR,,E-1\n'), null, /no MT940 statement in the file/);
    refused(Buffer.from(''), null, /no MT940 statement/);
    refused(Buffer.from('{1:F01BANKBEBBAXXX0000000000}{2:O9421200BANKBEBBAXXX}{4:\r\n:20:X\r\n-}'), 1, /an MT942, not an MT940/);
  });
});
