import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ApiResponse } from './support/api-client';
import { statementCsv } from './support/camt053';
import { accountOwner, expectError, expectStatus, LoggedIn, loginAdmin } from './support/factories';
import { sql } from './support/sql';
import { TestApp, useTestApp } from './support/test-app';

/**
 * The reconciliation inbox and the modes of contract section 19: statements listed and read back, lines by
 * status, an unmatched line settled by hand (one winner) or ignored, audited; a live import never settles a
 * test request; profiles of banks' CSV exports; an import the database stopped part-way, completed by
 * importing it again.
 */

type Owner = LoggedIn & { accountId: string };

interface LineReport {
  line_id: string;
  entry_id: string;
  payment_id?: string;
  reason?: string;
}

interface Report {
  statement_id: string;
  livemode: boolean;
  format: string;
  lines: number;
  matched: LineReport[];
  unmatched: LineReport[];
  skipped: Record<string, number>;
}

const CSV = { 'content-type': 'text/csv' };

async function bankTransferRequest(t: TestApp, owner: Owner, amount = 4999): Promise<{ id: string; provider_reference: string; amount: number }> {
  const response = await t.api.post(
    '/v1/payments',
    { purpose: 'invoice', amount, currency: 'EUR', customer: { email: 'payer@example.com' }, provider: 'bank_transfer' },
    { token: owner.token },
  );
  expectStatus(response, 201);
  return response.body;
}

function importCsv(t: TestApp, admin: LoggedIn, body: string, query = '?mode=test'): Promise<ApiResponse<Report>> {
  return t.api.post(`/v1/bank_statements${query}`, undefined, { token: admin.token, rawBody: body, headers: CSV });
}

async function paymentStatus(t: TestApp, owner: Owner, paymentId: string): Promise<string> {
  return (await t.api.get(`/v1/payments/${paymentId}`, { token: owner.token })).body.status;
}

describe('bank statements by mode', () => {
  const t = useTestApp();

  it('settles only requests of the mode the import names: a live import never settles a test request', async () => {
    const admin = await loginAdmin(t.api);
    const owner = await accountOwner(t.api);
    const request = await bankTransferRequest(t, owner);
    const statement = statementCsv([{ amount: request.amount, reference: request.provider_reference, entryId: 'MODE-1' }]);
    const live = await importCsv(t, admin, statement, '');
    expectStatus(live, 200);
    assert.equal(live.body.livemode, true);
    assert.deepEqual(
      live.body.unmatched.map(({ reason }) => reason),
      ['no_such_reference'],
    );
    assert.equal(await paymentStatus(t, owner, request.id), 'pending');
    // The same line for test mode is another line: kept apart from the live one, it settles the test request.
    const test = await importCsv(t, admin, statement, '?mode=test');
    assert.equal(test.body.livemode, false);
    assert.deepEqual(
      test.body.matched.map(({ payment_id }) => payment_id),
      [request.id],
    );
    assert.equal(await paymentStatus(t, owner, request.id), 'succeeded');
    expectError(await importCsv(t, admin, statement, '?mode=sandbox'), 400, 'validation_error');
  });

  it('lists statements newest first and reads one back with the report its import answered', async () => {
    const admin = await loginAdmin(t.api);
    const owner = await accountOwner(t.api);
    const request = await bankTransferRequest(t, owner, 1200);
    const imported = await importCsv(
      t,
      admin,
      statementCsv([
        { amount: 1200, reference: request.provider_reference, entryId: 'LIST-1' },
        { amount: -300, entryId: 'LIST-2' },
      ]),
    );
    expectStatus(imported, 200);
    assert.deepEqual(imported.body.skipped, { debits: 1, not_booked: 0, reversals: 0, zero_amounts: 0 });
    const listed = await t.api.get('/v1/bank_statements?limit=1', { token: admin.token });
    expectStatus(listed, 200);
    assert.equal(listed.body.data[0].id, imported.body.statement_id);
    assert.equal(listed.body.data[0].status, 'completed');
    assert.equal(listed.body.data[0].report, undefined, 'lists leave the report out');
    const read = await t.api.get(`/v1/bank_statements/${imported.body.statement_id}`, { token: admin.token });
    expectStatus(read, 200);
    assert.deepEqual(read.body.report, imported.body);
    assert.equal(read.body.matched_count, 1);
    expectError(await t.api.get('/v1/bank_statements/stm_01JDQ4Z8X9T2M3N4P5Q6R7S8T9', { token: admin.token }), 404, 'bank_statement_not_found');
    expectError(await t.api.get('/v1/bank_statements', { token: owner.token }), 403, 'insufficient_permissions');
  });
});

