import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { bankCsvProfileOf, BankStatementProfileDto } from '../src/bank-statements/dto/bank-statement-profile.dto';
import { parseStatement, type ReadStatement } from '../src/bank-statements/parse-statement';
import { StatementFormatError } from '../src/bank-statements/statement-line';
import { isCurrencyCode } from '../src/common/money/currencies';
import { MAX_AMOUNT } from '../src/common/money/money.validators';
import { formatCreditorReference } from '../src/payments/providers/bank-transfer/creditor-reference';
import { ApiResponse } from './support/api-client';
import { accountOwner, expectStatus, LoggedIn, loginAdmin } from './support/factories';
import { statementFixture, statementFixtureJson, statementFixtureNames } from './support/statement-fixtures';
import { sql } from './support/sql';
import { TestApp, useTestApp } from './support/test-app';

/**
 * The corpus of real bank files (test/fixtures/bank-statements, SOURCES.md), through the API as a bank's
 * customer sends them (contract section 19): each imported unchanged, and each with a credit matched once a
 * request's RF reference is edited into that credit, in a structured field (camt) and in free text (every
 * format). Files are edited as bytes (read as latin1, ASCII written in), so their encoding and line ends stay.
 */

interface Report {
  lines: number;
  matched: { entry_id: string; payment_id: string }[];
  unmatched: { entry_id: string; reason: string }[];
  skipped: { debits: number; not_booked: number; reversals: number; zero_amounts: number };
}

type ProfileBody = { name: string; encoding: string; delimiter: string; columns: { reference: string[] } } & Record<string, unknown>;
const PROFILES = statementFixtureJson('csv-profiles.json') as Record<string, ProfileBody>;

interface CorpusFile {
  folder: string;
  name: string;
  contentType: string;
  profile: ProfileBody | null;
}

const CORPUS: CorpusFile[] = [
  ...['camt053', 'camt054'].flatMap((folder) => statementFixtureNames(folder).map((name) => ({ folder, name, contentType: 'application/xml', profile: null }))),
  ...statementFixtureNames('mt940').map((name) => ({ folder: 'mt940', name, contentType: 'text/plain', profile: null })),
  ...statementFixtureNames('csv').map((name) => ({ folder: 'csv', name, contentType: 'text/csv', profile: PROFILES[name] })),
];

/** What the format makes of a file, or its refusal: the API must answer the same. */
function read(file: CorpusFile, body: Buffer): ReadStatement | StatementFormatError {
  const profile = file.profile === null ? null : bankCsvProfileOf(file.profile as unknown as BankStatementProfileDto);
  try {
    return parseStatement(body, { mediaType: file.contentType, profile });
  } catch (error) {
    if (error instanceof StatementFormatError) return error;
    throw error;
  }
}

function importFile(t: TestApp, admin: LoggedIn, file: CorpusFile, body: Buffer, mode: 'live' | 'test'): Promise<ApiResponse<Report>> {
  const profile = file.profile === null ? '' : `&profile=${file.profile.name}`;
  return t.api.post(`/v1/bank_statements?mode=${mode}${profile}`, undefined, { token: admin.token, rawBody: body, headers: { 'content-type': file.contentType } });
}

async function createProfiles(t: TestApp, admin: LoggedIn): Promise<void> {
  for (const profile of new Map(Object.values(PROFILES).map((body) => [body.name, body])).values()) {
    expectStatus(await t.api.post('/v1/bank_statement_profiles', profile, { token: admin.token }), 201);
  }
}

describe('the corpus of real bank files, imported unchanged', () => {
  const t = useTestApp();

  it('imports every file as its format reads it, and settles nothing on a second import', async () => {
    const admin = await loginAdmin(t.api);
    await createProfiles(t, admin);
    const refused: string[] = [];
    for (const file of CORPUS) {
      const body = statementFixture(file.folder, file.name);
      const expected = read(file, body);
      const first = await importFile(t, admin, file, body, 'live');
      if (expected instanceof StatementFormatError) {
        assert.equal(first.status, 400, `${file.name}: ${JSON.stringify(first.body)}`);
        assert.equal((first.body as unknown as { details: { field: string }[] }).details[0].field, expected.line === null ? 'statement' : `line ${expected.line}`);
        refused.push(`${file.name}: ${expected.message}`);
        continue;
      }
      expectStatus(first, 200);
      assert.equal(first.body.lines, expected.lines.length, file.name);
      const { debits, notBooked, reversals, zeroAmounts } = expected.skipped;
      assert.deepEqual(first.body.skipped, { debits, not_booked: notBooked, reversals, zero_amounts: zeroAmounts }, file.name);
      assert.equal(first.body.matched.length, 0, `${file.name}: no live request exists`);
      const again = await importFile(t, admin, file, body, 'live');
      expectStatus(again, 200);
      assert.deepEqual(
        again.body.unmatched.map(({ entry_id }) => entry_id),
        first.body.unmatched.map(({ entry_id }) => entry_id),
        `${file.name}: the same lines again`,
      );
    }
    // Refused on purpose, and only these: an MT942 (its bookings come again in the MT940), a fragment without its
    // statement's header, and an XML document that is not well-formed (an end tag broken across two lines).
    assert.deepEqual(
      refused.map((line) => line.slice(0, line.indexOf(':'))),
      ['iso20022js-bmo-camt053_v2_3.xml', 'wolph-mbank-mt942.sta', 'wolph-selfprovided-sparkassen.sta'],
      refused.join('\n'),
    );
  });
});

