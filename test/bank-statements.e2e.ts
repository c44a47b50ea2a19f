import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { describe, it } from 'node:test';
import { ApiResponse } from './support/api-client';
import { camt053, camt053Credits, statementCsv } from './support/camt053';
import { accountOwner, expectError, expectStatus, LoggedIn, loginAdmin } from './support/factories';
import { TestApp, useTestApp } from './support/test-app';

/**
 * Bank transfers settled from bank statements (contract section 16): a
 * bank_transfer request shows an RF reference; POST /v1/bank_statements
 * (camt.053 or CSV, admins) settles the open requests its credit lines pay,
 * once per bank entry, and reports every other line with its reason.
 */

type Owner = LoggedIn & { accountId: string };

interface Report {
  statement_id: string;
  lines: number;
  matched: { entry_id: string; payment_id: string }[];
  unmatched: { entry_id: string; reason: string }[];
}

const XML = { 'content-type': 'application/xml' };
const CSV = { 'content-type': 'text/csv; charset=utf-8' };

async function bankTransferRequest(
  t: TestApp,
  owner: Owner,
  fields: Record<string, unknown> = {},
): Promise<{ id: string; provider_reference: string; amount: number; currency: string }> {
  const response = await t.api.post(
    '/v1/payments',
    { purpose: 'invoice', amount: 4999, currency: 'EUR', customer: { email: 'payer@example.com' }, provider: 'bank_transfer', ...fields },
    { token: owner.token },
  );
  expectStatus(response, 201);
  assert.equal(response.body.provider, 'bank_transfer');
  assert.match(response.body.provider_reference, /^RF\d{2}[0-9A-Z]{1,21}$/);
  return response.body;
}

/** Imports for test mode (the requests here are test-mode), the report's lines without their inbox ids. */
async function importStatement(t: TestApp, admin: LoggedIn, body: string, headers: Record<string, string> = XML): Promise<ApiResponse<Report>> {
  const response = await t.api.post<Report>('/v1/bank_statements?mode=test', undefined, { token: admin.token, rawBody: body, headers });
  if (response.status === 200) {
    response.body.matched = response.body.matched.map(({ entry_id, payment_id }) => ({ entry_id, payment_id }));
    response.body.unmatched = response.body.unmatched.map(({ entry_id, reason }) => ({ entry_id, reason }));
  }
  return response;
}

/** The print form a customer types: groups of four, lower case. */
function asTyped(reference: string): string {
  return reference.toLowerCase().replace(/(.{4})(?=.)/g, '$1 ');
}

async function statusOf(t: TestApp, owner: Owner, paymentId: string): Promise<{ status: string; transaction_id: string | null }> {
  return (await t.api.get(`/v1/payments/${paymentId}`, { token: owner.token })).body;
}

async function postedBalance(t: TestApp, owner: Owner, currency: string): Promise<number> {
  const balances = (await t.api.get('/v1/account/balances', { token: owner.token })).body.balances as { currency: string; posted: number }[];
  return balances.find((balance) => balance.currency === currency)?.posted ?? 0;
}

