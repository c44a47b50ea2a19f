import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { expectStatus, loginAdmin, LoggedIn } from './support/factories';
import { assertLedgerBalanced, createPayout, euroBalance, fundedOwner, IBANS, payoutBody, payoutStatement, StatementPayout, validBatchFile } from './support/payouts';
import { ServerProcess, startServerProcess } from './support/server-process';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestDatabase, TestApp, TestDatabase, useTestApp } from './support/test-app';

/**
 * Payouts settled from the bank's statement (contract sections 19 and 23): a booked debit whose EndToEndId names a
 * payout in transit marks it paid and posts its debit; a return (RtrInf, reason AC04) marks it returned and books the
 * money back; importing a statement again changes nothing.
 */

interface PayoutReport {
  payout_id: string;
  entry_id: string | null;
  reason: string | null;
}

interface Report {
  lines: number;
  matched: unknown[];
  unmatched: unknown[];
  skipped: { debits: number };
  payouts_paid: PayoutReport[];
  payouts_returned: PayoutReport[];
}

async function importLive(t: TestApp, admin: LoggedIn, xml: string): Promise<Report> {
  const response = await t.api.post<Report>('/v1/bank_statements', undefined, { token: admin.token, rawBody: xml, headers: { 'content-type': 'application/xml' } });
  expectStatus(response, 200);
  return response.body;
}

async function statusOf(t: TestApp, token: string, payoutId: string): Promise<{ status: string; failure_code: string | null; transaction_id: string }> {
  return (await t.api.get(`/v1/payouts/${payoutId}`, { token })).body;
}