/** Where the RF goes. */
type Placement = 'structured' | 'free text';

for (const placement of ['structured', 'free text'] as const) {
  describe(`the corpus's credits, matched once a request's reference is edited in (${placement})`, () => {
    const t = useTestApp();

    it('settles the request each file pays', async (context) => {
      const admin = await loginAdmin(t.api);
      const owner = await accountOwner(t.api);
      await createProfiles(t, admin);
      const matched: string[] = [];
      const notTried: string[] = [];
      for (const file of CORPUS) {
        if (placement === 'structured' && file.folder.startsWith('camt') === false) continue;
        const original = statementFixture(file.folder, file.name);
        const statement = read(file, original);
        if (statement instanceof StatementFormatError) continue;
        const credits = statement.lines.filter((line) => isCurrencyCode(line.currency) && line.amount <= MAX_AMOUNT);
        if (credits.length === 0) {
          notTried.push(`${file.name}: ${statement.lines.length === 0 ? 'no credit at all' : 'no credit in a currency the platform holds'}`);
          continue;
        }
        // Each file as if it came first: several samples repeat one bank's example entries (genkgo's versions of
        // one statement, PostFinance's files in two repositories), and a line imported before settles nothing again.
        await sql(t.databaseUrl, 'DELETE FROM bank_statement_lines WHERE livemode = $1', [t.databaseUrl.startsWith('sqlite:') ? 0 : false]);
        // The first credit the format has a place for the reference in (ISO 11649's own example decides which).
        const credit = credits.find((candidate) => editIn(file, original, candidate, 'RF18539007547034', placement) !== null);
        if (credit === undefined) {
          notTried.push(`${file.name}: no credit with transaction details to hold a structured reference`);
          continue;
        }
        const request = await t.api.post(
          '/v1/payments',
          { purpose: 'invoice', amount: credit.amount, currency: credit.currency, customer: { email: 'payer@example.com' }, provider: 'bank_transfer' },
          { token: owner.token },
        );
        expectStatus(request, 201);
        const edited = editIn(file, original, credit, request.body.provider_reference, placement)!;
        const report = await importFile(t, admin, file, edited, 'test');
        expectStatus(report, 200);
        assert.ok(
          report.body.matched.some(({ payment_id }) => payment_id === request.body.id),
          `${file.name} (line ${credit.line}, ${credit.amount} ${credit.currency}): ${JSON.stringify(report.body.unmatched.slice(0, 3))}`,
        );
        matched.push(file.name);
      }
      context.diagnostic(`${matched.length} files matched (${placement}); not tried: ${notTried.length}`);
      // A file is left out only when it has no credit (debit notifications, statements of spending), none in a
      // currency the platform holds (Deutsche Mark; a scrambled code), or, for a structured reference, none with
      // transaction details to hold one.
      const allowed =
        placement === 'structured'
          ? /: no credit (at all|in a currency the platform holds|with transaction details to hold a structured reference)$/
          : /: no credit (at all|in a currency the platform holds)$/;
      assert.deepEqual(
        notTried.filter((reason) => !allowed.test(reason)),
        [],
      );
      assert.ok(matched.length >= (placement === 'structured' ? 29 : 71), `${matched.length} files matched`);
    });
  });
}

/** The file with the RF written into the credit that starts on `line`, or null when the format has no place for it. */
function editIn(file: CorpusFile, body: Buffer, credit: ReadStatement['lines'][number], reference: string, placement: Placement): Buffer | null {
  const line = credit.line;
  const text = body.toString('latin1');
  const printed = formatCreditorReference(reference);
  const edited =
    file.folder === 'mt940' ? editMt940(text, line, printed) : file.folder === 'csv' ? editCsv(text, line, printed, file.profile!) : editCamt(text, credit, reference, placement);
  return edited === null ? null : Buffer.from(edited, 'latin1');
}

/** Field 86 of the :61: on `line`, with the reference in front of the payer's text (a new :86: when it has none). */
function editMt940(text: string, line: number, printed: string): string {
  const { lines, join } = splitLines(text);
  let next = line;
  while (next < lines.length && !/^:\d\d[A-Z]?:/.test(lines[next])) next += 1;
  if (next < lines.length && lines[next].startsWith(':86:')) lines[next] = `:86:${printed} ${lines[next].slice(4)}`;
  else lines[next - 1] += `${join}:86:Invoice ${printed}`;
  return lines.map((written, index) => written + (index < lines.length - 1 ? join : '')).join('');
}

