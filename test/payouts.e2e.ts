import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sql } from './support/sql';
import { expectError, expectStatus, expectValidationFields, loginAdmin } from './support/factories';
import { assertLedgerBalanced, createPayout, endToEndIds, euroBalance, fundedOwner, IBANS, painErrors, payoutBody, PayoutBody, validBatchFile } from './support/payouts';
import { useTestApp } from './support/test-app';

/**
 * Payouts (contract section 23): a payout reserves its amount with a pending `payout` debit, can be canceled while
 * pending, joins exactly one pain.001.001.09 batch file (valid against the official XSD), and never shows or stores
 * its IBAN in clear.
 */

/** Every IBAN these tests send, to look for in responses and tables. */
const ALL_IBANS = Object.values(IBANS);

function assertNoIban(text: string, where: string): void {
  for (const iban of ALL_IBANS) {
    assert.ok(!text.includes(iban), `${where} holds the full IBAN ${iban}`);
    assert.ok(!text.includes(iban.replace(/(.{4})/g, '$1 ').trim()), `${where} holds the IBAN ${iban} in print form`);
  }
}

describe('payouts of live accounts', () => {
  const t = useTestApp({ ACCOUNTS_DEFAULT_MODE: 'live' });

  it('refuses each invalid field with 400 naming it, and books nothing', async () => {
    const admin = await loginAdmin(t.api);
    const owner = await fundedOwner(t.api, admin, 50000);
    const invalid: [Record<string, unknown>, string][] = [
      [{ amount: 0 }, 'amount'],
      [{ amount: 10.5 }, 'amount'],
      [{ amount: '100' }, 'amount'],
      [{ amount: 100_000_000_000 }, 'amount'],
      [{ currency: 'USD' }, 'currency'],
      [{ destination: { iban: 'DE89370400440532013001', name: 'A' } }, 'destination.iban'],
      [{ destination: { iban: 'DE8937040044053201300', name: 'A' } }, 'destination.iban'],
      [{ destination: { iban: 'US64SVBKUS6S3300958879', name: 'A' } }, 'destination.iban'],
      [{ destination: { iban: IBANS.DE, bic: 'COBADE', name: 'A' } }, 'destination.bic'],
      [{ destination: { iban: IBANS.DE, bic: 'COBAXXFFXXX', name: 'A' } }, 'destination.bic'],
      [{ destination: { iban: IBANS.DE, name: 'x'.repeat(71) } }, 'destination.name'],
      [{ destination: { iban: IBANS.DE, name: 'Zoë & Söhne' } }, 'destination.name'],
      [{ destination: { iban: IBANS.DE, name: '   ' } }, 'destination.name'],
      [{ destination: { iban: IBANS.DE } }, 'destination.name'],
      [{ destination: { name: 'A' } }, 'destination.iban'],
      [{ destination: 'DE89370400440532013000' }, 'destination'],
      [{ reference: 'r'.repeat(141) }, 'reference'],
      [{ reference: 'Invoice #42' }, 'reference'],
      [{ description: 'd'.repeat(501) }, 'description'],
      [{ metadata: { key: 1 } }, 'metadata.key'],
      [{ iban: IBANS.DE }, 'iban'],
    ];
    for (const [fields, field] of invalid) {
      const response = await t.api.post('/v1/payouts', payoutBody(fields), { token: owner.token });
      expectValidationFields(response, [field], JSON.stringify(fields));
    }
    assert.deepEqual(await euroBalance(t.api, owner.token), { posted: 50000, pending: 50000, available: 50000 });
    assert.equal((await t.api.get('/v1/payouts', { token: owner.token })).body.data.length, 0);
  });

  it('takes an IBAN in print form and a lower-case BIC, and shows only the last four characters', async () => {
    const admin = await loginAdmin(t.api);
    const owner = await fundedOwner(t.api, admin, 50000);
    const response = await t.api.post(
      '/v1/payouts',
      payoutBody({ destination: { iban: 'fr14 2004 1010 0505 0001 3m02 606', bic: 'bnpafrppxxx', name: "O'Brien-Smith (Paris)" } }),
      { token: owner.token },
    );
    expectStatus(response, 201);
    assert.match(response.body.id, /^po_[0-9A-HJKMNP-TV-Z]{26}$/);
    assert.deepEqual(response.body.destination, { iban_last4: '2606', bic: 'BNPAFRPPXXX', name: "O'Brien-Smith (Paris)" });
    assert.equal(response.body.status, 'pending');
    assert.equal(response.body.livemode, true);
    assertNoIban(JSON.stringify(response.body), 'the creation response');
    assertNoIban(JSON.stringify((await t.api.get(`/v1/payouts/${response.body.id}`, { token: owner.token })).body), 'the payout');
  });

  it('reserves the amount at once with a pending payout debit; the overdraft guard refuses what does not fit', async () => {
    const admin = await loginAdmin(t.api);
    const owner = await fundedOwner(t.api, admin, 30000);
    const payout = await createPayout(t.api, owner.token, { amount: 20000 });
    assert.deepEqual(await euroBalance(t.api, owner.token), { posted: 30000, pending: 10000, available: 10000 });
    const debit = (await t.api.get(`/v1/transactions/${payout.transaction_id}`, { token: owner.token })).body;
    assert.deepEqual([debit.type, debit.direction, debit.status, debit.amount], ['payout', 'debit', 'pending', 20000]);
    expectError(await t.api.post('/v1/payouts', payoutBody({ amount: 10001 }), { token: owner.token }), 409, 'insufficient_funds');
    assert.deepEqual(await euroBalance(t.api, owner.token), { posted: 30000, pending: 10000, available: 10000 }, 'a refused payout books nothing');
    await createPayout(t.api, owner.token, { amount: 10000 });
    assert.equal((await euroBalance(t.api, owner.token)).available, 0);
    // Its debit moves only with the payout.
    expectError(await t.api.delete(`/v1/transactions/${payout.transaction_id}`, undefined, { token: owner.token }), 409, 'transaction_belongs_to_payout');
    expectError(await t.api.post(`/v1/transactions/${payout.transaction_id}/post`, {}, { token: admin.token }), 409, 'transaction_belongs_to_payout');
    expectValidationFields(await t.api.post('/v1/transactions', { type: 'payout', amount: 100, currency: 'EUR' }, { token: owner.token }), ['type']);
    await assertLedgerBalanced(t.api, admin);
  });

  it('of concurrent payouts against one balance, only those that fit are booked', async () => {
    const admin = await loginAdmin(t.api);
    const owner = await fundedOwner(t.api, admin, 50000);
    const answers = await Promise.all(Array.from({ length: 8 }, () => t.api.post('/v1/payouts', payoutBody({ amount: 10000 }), { token: owner.token })));
    assert.equal(answers.filter((answer) => answer.status === 201).length, 5);
    for (const answer of answers.filter((candidate) => candidate.status !== 201)) expectError(answer, 409, 'insufficient_funds');
    assert.deepEqual(await euroBalance(t.api, owner.token), { posted: 50000, pending: 0, available: 0 });
    await assertLedgerBalanced(t.api, admin);
  });

  it('cancels a pending payout: the reservation is released, payout.canceled is recorded, and a second cancel is 409', async () => {
    const admin = await loginAdmin(t.api);
    const owner = await fundedOwner(t.api, admin, 30000);
    const payout = await createPayout(t.api, owner.token, { amount: 30000 });
    assert.equal((await euroBalance(t.api, owner.token)).available, 0);
    const canceled = await t.api.post(`/v1/payouts/${payout.id}/cancel`, {}, { token: owner.token });
    expectStatus(canceled, 200);
    assert.equal(canceled.body.status, 'canceled');
    assert.deepEqual(await euroBalance(t.api, owner.token), { posted: 30000, pending: 30000, available: 30000 });
    assert.equal((await t.api.get(`/v1/transactions/${payout.transaction_id}`, { token: owner.token })).body.status, 'canceled');
    expectError(await t.api.post(`/v1/payouts/${payout.id}/cancel`, {}, { token: owner.token }), 409, 'payout_not_cancelable');
    // Live payouts move with the bank's statement only.
    expectError(await t.api.post(`/v1/test_helpers/payouts/${payout.id}/paid`, {}, { token: owner.token }), 403, 'test_mode_only');
    const events = (await t.api.get('/v1/events?type=payout.created,payout.canceled', { token: owner.token })).body.data as { type: string; data: { object: { id: string } } }[];
    assert.deepEqual(
      events.map((event) => [event.type, event.data.object.id]),
      [
        ['payout.canceled', payout.id],
        ['payout.created', payout.id],
      ],
    );
    await assertLedgerBalanced(t.api, admin);
  });

  it('keeps payouts to their account: another member reads 404, and only admins make batches', async () => {
    const admin = await loginAdmin(t.api);
    const owner = await fundedOwner(t.api, admin, 10000);
    const stranger = await fundedOwner(t.api, admin, 0);
    const payout = await createPayout(t.api, owner.token, { amount: 1000 });
    expectError(await t.api.get(`/v1/payouts/${payout.id}`, { token: stranger.token }), 404, 'payout_not_found');
    expectError(await t.api.post(`/v1/payouts/${payout.id}/cancel`, {}, { token: stranger.token }), 404, 'payout_not_found');
    expectError(await t.api.get('/v1/payouts/po_nonsense', { token: owner.token }), 404, 'payout_not_found');
    expectError(await t.api.post('/v1/payout_batches', {}, { token: owner.token }), 403, 'insufficient_permissions');
    expectError(await t.api.get('/v1/payout_batches/pob_01JDQ4Z8X9T2M3N4P5Q6R7S8T9/file', { token: admin.token }), 404, 'payout_batch_not_found');
    assert.deepEqual(
      ((await t.api.get('/v1/payouts', { token: stranger.token })).body.data as PayoutBody[]).map((listed) => listed.id),
      [],
    );
  });

  it('puts each pending payout into exactly one batch, also when batches are created concurrently; every file is valid pain.001.001.09', async () => {
    const admin = await loginAdmin(t.api);
    // Whatever earlier tests left pending joins the first batch too: settled first, so this test counts its own.
    await t.api.post('/v1/payout_batches', {}, { token: admin.token });
    const owners = await Promise.all([fundedOwner(t.api, admin, 500000), fundedOwner(t.api, admin, 500000)]);
    const payouts: PayoutBody[] = [];
    const ibans = Object.values(IBANS);
    for (let index = 0; index < 30; index++) {
      payouts.push(
        await createPayout(t.api, owners[index % 2].token, {
          amount: 1000 + index,
          destination: { iban: ibans[index % ibans.length], ...(index % 3 === 0 ? {} : { bic: 'COBADEFFXXX' }), name: `Merchant ${index}` },
          ...(index % 4 === 0 ? { reference: undefined } : {}),
        }),
      );
    }
    const answers = await Promise.all(Array.from({ length: 6 }, () => t.api.post('/v1/payout_batches', {}, { token: admin.token })));
    const created = answers.filter((answer) => answer.status === 201);
    assert.ok(created.length >= 1);
    for (const answer of answers.filter((candidate) => candidate.status !== 201)) expectError(answer, 409, 'payout_batch_empty');
    const inFiles: string[] = [];
    for (const batch of created) {
      const xml = await validBatchFile(t.api, admin, batch.body.id);
      assertNoIban(JSON.stringify(batch.body), 'the batch response');
      const ids = endToEndIds(xml);
      assert.equal(ids.length, batch.body.payout_count);
      inFiles.push(...ids);
      // Rebuilt from the rows on each download: the same file.
      assert.equal(await validBatchFile(t.api, admin, batch.body.id), xml);
    }
    assert.deepEqual([...inFiles].sort(), payouts.map((payout) => payout.id).sort(), 'each payout in exactly one file');
    const file = await validBatchFile(t.api, admin, created[0].body.id);
    assert.match(file, /<Dbtr><Nm>Example Merchant GmbH \(test details\)<\/Nm><\/Dbtr><DbtrAcct><Id><IBAN>DE89370400440532013000<\/IBAN>/);
    for (const payout of payouts) {
      const read = (await t.api.get(`/v1/payouts/${payout.id}`, { token: admin.token })).body;
      assert.equal(read.status, 'in_transit');
      assert.ok(created.some((batch) => batch.body.id === read.batch_id));
    }
    // In a file, a payout is with the bank: no cancel, and its account cannot close yet.
    expectError(await t.api.post(`/v1/payouts/${payouts[0].id}/cancel`, {}, { token: owners[0].token }), 409, 'payout_not_cancelable');
    expectError(await t.api.delete('/v1/auth/close', undefined, { token: owners[0].token }), 409, 'account_has_payouts_in_transit');
    expectError(await t.api.post('/v1/payout_batches', { payout_ids: [payouts[0].id] }, { token: admin.token }), 409, 'payout_batch_empty');
    const events = (await t.api.get(`/v1/events?type=payout.in_transit&account_id=${owners[0].accountId}&limit=100`, { token: admin.token })).body.data;
    assert.equal(events.length, 15);
    await assertLedgerBalanced(t.api, admin);
  });

  it('batches only the payouts named, and the file validator catches a broken file', async () => {
    const admin = await loginAdmin(t.api);
    await t.api.post('/v1/payout_batches', {}, { token: admin.token });
    const owner = await fundedOwner(t.api, admin, 100000);
    const [first, second] = [await createPayout(t.api, owner.token), await createPayout(t.api, owner.token)];
    const batch = await t.api.post('/v1/payout_batches', { payout_ids: [second.id, 'po_nonsense'] }, { token: admin.token });
    expectStatus(batch, 201);
    assert.deepEqual([batch.body.payout_count, batch.body.total_amount, batch.body.currency], [1, 10000, 'EUR']);
    const xml = await validBatchFile(t.api, admin, batch.body.id);
    assert.deepEqual(endToEndIds(xml), [second.id]);
    assert.match(xml, /<CtrlSum>100\.00<\/CtrlSum>/);
    assert.equal((await t.api.get(`/v1/payouts/${first.id}`, { token: owner.token })).body.status, 'pending');
    // The check can fail: a file without its debtor account is refused by the XSD.
    assert.notDeepEqual(await painErrors(xml.replace(/<DbtrAcct>.*?<\/DbtrAcct>/, '')), []);
    await assertLedgerBalanced(t.api, admin);
  });

  it('stores no IBAN in clear in any table', async () => {
    const admin = await loginAdmin(t.api);
    const owner = await fundedOwner(t.api, admin, 10000);
    const payout = await createPayout(t.api, owner.token, { amount: 5000, destination: { iban: IBANS.NL, name: 'Dutch Merchant BV' } });
    const batch = await t.api.post('/v1/payout_batches', { payout_ids: [payout.id] }, { token: admin.token });
    expectStatus(batch, 201);
    await validBatchFile(t.api, admin, batch.body.id);
    const stored = await sql(t.databaseUrl, 'SELECT * FROM payouts WHERE id = $1', [payout.id]);
    assert.equal(stored.rows.length, 1);
    assert.match(String(stored.rows[0].iban_sealed), /^v1\./);
    for (const table of ['payouts', 'payout_batches', 'transactions', 'events', 'audit_log', 'idempotency_keys']) {
      const rows = await sql(t.databaseUrl, `SELECT * FROM ${table}`);
      assertNoIban(JSON.stringify(rows.rows), `table ${table}`);
    }
  });
});

