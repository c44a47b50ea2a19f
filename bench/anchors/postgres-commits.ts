/**
 * Anchor for work done one transaction after another on PostgreSQL: `count` single-row INSERTs, each its own
 * committed transaction, sent one after the other over one connection, into a scratch table of the bench
 * database (made for it and dropped afterwards). The least any sequence of committed transactions costs on
 * this server: a round trip and a WAL flush each. Run from the bench process: pg waits on the socket, so
 * the figure is the server's and the loopback's, not this process's.
 */
import { Client } from 'pg';
import { performance } from 'node:perf_hooks';

export async function runPostgresCommits(databaseUrl: string, count: number): Promise<number> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  const table = `anchor_commits_${process.pid}`;
  try {
    await client.query(
      `CREATE TABLE ${table} (id VARCHAR(40) PRIMARY KEY, account_id VARCHAR(40) NOT NULL, amount BIGINT NOT NULL, currency VARCHAR(3) NOT NULL, created_at BIGINT NOT NULL)`,
    );
    const insert = { name: 'anchor_commit', text: `INSERT INTO ${table} (id, account_id, amount, currency, created_at) VALUES ($1, $2, $3, $4, $5)` };
    const began = performance.now();
    for (let commit = 0; commit < count; commit += 1) {
      await client.query({ ...insert, values: [`row_${commit}`, 'acc_bench', 1250, 'EUR', Date.now()] });
    }
    return count / ((performance.now() - began) / 1000);
  } finally {
    await client.query(`DROP TABLE IF EXISTS ${table}`);
    await client.end();
  }
}
