/**
 * Give-backs of one credit (refunds by either route, reversals) and the writes that race them take their row locks
 * in the one order of src/database/lock-order.md, so on PostgreSQL they queue and never deadlock: a deadlock is
 * answered 500 and throws its unit of work away. The long model run met one (issue 32): a refund booked through
 * POST /v1/transactions took its account's event stream before the credit and its payment request, while a refund
 * of that request took them the other way round.
 */
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { before, describe, it } from 'node:test';
import { Client } from 'pg';
import { ApiResponse } from './support/api-client';
import { statementCsv } from './support/camt053';
import { accountOwner, expectStatus, LoggedIn, loginAdmin } from './support/factories';
import { listItems } from './support/shapes';
import { sql } from './support/sql';
import { useTestApp } from './support/test-app';

type Owner = LoggedIn & { accountId: string };
interface Paid {
  id: string;
  transaction_id: string;
}

const onPostgres = process.env.TEST_DATABASE_URL !== undefined;
/** What the statement credit brings in: the model run's figure (JPY has no minor unit). */
const CREDITED = 99;
const REFUSALS = new Set(['insufficient_funds', 'refund_exceeds_payment', 'payment_not_refundable', 'transaction_has_refunds', 'transaction_already_reversed', 'validation_error']);

describe('give-backs of one credit take their locks in one order', () => {
  const t = useTestApp();
  let admin: LoggedIn;
  before(async () => {
    admin = await loginAdmin(t.api);
  });

  /** An owner whose account forbids overdrafts and whose bank-transfer request a statement line settled (refunds wait for the bank). */
  async function settledByStatement(): Promise<{ owner: Owner; paid: Paid }> {
    const owner = await accountOwner(t.api);
    expectStatus(await t.api.patch('/v1/accounts', { overdraft: 'forbidden' }, { token: owner.token }), 200);
    const request = { purpose: 'invoice', amount: CREDITED, currency: 'JPY', customer: { email: 'payer@example.com' }, provider: 'bank_transfer' };
    const created = await t.api.post('/v1/payments', request, { token: owner.token });
    expectStatus(created, 201);
    const csv = statementCsv([{ amount: CREDITED, currency: 'JPY', reference: created.body.provider_reference }]);
    expectStatus(await t.api.post('/v1/bank_statements?mode=test', undefined, { token: admin.token, rawBody: csv, headers: { 'content-type': 'text/csv' } }), 200);
    const paid = (await t.api.get(`/v1/payments/${created.body.id}`, { token: owner.token })).body as Paid;
    assert.ok(paid.transaction_id, 'the statement line settled the request');
    return { owner, paid };
  }

  const reverse = (creditId: string) => t.api.post(`/v1/transactions/${creditId}/reverse`, {}, { token: admin.token });
  const refundByRequest = (owner: Owner, paymentId: string, amount: number) => t.api.post(`/v1/payments/${paymentId}/refunds`, { amount }, { token: owner.token });
  const refundByTransaction = (by: LoggedIn, owner: Owner, creditId: string, amount: number) =>
    t.api.post(
      '/v1/transactions',
      { type: 'refund', amount, currency: 'JPY', refunded_transaction_id: creditId, account_id: by === admin ? owner.accountId : undefined },
      { token: by.token },
    );
  const amendCredit = (owner: Owner, creditId: string, note: string) => t.api.patch(`/v1/transactions/${creditId}`, { metadata: { note } }, { token: owner.token });

  /**
   * The books as the answers say they should be, whatever won: the credit's reserve is the accepted refunds, its request
   * shows the same, a reversal only of an unrefunded credit, no refund transaction that was not answered 201 (nothing of
   * a failed request half-applied), the balance, and the ledger check.
   */
  async function expectBooksAsAnswered(owner: Owner, paid: Paid, answers: readonly ApiResponse[], label: string): Promise<void> {
    const accepted = answers.filter((answer) => answer.status === 201);
    const reversals = accepted.filter((answer) => answer.body.reverses_transaction_id === paid.transaction_id);
    const refunds = accepted.filter((answer) => !reversals.includes(answer));
    const refunded = refunds.reduce((sum, answer) => sum + (answer.body.amount as number), 0);
    const credit = (await t.api.get(`/v1/transactions/${paid.transaction_id}`, { token: admin.token })).body;
    assert.equal(credit.amount_refunded, refunded, `${label}: the credit's reserve is the refunds answered 201`);
    assert.equal(credit.reversed_by_transaction_id, reversals[0]?.body.id ?? null, `${label}: reversed by the one reversal answered 201`);
    assert.ok(reversals.length === 0 || refunded === 0, `${label}: reversed and refunded`);
    const request = (await t.api.get(`/v1/payments/${paid.id}`, { token: owner.token })).body;
    assert.equal(request.amount_refunded, refunded, `${label}: the request's amount_refunded is its credit's`);
    const listed = (await listItems(t.api, owner.token, '/v1/transactions?type=refund')) as { id: string; status: string }[];
    const answered = refunds.map((answer) => (answer.body.transaction_id as string | undefined) ?? (answer.body.id as string));
    const live = listed.filter((row) => row.status !== 'canceled').map((row) => row.id);
    assert.deepEqual(live.sort(), answered.sort(), `${label}: the refund transactions not canceled are those answered 201`);
    const balances = (await t.api.get('/v1/account/balances', { token: owner.token })).body.balances as { currency: string; posted: number; available: number }[];
    const jpy = balances.find((balance) => balance.currency === 'JPY');
    const posted = reversals.length === 0 ? CREDITED : 0;
    assert.deepEqual({ posted: jpy?.posted, available: jpy?.available }, { posted, available: posted - refunded }, `${label}: the balance`);
    const check = await t.api.get('/v1/ledger/check', { token: admin.token });
    assert.equal(check.body.ok, true, `${label}: ${JSON.stringify(check.body.differences)}`);
  }

  it('answers the race the model run met (reversals, a refund by the request, refunds by the transactions route) with refusals the rules allow, never a 500, and leaves the books as answered', async () => {
    for (let round = 0; round < 40; round += 1) {
      const { owner, paid } = await settledByStatement();
      // The refund by the transactions route leaves first; the others follow within a few milliseconds, so that
      // rounds meet it at each of its statements.
      const byTransaction = refundByTransaction(owner, owner, paid.transaction_id, 14);
      await sleep(round % 4);
      const answers = await Promise.all([
        byTransaction,
        refundByRequest(owner, paid.id, 106),
        reverse(paid.transaction_id),
        refundByTransaction(admin, owner, paid.transaction_id, 77),
        reverse(paid.transaction_id),
      ]);
      for (const answer of answers) assert.ok(answer.status === 201 || REFUSALS.has(answer.body.error_code), `round ${round}: ${answer.status} ${JSON.stringify(answer.body)}`);
      await expectBooksAsAnswered(owner, paid, answers, `round ${round}`);
    }
  });

  describe('on PostgreSQL, with the interleaving that deadlocked forced by a lock the test holds', { skip: onPostgres ? false : 'row locks are PostgreSQL’s' }, () => {
    /**
     * Holds the credit's metadata row, so that an amendment of the credit (which writes the credit's row first, then
     * its metadata rows, then its account's event stream) waits there holding the credit; `meanwhile` then runs
     * until it too waits, and the row is let go. Before the fix, `meanwhile` held the stream and waited for the credit:
     * a deadlock, which PostgreSQL broke by failing `meanwhile`, the first of the two to wait.
     */
    async function amendWhile(owner: Owner, paid: Paid, meanwhile: () => Promise<ApiResponse>): Promise<[ApiResponse, ApiResponse]> {
      expectStatus(await amendCredit(owner, paid.transaction_id, 'before'), 200);
      const holder = new Client({ connectionString: t.databaseUrl });
      await holder.connect();
      try {
        await holder.query('BEGIN');
        await holder.query('SELECT key FROM transaction_metadata WHERE transaction_id = $1 FOR UPDATE', [paid.transaction_id]);
        const amended = amendCredit(owner, paid.transaction_id, 'during');
        await waitersOnLocks(1);
        const other = meanwhile();
        await waitersOnLocks(2);
        await holder.query('COMMIT');
        return await Promise.all([amended, other]);
      } finally {
        await holder.end();
      }
    }

    /** Waits until `count` connections of the test's database wait for a lock. */
    async function waitersOnLocks(count: number): Promise<void> {
      const waiting = `SELECT count(*)::int AS waiting FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
        WHERE NOT l.granted AND a.datname = current_database()`;
      for (let attempt = 0; attempt < 200; attempt += 1) {
        if (((await sql(t.databaseUrl, waiting)).rows[0].waiting as number) >= count) return;
        await sleep(10);
      }
      assert.fail(`${count} connection(s) never waited for a lock`);
    }

    it('books a refund through the transactions route while its credit is amended: the refund queues behind the amendment', async () => {
      const { owner, paid } = await settledByStatement();
      const [amended, refund] = await amendWhile(owner, paid, () => refundByTransaction(owner, owner, paid.transaction_id, 14));
      expectStatus(amended, 200);
      expectStatus(refund, 201);
      await expectBooksAsAnswered(owner, paid, [refund], 'booked');
    });

    it('cancels a refund through the transactions route while its credit is amended: the cancel queues behind the amendment', async () => {
      const { owner, paid } = await settledByStatement();
      const refund = await refundByTransaction(owner, owner, paid.transaction_id, 14);
      expectStatus(refund, 201);
      const [amended, canceled] = await amendWhile(owner, paid, () => t.api.delete(`/v1/transactions/${refund.body.id}`, undefined, { token: owner.token }));
      expectStatus(amended, 200);
      expectStatus(canceled, 200);
      await expectBooksAsAnswered(owner, paid, [], 'canceled');
    });
  });
});
