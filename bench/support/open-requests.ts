// Open bank-transfer payment requests, written straight into the bench database: 100,000 of them
// through the API would take longer than the figures they serve. Each copies a request the API
// made (its account, mode, provider, expiry...) and gets what the service would give it: an id
// made at a given time, its RF creditor reference, a checkout token of its own, an amount.
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { idCreatedAt } from '../../src/common/ids/ids';
import { Sql } from '../../src/database/sql';
import { creditorReferenceFor } from '../../src/payments/providers/bank-transfer/creditor-reference';

/** As src/payments/payments.service.ts makes them. */
const CHECKOUT_TOKEN_BYTES = 24;
/** Rows per INSERT: 500 rows of about 25 columns stay under both databases' limits on parameters. */
const ROWS_PER_INSERT = 500;
const READ_REQUEST = new Sql('SELECT * FROM payment_requests WHERE id = $1');
const COUNT_PENDING = new Sql("SELECT COUNT(*) AS open FROM payment_requests WHERE account_id = $1 AND provider = 'bank_transfer' AND status = 'pending'");

/** What a statement line must quote and pay to settle one request. */
export interface OpenRequest {
  id: string;
  reference: string;
  amount: number;
}

/** A request the API made, as its row reads: the model of the rows written beside it. */
export type RequestRow = Record<string, unknown>;

export async function readRequestRow(dataSource: DataSource, paymentId: string): Promise<RequestRow> {
  const row = await READ_REQUEST.row<RequestRow>(dataSource.manager, [paymentId]);
  if (row === null) throw new Error(`no payment request ${paymentId}`);
  if (row.provider !== 'bank_transfer' || row.status !== 'pending' || row.provider_reference !== creditorReferenceFor(paymentId)) {
    throw new Error(`${paymentId} is not an open bank-transfer request with its RF reference: ${JSON.stringify(row)}`);
  }
  return row;
}

/**
 * `count` pending requests like `model`, created one millisecond apart from `createdFrom` on, with amounts
 * spread over 1.00 to 99.99, in one database transaction; ANALYZE on PostgreSQL afterwards (autovacuum is off
 * on the shared server here, and the planner should see the table as it now is).
 */
export async function writeOpenRequests(dataSource: DataSource, model: RequestRow, count: number, createdFrom: Date): Promise<OpenRequest[]> {
  const columns = Object.keys(model);
  const written: OpenRequest[] = [];
  const rows: unknown[][] = [];
  for (let index = 0; index < count; index += 1) {
    const createdAt = new Date(createdFrom.getTime() + index);
    const id = idCreatedAt('pay', createdAt);
    const reference = creditorReferenceFor(id);
    const amount = 100 + ((index * 7919) % 9900);
    const token = randomBytes(CHECKOUT_TOKEN_BYTES).toString('base64url');
    const values: RequestRow = {
      ...model,
      id,
      provider_reference: reference,
      checkout_token: token,
      payment_url: String(model.payment_url).replace(String(model.checkout_token), token),
      amount,
      created_at: createdAt.getTime(),
      updated_at: createdAt.getTime(),
    };
    rows.push(columns.map((column) => values[column]));
    written.push({ id, reference, amount });
  }
  await dataSource.transaction(async (manager) => {
    for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
      const chunk = rows.slice(start, start + ROWS_PER_INSERT);
      await new Sql(insertText(columns, chunk.length)).run(manager, chunk.flat());
    }
  });
  if (dataSource.options.type === 'postgres') await dataSource.query('ANALYZE payment_requests');
  return written;
}

function insertText(columns: readonly string[], rowCount: number): string {
  const placeholders = Array.from({ length: rowCount }, (_, row) => `(${columns.map((_, column) => `$${row * columns.length + column + 1}`).join(', ')})`);
  return `INSERT INTO payment_requests (${columns.join(', ')}) VALUES ${placeholders.join(', ')}`;
}

/** An account's pending bank-transfer requests (whatever their expiry: the bench's do not expire while it runs). */
export async function countOpenRequests(dataSource: DataSource, accountId: string): Promise<number> {
  return Number((await COUNT_PENDING.row<{ open: number | string }>(dataSource.manager, [accountId]))?.open ?? 0);
}
