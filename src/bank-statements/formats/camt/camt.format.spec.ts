import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { Worker } from 'node:worker_threads';
import { camt053, camt053Credits, majorUnits, type CamtEntry } from '../../../../test/support/camt053';
import { StatementFormatError } from '../../statement-line';
import type { ParsedStatement } from '../statement-format';
import { camtFormat } from './camt.format';

const NS = 'urn:iso:std:iso:20022:tech:xsd:camt.053.001';
const NO_SKIPS = { debits: 0, notBooked: 0, reversals: 0, zeroAmounts: 0 };

function parse(xml: string | Buffer): ParsedStatement {
  return camtFormat.parse(typeof xml === 'string' ? Buffer.from(xml, 'utf8') : xml, null);
}

/** The 1-based line of the first occurrence of `needle` (after `after`, when given). */
function lineOf(xml: string, needle: string, after = ''): number {
  const index = xml.indexOf(needle, after === '' ? 0 : xml.indexOf(after));
  assert.ok(index >= 0, `${needle} not in the document`);
  return xml.slice(0, index).split('\n').length;
}

function refused(xml: string | Buffer, line: number | null, problem: RegExp): void {
  assert.throws(
    () => parse(xml),
    (error: unknown) => {
      assert.ok(error instanceof StatementFormatError, String(error));
      assert.equal(error.line, line, error.message);
      assert.match(error.problem, problem);
      return true;
    },
  );
}

/** One credit entry whose first transaction's RmtInf is replaced by `remittance` (XML), with other elements added. */
function withRemittance(remittance: string, entry: Partial<CamtEntry> = {}): string {
  const xml = camt053({ entries: [{ amount: 100, entryId: 'E', unstructured: 'PLACEHOLDER', ...entry }] });
  return xml.replace(/<RmtInf>[\s\S]*?<\/RmtInf>/, remittance);
}

