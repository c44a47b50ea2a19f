import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DataSource } from 'typeorm';
import { WebhookDeliveriesRepository } from '../src/webhooks/webhook-deliveries.repository';
import { accountOwner, expectStatus } from './support/factories';
import { startTestApp, TestApp } from './support/test-app';

const STREAMS = 16;
const DELIVERED_PER_STREAM = 200;
const PENDING_PER_STREAM = 300;
/** Far ahead: the application's own worker never finds these deliveries due; the claims below pass a `now` after it. */
const DUE_AT = Date.UTC(2099, 0, 1);
const CLAIMED_AT = new Date(Date.UTC(2100, 0, 1));

/** Index entries read on webhook_deliveries so far, as this session's statistics show them once flushed. */
async function indexEntriesRead(owner: DataSource): Promise<number> {
  await owner.query('SELECT pg_stat_force_next_flush()');
  await owner.query('SELECT pg_stat_clear_snapshot()');
  const [row] = await owner.query<{ entries: string }[]>("SELECT COALESCE(SUM(idx_tup_read), 0) AS entries FROM pg_stat_user_indexes WHERE relname = 'webhook_deliveries'");
  return Number(row.entries);
}

/*
 * Issue 35: a queue's statistics are those of the moment it was last analyzed, often a drained queue. The claim
 * of a stream's next run must then still read that stream's deliveries, not every pending one: before the
 * queue's indexes covered its pending rows only, PostgreSQL's planner took the due index for it, and under load
 * each continuation claim took seconds.
 */
describe('The webhook queue on PostgreSQL, with the statistics of an empty queue', { skip: process.env.TEST_DATABASE_URL ? false : 'PostgreSQL only' }, () => {
  let t: TestApp;
  let owner: DataSource;
  let endpointId: string;

  before(async () => {
    t = await startTestApp({ WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOW_PRIVATE: 'true' });
    // One connection: the statistics read are those of the session that ran the claim.
    owner = await new DataSource({ type: 'postgres', url: t.databaseUrl, poolSize: 1 }).initialize();
    const account = await accountOwner(t.api);
    const endpoint = await t.api.post<{ id: string }>('/v1/webhook_endpoints', { url: 'http://127.0.0.1:9/hooks', enabled_events: ['*'] }, { token: account.token });
    expectStatus(endpoint, 201);
    endpointId = endpoint.body.id;
    // Autovacuum would analyze the table once the pending rows arrive: the point is statistics that lag.
    await owner.query('ALTER TABLE webhook_deliveries SET (autovacuum_enabled = false)');
    await insertDeliveries('succeeded', 1, DELIVERED_PER_STREAM);
    await owner.query('ANALYZE webhook_deliveries');
    await insertDeliveries('pending', DELIVERED_PER_STREAM + 1, PENDING_PER_STREAM);
  });

  after(async () => {
    await owner?.destroy();
    await t?.close();
  });

  async function insertDeliveries(status: string, firstSequence: number, perStream: number): Promise<void> {
    await owner.query(
      `INSERT INTO webhook_deliveries (id, endpoint_id, event_id, stream, sequence, ordered, status, attempts, next_attempt_at, locked_until, created_at, updated_at)
       SELECT 'whd_' || $2 || '_' || lpad(stream::text, 2, '0') || '_' || lpad(sequence::text, 6, '0'), $1, 'evt_' || stream || '_' || sequence,
         'stream-' || lpad(stream::text, 2, '0'), sequence, true, $2, 0, CASE WHEN $2 = 'pending' THEN $5::bigint END, NULL, 1, 1
       FROM generate_series(0, $3 - 1) stream, generate_series($4::bigint, $4::bigint + $6 - 1) sequence`,
      [endpointId, status, STREAMS, firstSequence, DUE_AT, perStream],
    );
  }

  it("claims a stream's next run reading that stream's deliveries only, in sequence order", async () => {
    const repository = t.app.get(WebhookDeliveriesRepository);

    const before = await indexEntriesRead(owner);
    const claimed = await owner.transaction((manager) =>
      repository.claimStreams(manager, CLAIMED_AT, new Date(CLAIMED_AT.getTime() + 15_000), [{ endpointId, stream: 'stream-03' }], 100),
    );
    const read = (await indexEntriesRead(owner)) - before;

    assert.equal(claimed.length, 100);
    assert.ok(claimed.every((delivery) => delivery.stream === 'stream-03'));
    assert.deepEqual(
      claimed.map((delivery) => delivery.sequence).sort((a, b) => a - b),
      Array.from({ length: 100 }, (_, index) => DELIVERED_PER_STREAM + 1 + index),
    );
    // The run's 100 rows and their seeks; the queue holds 4,800 pending deliveries.
    assert.ok(read < 1_000, `the claim read ${read} index entries of a queue of ${STREAMS * PENDING_PER_STREAM} pending deliveries`);
  });
});
