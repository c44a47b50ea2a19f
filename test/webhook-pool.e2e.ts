import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DataSource } from 'typeorm';
import { CONNECTION_NAMES } from '../src/database/connection-names';
import { accountOwner, expectStatus } from './support/factories';
import { startTestApp, TestApp } from './support/test-app';
import { WebhookReceiver } from './support/webhook-receiver';

/** What pg's pool lends (TypeORM keeps the pool as the driver's `master`). */
interface PgPool {
  connect(): Promise<{ release(): void }>;
}

/*
 * Contract section 17: the webhook worker has its own small pool, so that
 * deliveries keep flowing while requests hold every connection of the main one.
 */
describe('Webhook deliveries while requests hold the whole pool', { skip: process.env.TEST_DATABASE_URL ? false : 'PostgreSQL only' }, () => {
  let test: TestApp;
  const receiver = new WebhookReceiver();
  let url: string;

  before(async () => {
    url = await receiver.start();
    test = await startTestApp({ WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_WAITS: '1s', DATABASE_POOL_SIZE: '3', WEBHOOK_POOL_SIZE: '1' });
  });

  after(async () => {
    await test?.close();
    await receiver.stop();
  });

  it('delivers a queued retry while every connection of the main pool is taken', async () => {
    const owner = await accountOwner(test.api);
    expectStatus(await test.api.post('/v1/webhook_endpoints', { url, enabled_events: ['transaction.created'] }, { token: owner.token }), 201);
    // The first attempt fails: the retry is due in a second, when the main pool is full.
    receiver.answer = ({ index }) => (index === 0 ? 503 : 200);
    expectStatus(await test.api.post('/v1/transactions', { type: 'credit', amount: 500, currency: 'EUR' }, { token: owner.token }), 201);
    await receiver.waitFor(() => receiver.received.length === 1, 'the failed first attempt');

    const pool = (test.app.get(DataSource).driver as unknown as { master: PgPool }).master;
    const held = await Promise.all([1, 2, 3].map(() => pool.connect()));
    try {
      const startedAt = Date.now();
      await receiver.waitFor(() => receiver.accepted().length === 1, 'the retry, sent with the main pool full', 8_000);
      // The main pool's wait for a connection gives up after 5 s: the retry came well before.
      assert.ok(Date.now() - startedAt < 4_000, `delivered after ${Date.now() - startedAt} ms`);
    } finally {
      for (const client of held) client.release();
    }
  });

  it('names its connections after their pool, so that pg_stat_activity tells the requests from the worker', async () => {
    const dataSource = test.app.get(DataSource);
    const namesSeen = async (): Promise<string[]> => {
      const rows: { application_name: string }[] = await dataSource.query(
        // Client backends only: an autovacuum worker on this database shows an empty application_name.
        "SELECT DISTINCT application_name FROM pg_stat_activity WHERE datname = current_database() AND backend_type = 'client backend' ORDER BY application_name",
      );
      return rows.map((row) => row.application_name);
    };
    // The worker polls for due deliveries a few times a second: its connection opens within moments.
    const deadline = Date.now() + 5_000;
    let names = await namesSeen();
    while (!names.includes(CONNECTION_NAMES.webhooks) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      names = await namesSeen();
    }
    assert.deepEqual(names, [CONNECTION_NAMES.requests, CONNECTION_NAMES.webhooks]);
  });
});