describe('camt format: lines', () => {
  it('gives one line per booked credit, across statements, in document order, with all the bank says of it', () => {
    const xml = camt053([
      {
        iban: 'DE89370400440532013000',
        entries: [
          { amount: 1250, entryId: 'E-1', reference: 'RF18 5390 0754 7034', bookingDate: '2026-11-24' },
          { amount: 99_999_999_999, entryId: 'E-2', unstructured: 'Invoice 7 rf71 2348 231' },
        ],
      },
      { iban: 'DE89370400440532013000', currency: 'USD', entries: [{ amount: 1, entryId: 'E-3' }] },
    ]);
    const statement = parse(xml);
    assert.equal(statement.format, 'camt.053.001.08');
    assert.equal(statement.account, 'DE89370400440532013000');
    assert.deepEqual(statement.skipped, NO_SKIPS);
    const payer = { debtorName: 'Erika Mustermann', debtorIban: 'FR1420041010050500013M02606' };
    assert.deepEqual(statement.lines, [
      {
        line: lineOf(xml, '<Ntry>'),
        account: 'DE89370400440532013000',
        bankId: 'E-1',
        bookingDate: '2026-11-24',
        amount: 1250,
        currency: 'EUR',
        creditorReference: 'RF18539007547034',
        references: ['E-1', 'RF18 5390 0754 7034'],
        remittance: null,
        ...payer,
      },
      {
        line: lineOf(xml, '<Ntry>', 'E-1'),
        account: 'DE89370400440532013000',
        bankId: 'E-2',
        bookingDate: '2026-11-25',
        amount: 99_999_999_999,
        currency: 'EUR',
        creditorReference: 'RF712348231',
        references: ['E-2'],
        remittance: 'Invoice 7 rf71 2348 231',
        ...payer,
      },
      {
        line: lineOf(xml, '<Ntry>', 'E-2'),
        account: 'DE89370400440532013000',
        bankId: 'E-3',
        bookingDate: '2026-11-25',
        amount: 1,
        currency: 'USD',
        creditorReference: null,
        references: ['E-3'],
        remittance: null,
        ...payer,
      },
    ]);
  });

  it('counts what is not a credit to match: not booked first, then reversals whatever their direction, debits, zero amounts', () => {
    const xml = camt053({
      entries: [
        { amount: 500, entryId: 'DEBIT', direction: 'DBIT', currency: 'XXX' },
        { amount: 700, entryId: 'PENDING', status: 'PDNG' },
        { amount: 800, entryId: 'INFO', status: 'INFO', direction: 'DBIT' },
        { amount: 900, entryId: 'REVERSED-CREDIT' },
        { amount: 900, entryId: 'REVERSED-DEBIT', direction: 'DBIT' },
        { amount: 0, entryId: 'ZERO' },
        { amount: 900, entryId: 'BOOKED' },
      ],
    })
      .replace(/(<AcctSvcrRef>REVERSED-\w+<\/AcctSvcrRef>)/g, '$1\n<RvslInd>true</RvslInd>')
      .replace('<Cd>PDNG</Cd>', '<Cd>FUTR</Cd>');
    const statement = parse(xml);
    assert.deepEqual(
      statement.lines.map(({ bankId }) => bankId),
      ['BOOKED'],
    );
    assert.deepEqual(statement.skipped, { debits: 1, notBooked: 2, reversals: 2, zeroAmounts: 1 });
    assert.deepEqual(parse(xml.replaceAll('<RvslInd>true</RvslInd>', '<RvslInd>false</RvslInd>')).skipped, { debits: 2, notBooked: 2, reversals: 0, zeroAmounts: 1 });
  });

  it('counts a skipped batch once per transaction', () => {
    const transactions = [{ amount: 100 }, { amount: 200 }, { amount: 300 }];
    const xml = camt053({
      entries: [
        { entryId: 'D', direction: 'DBIT', transactions },
        { entryId: 'P', status: 'PDNG', transactions },
      ],
    });
    assert.deepEqual(parse(xml).skipped, { debits: 3, notBooked: 3, reversals: 0, zeroAmounts: 0 });
  });

  it('splits a batch into one line per transaction with its own amount, bank id and references, naming each TxDtls line', () => {
    const xml = camt053({
      entries: [
        {
          entryId: 'BATCH-7',
          transactions: [
            { amount: 1000, id: 'TX-A', reference: 'RF18539007547034' },
            { amount: 2050, unstructured: 'Order 12 RF71 2348 231 thanks' },
            { amount: 3, id: 'TX-A', unstructured: 'no reference here' },
          ],
        },
      ],
    });
    assert.deepEqual(
      parse(xml).lines.map(({ line, bankId, amount, creditorReference, references, remittance }) => ({ line, bankId, amount, creditorReference, references, remittance })),
      [
        {
          line: lineOf(xml, '<TxDtls>'),
          bankId: 'TX-A',
          amount: 1000,
          creditorReference: 'RF18539007547034',
          references: ['BATCH-7', 'TX-A', 'RF18539007547034'],
          remittance: null,
        },
        {
          line: lineOf(xml, '<TxDtls>', 'TX-A'),
          bankId: 'BATCH-7',
          amount: 2050,
          creditorReference: 'RF712348231',
          references: ['BATCH-7'],
          remittance: 'Order 12 RF71 2348 231 thanks',
        },
        // A repeated id is kept as the bank wrote it: uniqueness is the caller's (line-identity.ts).
        { line: lineOf(xml, '<TxDtls>', 'Order 12'), bankId: 'TX-A', amount: 3, creditorReference: null, references: ['BATCH-7', 'TX-A'], remittance: 'no reference here' },
      ],
    );
  });

  it('refuses a batch whose transactions do not add up to the entry, naming the entry', () => {
    const xml = camt053({ entries: [{ entryId: 'B', amount: 3000, transactions: [{ amount: 1000 }, { amount: 1999 }] }] });
    assert.throws(() => parse(xml), { line: lineOf(xml, '<Ntry>'), entryId: 'B', problem: 'the transactions of the batch add up to 2999 minor units, the entry to 3000' });
  });

  it('makes one line of a batch whose transactions do not all give an amount in the entry currency', () => {
    const xml = camt053({ entries: [{ entryId: 'B', transactions: [{ amount: 1000, reference: 'RF18539007547034' }, { amount: 2000 }] }] });
    const withoutAmounts = xml.replace(/<AmtDtls>[\s\S]*?<\/AmtDtls>/g, '').replace(/<Amt Ccy="EUR">(10|20)\.00<\/Amt>/g, '');
    const foreign = xml.replaceAll('Ccy="EUR">20.00<', 'Ccy="USD">20.00<');
    for (const document of [withoutAmounts, foreign]) {
      assert.deepEqual(
        parse(document).lines.map(({ line, bankId, amount, creditorReference, debtorName }) => ({ line, bankId, amount, creditorReference, debtorName })),
        [{ line: lineOf(xml, '<Ntry>'), bankId: 'B', amount: 3000, creditorReference: 'RF18539007547034', debtorName: null }],
      );
    }
  });

  it('takes the entry amount for an entry of one transaction, whatever that transaction says (FX, 0)', () => {
    const xml = camt053({ entries: [{ entryId: 'ONE', amount: 5000 }] }).replace(/<TxAmt>\s*<Amt Ccy="EUR">50\.00<\/Amt>/, '<TxAmt><Amt Ccy="SEK">0</Amt>');
    assert.deepEqual(
      parse(xml).lines.map(({ amount, currency }) => `${amount} ${currency}`),
      ['5000 EUR'],
    );
  });

  it('counts a DBIT transaction inside a credit batch as a debit, subtracted from the total, and a zero one as zero', () => {
    const xml = camt053({ entries: [{ entryId: 'NET', amount: 900, transactions: [{ amount: 1000 }, { amount: 100 }, { amount: 0 }] }] });
    const charged = xml.replace(/(<TxDtls>[\s\S]*?<TxDtls>[\s\S]*?<CdtDbtInd>)CRDT/, '$1DBIT');
    const statement = parse(charged);
    assert.deepEqual(
      statement.lines.map(({ amount }) => amount),
      [1000],
    );
    assert.deepEqual(statement.skipped, { debits: 1, notBooked: 0, reversals: 0, zeroAmounts: 1 });
  });

  it('takes the bank id from the transaction AcctSvcrRef, else the entry AcctSvcrRef, else NtryRef, else none', () => {
    const entries = (entry: Partial<CamtEntry>) => parse(camt053({ entries: [{ amount: 100, ...entry }] })).lines[0].bankId;
    assert.equal(entries({ entryId: 'SVC', transactions: [{ amount: 100, id: 'TX' }] }), 'TX');
    assert.equal(entries({ entryId: 'SVC', ntryRef: 'NREF' }), 'SVC');
    assert.equal(entries({ entryId: null, ntryRef: 'NREF' }), 'NREF');
    assert.equal(entries({ entryId: null }), null);
  });
});