describe('bank transfers paid by a camt.053 statement', () => {
  const t = useTestApp();

  it('settles the request the credit quotes: posted credit, payment.succeeded, and the report names it', async () => {
    const admin = await loginAdmin(t.api);
    const owner = await accountOwner(t.api);
    const payment = await bankTransferRequest(t, owner);
    const statement = camt053({
      currency: 'EUR',
      entries: [
        { amount: 4999, reference: asTyped(payment.provider_reference), entryId: 'E-1' },
        { amount: 1200, direction: 'DBIT', entryId: 'E-2' },
      ],
    });
    const response = await importStatement(t, admin, statement);
    expectStatus(response, 200);
    assert.match(response.body.statement_id, /^stm_/);
    assert.equal(response.body.lines, 1, 'debits are ignored and not reported');
    assert.deepEqual(response.body.matched, [{ entry_id: 'E-1', payment_id: payment.id }]);
    assert.deepEqual(response.body.unmatched, []);
    const settled = await statusOf(t, owner, payment.id);
    assert.equal(settled.status, 'succeeded');
    const credit = (await t.api.get(`/v1/transactions/${settled.transaction_id}`, { token: owner.token })).body;
    assert.deepEqual([credit.type, credit.status, credit.amount, credit.payment_id], ['credit', 'posted', 4999, payment.id]);
    assert.equal(await postedBalance(t, owner, 'EUR'), 4999);
    const events = (await t.api.get('/v1/events?type=payment.succeeded', { token: owner.token })).body.data as { data: { object: { id: string } } }[];
    assert.deepEqual(
      events.map((event) => event.data.object.id),
      [payment.id],
    );
  });

  it("settles each line of a batch entry, with amounts in the currency's minor units (JPY without decimals)", async () => {
    const admin = await loginAdmin(t.api);
    const owner = await accountOwner(t.api);
    const euros = await bankTransferRequest(t, owner, { amount: 1050 });
    const yen = await bankTransferRequest(t, owner, { amount: 5000, currency: 'JPY' });
    const statement = camt053([
      {
        currency: 'EUR',
        entries: [
          {
            entryId: 'B-1',
            transactions: [
              { amount: 1050, reference: euros.provider_reference, id: 'B-1-a' },
              { amount: 700, reference: 'RF00 NOPE', id: 'B-1-b' },
            ],
          },
        ],
      },
      { currency: 'JPY', entries: [{ amount: 5000, currency: 'JPY', reference: yen.provider_reference, entryId: 'J-1' }] },
    ]);
    const report = (await importStatement(t, admin, statement)).body;
    assert.deepEqual(report.matched.map((line) => line.payment_id).sort(), [euros.id, yen.id].sort());
    assert.deepEqual(report.unmatched, [{ entry_id: 'B-1-b', reason: 'no_such_reference' }]);
    assert.equal(await postedBalance(t, owner, 'JPY'), 5000);
  });

  it('reports every unmatched reason and settles nothing for those lines', async () => {
    const admin = await loginAdmin(t.api);
    const owner = await accountOwner(t.api);
    const [short, euro, paid, canceled] = await Promise.all([1, 2, 3, 4].map(() => bankTransferRequest(t, owner, { amount: 2500 })));
    expectStatus(await t.api.post(`/v1/payments/${canceled.id}/cancel`, {}, { token: owner.token }), 200);
    expectStatus(await importStatement(t, admin, camt053Credits([{ amount: 2500, reference: paid.provider_reference, entryId: 'U-0' }])), 200);
    const report = (
      await importStatement(
        t,
        admin,
        camt053([
          {
            currency: 'EUR',
            entries: [
              { amount: 2400, reference: short.provider_reference, entryId: 'U-1' },
              { amount: 2500, reference: 'RF18539007547034', entryId: 'U-2' },
            ],
          },
          { currency: 'USD', entries: [{ amount: 2500, currency: 'USD', reference: euro.provider_reference, entryId: 'U-3' }] },
          {
            currency: 'EUR',
            entries: [
              { amount: 2500, reference: paid.provider_reference, entryId: 'U-4' },
              { amount: 2500, reference: canceled.provider_reference, entryId: 'U-5' },
              { amount: 2500, unstructured: 'thanks for the invoice', entryId: 'U-6' },
            ],
          },
        ]),
      )
    ).body;
    assert.deepEqual(report.matched, []);
    assert.deepEqual(report.unmatched, [
      { entry_id: 'U-1', reason: 'amount_mismatch' },
      { entry_id: 'U-2', reason: 'no_such_reference' },
      { entry_id: 'U-3', reason: 'currency_mismatch' },
      { entry_id: 'U-4', reason: 'already_settled' },
      { entry_id: 'U-5', reason: 'request_not_open' },
      { entry_id: 'U-6', reason: 'no_such_reference' },
    ]);
    for (const payment of [short, euro]) assert.equal((await statusOf(t, owner, payment.id)).status, 'pending');
    assert.equal(await postedBalance(t, owner, 'EUR'), 2500, 'only the line that paid settled');
  });

  it('settles nothing twice when the same statement is imported again', async () => {
    const admin = await loginAdmin(t.api);
    const owner = await accountOwner(t.api);
    const payment = await bankTransferRequest(t, owner);
    const statement = camt053Credits([
      { amount: 4999, reference: payment.provider_reference, entryId: 'R-1' },
      { amount: 10, reference: 'RF18539007547034', entryId: 'R-2' },
    ]);
    const first = (await importStatement(t, admin, statement)).body;
    const again = (await importStatement(t, admin, statement)).body;
    assert.deepEqual(first.matched, [{ entry_id: 'R-1', payment_id: payment.id }]);
    assert.notEqual(again.statement_id, first.statement_id);
    assert.deepEqual(again.matched, []);
    assert.deepEqual(again.unmatched, [
      { entry_id: 'R-1', reason: 'already_settled' },
      { entry_id: 'R-2', reason: 'no_such_reference' },
    ]);
    assert.equal(await postedBalance(t, owner, 'EUR'), 4999);
  });

  it('settles once when two imports of one statement race', async () => {
    const admin = await loginAdmin(t.api);
    const owner = await accountOwner(t.api);
    const payments = await Promise.all([1, 2, 3, 4, 5].map(() => bankTransferRequest(t, owner, { amount: 100 })));
    const statement = camt053Credits(payments.map((payment, index) => ({ amount: 100, reference: payment.provider_reference, entryId: `C-${index}` })));
    const reports = (await Promise.all([1, 2, 3].map(() => importStatement(t, admin, statement)))).map((response) => response.body);
    const matched = reports.flatMap((report) => report.matched.map((line) => line.entry_id)).sort();
    assert.deepEqual(matched, ['C-0', 'C-1', 'C-2', 'C-3', 'C-4'], 'each line matched by exactly one import');
    assert.equal(reports.flatMap((report) => report.unmatched).filter((line) => line.reason !== 'already_settled').length, 0);
    assert.equal(await postedBalance(t, owner, 'EUR'), 500);
  });
});

