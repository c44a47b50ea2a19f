import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { validateXML } from 'xmllint-wasm';
import { statementFixture, statementFixtureNames } from '../../../../test/support/statement-fixtures';
import { StatementFormatError } from '../../statement-line';
import type { ParsedStatement } from '../statement-format';
import { camtFormat } from './camt.format';

/** The third-party camt files of test/fixtures/bank-statements (SOURCES.md there), against the official schemas it holds. */

const FOLDERS = ['camt053', 'camt054'] as const;
const XSD_FOLDER = join(process.cwd(), 'test', 'fixtures', 'bank-statements', 'xsd');

/** Files libxml2 finds invalid against their version's XSD, and why (its first error). */
const SCHEMA_INVALID: Readonly<Record<string, RegExp>> = {
  // ABN AMRO writes Ustrd of 204 characters; the schema allows 140.
  'iso20022js-abnamro-example_camt.xml': /Ustrd.*maxLength/,
  // Bank of Montreal gives CcyXchg with only SrcCcy.
  'iso20022js-bmo-camt053_v2_1.xml': /CcyXchg': Missing child element/,
  // An end tag broken across lines (`</` then a line break then `CdOrPrtry>`): not even well-formed XML.
  'iso20022js-bmo-camt053_v2_3.xml': /parser error/,
  // Balances without CdtDbtInd, entries without Sts, BookgDt or ValDt.
  'subite-camt053-2024-04-11.xml': /Dt': This element is not expected\. Expected is \( \{[^}]+\}CdtDbtInd \)/,
};
/** Versions the corpus has no XSD for: Mercury's camt.053.001.11, the Lithuanian camt.054.001.10. */
const WITHOUT_XSD = ['iso20022js-mercury-camt053_v2_1.xml', 'subite-camt054-2024-04-17.xml'];
/** What cannot be read at all, and where it breaks. */
const NOT_WELL_FORMED: Readonly<Record<string, number>> = { 'iso20022js-bmo-camt053_v2_3.xml': 1318 };

const corpus = FOLDERS.flatMap((folder) => statementFixtureNames(folder).map((name) => ({ folder, name })));

function parsed(folder: (typeof FOLDERS)[number], name: string): ParsedStatement {
  return camtFormat.parse(statementFixture(folder, name), null);
}

/** The first schema error of a file (null when it is valid), or undefined when the corpus has no XSD for its version. */
async function schemaError(folder: string, name: string): Promise<string | null | undefined> {
  const contents = statementFixture(folder, name);
  const version = /camt\.05[34]\.001\.\d{2}/.exec(contents.toString('utf8'))?.[0];
  const xsd = join(XSD_FOLDER, `genkgo-${version}.xsd`);
  if (!existsSync(xsd)) return undefined;
  const result = await validateXML({ xml: { fileName: name, contents }, schema: { fileName: 'schema.xsd', contents: readFileSync(xsd) } });
  return result.valid ? null : result.errors[0].rawMessage;
}