describe('camt format: references and text', () => {
  const rmtInf = (...parts: string[]) => `<RmtInf>${parts.join('')}</RmtInf>`;
  const strd = (ref: string) => `<Strd><CdtrRefInf><Tp><CdOrPrtry><Prtry>QRR</Prtry></CdOrPrtry></Tp><Ref>${ref}</Ref></CdtrRefInf></Strd>`;
  const QRR = '210000000003139471430009017';

  it('finds an RF in Ustrd when the structured reference is not an RF (Swiss QRR), and keeps the QRR among the references', () => {
    const line = parse(withRemittance(rmtInf(`<Ustrd>Rechnung RF18 5390 0754 7034</Ustrd>`, strd(QRR)))).lines[0];
    assert.equal(line.creditorReference, 'RF18539007547034');
    assert.deepEqual(line.references, ['E', QRR]);
    assert.equal(line.remittance, 'Rechnung RF18 5390 0754 7034');
  });

  it('prefers a structured RF, then Ustrd, AddtlTxInf, AddtlNtryInf', () => {
    const RF_A = 'RF18539007547034';
    const RF_B = 'RF712348231';
    const RF_C = 'RF332348236';
    const info = (text: string) => `<AddtlTxInf>${text}</AddtlTxInf>`;
    const entryInfo = (xml: string, text: string) => xml.replace('</NtryDtls>', `</NtryDtls>\n<AddtlNtryInf>${text}</AddtlNtryInf>`);
    const found = (xml: string) => parse(xml).lines[0].creditorReference;
    assert.equal(found(entryInfo(withRemittance(rmtInf(`<Ustrd>${RF_B}</Ustrd>`, strd(RF_A)) + info(RF_C)), RF_C)), RF_A);
    assert.equal(found(entryInfo(withRemittance(rmtInf(`<Ustrd>pay ${RF_B}</Ustrd>`, strd(QRR)) + info(RF_C)), RF_A)), RF_B);
    assert.equal(found(entryInfo(withRemittance(rmtInf('<Ustrd>no reference</Ustrd>') + info(`ref ${RF_C}`)), RF_A)), RF_C);
    assert.equal(found(entryInfo(withRemittance(info('nothing')), `SEPA ${RF_A}`)), RF_A);
    // An invalid RF (check digits) is passed over for the next valid one.
    assert.equal(found(withRemittance(rmtInf(`<Ustrd>RF19539007547034 then ${RF_B}</Ustrd>`))), RF_B);
    assert.equal(found(withRemittance(rmtInf('<Ustrd>RF19539007547034</Ustrd>'))), null);
  });

  it('takes an entry without transaction details from AddtlNtryInf', () => {
    const xml = camt053({ entries: [{ amount: 100, entryId: 'BARE' }] }).replace(/<NtryDtls>[\s\S]*?<\/NtryDtls>/, '<AddtlNtryInf>SEPA CREDIT RF71 2348 231 ERIKA</AddtlNtryInf>');
    const [line] = parse(xml).lines;
    assert.deepEqual(
      { creditorReference: line.creditorReference, remittance: line.remittance, references: line.references, debtorName: line.debtorName },
      { creditorReference: 'RF712348231', remittance: 'SEPA CREDIT RF71 2348 231 ERIKA', references: ['BARE'], debtorName: null },
    );
  });

  it('lists references in file order, once each, without NOTPROVIDED', () => {
    const refs = '<Refs><MsgId>MSG</MsgId><AcctSvcrRef>TX-1</AcctSvcrRef><InstrId>INSTR</InstrId><EndToEndId>E2E</EndToEndId><TxId>E</TxId></Refs>';
    const xml = withRemittance(rmtInf(strd('INSTR'), strd(QRR))).replace(/<Refs>[\s\S]*?<\/Refs>/, refs);
    assert.deepEqual(parse(xml).lines[0].references, ['E', 'TX-1', 'INSTR', 'E2E', QRR]);
    assert.deepEqual(parse(withRemittance('')).lines[0].references, ['E']);
  });

  it('joins Ustrd by spaces, single-spaced and cut to 500 characters; else AddtlTxInf; else AddtlNtryInf', () => {
    const long = 'x'.repeat(140);
    assert.equal(parse(withRemittance(rmtInf('<Ustrd> first\n line </Ustrd>', '<Ustrd>second</Ustrd>'))).lines[0].remittance, 'first line second');
    assert.equal(parse(withRemittance(rmtInf(...Array.from({ length: 5 }, () => `<Ustrd>${long}</Ustrd>`)))).lines[0].remittance?.length, 500);
    assert.equal(parse(withRemittance('<AddtlTxInf>tx info</AddtlTxInf>')).lines[0].remittance, 'tx info');
    assert.equal(parse(withRemittance('').replace('</NtryDtls>', '</NtryDtls><AddtlNtryInf> entry info </AddtlNtryInf>')).lines[0].remittance, 'entry info');
    assert.equal(parse(withRemittance('<RmtInf><Ustrd>  </Ustrd></RmtInf>')).lines[0].remittance, null);
  });

  it('reads the payer from Dbtr/Nm (.02) and Dbtr/Pty/Nm (.08), the IBAN without spaces and upper case', () => {
    const v02 = camt053({ entries: [{ amount: 1, transactions: [{ amount: 1, debtorName: 'Ada' }] }] }, { version: '02' });
    assert.match(v02, /<Dbtr>\s*<Nm>Ada/);
    assert.equal(parse(v02).lines[0].debtorName, 'Ada');
    const v08 = camt053({ entries: [{ amount: 1, transactions: [{ amount: 1, debtorName: 'Ada' }] }] }).replace('FR1420041010050500013M02606', 'fr14 2004 1010 0505 0001 3m02 606');
    assert.match(v08, /<Pty>\s*<Nm>Ada/);
    assert.deepEqual([parse(v08).lines[0].debtorName, parse(v08).lines[0].debtorIban], ['Ada', 'FR1420041010050500013M02606']);
  });

  it('decodes the predefined entities and character references only', () => {
    const xml = withRemittance(rmtInf('<Ustrd>A &amp; B &#x20AC;5 &#65; &lt;&gt;&quot;&apos; &unknown;</Ustrd>'));
    assert.equal(parse(xml).lines[0].remittance, 'A & B €5 A <>"\' &unknown;');
  });
});