describe('the reconciliation inbox', () => {
  const t = useTestApp();

  /** A line whose payer typed the reference wrong, left unmatched, and the request it was meant for. */
  async function strayLine(admin: LoggedIn, owner: Owner, amount = 2500): Promise<{ lineId: string; requestId: string }> {
    const request = await bankTransferRequest(t, owner, amount);
    const entryId = `STRAY-${request.id.slice(-8)}`;
    const imported = await importCsv(t, admin, statementCsv([{ amount, reference: 'invoice 4711 thanks', entryId }]));
    expectStatus(imported, 200);
    assert.equal(imported.body.unmatched[0].reason, 'no_such_reference');
    return { lineId: imported.body.unmatched[0].line_id, requestId: request.id };
  }

  it('lists unmatched lines with what the bank said, and settles one by hand to the request it pays, audited', async () => {
    const admin = await loginAdmin(t.api);
    const owner = await accountOwner(t.api);
    const { lineId, requestId } = await strayLine(admin, owner);
    const inbox = await t.api.get('/v1/bank_statement_lines?status=unmatched&limit=100', { token: admin.token });
    expectStatus(inbox, 200);
    const line = inbox.body.data.find((item: { id: string }) => item.id === lineId);
    assert.ok(line, 'the stray line waits in the inbox');
    assert.equal(line.amount, 2500);
    assert.equal(line.remittance, 'invoice 4711 thanks');
    assert.deepEqual(line.references, ['invoice 4711 thanks']);
    assert.equal(line.creditor_reference, null);

    const matched = await t.api.post(`/v1/bank_statement_lines/${lineId}/match`, { payment_id: requestId }, { token: admin.token });
    expectStatus(matched, 200);
    assert.equal(matched.body.status, 'matched');
    assert.equal(matched.body.payment_id, requestId);
    assert.equal(matched.body.reason, 'no_such_reference', 'why the import left it stays on record');
    assert.equal(await paymentStatus(t, owner, requestId), 'succeeded');
    const balances = (await t.api.get('/v1/account/balances', { token: owner.token })).body.balances as { currency: string; posted: number }[];
    assert.equal(balances.find(({ currency }) => currency === 'EUR')?.posted, 2500);

    expectError(await t.api.post(`/v1/bank_statement_lines/${lineId}/match`, { payment_id: requestId }, { token: admin.token }), 409, 'line_not_unmatched');
    const audit = await t.api.get('/v1/audit_log?action=bank_statement_line.matched', { token: admin.token });
    assert.ok(audit.body.data.some((entry: { target: { id: string } | null }) => entry.target?.id === lineId));
    const check = await t.api.get('/v1/ledger/check', { token: admin.token });
    assert.equal(check.body.ok, true, JSON.stringify(check.body));
  });

  it('refuses a request of another amount, one that is not open, and one of another provider, changing nothing', async () => {
    const admin = await loginAdmin(t.api);
    const owner = await accountOwner(t.api);
    const { lineId } = await strayLine(admin, owner, 3000);
    const other = await bankTransferRequest(t, owner, 3001);
    expectError(await t.api.post(`/v1/bank_statement_lines/${lineId}/match`, { payment_id: other.id }, { token: admin.token }), 409, 'amount_mismatch');
    const canceled = await bankTransferRequest(t, owner, 3000);
    expectStatus(await t.api.post(`/v1/payments/${canceled.id}/cancel`, {}, { token: owner.token }), 200);
    expectError(await t.api.post(`/v1/bank_statement_lines/${lineId}/match`, { payment_id: canceled.id }, { token: admin.token }), 409, 'request_not_open');
    const card = await t.api.post(
      '/v1/payments',
      { purpose: 'invoice', amount: 3000, currency: 'EUR', customer: { email: 'c@example.com' }, provider: 'sandbox' },
      { token: owner.token },
    );
    expectError(await t.api.post(`/v1/bank_statement_lines/${lineId}/match`, { payment_id: card.body.id }, { token: admin.token }), 409, 'request_not_open');
    expectError(await t.api.post(`/v1/bank_statement_lines/${lineId}/match`, { payment_id: 'pay_01JDQ4Z8X9T2M3N4P5Q6R7S8T9' }, { token: admin.token }), 404, 'payment_not_found');
    const line = await t.api.get(`/v1/bank_statement_lines/${lineId}`, { token: admin.token });
    assert.equal(line.body.status, 'unmatched');
    expectError(await t.api.get('/v1/bank_statement_lines/bsl_01JDQ4Z8X9T2M3N4P5Q6R7S8T9', { token: admin.token }), 404, 'bank_statement_line_not_found');
    expectError(await t.api.post(`/v1/bank_statement_lines/${lineId}/match`, { payment_id: other.id }, { token: owner.token }), 403, 'insufficient_permissions');
  });

  it('sets a line aside with the reason, audited, and then neither matches nor ignores it again', async () => {
    const admin = await loginAdmin(t.api);
    const owner = await accountOwner(t.api);
    const { lineId, requestId } = await strayLine(admin, owner, 4100);
    expectError(await t.api.post(`/v1/bank_statement_lines/${lineId}/ignore`, { reason: '  ' }, { token: admin.token }), 400, 'validation_error');
    const ignored = await t.api.post(`/v1/bank_statement_lines/${lineId}/ignore`, { reason: 'returned to the payer by hand' }, { token: admin.token });
    expectStatus(ignored, 200);
    assert.equal(ignored.body.status, 'ignored');
    assert.equal(ignored.body.ignore_reason, 'returned to the payer by hand');
    expectError(await t.api.post(`/v1/bank_statement_lines/${lineId}/match`, { payment_id: requestId }, { token: admin.token }), 409, 'line_not_unmatched');
    expectError(await t.api.post(`/v1/bank_statement_lines/${lineId}/ignore`, { reason: 'again' }, { token: admin.token }), 409, 'line_not_unmatched');
    const byStatus = await t.api.get('/v1/bank_statement_lines?status=ignored', { token: admin.token });
    assert.ok(byStatus.body.data.every((line: { status: string }) => line.status === 'ignored'));
    assert.ok(byStatus.body.data.some((line: { id: string }) => line.id === lineId));
    const audit = await t.api.get('/v1/audit_log?action=bank_statement_line.ignored', { token: admin.token });
    assert.ok(audit.body.data.some((entry: { target: { id: string } | null }) => entry.target?.id === lineId));
  });

  it('gives one winner of ten concurrent manual matches of one line, and settles the request once', async () => {
    const admin = await loginAdmin(t.api);
    const owner = await accountOwner(t.api);
    const { lineId, requestId } = await strayLine(admin, owner, 5200);
    const answers = await Promise.all(Array.from({ length: 10 }, () => t.api.post(`/v1/bank_statement_lines/${lineId}/match`, { payment_id: requestId }, { token: admin.token })));
    assert.deepEqual(answers.map(({ status }) => status).sort(), [200, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    for (const answer of answers.filter(({ status }) => status === 409)) assert.equal(answer.body.error_code, 'line_not_unmatched');
    const credits = await t.api.get(`/v1/transactions?type=credit&limit=100`, { token: owner.token });
    assert.equal(credits.body.data.filter((txn: { amount: number }) => txn.amount === 5200).length, 1);
  });

  it('gives one winner of two lines matched to one request at once', async () => {
    const admin = await loginAdmin(t.api);
    const owner = await accountOwner(t.api);
    const first = await strayLine(admin, owner, 6100);
    const second = await strayLine(admin, owner, 6100);
    const answers = await Promise.all(
      [first.lineId, second.lineId].map((lineId) => t.api.post(`/v1/bank_statement_lines/${lineId}/match`, { payment_id: first.requestId }, { token: admin.token })),
    );
    assert.deepEqual(answers.map(({ status }) => status).sort(), [200, 409]);
    const lines = await Promise.all([first.lineId, second.lineId].map((lineId) => t.api.get(`/v1/bank_statement_lines/${lineId}`, { token: admin.token })));
    assert.deepEqual(lines.map(({ body }) => body.status).sort(), ['matched', 'unmatched'], 'the loser changed nothing');
  });
});

describe('lines the bank gives one id', () => {
  const t = useTestApp();

  it('are told apart by a derived id, each settling its own request, and settle nothing again on the next import', async () => {
    const admin = await loginAdmin(t.api);
    const owner = await accountOwner(t.api);
    const [a, b] = [await bankTransferRequest(t, owner, 700), await bankTransferRequest(t, owner, 800)];
    const statement = statementCsv([
      { amount: 700, reference: a.provider_reference, entryId: 'SAME' },
      { amount: 800, reference: b.provider_reference, entryId: 'SAME' },
    ]);
    const first = await importCsv(t, admin, statement);
    expectStatus(first, 200);
    assert.deepEqual(first.body.matched.map(({ payment_id }) => payment_id).sort(), [a.id, b.id].sort());
    for (const { entry_id } of first.body.matched) assert.match(entry_id, /^derived:[a-z2-7]{26}$/);
    const again = await importCsv(t, admin, statement);
    assert.deepEqual(again.body.matched, []);
    assert.deepEqual(
      again.body.unmatched.map(({ entry_id, reason }) => ({ entry_id, reason })),
      first.body.matched.map(({ entry_id }) => ({ entry_id, reason: 'already_settled' })),
    );
  });
});

describe('statements that overlap, and statements with a malformed line', () => {
  const t = useTestApp();

  it('settle each line once when the next statement repeats some of the last one', async () => {
    const admin = await loginAdmin(t.api);
    const owner = await accountOwner(t.api);
    const [a, b, c] = [await bankTransferRequest(t, owner, 1001), await bankTransferRequest(t, owner, 1002), await bankTransferRequest(t, owner, 1003)];
    const row = (request: typeof a, entryId: string) => ({ amount: request.amount, reference: request.provider_reference, entryId });
    const monday = await importCsv(t, admin, statementCsv([row(a, 'OV-1'), row(b, 'OV-2')]));
    assert.deepEqual(
      monday.body.matched.map(({ payment_id }) => payment_id),
      [a.id, b.id],
    );
    const tuesday = await importCsv(t, admin, statementCsv([row(b, 'OV-2'), row(c, 'OV-3')]));
    assert.deepEqual(
      tuesday.body.matched.map(({ payment_id }) => payment_id),
      [c.id],
    );
    assert.deepEqual(
      tuesday.body.unmatched.map(({ entry_id, reason }) => ({ entry_id, reason })),
      [{ entry_id: 'OV-2', reason: 'already_settled' }],
    );
    const credits = await t.api.get('/v1/transactions?type=credit&limit=100', { token: owner.token });
    assert.equal(credits.body.data.length, 3, 'one credit per payment');
  });

  it('apply nothing of a statement whose malformed line stands anywhere in it', async () => {
    const admin = await loginAdmin(t.api);
    const owner = await accountOwner(t.api);
    const requests = [await bankTransferRequest(t, owner, 2001), await bankTransferRequest(t, owner, 2002), await bankTransferRequest(t, owner, 2003)];
    const rows = requests.map((request, index) => ({ amount: request.amount, reference: request.provider_reference, entryId: `BAD-${index}` }));
    const before = (await t.api.get('/v1/bank_statements?limit=100', { token: admin.token })).body.data.length;
    for (let position = 0; position <= rows.length; position += 1) {
      const lines = statementCsv(rows).split('\r\n');
      lines.splice(position + 1, 0, '2026-11-31,10.00,EUR,,BAD-DATE');
      const response = await importCsv(t, admin, lines.join('\r\n'));
      expectError(response, 400, 'validation_error');
      assert.equal((response.body as unknown as { details: { field: string }[] }).details[0].field, `line ${position + 2}`, `a malformed line at position ${position + 1}`);
    }
    assert.deepEqual(await Promise.all(requests.map(({ id }) => paymentStatus(t, owner, id))), ['pending', 'pending', 'pending']);
    assert.equal((await t.api.get('/v1/bank_statements?limit=100', { token: admin.token })).body.data.length, before, 'no statement recorded');
  });
});

describe('bank statement profiles', () => {
  const t = useTestApp();
  const PROFILE = {
    name: 'zkb-export',
    delimiter: ';',
    decimal_separator: '.',
    date_format: 'DD.MM.YYYY',
    encoding: 'iso-8859-1',
    skip_rows: 0,
    columns: { booking_date: 'Datum', credit: 'Gutschrift CHF', debit: 'Belastung CHF', default_currency: 'CHF', reference: ['Buchungstext'] },
  };

  it('are created, listed, read and deleted by admins, audited, one per name', async () => {
    const admin = await loginAdmin(t.api);
    const created = await t.api.post('/v1/bank_statement_profiles', PROFILE, { token: admin.token });
    expectStatus(created, 201);
    assert.deepEqual(created.body, PROFILE);
    expectError(await t.api.post('/v1/bank_statement_profiles', PROFILE, { token: admin.token }), 409, 'bank_statement_profile_exists');
    assert.deepEqual((await t.api.get('/v1/bank_statement_profiles/zkb-export', { token: admin.token })).body, PROFILE);
    assert.ok((await t.api.get('/v1/bank_statement_profiles', { token: admin.token })).body.data.some(({ name }: { name: string }) => name === 'zkb-export'));
    expectStatus(await t.api.delete('/v1/bank_statement_profiles/zkb-export', undefined, { token: admin.token }), 204);
    expectError(await t.api.get('/v1/bank_statement_profiles/zkb-export', { token: admin.token }), 404, 'bank_statement_profile_not_found');
    expectError(await t.api.delete('/v1/bank_statement_profiles/zkb-export', undefined, { token: admin.token }), 404, 'bank_statement_profile_not_found');
    const audit = await t.api.get('/v1/audit_log?action=bank_statement_profile.created', { token: admin.token });
    assert.equal(audit.body.data[0].target.id, 'zkb-export');
    const owner = await accountOwner(t.api);
    expectError(await t.api.post('/v1/bank_statement_profiles', { ...PROFILE, name: 'mine' }, { token: owner.token }), 403, 'insufficient_permissions');
  });

  it('refuse columns that do not say where the amount or the currency is', async () => {
    const admin = await loginAdmin(t.api);
    const columns = PROFILE.columns;
    for (const [what, broken] of [
      ['amount and credit', { ...columns, amount: 'Betrag' }],
      ['credit without debit', { ...columns, debit: undefined }],
      ['no currency', { ...columns, default_currency: undefined }],
      ['both currencies', { ...columns, currency: 'Währung' }],
    ] as const) {
      const response = await t.api.post('/v1/bank_statement_profiles', { ...PROFILE, name: 'broken', columns: broken }, { token: admin.token });
      expectError(response, 400, 'validation_error');
      assert.match(response.body.details[0].field, /^columns\.(amount|credit|debit|currency)$/, what);
    }
    expectError(await t.api.post('/v1/bank_statement_profiles', { ...PROFILE, name: 'broken', date_format: 'DD.MM' }, { token: admin.token }), 400, 'validation_error');
    expectError(await t.api.post('/v1/bank_statement_profiles', { ...PROFILE, name: 'Broken Name' }, { token: admin.token }), 400, 'validation_error');
  });

  it('are needed by name for an import that names one', async () => {
    const admin = await loginAdmin(t.api);
    expectError(await importCsv(t, admin, 'Datum;Betrag\n', '?profile=nobody'), 404, 'bank_statement_profile_not_found');
  });
});

describe('an import the database stops part-way', { skip: process.env.TEST_DATABASE_URL === undefined && 'a PostgreSQL failure mid-import' }, () => {
  const t = useTestApp();

  it('answers 503, keeps what it settled, and is completed by importing the statement again, each line once', async () => {
    const admin = await loginAdmin(t.api);
    const owner = await accountOwner(t.api);
    const requests = [await bankTransferRequest(t, owner, 901), await bankTransferRequest(t, owner, 902), await bankTransferRequest(t, owner, 903)];
    const statement = statementCsv(requests.map((request, index) => ({ amount: request.amount, reference: request.provider_reference, entryId: `STOP-${index}` })));
    // The second line's insert fails as a server shutting down does (SQLSTATE 57P01), after the first line committed.
    await sql(
      t.databaseUrl,
      `CREATE FUNCTION fail_on_902() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN IF NEW.amount = 902 THEN RAISE EXCEPTION 'terminating connection due to administrator command' USING ERRCODE = '57P01'; END IF; RETURN NEW; END $$`,
    );
    await sql(t.databaseUrl, 'CREATE TRIGGER fail_on_902 BEFORE INSERT ON bank_statement_lines FOR EACH ROW EXECUTE FUNCTION fail_on_902()');
    expectError(await importCsv(t, admin, statement), 503, 'service_unavailable');
    assert.deepEqual(await Promise.all(requests.map(({ id }) => paymentStatus(t, owner, id))), ['succeeded', 'pending', 'pending']);
    const statements = await t.api.get('/v1/bank_statements?limit=1', { token: admin.token });
    assert.equal(statements.body.data[0].status, 'incomplete');

    await sql(t.databaseUrl, 'DROP TRIGGER fail_on_902 ON bank_statement_lines');
    const again = await importCsv(t, admin, statement);
    expectStatus(again, 200);
    assert.deepEqual(
      again.body.matched.map(({ payment_id }) => payment_id),
      [requests[1].id, requests[2].id],
    );
    assert.deepEqual(
      again.body.unmatched.map(({ entry_id, reason }) => ({ entry_id, reason })),
      [{ entry_id: 'STOP-0', reason: 'already_settled' }],
    );
    assert.deepEqual(await Promise.all(requests.map(({ id }) => paymentStatus(t, owner, id))), ['succeeded', 'succeeded', 'succeeded']);
    const check = await t.api.get('/v1/ledger/check', { token: admin.token });
    assert.equal(check.body.ok, true, JSON.stringify(check.body));
  });
});