describe('camt corpus (third-party files)', () => {
  it('holds the 40 camt files SOURCES.md lists', () => {
    assert.equal(corpus.length, 40);
  });

  it('validates each file against its version XSD: every invalid one is known, and every valid one parses', async () => {
    const invalid: string[] = [];
    const withoutXsd: string[] = [];
    for (const { folder, name } of corpus) {
      const error = await schemaError(folder, name);
      if (error === undefined) withoutXsd.push(name);
      else if (error !== null) {
        invalid.push(name);
        assert.match(error, SCHEMA_INVALID[name] ?? /^$/, `${name}: ${error}`);
      } else {
        assert.doesNotThrow(() => parsed(folder, name), name);
      }
    }
    assert.deepEqual(invalid.sort(), Object.keys(SCHEMA_INVALID).sort());
    assert.deepEqual(withoutXsd.sort(), WITHOUT_XSD);
  });

  it('reads every well-formed file, schema-invalid ones too, into lines that are whole credits', () => {
    for (const { folder, name } of corpus) {
      const notWellFormed = NOT_WELL_FORMED[name];
      if (notWellFormed !== undefined) {
        assert.throws(
          () => parsed(folder, name),
          (error) => error instanceof StatementFormatError && error.line === notWellFormed && /not well-formed/.test(error.problem),
        );
        continue;
      }
      const statement = parsed(folder, name);
      assert.match(statement.format, folder === 'camt053' ? /^camt\.053\.001\.\d{2}$/ : /^camt\.054\.001\.\d{2}$/, name);
      for (const line of statement.lines) {
        assert.ok(Number.isSafeInteger(line.amount) && line.amount > 0, `${name}: ${JSON.stringify(line)}`);
        assert.match(line.bookingDate, /^\d{4}-\d{2}-\d{2}$/, name);
        assert.match(line.currency, /^[A-Z]{3}$/, name);
      }
    }
  });

  it('PostFinance camt.053: batches split per TxDtls with ISR references, debits and reversals counted', () => {
    const statement = parsed('camt053', 'dvbern-postfinance-camt.053_P_CH0309000000250090342_380000000_0_2016053100163801.xml');
    assert.equal(statement.format, 'camt.053.001.04');
    assert.equal(statement.account, 'CH0309000000250090342');
    assert.equal(statement.lines.length, 24);
    assert.deepEqual(statement.skipped, { debits: 6, notBooked: 0, reversals: 2, zeroAmounts: 0 });
    assert.deepEqual(statement.lines[0], {
      line: 294,
      account: 'CH0309000000250090342',
      bankId: '160527CH00T3L0GE',
      bookingDate: '2016-05-27',
      amount: 10000,
      currency: 'CHF',
      creditorReference: null,
      references: ['010000004', '20160530007602769939022000000012', '160527CH00T3L0GE', '000000000002015110002913192'],
      remittance: 'SAMMELGUTSCHRIFT ESR VERARBEITUNG VOM 27.05.2016 KUNDENNUMMER 01-000000-4 PAKET ID: 160527CH000000RU',
      debtorName: null,
      debtorIban: null,
    });
    // The first batch: ten transactions of 1000.00 CHF in all.
    assert.equal(
      statement.lines.slice(0, 10).reduce((sum, line) => sum + line.amount, 0),
      100_000,
    );
  });

  it('FFFS camt.054 (CR line ends): lines numbered as a reader counts them, the first valid structured RF, a pending batch counted per transaction', () => {
    const statement = parsed('camt054', 'moov-FI_camt_054_sample.xml.xml');
    assert.equal(statement.format, 'camt.054.001.02');
    assert.deepEqual(statement.skipped, { debits: 5, notBooked: 2, reversals: 0, zeroAmounts: 0 });
    assert.deepEqual(
      statement.lines.map(({ line, amount }) => [line, amount]),
      [
        [157, 190_000],
        [211, 10_000],
        [289, 40_000],
        [326, 10_000],
        [400, 250_000],
        [470, 50_000],
      ],
    );
    // Two structured references, RF7812345 (valid) then RF0812344 (its check digits do not verify).
    assert.equal(statement.lines[4].creditorReference, 'RF7812345');
    assert.deepEqual(statement.lines[4].references, ['091029ACCTSTMTARCH05', 'D091029N123456789S001', 'EndToEndIdAT-41-001', 'RF7812345', 'RF0812344']);
    assert.equal(statement.lines[4].debtorName, 'AT-02 DEBTOR NAME 01');
  });

  it('Nordea camt.053: the entry and transaction AcctSvcrRef, the transaction one as the bank id; an RF on a debit is not read', () => {
    const statement = parsed('camt053', 'iso20022js-nordea-example_camt.xml');
    assert.equal(statement.account, 'FI8529501800030574');
    assert.deepEqual(statement.skipped, { debits: 4, notBooked: 0, reversals: 0, zeroAmounts: 0 });
    assert.deepEqual(
      statement.lines.map(({ line, bankId, amount, remittance }) => ({ line, bankId, amount, remittance })),
      [
        { line: 72, bankId: '1905082588CEAA0001', amount: 1_000_000, remittance: null },
        { line: 122, bankId: '1905082588SM12345678', amount: 10_050, remittance: 'Free text max 140 characters and ma x 35 characters in one line' },
      ],
    );
  });

  it('ISO business example .04: BookgDt/DtTm with an offset keeps its day; one TxDtls of another currency (FX) takes the entry amount', () => {
    const statement = parsed('camt053', 'dvbern-Business_Sample_camt.053.001.04.xml');
    assert.equal(statement.account, '50000000054910000003');
    assert.deepEqual(statement.skipped, { debits: 1, notBooked: 0, reversals: 0, zeroAmounts: 0 });
    assert.deepEqual(
      statement.lines.map(({ bankId, bookingDate, amount, currency, references }) => ({ bankId, bookingDate, amount, currency, references })),
      [
        { bankId: 'AAAASESS-FP-CN_98765/01', bookingDate: '2010-10-18', amount: 10_567_850, currency: 'SEK', references: ['AAAASESS-FP-CN_98765/01', 'MUELL/FINP/RA12345'] },
        { bankId: 'AAAASESS-FP-CONF-FX', bookingDate: '2010-10-18', amount: 3_000_000, currency: 'SEK', references: ['AAAASESS-FP-CONF-FX', 'FP-004567-FX', 'AAAASS1085FINPSS'] },
      ],
    );
  });

  it('Mercury camt.053.001.11 (newer than .08): read; its 38 statements of 8 accounts give no single account', () => {
    const statement = parsed('camt053', 'iso20022js-mercury-camt053_v2_1.xml');
    assert.equal(statement.format, 'camt.053.001.11');
    assert.equal(statement.account, null);
    assert.equal(statement.lines.length, 31);
    assert.deepEqual(statement.skipped, { debits: 19, notBooked: 0, reversals: 0, zeroAmounts: 0 });
  });

  it('Lithuanian camt.053 without Sts or dates (schema-invalid): booked on the statement closing balance day, summary TxDtls one line per entry', () => {
    const statement = parsed('camt053', 'subite-camt053-2024-04-11.xml');
    assert.equal(statement.account, null, 'two statements of two accounts');
    assert.deepEqual(statement.skipped, { debits: 12, notBooked: 0, reversals: 0, zeroAmounts: 0 });
    assert.deepEqual(
      statement.lines.map(({ line, bankId, bookingDate, amount }) => ({ line, bankId, bookingDate, amount })),
      [
        { line: 2, bankId: 'REF000003666020', bookingDate: '2024-04-11', amount: 4_684_000 },
        { line: 2, bankId: 'REF000003705239', bookingDate: '2024-04-11', amount: 89_101_725 },
        { line: 2, bankId: 'REF000003923333', bookingDate: '2024-04-11', amount: 264_800 },
      ],
    );
  });

  it('Lithuanian camt.054.001.10: one INFO entry of 133 transactions counts 133 not booked', () => {
    const statement = parsed('camt054', 'subite-camt054-2024-04-17.xml');
    assert.equal(statement.format, 'camt.054.001.10');
    assert.equal(statement.account, 'LT809872649478701594');
    assert.deepEqual(statement.lines, []);
    assert.deepEqual(statement.skipped, { debits: 0, notBooked: 133, reversals: 0, zeroAmounts: 0 });
  });

  it('Bank of Montreal: an entry without BookgDt or ValDt is booked on the last day of the statement period (FrToDt/ToDtTm)', () => {
    const [line] = parsed('camt053', 'iso20022js-bmo-camt053_v2_1.xml').lines;
    assert.deepEqual(
      { line: line.line, bankId: line.bankId, bookingDate: line.bookingDate, amount: line.amount, references: line.references },
      { line: 182, bankId: null, bookingDate: '2021-11-22', amount: 6969, references: ['9907500157', '0668811603'] },
    );
  });

  it('genkgo five decimals: 8.850 EUR is 885 cents (zeros past the minor unit are fine)', () => {
    assert.equal(parsed('camt053', 'genkgo-camt053.v2.five.decimals.xml').lines[0].amount, 885);
  });

  it('Goldman Sachs UK: two statements of two accounts, no single account; a reversed credit counted as a reversal', () => {
    const statement = parsed('camt053', 'iso20022js-goldmansachs-camt_053_uk_v2_1.xml');
    assert.equal(statement.account, null);
    assert.deepEqual(statement.skipped, { debits: 4, notBooked: 0, reversals: 1, zeroAmounts: 0 });
    assert.deepEqual(
      statement.lines.map(({ bankId, bookingDate, amount, currency, debtorName }) => ({ bankId, bookingDate, amount, currency, debtorName })),
      [{ bankId: 'GI2327900000753', bookingDate: '2023-10-06', amount: 10_000, currency: 'GBP', debtorName: 'Test Investments' }],
    );
  });
});