describe('bank transfers paid by a CSV statement', () => {
  const t = useTestApp();

  it('settles the request a CSV credit line pays, with amounts in major units; debits are ignored', async () => {
    const admin = await loginAdmin(t.api);
    const owner = await accountOwner(t.api);
    const payment = await bankTransferRequest(t, owner, { amount: 123456 });
    const csv = statementCsv([
      { amount: 123456, reference: asTyped(payment.provider_reference), entryId: 'CSV-1' },
      { amount: -5000, entryId: 'CSV-2' },
    ]);
    const report = (await importStatement(t, admin, csv, CSV)).body;
    assert.deepEqual(report.matched, [{ entry_id: 'CSV-1', payment_id: payment.id }]);
    assert.equal(report.lines, 1);
    assert.equal(await postedBalance(t, owner, 'EUR'), 123456);
  });
});

describe('POST /v1/bank_statements refusals', () => {
  const t = useTestApp();

  it('refuses a malformed statement with 400 naming the line, and applies nothing of it', async () => {
    const admin = await loginAdmin(t.api);
    const owner = await accountOwner(t.api);
    const payment = await bankTransferRequest(t, owner, { amount: 100 });
    const csv = `booking_date,amount,currency,reference,entry_id\r\n2026-11-25,1.00,EUR,${payment.provider_reference},M-1\r\n2026-11-25,1.005,EUR,,M-2\r\n`;
    const response = await importStatement(t, admin, csv, CSV);
    expectError(response, 400, 'validation_error');
    assert.equal((response.body as unknown as { details: { field: string }[] }).details[0].field, 'line 3');
    assert.equal((await statusOf(t, owner, payment.id)).status, 'pending', 'the valid line before it was not applied');
    const broken = await importStatement(t, admin, '<Document><BkToCstmrStmt>');
    expectError(broken, 400, 'validation_error');
    const entity = await importStatement(t, admin, '<?xml version="1.0"?><!DOCTYPE d [<!ENTITY x "y">]><Document>&x;</Document>');
    expectError(entity, 400, 'validation_error');
    // 101 levels: the XML parser's own limit answered 500 (contract section 21).
    const deep = await importStatement(t, admin, `<Document>${'<a>'.repeat(100)}${'</a>'.repeat(100)}</Document>`);
    expectError(deep, 400, 'validation_error');
    assert.match(JSON.stringify(deep.body), /nested deeper than 64 levels/);
  });

  it('is for admins only, takes XML or CSV only, and only on its route', async () => {
    const admin = await loginAdmin(t.api);
    const owner = await accountOwner(t.api);
    const statement = statementCsv([{ amount: 100, entryId: 'P-1' }]);
    expectError(await importStatement(t, owner, statement, CSV), 403, 'insufficient_permissions');
    expectError(await t.api.post('/v1/bank_statements', { lines: [] }, { token: admin.token }), 415, 'unsupported_media_type');
    expectError(await t.api.post('/v1/transactions', undefined, { token: admin.token, rawBody: statement, headers: CSV }), 415, 'unsupported_media_type');
    expectError(await t.api.post('/v1/bank_statements', undefined, { rawBody: statement, headers: CSV }), 401, 'unauthorized');
  });

  it('answers a refused upload from its headers, without waiting for its 20 MiB body (contract section 21)', async () => {
    const owner = await accountOwner(t.api);
    const admin = await loginAdmin(t.api);
    const declared = 20 * 1024 * 1024;
    const stranger = await answerBeforeBody(t.baseUrl, { 'content-type': 'text/csv', 'content-length': String(declared) });
    assert.deepEqual([stranger.status, stranger.body.error_code], [401, 'unauthorized']);
    const member = await answerBeforeBody(t.baseUrl, { 'content-type': 'text/csv', 'content-length': String(declared), authorization: `Bearer ${owner.token}` });
    assert.deepEqual([member.status, member.body.error_code], [403, 'insufficient_permissions']);
    const oversized = await answerBeforeBody(t.baseUrl, { 'content-type': 'text/csv', 'content-length': String(declared + 1), authorization: `Bearer ${admin.token}` });
    assert.deepEqual([oversized.status, oversized.body.error_code], [413, 'payload_too_large']);
    assert.equal(oversized.connection, 'close', 'the unread body is not drained from a connection kept open');
  });

  it('answers 413 for a statement above 20 MiB', async () => {
    const admin = await loginAdmin(t.api);
    const header = 'booking_date,amount,currency,reference,entry_id\n';
    const response = await importStatement(t, admin, header + 'x'.repeat(21 * 1024 * 1024), CSV);
    expectError(response, 413, 'payload_too_large');
  });
});

/**
 * Sends the headers and the first KiB of a body, then waits for the answer without sending the rest: a server that
 * read the whole body before answering never answers (the request fails after a few seconds).
 */
function answerBeforeBody(baseUrl: string, headers: Record<string, string>): Promise<{ status: number; connection: string | undefined; body: { error_code?: string } }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${baseUrl}/v1/bank_statements`, { method: 'POST', headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        request.destroy();
        resolve({ status: response.statusCode ?? 0, connection: response.headers.connection, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
      });
    });
    request.setTimeout(5_000, () => request.destroy(new Error('no answer while the body was still unsent: the server waited for all of it')));
    request.on('error', reject);
    request.write('booking_date,amount,currency,reference,entry_id\n' + 'x'.repeat(1024));
  });
}