describe('payouts settled by bank statements', () => {
  const t = useTestApp({ ACCOUNTS_DEFAULT_MODE: 'live' });

  it('a statement of the payouts’ debits marks them paid and posts their debits; a re-import changes nothing', async () => {
    const admin = await loginAdmin(t.api);
    await t.api.post('/v1/payout_batches', {}, { token: admin.token });
    const owner = await fundedOwner(t.api, admin, 100000);
    const first = await createPayout(t.api, owner.token, { amount: 25000 });
    const second = await createPayout(t.api, owner.token, { amount: 15000 });
    assert.deepEqual(await euroBalance(t.api, owner.token), { posted: 100000, pending: 60000, available: 60000 });
    const batch = await t.api.post('/v1/payout_batches', { payout_ids: [first.id, second.id] }, { token: admin.token });
    expectStatus(batch, 201);
    await validBatchFile(t.api, admin, batch.body.id);
    assert.equal((await statusOf(t, owner.token, first.id)).status, 'in_transit');

    const lines: StatementPayout[] = [
      { payoutId: first.id, amount: 25000, entryId: 'DBT-1' },
      { payoutId: second.id, amount: 15000, entryId: 'DBT-2' },
      // Another amount than the payout's: not its debit.
      { payoutId: second.id, amount: 15001, entryId: 'DBT-3' },
    ];
    const statement = payoutStatement(lines);
    const report = await importLive(t, admin, statement);
    assert.deepEqual(report.payouts_paid, [
      { payout_id: first.id, entry_id: 'DBT-1', reason: null },
      { payout_id: second.id, entry_id: 'DBT-2', reason: null },
    ]);
    assert.deepEqual(report.payouts_returned, []);
    assert.deepEqual([report.lines, report.skipped.debits], [0, 3], 'debits are still no credit lines to match');
    for (const payout of [first, second]) {
      const read = await statusOf(t, owner.token, payout.id);
      assert.equal(read.status, 'paid');
      assert.equal((await t.api.get(`/v1/transactions/${read.transaction_id}`, { token: owner.token })).body.status, 'posted');
    }
    const paidBalance = { posted: 60000, pending: 60000, available: 60000 };
    assert.deepEqual(await euroBalance(t.api, owner.token), paidBalance);
    const events = (await t.api.get('/v1/events?type=payout.paid', { token: owner.token })).body.data as { data: { object: { id: string } } }[];
    assert.deepEqual(events.map((event) => event.data.object.id).sort(), [first.id, second.id].sort());
    await assertLedgerBalanced(t.api, admin);

    const again = await importLive(t, admin, statement);
    assert.deepEqual([again.payouts_paid, again.payouts_returned], [[], []]);
    assert.deepEqual(await euroBalance(t.api, owner.token), paidBalance, 'the re-import changed nothing');
    assert.equal((await t.api.get('/v1/events?type=payout.paid', { token: owner.token })).body.data.length, 2);
    await assertLedgerBalanced(t.api, admin);
  });

  it('a return (AC04) marks the payout returned and credits the money back, in transit or after paid; a re-import changes nothing', async () => {
    const admin = await loginAdmin(t.api);
    await t.api.post('/v1/payout_batches', {}, { token: admin.token });
    const owner = await fundedOwner(t.api, admin, 50000);
    const paidFirst = await createPayout(t.api, owner.token, { amount: 20000 });
    const neverPaid = await createPayout(t.api, owner.token, { amount: 10000 });
    expectStatus(await t.api.post('/v1/payout_batches', { payout_ids: [paidFirst.id, neverPaid.id] }, { token: admin.token }), 201);
    await importLive(t, admin, payoutStatement([{ payoutId: paidFirst.id, amount: 20000, entryId: 'DBT-10' }]));
    assert.equal((await statusOf(t, owner.token, paidFirst.id)).status, 'paid');
    assert.deepEqual(await euroBalance(t.api, owner.token), { posted: 30000, pending: 20000, available: 20000 });

    const returns = payoutStatement([
      { payoutId: paidFirst.id, amount: 20000, entryId: 'RTN-1', returnReason: 'AC04' },
      { payoutId: neverPaid.id, amount: 10000, entryId: 'RTN-2', returnReason: 'AC04' },
    ]);
    const report = await importLive(t, admin, returns);
    assert.deepEqual(report.payouts_returned, [
      { payout_id: paidFirst.id, entry_id: 'RTN-1', reason: 'AC04' },
      { payout_id: neverPaid.id, entry_id: 'RTN-2', reason: 'AC04' },
    ]);
    assert.deepEqual([report.lines, report.matched, report.unmatched], [0, [], []], 'a return is no credit line to match');
    for (const payout of [paidFirst, neverPaid]) {
      const read = await statusOf(t, owner.token, payout.id);
      assert.deepEqual([read.status, read.failure_code], ['returned', 'AC04']);
    }
    const back = { posted: 50000, pending: 50000, available: 50000 };
    assert.deepEqual(await euroBalance(t.api, owner.token), back, 'both amounts are back');
    const credits = (await t.api.get('/v1/transactions?type=payout', { token: owner.token })).body.data as { direction: string; status: string; amount: number }[];
    assert.deepEqual(
      credits
        .filter((credit) => credit.direction === 'credit')
        .map((credit) => [credit.status, credit.amount])
        .sort(),
      [
        ['posted', 10000],
        ['posted', 20000],
      ],
    );
    await assertLedgerBalanced(t.api, admin);

    const again = await importLive(t, admin, returns);
    assert.deepEqual([again.payouts_paid, again.payouts_returned], [[], []]);
    // The debit statement again, after the return: the payout stays returned.
    await importLive(t, admin, payoutStatement([{ payoutId: paidFirst.id, amount: 20000, entryId: 'DBT-10' }]));
    assert.deepEqual(await euroBalance(t.api, owner.token), back, 'the re-imports changed nothing');
    assert.equal((await statusOf(t, owner.token, paidFirst.id)).status, 'returned');
    await assertLedgerBalanced(t.api, admin);
  });

  it('a test-mode import settles no live payout', async () => {
    const admin = await loginAdmin(t.api);
    await t.api.post('/v1/payout_batches', {}, { token: admin.token });
    const owner = await fundedOwner(t.api, admin, 10000);
    const payout = await createPayout(t.api, owner.token, { amount: 10000 });
    expectStatus(await t.api.post('/v1/payout_batches', { payout_ids: [payout.id] }, { token: admin.token }), 201);
    const response = await t.api.post<Report>('/v1/bank_statements?mode=test', undefined, {
      token: admin.token,
      rawBody: payoutStatement([{ payoutId: payout.id, amount: 10000, entryId: 'DBT-20' }]),
      headers: { 'content-type': 'application/xml' },
    });
    expectStatus(response, 200);
    assert.deepEqual(response.body.payouts_paid, []);
    assert.equal((await statusOf(t, owner.token, payout.id)).status, 'in_transit');
  });
});

