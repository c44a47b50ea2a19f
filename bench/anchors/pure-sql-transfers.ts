/**
 * Anchor for a transfer through the API on PostgreSQL: the least a ledger can do for one, in SQL alone,
 * driven by pgbench on the same server in a throwaway database. Each transaction locks the two balance
 * rows in id order, updates both, inserts the two entries and commits: what `POST /v1/transactions` of a
 * transfer does in its books, without HTTP, authentication, events, idempotency or the transaction row.
 * The same two hot accounts as the API's side, and as many clients as its connections.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { withAdminClient } from '../../test/support/test-app';
import { PgbenchDatabase, runPgbench, throwawayDatabase } from './pgbench';

const SCHEMA = `CREATE TABLE balances (account_id integer PRIMARY KEY, posted bigint NOT NULL);
CREATE TABLE entries (id bigserial PRIMARY KEY, transfer_id bigint NOT NULL, account_id integer NOT NULL, amount bigint NOT NULL, posted_at timestamptz NOT NULL DEFAULT now());
CREATE INDEX entries_account ON entries (account_id, id);
INSERT INTO balances VALUES (1, 0), (2, 0);`;

/** From account 1 to account 2: both balance rows locked in id order, updated, two entries, one commit. */
const TRANSFER = `\\set amount random(1, 1000)
BEGIN;
SELECT account_id FROM balances WHERE account_id IN (1, 2) ORDER BY account_id FOR UPDATE;
UPDATE balances SET posted = posted - :amount WHERE account_id = 1;
UPDATE balances SET posted = posted + :amount WHERE account_id = 2;
INSERT INTO entries (transfer_id, account_id, amount) VALUES (:client_id, 1, -:amount), (:client_id, 2, :amount);
END;
`;

export function preparePureSqlTransfers(serverUrl: string): Promise<PgbenchDatabase> {
  return throwawayDatabase(serverUrl, 'bench_transfers', (url) => withAdminClient(url, (client) => client.query(SCHEMA)));
}

/** One timed run of `clients` pgbench clients transferring between the two hot accounts: transfers per second. */
export async function runPureSqlTransfers(databaseUrl: string, clients: number, seconds: number): Promise<number> {
  const directory = mkdtempSync(join(tmpdir(), 'bench-transfers-'));
  try {
    const script = join(directory, 'transfer.sql');
    writeFileSync(script, TRANSFER);
    const output = await runPgbench(['-n', '-f', script, '-c', String(clients), '-j', '2', '-T', String(seconds), databaseUrl]);
    const match = /^tps = ([\d.]+) \(without initial connection time\)/m.exec(output);
    if (match === null) throw new Error(`pgbench printed no tps:\n${output}`);
    return Number(match[1]);
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}