/** A file's lines without their ends (CRLF, LF, or an old Mac's CR), and the end it uses. */
function splitLines(text: string): { lines: string[]; join: string } {
  const join = /\r\n|\r|\n/.exec(text)?.[0] ?? '\n';
  return { lines: text.split(/\r\n|\r|\n/), join };
}

/** The row on `line` with the reference and bank text in its first reference column. */
function editCsv(text: string, line: number, printed: string, profile: ProfileBody): string {
  const { lines, join } = splitLines(text);
  const headerLine = lines.findIndex((candidate, index) => index >= Number(profile.skip_rows) && candidate.trim() !== '');
  const header = cells(lines[headerLine].replace(/^\uFEFF|^ï»¿/, ''), profile.delimiter).map((cell) => cell.trim().replace(/^"+|"+$/g, ''));
  const column = header.indexOf(profile.columns.reference[0]);
  assert.ok(column >= 0, `${profile.name}: no column ${profile.columns.reference[0]} in ${JSON.stringify(header)}`);
  const fields = cells(lines[line - 1], profile.delimiter);
  fields[column] = `"Zahlung ${printed} danke"`;
  lines[line - 1] = fields.join(profile.delimiter);
  return lines.join(join);
}

/** A row's cells as written (quotes kept), split on the delimiter outside quotes. */
function cells(row: string, delimiter: string): string[] {
  const out: string[] = [];
  let cell = '';
  let quoted = false;
  for (const char of row) {
    if (char === '"') quoted = !quoted;
    if (char === delimiter && !quoted) {
      out.push(cell);
      cell = '';
    } else cell += char;
  }
  out.push(cell);
  return out;
}

/**
 * The transaction details of the credit whose entry (or batch transaction) starts on `line` get the reference:
 * its RmtInf replaced by one holding it (CdtrRefInf/Ref, or Ustrd), or one added; an entry without details takes
 * it in AddtlNtryInf (free text only). On a line with several entries (a document on one line), the credit's
 * element is the one that holds its bank id.
 */
function editCamt(text: string, credit: ReadStatement['lines'][number], reference: string, placement: Placement): string | null {
  const element = creditElement(text, credit);
  if (element === null) return null;
  const { prefix, at } = element;
  const entryEnd = text.indexOf(`</${prefix}Ntry>`, at);
  const details = text.indexOf(`<${prefix}TxDtls`, at);
  const printed = formatCreditorReference(reference);
  if (details === -1 || details > entryEnd) {
    if (placement === 'structured') return null;
    const entry = text.slice(at, entryEnd);
    const info = new RegExp(`<${prefix}AddtlNtryInf>[\\s\\S]*?</${prefix}AddtlNtryInf>`).exec(entry);
    const written = `<${prefix}AddtlNtryInf>Invoice ${printed}</${prefix}AddtlNtryInf>`;
    return text.slice(0, at) + (info === null ? entry + written : entry.replace(info[0], written)) + text.slice(entryEnd);
  }
  const remittance =
    placement === 'structured'
      ? `<${prefix}RmtInf><${prefix}Strd><${prefix}CdtrRefInf><${prefix}Ref>${reference}</${prefix}Ref></${prefix}CdtrRefInf></${prefix}Strd></${prefix}RmtInf>`
      : `<${prefix}RmtInf><${prefix}Ustrd>Invoice ${printed} thank you</${prefix}Ustrd></${prefix}RmtInf>`;
  const detailsEnd = text.indexOf(`</${prefix}TxDtls>`, details);
  const own = text.slice(details, detailsEnd);
  const existing = new RegExp(`<${prefix}RmtInf>[\\s\\S]*?</${prefix}RmtInf>`).exec(own);
  const replaced = existing === null ? `${own}${remittance}` : own.replace(existing[0], remittance);
  return text.slice(0, details) + replaced + text.slice(detailsEnd);
}

/** The start of the Ntry or TxDtls element of the credit: the first from its line on that holds its bank id. */
function creditElement(text: string, credit: ReadStatement['lines'][number]): { prefix: string; at: number } | null {
  const tags = /<([\w.-]+:)?(Ntry|TxDtls)[\s>]/g;
  tags.lastIndex = offsetOfLine(text, credit.line);
  let first: { prefix: string; at: number } | null = null;
  for (let tag = tags.exec(text); tag !== null; tag = tags.exec(text)) {
    const found = { prefix: tag[1] ?? '', at: tag.index };
    first ??= found;
    const end = text.indexOf(`</${found.prefix}${tag[2]}>`, tag.index);
    if (credit.bankId === null || text.slice(tag.index, end).includes(`>${credit.bankId}<`)) return found;
  }
  return first;
}

function offsetOfLine(text: string, line: number): number {
  let offset = 0;
  for (let current = 1; current < line; current += 1) offset = text.indexOf('\n', offset) + 1;
  return offset;
}