describe('destination IBANs and the server log (contract section 23)', () => {
  let database: TestDatabase;
  let server: ServerProcess;

  before(async () => {
    database = await createTestDatabase();
    server = await startServerProcess(database, { ACCOUNTS_DEFAULT_MODE: 'live', LOG_LEVEL: 'trace', ADMIN_EMAIL, ADMIN_PASSWORD });
  });

  after(async () => {
    await server?.stop();
    await database?.drop();
  });

  it('writes no full IBAN to any log line at the most verbose level, through refusals, a batch, its file, a debit and a return', async () => {
    const { api } = server;
    const iban = IBANS.NL;
    // The same account number with a wrong check digit: refused, and its error is no excuse to log it either.
    const wrongCheck = `NL92${iban.slice(4)}`;
    const admin = await loginAdmin(api);
    const owner = await fundedOwner(api, admin, 100000);
    const destination = { iban, bic: 'ABNANL2A', name: 'Analytical Engines BV' };
    expectStatus(await api.post('/v1/payouts', payoutBody({ destination: { ...destination, iban: wrongCheck } }), { token: owner.token }), 400);
    expectStatus(
      await api.post('/v1/payouts', payoutBody({ destination: { ...destination, iban: `${iban.slice(0, 4)} ${iban.slice(4)}`.toLowerCase() } }), { token: owner.token }),
      201,
    );
    const paid = await createPayout(api, owner.token, { amount: 20000, destination });
    const returned = await createPayout(api, owner.token, { amount: 5000, destination });
    const batch = await api.post('/v1/payout_batches', { payout_ids: [paid.id, returned.id] }, { token: admin.token });
    expectStatus(batch, 201);
    assert.ok((await validBatchFile(api, admin, batch.body.id)).includes(iban), 'the bank file is where the IBAN goes');
    const statement = payoutStatement([
      { payoutId: paid.id, amount: 20000, entryId: 'DBT-LOG-1' },
      { payoutId: returned.id, amount: 5000, entryId: 'DBT-LOG-2' },
      { payoutId: returned.id, amount: 5000, entryId: 'RTR-LOG-2', returnReason: 'AC04' },
    ]);
    const imported = await api.post<{ payouts_paid: unknown[]; payouts_returned: unknown[] }>('/v1/bank_statements', undefined, {
      token: admin.token,
      rawBody: statement,
      headers: { 'content-type': 'application/xml' },
    });
    expectStatus(imported, 200);
    assert.deepEqual([imported.body.payouts_paid.length, imported.body.payouts_returned.length], [2, 1]);
    // Its log is complete once it has exited (lines are written asynchronously, flushed on exit).
    await server.stop();

    const written = server.logs.map((line) => JSON.stringify(line).toLowerCase());
    assert.ok(written.filter((line) => line.includes('request completed')).length >= 10, 'the server logged the requests: the check below reads a real log');
    const forms = [iban, wrongCheck, iban.slice(4), `${iban.slice(0, 4)} ${iban.slice(4)}`, iban.replace(/(.{4})(?!$)/g, '$1 ')].map((form) => form.toLowerCase());
    for (const form of forms) {
      const found = written.filter((line) => line.includes(form));
      assert.deepEqual(found, [], `an IBAN (${form}) in the log`);
    }
  });
});