describe('camt format: values checked before anything', () => {
  it('refuses a control character in any value read (NUL as a reference or raw), naming the line', () => {
    const xml = withRemittance('<RmtInf><Ustrd>PLACEHOLDER</Ustrd></RmtInf>');
    const line = lineOf(xml, '<Ntry>');
    refused(xml.replace('PLACEHOLDER', 'a&#0;b'), line, /^Ustrd holds the control character U\+0000$/);
    refused(xml.replace('PLACEHOLDER', 'a\u0001b'), line, /U\+0001/);
    refused(xml.replace('PLACEHOLDER', 'a&#x1B;b'), line, /U\+001B/);
    refused(xml.replace('<AcctSvcrRef>E</AcctSvcrRef>', '<AcctSvcrRef>E&#0;</AcctSvcrRef>'), line, /^AcctSvcrRef holds the control character U\+0000$/);
    assert.equal(parse(xml.replace('PLACEHOLDER', 'tab\there')).lines[0].remittance, 'tab here');
    // Only values read count: a debit is skipped unread.
    const debit = xml.replace(/(<Amt Ccy="EUR">1\.00<\/Amt>\s*<CdtDbtInd>)CRDT/, '$1DBIT');
    assert.notEqual(debit, xml);
    assert.deepEqual(parse(debit.replace('PLACEHOLDER', 'a&#0;b')).skipped.debits, 1);
  });

  it('refuses an id longer than 140 characters and a text longer than 1000, naming the line', () => {
    const xml = camt053({ entries: [{ amount: 100, entryId: 'PLACEHOLDER' }] });
    const line = lineOf(xml, '<Ntry>');
    assert.equal(parse(xml.replace('PLACEHOLDER', 'i'.repeat(140))).lines[0].bankId?.length, 140);
    refused(xml.replace('PLACEHOLDER', 'i'.repeat(141)), line, /^AcctSvcrRef is longer than 140 characters \(141\)$/);
    const longText = withRemittance(`<RmtInf><Ustrd>${'t'.repeat(1001)}</Ustrd></RmtInf>`);
    refused(longText, lineOf(longText, '<Ntry>'), /^Ustrd is longer than 1000 characters/);
  });

  it('converts amounts exactly to minor units: 2 decimals for EUR, none for JPY, 3 for BHD, 2 for a code it does not know', () => {
    const xml = camt053([
      { currency: 'EUR', entries: [{ amount: 1 }, { amount: 1_000_000_01 }] },
      { currency: 'JPY', entries: [{ amount: 5000 }] },
      { currency: 'BHD', entries: [{ amount: 12_345 }] },
      { currency: 'XYZ', entries: [{ amount: 250 }] },
    ]);
    assert.deepEqual(
      parse(xml).lines.map(({ amount, currency }) => `${amount} ${currency}`),
      ['1 EUR', '100000001 EUR', '5000 JPY', '12345 BHD', '250 XYZ'],
    );
  });

  it('accepts integer amounts and zeros past the minor units, and refuses other surplus decimals and non-decimals, naming the line', () => {
    const withAmount = (amount: string, currency = 'EUR'): string =>
      camt053({ currency, entries: [{ amount: 777, entryId: 'X' }] }).replaceAll(`>${majorUnits(777, currency)}<`, `>${amount}<`);
    assert.equal(parse(withAmount('388645')).lines[0].amount, 38_864_500);
    assert.equal(parse(withAmount('1000.00', 'HUF')).lines[0].amount, 1000);
    assert.equal(parse(withAmount('12.50000')).lines[0].amount, 1250);
    const line = lineOf(withAmount('1'), '<Ntry>');
    assert.throws(() => parse(withAmount('12.345')), { line, entryId: 'X', problem: 'amount 12.345 has more decimals than EUR allows (2)' });
    refused(withAmount('5000.5', 'JPY'), line, /more decimals than JPY allows \(0\)/);
    refused(withAmount('-12.50'), line, /not a decimal number/);
    refused(withAmount('12,50'), line, /not a decimal number/);
    refused(withAmount('1e3'), line, /not a decimal number/);
    refused(withAmount(''), line, /amount \(Amt\) is missing/);
    refused(withAmount('99999999999999999999.99'), line, /too large/);
  });

  it('refuses a currency that is missing or not three upper-case letters', () => {
    const xml = camt053({ entries: [{ amount: 100 }] });
    const line = lineOf(xml, '<Ntry>');
    refused(xml.replace('<Amt Ccy="EUR">1.00</Amt>', '<Amt>1.00</Amt>'), line, /currency is missing/);
    refused(xml.replace('<Amt Ccy="EUR">1.00</Amt>', '<Amt Ccy="eur">1.00</Amt>'), line, /currency "eur"/);
  });

  it('keeps the day of a booking date as written, with an offset, Z or a time, and checks the whole value', () => {
    const xml = camt053({ entries: [{ amount: 100, bookingDate: '2026-11-25' }] });
    const booked = (written: string, element = 'Dt') => xml.replace(/<BookgDt>\s*<Dt>2026-11-25<\/Dt>/, `<BookgDt><${element}>${written}</${element}>`);
    assert.equal(parse(booked('2017-04-11+02:00')).lines[0].bookingDate, '2017-04-11');
    assert.equal(parse(booked('2017-04-11Z')).lines[0].bookingDate, '2017-04-11');
    assert.equal(parse(booked('2024-01-02T23:30:00-05:00', 'DtTm')).lines[0].bookingDate, '2024-01-02');
    assert.equal(parse(booked('2023-10-09T02:00:04.000Z', 'DtTm')).lines[0].bookingDate, '2023-10-09');
    assert.equal(parse(booked('2023-10-01T13:37:14', 'DtTm')).lines[0].bookingDate, '2023-10-01');
    const line = lineOf(xml, '<Ntry>');
    for (const bad of ['2026-02-30', '2026-02-29T10:00:00Z', '2026-11-25T25:00:00', '2026-11-25+15:00', '25.11.2026', '2026-11-25 10:00', '2026-11-25T10:00']) {
      refused(booked(bad), line, /^BookgDt ".*" is not a date/);
    }
  });

  it('takes the value date when a booked entry has no booking date', () => {
    const xml = camt053({ entries: [{ amount: 100, bookingDate: '2026-11-25' }] })
      .replace(/<BookgDt>[\s\S]*?<\/BookgDt>/, '')
      .replace('<Dt>2026-11-25</Dt>', '<Dt>2026-11-26</Dt>');
    assert.equal(parse(xml).lines[0].bookingDate, '2026-11-26');
  });

  it('refuses an entry whose credit/debit indicator is missing or unknown', () => {
    const xml = camt053({ entries: [{ amount: 100 }] });
    const line = lineOf(xml, '<Ntry>');
    refused(xml.replace(/<CdtDbtInd>CRDT<\/CdtDbtInd>(\s*<Sts>)/, '<CdtDbtInd>CRED</CdtDbtInd>$1'), line, /CdtDbtInd is "CRED"/);
  });

  it('takes an entry without Sts as booked in a statement and not booked in a notification', () => {
    const xml = camt053({ entries: [{ amount: 100 }] }).replace(/<Sts>[\s\S]*?<\/Sts>/, '');
    assert.equal(parse(xml).lines.length, 1);
    const notification = xml
      .replace(`${NS}.08`, 'urn:iso:std:iso:20022:tech:xsd:camt.054.001.08')
      .replaceAll('BkToCstmrStmt>', 'BkToCstmrDbtCdtNtfctn>')
      .replaceAll('Stmt>', 'Ntfctn>');
    assert.deepEqual(parse(notification).skipped, { ...NO_SKIPS, notBooked: 1 });
  });
});

