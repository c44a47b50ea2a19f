import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { camt053, statementCsv } from '../../test/support/camt053';
import type { ParsedLine } from './formats/statement-format';
import { base32, DERIVED_ID_PREFIX, identifyLines } from './line-identity';
import { MAX_STATEMENT_BYTES, parseStatement } from './parse-statement';
import { StatementFormatError } from './statement-line';

const CSV = { mediaType: 'text/csv', profile: null };
const XML = { mediaType: 'application/xml', profile: null };

function refused(body: string, upload: typeof CSV, line: number | null, problem: RegExp): void {
  assert.throws(
    () => parseStatement(Buffer.from(body), upload),
    (error: unknown) => {
      assert.ok(error instanceof StatementFormatError, String(error));
      assert.equal(error.line, line, error.message);
      assert.match(error.problem, problem);
      return true;
    },
  );
}

function line(overrides: Partial<ParsedLine> = {}): ParsedLine {
  return {
    line: 2,
    bankId: null,
    bookingDate: '2026-11-02',
    amount: 1000,
    currency: 'EUR',
    creditorReference: null,
    references: [],
    remittance: null,
    debtorName: null,
    debtorIban: null,
    ...overrides,
  };
}

describe('statements', () => {
  it('are read by the format their media type names', () => {
    const credits = [
      { amount: 1250, reference: 'RF712348231', entryId: 'E-1' },
      { amount: 99, reference: 'RF18539007547034', entryId: 'E-2' },
    ];
    const fromCsv = parseStatement(Buffer.from(statementCsv(credits)), CSV);
    const fromCamt = parseStatement(Buffer.from(camt053({ entries: credits })), XML);
    const essentials = (lines: typeof fromCsv.lines) => lines.map(({ entryId, amount, creditorReference }) => ({ entryId, amount, creditorReference }));
    assert.deepEqual(essentials(fromCsv.lines), essentials(fromCamt.lines));
    assert.deepEqual(
      fromCsv.lines.map(({ entryId }) => entryId),
      ['E-1', 'E-2'],
    );
    refused(statementCsv(credits), XML, 1, /not well-formed/);
    refused(camt053({ entries: credits }), CSV, 1, /header row/);
    refused('x', { mediaType: 'application/pdf', profile: null }, null, /no statement format reads application\/pdf/);
  });

  it(`refuse a body larger than ${MAX_STATEMENT_BYTES} bytes before reading it`, () => {
    const header = 'booking_date,amount,currency,reference,entry_id\n';
    refused(header + 'x'.repeat(MAX_STATEMENT_BYTES - header.length + 1), CSV, null, /larger than 20971520 bytes/);
    // Counted in UTF-8 bytes, not characters: 'é' is two.
    refused(header + 'é'.repeat(MAX_STATEMENT_BYTES / 2), CSV, null, /larger than/);
  });
});

describe('line identity', () => {
  it("is the bank's id when no other line of the statement has it", () => {
    const ids = identifyLines('CH9300762011623852957', [line({ bankId: 'A' }), line({ bankId: 'B', amount: 5 })]).map(({ entryId }) => entryId);
    assert.deepEqual(ids, ['A', 'B']);
  });

  it('is derived for lines that share a bank id, or have none, and stays the same on the next import', () => {
    const lines = [line({ bankId: 'SAME' }), line({ bankId: 'SAME', amount: 2000 }), line(), line({ amount: 1 })];
    const ids = identifyLines('IBAN', lines).map(({ entryId }) => entryId);
    for (const id of ids) assert.match(id, new RegExp(`^${DERIVED_ID_PREFIX}[a-z2-7]{26}$`));
    assert.equal(new Set(ids).size, 4);
    assert.deepEqual(
      identifyLines('IBAN', lines).map(({ entryId }) => entryId),
      ids,
    );
  });

  it('tells identical lines apart by their ordinal, and lines of two accounts or dates apart by what they say', () => {
    const [first, second] = identifyLines('IBAN', [line(), line()]).map(({ entryId }) => entryId);
    assert.notEqual(first, second);
    const [otherAccount] = identifyLines('OTHER', [line()]).map(({ entryId }) => entryId);
    const [otherDate] = identifyLines('IBAN', [line({ bookingDate: '2026-11-03' })]).map(({ entryId }) => entryId);
    const [otherText] = identifyLines('IBAN', [line({ remittance: 'invoice 7' })]).map(({ entryId }) => entryId);
    assert.equal(new Set([first, otherAccount, otherDate, otherText]).size, 4);
    // The first of identical lines keeps its id when a later statement repeats only it.
    assert.equal(identifyLines('IBAN', [line()])[0].entryId, first);
  });

  it("hashes each line with its own account when a file holds several, else with the statement's", () => {
    const [ownA, ownB] = identifyLines(null, [line({ account: 'IBAN-A' }), line({ account: 'IBAN-B' })]).map(({ entryId }) => entryId);
    assert.notEqual(ownA, ownB, 'the same booking on two accounts is two lines');
    assert.equal(identifyLines('IBAN-A', [line()])[0].entryId, ownA, "a line without its own account takes the statement's");
  });

  it('hashes in RFC 4648 base32 (its test vectors, lower case, no padding)', () => {
    const vectors: [string, string][] = [
      ['', ''],
      ['f', 'my'],
      ['fo', 'mzxq'],
      ['foo', 'mzxw6'],
      ['foob', 'mzxw6yq'],
      ['fooba', 'mzxw6ytb'],
      ['foobar', 'mzxw6ytboi'],
    ];
    for (const [input, output] of vectors) assert.equal(base32(Buffer.from(input)), output);
  });
});