describe('payouts of test accounts', () => {
  const t = useTestApp();

  it('never enter a batch file; the test helpers pay and return them', async () => {
    const admin = await loginAdmin(t.api);
    const owner = await fundedOwner(t.api, admin, 30000);
    const paid = await createPayout(t.api, owner.token, { amount: 10000 });
    const returned = await createPayout(t.api, owner.token, { amount: 5000 });
    assert.equal((await t.api.get(`/v1/payouts/${paid.id}`, { token: owner.token })).body.livemode, false);
    expectError(await t.api.post('/v1/payout_batches', { payout_ids: [paid.id] }, { token: admin.token }), 409, 'payout_batch_empty');

    const afterPaid = await t.api.post(`/v1/test_helpers/payouts/${paid.id}/paid`, {}, { token: owner.token });
    expectStatus(afterPaid, 200);
    assert.equal(afterPaid.body.status, 'paid');
    assert.deepEqual(await euroBalance(t.api, owner.token), { posted: 20000, pending: 15000, available: 15000 });
    expectError(await t.api.post(`/v1/test_helpers/payouts/${paid.id}/paid`, {}, { token: owner.token }), 409, 'payout_not_cancelable');

    expectValidationFields(await t.api.post(`/v1/test_helpers/payouts/${returned.id}/returned`, { reason: 'closed' }, { token: owner.token }), ['reason']);
    const back = await t.api.post(`/v1/test_helpers/payouts/${returned.id}/returned`, { reason: 'AC04' }, { token: owner.token });
    expectStatus(back, 200);
    assert.deepEqual([back.body.status, back.body.failure_code], ['returned', 'AC04']);
    assert.equal(afterPaid.body.return_transaction_id, null);
    const credit = (await t.api.get(`/v1/transactions/${back.body.return_transaction_id}`, { token: owner.token })).body;
    assert.deepEqual(
      [credit.type, credit.direction, credit.amount, credit.status],
      ['payout', 'credit', 5000, 'posted'],
      'return_transaction_id names the credit that booked it back',
    );
    assert.deepEqual(await euroBalance(t.api, owner.token), { posted: 20000, pending: 20000, available: 20000 }, 'the returned amount is back');
    // A paid payout can come back too.
    const later = await t.api.post(`/v1/test_helpers/payouts/${paid.id}/returned`, { reason: 'MS03' }, { token: owner.token });
    assert.deepEqual([later.body.status, later.body.failure_code], ['returned', 'MS03']);
    assert.deepEqual(await euroBalance(t.api, owner.token), { posted: 30000, pending: 30000, available: 30000 });
    await assertLedgerBalanced(t.api, admin);
  });

  it('closing an account cancels its pending payouts and releases their reservation', async () => {
    const admin = await loginAdmin(t.api);
    const owner = await fundedOwner(t.api, admin, 30000);
    const payout = await createPayout(t.api, owner.token, { amount: 10000 });
    expectStatus(await t.api.delete('/v1/auth/close', undefined, { token: owner.token }), 200);
    const read = (await t.api.get(`/v1/payouts/${payout.id}`, { token: admin.token })).body;
    assert.equal(read.status, 'canceled');
    const debit = (await t.api.get(`/v1/transactions/${payout.transaction_id}`, { token: admin.token })).body;
    assert.equal(debit.status, 'canceled');
    await assertLedgerBalanced(t.api, admin);
  });
});