describe('camt format: documents', () => {
  const entries: CamtEntry[] = [
    { amount: 1234, entryId: 'V-1', reference: 'RF18539007547034' },
    { entryId: 'V-2', transactions: [{ amount: 100, id: 'V-2a' }, { amount: 200 }] },
    { amount: 5, entryId: 'V-3', status: 'PDNG' },
  ];
  const strip = (statement: ParsedStatement) => ({ ...statement, format: '', lines: statement.lines.map(({ line: _line, ...rest }) => rest) });

  it('reads camt.053 .02 to .13 alike, naming the version', () => {
    const v08 = parse(camt053({ entries }));
    assert.deepEqual(
      v08.lines.map(({ bankId, amount }) => `${bankId} ${amount}`),
      ['V-1 1234', 'V-2a 100', 'V-2 200'],
    );
    for (const version of ['02', '03', '04', '05', '06', '07'] as const) {
      const statement = parse(camt053({ entries }, { version }));
      assert.equal(statement.format, `camt.053.001.${version}`);
      assert.deepEqual(strip(statement), strip(v08), version);
    }
    for (const version of ['09', '10', '11', '12', '13']) {
      const statement = parse(camt053({ entries }).replace(`${NS}.08`, `${NS}.${version}`));
      assert.equal(statement.format, `camt.053.001.${version}`);
      assert.deepEqual(strip(statement), strip(v08), version);
    }
  });

  it('reads camt.054 notifications like statements', () => {
    const xml = camt053({ entries })
      .replace(`${NS}.08`, 'urn:iso:std:iso:20022:tech:xsd:camt.054.001.04')
      .replaceAll('BkToCstmrStmt>', 'BkToCstmrDbtCdtNtfctn>')
      .replaceAll('Stmt>', 'Ntfctn>');
    const statement = parse(xml);
    assert.equal(statement.format, 'camt.054.001.04');
    assert.deepEqual(strip(statement), strip(parse(camt053({ entries }))));
  });

  it('reads a namespace prefix, a byte-order mark, a single-quoted xmlns and CRLF line ends', () => {
    const xml = camt053({ entries: [{ amount: 4200, entryId: 'P-1', reference: 'RF712348231' }] }, { prefix: 'ns2' });
    assert.match(xml, /<ns2:Document xmlns:ns2="/);
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(xml.replace(/xmlns:ns2="([^"]*)"/, "xmlns:ns2='$1'").replaceAll('\n', '\r\n'))]);
    const statement = parse(bom);
    assert.deepEqual(
      statement.lines.map(({ line, bankId, amount, creditorReference }) => ({ line, bankId, amount, creditorReference })),
      [{ line: lineOf(xml, '<ns2:Ntry>'), bankId: 'P-1', amount: 4200, creditorReference: 'RF712348231' }],
    );
    // The prefix must be the one bound to the camt namespace.
    refused(xml.replace('xmlns:ns2=', 'xmlns:other='), 2, /not a camt\.053 or camt\.054 message/);
  });

  it('reads an ISO-8859-1 declaration as such, and refuses UTF-16 or bytes that are not UTF-8, naming the line', () => {
    const xml = withRemittance('<RmtInf><Ustrd>Zürich</Ustrd></RmtInf>');
    assert.equal(parse(Buffer.from(xml.replace('encoding="UTF-8"', 'encoding="ISO-8859-1"'), 'latin1')).lines[0].remittance, 'Zürich');
    refused(Buffer.from(xml, 'latin1'), lineOf(xml, 'Zürich'), /not valid UTF-8/);
    const bom = Buffer.from([0xef, 0xbb, 0xbf]);
    assert.equal(
      parse(Buffer.concat([bom, Buffer.from(xml.replace('encoding="UTF-8"', 'encoding="windows-1252"'))])).lines[0].remittance,
      'Zürich',
      'a byte-order mark says UTF-8',
    );
    refused(xml.replace('encoding="UTF-8"', 'encoding="UTF-16"'), 1, /declares the encoding "UTF-16"/);
    refused(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(xml, 'utf16le')]), null, /UTF-16/);
  });

  it('gives the account of the statements, no account when they name different ones', () => {
    const statements = (...ibans: string[]) => camt053(ibans.map((iban) => ({ iban, entries: [{ amount: 1 }] })));
    assert.equal(parse(statements('de89 3704 0044 0532 0130 00', 'DE89370400440532013000')).account, 'DE89370400440532013000');
    assert.equal(parse(statements('DE89370400440532013000', 'FR1420041010050500013M02606')).account, null);
    const other = statements('X').replace(/<IBAN>X<\/IBAN>/, '<Othr><Id>00021470183</Id></Othr>');
    assert.equal(parse(other).account, '00021470183');
  });

  it('refuses a DOCTYPE outright, so no entity is ever declared or expanded', () => {
    const xml = camt053({ entries: [{ amount: 100 }] });
    const laughs =
      '<?xml version="1.0"?>\n<!DOCTYPE Document [\n <!ENTITY lol "lol">\n <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">\n]>\n' +
      xml.split('\n').slice(1).join('\n').replace('<Id>STMT', '<Id>&lol2;STMT');
    refused(laughs, 2, /DOCTYPE is not allowed/);
    refused(xml.replace('?>\n', '?>\n<!DOCTYPE Document SYSTEM "file:///etc/passwd">\n'), 2, /DOCTYPE is not allowed/);
    refused(xml.replace('?>\n', '?>\n<!doctype Document>\n'), 2, /DOCTYPE is not allowed/);
  });

  it('refuses elements nested deeper than 64 levels, naming the line, and accepts 64', () => {
    const nested = (levels: number) => `${'<Ustrd>\n'.repeat(levels)}x${'</Ustrd>'.repeat(levels)}`;
    const xml = withRemittance('<RmtInf>PLACEHOLDER</RmtInf>');
    const line = lineOf(xml, 'PLACEHOLDER');
    const before = xml.slice(0, xml.indexOf('PLACEHOLDER'));
    const depth = before.match(/<[A-Za-z]/g)!.length - before.match(/<\//g)!.length;
    refused(xml.replace('PLACEHOLDER', nested(101)), line + 64 - depth, /nested deeper than 64 levels/);
    assert.doesNotThrow(() => parse(xml.replace('PLACEHOLDER', `<!-- a <comment> --><![CDATA[ <not> <a> <tag> ]]>${nested(64 - depth)}`)));
  });

  it('refuses XML that is not well-formed, naming the line, and documents of more than one root', () => {
    const xml = camt053({ entries: [{ amount: 100, entryId: 'X' }] });
    refused(xml.replace('</AcctSvcrRef>', '</AcctSvcRef>'), lineOf(xml, '<AcctSvcrRef>'), /not well-formed/);
    assert.throws(
      () => parse(xml.slice(0, xml.length / 2)),
      (error) => error instanceof StatementFormatError && /not well-formed/.test(error.problem) && error.line !== null,
    );
    refused('', null, /empty/);
    refused(' \n', null, /empty/);
    refused('just text', 1, /not well-formed/);
    refused(`${xml}<Document xmlns="${NS}.08"/>\n`, null, /exactly one root element/);
  });

  it('refuses documents that are not camt.053 or camt.054 of a version it reads', () => {
    const xml = camt053({ entries: [{ amount: 100 }] });
    refused(xml.replace(`${NS}.08`, 'urn:iso:std:iso:20022:tech:xsd:camt.052.001.08'), 2, /not a camt\.053 or camt\.054 message/);
    refused(xml.replace(`${NS}.08`, `${NS}.01`), 2, /NN from 02 to 13/);
    refused(xml.replace(`${NS}.08`, `${NS}.14`), 2, /NN from 02 to 13/);
    refused(xml.replace(` xmlns="${NS}.08"`, ''), 2, /not a camt\.053 or camt\.054 message/);
    refused(`<?xml version="1.0"?>\n<Document xmlns="${NS}.08"><Other/></Document>`, null, /BkToCstmrStmt\/Stmt is missing/);
    refused('<?xml version="1.0"?>\n<!-- a comment -->\n<html><body>statement</body></html>', 3, /not a camt/);
  });

  it('reads entries whose comments or CDATA hold what looks like the end of the entry', () => {
    const xml = camt053({
      entries: [
        { amount: 4200, entryId: 'C-1', reference: 'RF712348231' },
        { amount: 100, entryId: 'C-2' },
      ],
    });
    const commented = xml
      .replace('<AcctSvcrRef>C-1</AcctSvcrRef>', '<!-- </Ntry> --><AcctSvcrRef>C-1</AcctSvcrRef>')
      .replace('<Nm>Erika Mustermann</Nm>', '<Nm><![CDATA[</Ntry><Ntry>]]></Nm>');
    assert.notEqual(commented, xml);
    const lines = (document: string) => parse(document).lines.map(({ debtorName: _name, ...rest }) => rest);
    assert.deepEqual(lines(commented), lines(xml));
  });
});

