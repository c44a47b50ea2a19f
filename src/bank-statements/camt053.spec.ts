import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { Worker } from 'node:worker_threads';
import { camt053, camt053Credits, majorUnits } from '../../test/support/camt053';
import { parseCamt053 } from './camt053';
import { StatementFormatError } from './statement-line';

/** The 1-based line of the first occurrence of `needle` (after `after`, when given). */
function lineOf(xml: string, needle: string, after = ''): number {
  const index = xml.indexOf(needle, after === '' ? 0 : xml.indexOf(after));
  assert.ok(index >= 0, `${needle} not in the document`);
  return xml.slice(0, index).split('\n').length;
}

function refused(xml: string, line: number | null, problem: RegExp): void {
  assert.throws(
    () => parseCamt053(xml),
    (error: unknown) => {
      assert.ok(error instanceof StatementFormatError, String(error));
      assert.equal(error.line, line, error.message);
      assert.match(error.problem, problem);
      return true;
    },
  );
}

const NS = 'urn:iso:std:iso:20022:tech:xsd:camt.053.001';

describe('camt.053 statements', () => {
  it('give one line per booked credit, across several statements, in document order', () => {
    const xml = camt053([
      {
        currency: 'EUR',
        entries: [
          { amount: 1250, entryId: 'E-1', reference: 'RF18 5390 0754 7034', bookingDate: '2026-11-24' },
          { amount: 99_999_999_999, entryId: 'E-2', reference: 'rf712348231' },
        ],
      },
      { currency: 'USD', entries: [{ amount: 1, entryId: 'E-3' }] },
    ]);
    assert.deepEqual(parseCamt053(xml), [
      { line: lineOf(xml, '<Ntry>'), entryId: 'E-1', bookingDate: '2026-11-24', amount: 1250, currency: 'EUR', reference: 'RF18 5390 0754 7034' },
      { line: lineOf(xml, '<Ntry>', 'E-1'), entryId: 'E-2', bookingDate: '2026-11-25', amount: 99_999_999_999, currency: 'EUR', reference: 'rf712348231' },
      { line: lineOf(xml, '<Ntry>', 'E-2'), entryId: 'E-3', bookingDate: '2026-11-25', amount: 1, currency: 'USD', reference: null },
    ]);
  });

  it('skip debit entries and entries not booked yet, without reading them', () => {
    const xml = camt053({
      entries: [
        { amount: 500, entryId: 'DEBIT', direction: 'DBIT', currency: 'XXX' },
        { amount: 700, entryId: 'PENDING', status: 'PDNG' },
        { amount: 800, entryId: 'INFO', status: 'INFO' },
        { amount: 900, entryId: 'BOOKED', reference: 'RF712348231' },
      ],
    });
    assert.deepEqual(
      parseCamt053(xml).map(({ entryId }) => entryId),
      ['BOOKED'],
    );
    assert.deepEqual(parseCamt053(camt053({ entries: [{ amount: 1, direction: 'DBIT' }] })), []);
  });

  it('split a batch entry into one line per transaction, each with its own amount, reference and a stable id', () => {
    const xml = camt053({
      entries: [
        {
          entryId: 'BATCH-7',
          transactions: [
            { amount: 1000, id: 'TX-A', reference: 'RF18539007547034' },
            { amount: 2050, unstructured: 'Order 12 RF71 2348 231 thanks' },
            { amount: 3, unstructured: 'no reference here' },
          ],
        },
      ],
    });
    const lines = parseCamt053(xml);
    assert.deepEqual(
      lines.map(({ entryId, amount, reference, line }) => ({ entryId, amount, reference, line })),
      [
        { entryId: 'TX-A', amount: 1000, reference: 'RF18539007547034', line: lineOf(xml, '<TxDtls>') },
        { entryId: 'BATCH-7/2', amount: 2050, reference: 'RF712348231', line: lineOf(xml, '<TxDtls>', 'TX-A') },
        { entryId: 'BATCH-7/3', amount: 3, reference: 'no reference here', line: lineOf(xml, '<TxDtls>', 'Order 12') },
      ],
    );
    assert.deepEqual(parseCamt053(xml), lines, 'the same document gives the same ids again');
  });

  it("skip credits that reverse one of the account's own debits", () => {
    const xml = camt053({
      entries: [
        { amount: 100, entryId: 'RETURNED' },
        { amount: 200, entryId: 'PAID' },
      ],
    });
    const reversed = xml.replace(/(<AcctSvcrRef>RETURNED<\/AcctSvcrRef>)/, '$1\n<RvslInd>true</RvslInd>');
    assert.notEqual(reversed, xml);
    assert.deepEqual(
      parseCamt053(reversed).map(({ entryId }) => entryId),
      ['PAID'],
    );
    const notReversed = xml.replace(/(<AcctSvcrRef>RETURNED<\/AcctSvcrRef>)/, '$1\n<RvslInd>false</RvslInd>');
    assert.deepEqual(
      parseCamt053(notReversed).map(({ entryId }) => entryId),
      ['RETURNED', 'PAID'],
    );
  });

  it('take an RF reference from AddtlNtryInf when an entry has no transaction details', () => {
    const xml = camt053({
      entries: [
        { amount: 100, entryId: 'BARE' },
        { amount: 100, entryId: 'PLAIN' },
      ],
    });
    const bare = xml
      .replace(/<NtryDtls>[\s\S]*?<\/NtryDtls>/, '<AddtlNtryInf>SEPA CREDIT RF71 2348 231 ERIKA</AddtlNtryInf>')
      .replace(/<NtryDtls>[\s\S]*?<\/NtryDtls>/, '<AddtlNtryInf>SEPA CREDIT TRANSFER</AddtlNtryInf>');
    assert.deepEqual(
      parseCamt053(bare).map(({ entryId, amount, reference }) => ({ entryId, amount, reference })),
      [
        { entryId: 'BARE', amount: 100, reference: 'RF712348231' },
        { entryId: 'PLAIN', amount: 100, reference: null },
      ],
    );
  });

  it('refuse a batch whose transactions do not add up to the entry', () => {
    const xml = camt053({ entries: [{ entryId: 'B', amount: 3000, transactions: [{ amount: 1000 }, { amount: 1999 }] }] });
    refused(xml, lineOf(xml, '<Ntry>'), /add up to 2999 minor units, the entry to 3000/);
    const foreign = camt053({ entries: [{ entryId: 'B', transactions: [{ amount: 1000 }, { amount: 2000 }] }] });
    // 20.00 is the second transaction's amount only (the entry's is 30.00).
    assert.throws(() => parseCamt053(foreign.replaceAll('Ccy="EUR">20.00<', 'Ccy="USD">20.00<')), {
      line: lineOf(foreign, '<TxDtls>', '10.00</Amt>'),
      entryId: 'B/2',
      problem: 'transaction 2 of the batch entry on line ' + lineOf(foreign, '<Ntry>') + ' is in USD, the entry in EUR',
    });
  });

  it('convert amounts to minor units exactly: two decimals for EUR, none for JPY, three for BHD', () => {
    const xml = camt053([
      {
        currency: 'EUR',
        entries: [
          { amount: 1, entryId: 'A' },
          { amount: 1_000_000_01, entryId: 'B' },
          { amount: 29, entryId: 'F' },
        ],
      },
      { currency: 'JPY', entries: [{ amount: 5000, entryId: 'C' }] },
      {
        currency: 'BHD',
        entries: [
          { amount: 12_345, entryId: 'D' },
          { amount: 5, entryId: 'E' },
        ],
      },
    ]);
    assert.match(xml, />0\.29</);
    assert.match(xml, />5000</);
    assert.match(xml, />0\.005</);
    assert.deepEqual(
      parseCamt053(xml).map(({ amount, currency }) => `${amount} ${currency}`),
      ['1 EUR', '100000001 EUR', '29 EUR', '5000 JPY', '12345 BHD', '5 BHD'],
    );
  });

  it('accept zeros beyond the minor units (1000.00 HUF is 1000) and refuse other surplus decimals, naming the entry', () => {
    const withAmount = (amount: string, currency = 'EUR'): string =>
      camt053({ currency, entries: [{ amount: 777, entryId: 'X' }] }).replaceAll(`>${majorUnits(777, currency)}<`, `>${amount}<`);
    assert.equal(parseCamt053(withAmount('1000.00', 'HUF'))[0].amount, 1000);
    assert.equal(parseCamt053(withAmount('12.500'))[0].amount, 1250);
    assert.equal(parseCamt053(withAmount('5000.0', 'JPY'))[0].amount, 5000);
    const line = lineOf(withAmount('12.345'), '<Ntry>');
    refused(withAmount('12.345'), line, /12\.345 has more decimals than EUR allows \(2\)/);
    assert.throws(() => parseCamt053(withAmount('12.345')), { entryId: 'X', message: `line ${line} (entry X): amount 12.345 has more decimals than EUR allows (2)` });
    refused(withAmount('5000.5', 'JPY'), line, /more decimals than JPY allows \(0\)/);
    refused(withAmount('1.2345', 'BHD'), line, /more decimals than BHD allows \(3\)/);
    refused(withAmount('0.00'), line, /not positive/);
    refused(withAmount('-12.50'), line, /not a decimal number/);
    refused(withAmount('12,50'), line, /not a decimal number/);
    refused(withAmount('1e3'), line, /not a decimal number/);
    refused(withAmount(''), line, /amount \(Amt\) is missing/);
    refused(withAmount('99999999999999999999.99'), line, /too large/);
  });

  it('refuse an entry whose currency is missing or unknown', () => {
    const xml = camt053({ entries: [{ amount: 100, entryId: 'X' }] });
    const line = lineOf(xml, '<Ntry>');
    refused(xml.replace('<Amt Ccy="EUR">1.00</Amt>', '<Amt>1.00</Amt>'), line, /currency is missing/);
    refused(xml.replace('<Amt Ccy="EUR">1.00</Amt>', '<Amt Ccy="XXX">1.00</Amt>'), line, /currency "XXX"/);
    refused(xml.replace('<Amt Ccy="EUR">1.00</Amt>', '<Amt Ccy="eur">1.00</Amt>'), line, /currency "eur"/);
  });

  it('take the entry id from AcctSvcrRef, else NtryRef, and refuse an entry with neither', () => {
    const ntryRefOnly = camt053({ entries: [{ amount: 100, entryId: null, ntryRef: 'NREF-1' }] });
    assert.equal(parseCamt053(ntryRefOnly)[0].entryId, 'NREF-1');
    const both = camt053({ entries: [{ amount: 100, entryId: 'SVC-1', ntryRef: 'NREF-1' }] });
    assert.equal(parseCamt053(both)[0].entryId, 'SVC-1');
    const neither = camt053({
      entries: [
        { amount: 100, entryId: 'OK' },
        { amount: 100, entryId: null },
      ],
    });
    refused(neither, lineOf(neither, '<Ntry>', 'OK'), /no id \(AcctSvcrRef or NtryRef\)/);
  });

  it('read the .02 shape (status as text, amounts only in AmtDtls) like the .08 shape', () => {
    const entries = [
      { amount: 1234, entryId: 'V-1', reference: 'RF18539007547034' },
      { entryId: 'V-2', transactions: [{ amount: 100, id: 'V-2a' }, { amount: 200 }] },
      { amount: 5, entryId: 'V-3', status: 'PDNG' as const },
    ];
    const v02 = camt053({ entries }, { version: '02' });
    const v08 = camt053({ entries }, { version: '08' });
    assert.match(v02, /<Sts>BOOK<\/Sts>/);
    assert.match(v08, /<Sts>\s*<Cd>BOOK<\/Cd>/);
    assert.ok(v02.includes(`${NS}.02`) && v08.includes(`${NS}.08`));
    const strip = (xml: string) => parseCamt053(xml).map(({ line: _line, ...rest }) => rest);
    assert.deepEqual(strip(v02), strip(v08));
    assert.deepEqual(
      strip(v02).map(({ entryId, amount }) => `${entryId} ${amount}`),
      ['V-1 1234', 'V-2a 100', 'V-2/2 200'],
    );
    for (const version of ['03', '04', '05', '06', '07'] as const) {
      assert.deepEqual(strip(camt053({ entries }, { version })), strip(v08), version);
    }
  });

  it('read documents whose elements carry a namespace prefix', () => {
    const xml = camt053({ entries: [{ amount: 4200, entryId: 'P-1', reference: 'RF712348231' }] }, { prefix: 'camt' });
    assert.match(xml, /<camt:Document xmlns:camt=/);
    assert.deepEqual(
      parseCamt053(xml).map(({ entryId, amount, reference }) => ({ entryId, amount, reference })),
      [{ entryId: 'P-1', amount: 4200, reference: 'RF712348231' }],
    );
  });

  it('take the booking date from BookgDt/DtTm when there is no Dt, and refuse an impossible date', () => {
    const xml = camt053({ entries: [{ amount: 100, entryId: 'D', bookingDate: '2026-11-25' }] });
    const withTime = xml.replace('<BookgDt>\n          <Dt>2026-11-25</Dt>', '<BookgDt>\n          <DtTm>2026-11-23T23:30:00+01:00</DtTm>');
    assert.notEqual(withTime, xml);
    assert.equal(parseCamt053(withTime)[0].bookingDate, '2026-11-23');
    refused(camt053({ entries: [{ amount: 100, entryId: 'D', bookingDate: '2026-02-30' }] }), lineOf(xml, '<Ntry>'), /2026-02-30/);
  });

  it('prefer the structured creditor reference, else find an RF reference in the free text, else keep the text', () => {
    const xml = camt053({
      entries: [
        { entryId: 'S', transactions: [{ amount: 1, reference: 'RF18 5390 0754 7034', unstructured: 'RF712348231' }] },
        { entryId: 'U', transactions: [{ amount: 1, unstructured: 'Invoice 7 / rf71 2348 231 / Smith & Co' }] },
        { entryId: 'T', transactions: [{ amount: 1, unstructured: 'Smith & Co <invoice 7>' }] },
      ],
    });
    assert.match(xml, /Smith &amp; Co &lt;invoice 7&gt;/);
    assert.deepEqual(
      parseCamt053(xml).map(({ reference }) => reference),
      ['RF18 5390 0754 7034', 'RF712348231', 'Smith & Co <invoice 7>'],
    );
  });

  it('refuse a DOCTYPE outright, so no entity is ever declared or expanded', () => {
    const xml = camt053({ entries: [{ amount: 100, entryId: 'X' }] });
    const laughs =
      '<?xml version="1.0"?>\n<!DOCTYPE Document [\n <!ENTITY lol "lol">\n <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">\n]>\n' +
      xml.split('\n').slice(1).join('\n').replace('<Id>STMT', '<Id>&lol2;STMT');
    refused(laughs, 2, /DOCTYPE is not allowed/);
    const external = xml.replace('?>\n', '?>\n<!DOCTYPE Document SYSTEM "file:///etc/passwd">\n');
    refused(external, 2, /DOCTYPE is not allowed/);
    refused(xml.replace('?>\n', '?>\n<!doctype Document>\n'), 2, /DOCTYPE is not allowed/);
  });

  it('refuse elements nested deeper than 64 levels as a fault of the statement, naming the line, and accept 64', () => {
    const nested = (levels: number) => `${'<Ustrd>\n'.repeat(levels)}x${'</Ustrd>'.repeat(levels)}`;
    const xml = camt053({ entries: [{ amount: 100, entryId: 'X', unstructured: 'PLACEHOLDER' }] });
    const line = xml.split('\n').findIndex((text) => text.includes('PLACEHOLDER')) + 1;
    // The document's own elements around the placeholder, then 101 more: the 65th level is refused where it opens.
    const depthAtPlaceholder = xml.slice(0, xml.indexOf('PLACEHOLDER')).match(/<[A-Za-z]/g)!.length - xml.slice(0, xml.indexOf('PLACEHOLDER')).match(/<\//g)!.length;
    refused(xml.replace('PLACEHOLDER', nested(101)), line + 64 - depthAtPlaceholder, /nested deeper than 64 levels/);
    assert.doesNotThrow(() => parseCamt053(xml.replace('PLACEHOLDER', `<!-- a <comment> --><![CDATA[ <not> <a> <tag> ]]>${nested(64 - depthAtPlaceholder)}`)));
  });

  it('decode only the predefined entities and character references, leaving unknown ones as written', () => {
    const xml = camt053({ entries: [{ amount: 100, entryId: 'X', unstructured: 'PLACEHOLDER' }] }).replace('PLACEHOLDER', 'A &amp; B &#x20AC;5 &#65; &lt;&gt;&quot;&apos;');
    assert.equal(parseCamt053(xml)[0].reference, 'A & B €5 A <>"\'');
  });

  it('refuse XML that is not well-formed, naming the line', () => {
    const xml = camt053({ entries: [{ amount: 100, entryId: 'X' }] });
    const broken = xml.replace('</AcctSvcrRef>', '</AcctSvcRef>');
    refused(broken, lineOf(xml, '<AcctSvcrRef>'), /not well-formed/);
    assert.throws(
      () => parseCamt053(xml.slice(0, xml.length / 2)),
      (error) => error instanceof StatementFormatError && /not well-formed/.test(error.problem) && error.line !== null,
    );
    refused('', null, /empty/);
    refused(' \n', null, /empty/);
    refused('just text', 1, /not well-formed/);
    refused(`${xml}<Document xmlns="${NS}.08"/>\n`, null, /exactly one root element/);
    refused(`${xml}<Other/>\n`, null, /exactly one root element/);
    assert.equal(parseCamt053(`\uFEFF${xml}`).length, 1, 'a byte-order mark is fine');
  });

  it('refuse documents that are not camt.053 or of a version it does not read', () => {
    const xml = camt053({ entries: [{ amount: 100, entryId: 'X' }] });
    refused(xml.replace(`${NS}.08`, 'urn:iso:std:iso:20022:tech:xsd:camt.054.001.08'), 2, /not a camt\.053 statement/);
    refused(xml.replace(`${NS}.08`, `${NS}.01`), 2, /NN from 02 to 08/);
    refused(xml.replace(` xmlns="${NS}.08"`, ''), 2, /not a camt\.053 statement/);
    refused(`<?xml version="1.0"?>\n<Document xmlns="${NS}.08"><Other/></Document>`, null, /BkToCstmrStmt\/Stmt is missing/);
    refused('<?xml version="1.0"?>\n<html><body>statement</body></html>', null, /not a camt\.053 statement/);
  });

  it('refuse an entry whose credit/debit indicator or status is missing or unknown', () => {
    const xml = camt053({ entries: [{ amount: 100, entryId: 'X' }] });
    const line = lineOf(xml, '<Ntry>');
    refused(xml.replace(/<CdtDbtInd>CRDT<\/CdtDbtInd>(\s*<Sts>)/, '<CdtDbtInd>CRED</CdtDbtInd>$1'), line, /CdtDbtInd is "CRED"/);
    refused(xml.replace(/<Sts>\s*<Cd>BOOK<\/Cd>\s*<\/Sts>/, ''), line, /status \(Sts\) is missing/);
  });

  it('read entries whose comments or CDATA hold what looks like the end of the entry', () => {
    const xml = camt053({
      entries: [
        { amount: 4200, entryId: 'C-1', reference: 'RF712348231' },
        { amount: 100, entryId: 'C-2' },
      ],
    });
    const commented = xml
      .replace('<CdtDbtInd>CRDT</CdtDbtInd>', '<!-- </Ntry> --><CdtDbtInd>CRDT</CdtDbtInd>')
      .replace('<Nm>Erika Mustermann</Nm>', '<Nm><![CDATA[</Ntry><Ntry>]]></Nm>');
    assert.notEqual(commented, xml);
    assert.deepEqual(parseCamt053(commented), parseCamt053(xml));
  });

  it('read a 10,000-credit statement (16 MB) in a 64 MB heap: one entry is parsed at a time, never a tree of the whole statement', async () => {
    const xml = camt053Credits(Array.from({ length: 10_000 }, (_, index) => ({ amount: 100 + index, reference: 'RF18539007547034' })));
    const reader = `const { parentPort, workerData } = require('node:worker_threads');
      parentPort.postMessage(require(workerData.module).parseCamt053(workerData.xml).length);`;
    const worker = new Worker(reader, { eval: true, workerData: { xml, module: join(__dirname, 'camt053.js') }, resourceLimits: { maxOldGenerationSizeMb: 64 } });
    const lines = await new Promise((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    assert.equal(lines, 10_000);
  });

  it('read a 10,000-credit statement quickly', (t) => {
    const credits = Array.from({ length: 10_000 }, (_, index) => ({ amount: 100 + index, reference: 'RF18539007547034' }));
    const xml = camt053Credits(credits);
    const started = process.hrtime.bigint();
    const lines = parseCamt053(xml);
    const milliseconds = Number(process.hrtime.bigint() - started) / 1e6;
    assert.equal(lines.length, 10_000);
    assert.equal(lines[9_999].amount, 10_099);
    t.diagnostic(`10,000 credits, ${(xml.length / 1024 / 1024).toFixed(1)} MiB of camt.053: parsed in ${milliseconds.toFixed(0)} ms`);
    // Generous: the machine is shared; this catches a parser gone quadratic, not a slow minute.
    assert.ok(milliseconds < 60_000, `${milliseconds} ms`);
  });
});