describe('camt format: size', () => {
  const credits = Array.from({ length: 10_000 }, (_, index) => ({ amount: 100 + index, reference: 'RF18539007547034' }));

  it('reads a 10,000-credit statement (16 MB) in a 64 MB heap: one entry is parsed at a time', async () => {
    const xml = camt053Credits(credits);
    const reader = `const { parentPort, workerData } = require('node:worker_threads');
      parentPort.postMessage(require(workerData.module).camtFormat.parse(Buffer.from(workerData.xml), null).lines.length);`;
    const worker = new Worker(reader, { eval: true, workerData: { xml, module: join(__dirname, 'camt.format.js') }, resourceLimits: { maxOldGenerationSizeMb: 64 } });
    const lines = await new Promise((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    assert.equal(lines, 10_000);
  });

  it('reads a 10,000-credit statement quickly', (t) => {
    const body = Buffer.from(camt053Credits(credits));
    const started = process.hrtime.bigint();
    const { lines } = parse(body);
    const milliseconds = Number(process.hrtime.bigint() - started) / 1e6;
    assert.equal(lines.length, 10_000);
    assert.equal(lines[9_999].amount, 10_099);
    t.diagnostic(`10,000 credits, ${(body.length / 1024 / 1024).toFixed(1)} MiB of camt.053: parsed in ${milliseconds.toFixed(0)} ms`);
    // Generous: the machine is shared; this catches a parser gone quadratic, not a slow minute.
    assert.ok(milliseconds < 60_000, `${milliseconds} ms`);
  });
});
