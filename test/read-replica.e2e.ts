import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { accountOwner, expectStatus, LoggedIn, loginAdmin } from './support/factories';
import { startTestApp, TestApp } from './support/test-app';
import { postgresBinaries, PrimaryWithReplica, startPrimaryWithReplica, ThrowawayPostgres, withClient } from './support/throwaway-services';

/*
 * Contract section 17: a real streaming replica, made by pg_basebackup from a
 * throwaway primary. Replay is paused on it (pg_wal_replay_pause) to make it
 * fall behind on purpose, and it is stopped to make it go away.
 */

const bin = postgresBinaries();
const skip = !process.env.TEST_DATABASE_URL ? 'PostgreSQL only' : bin === null ? 'no PostgreSQL server binaries' : false;
const MAX_LAG_SECONDS = 3;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('Lists from a read replica', { skip }, () => {
  let clusters: PrimaryWithReplica;
  let replica: ThrowawayPostgres;
  let test: TestApp;
  let owner: LoggedIn & { accountId: string };
  let admin: LoggedIn;

  async function replicaState(): Promise<{ replica: string; replica_lag_ms: number | null }> {
    const ready = await test.api.get('/health/ready');
    expectStatus(ready, 200);
    return ready.body.checks;
  }

  async function waitForReplica(state: string, timeoutMs = 15_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while ((await replicaState()).replica !== state) {
      if (Date.now() > deadline) throw new Error(`the replica is still ${JSON.stringify(await replicaState())}, not ${state}`);
      await sleep(100);
    }
  }

  /** A credit, posted (by an admin) so that it counts in `posted` balances. */
  async function credit(amount: number): Promise<string> {
    const created = await test.api.post('/v1/transactions', { type: 'credit', amount, currency: 'EUR' }, { token: owner.token });
    expectStatus(created, 201);
    expectStatus(await test.api.post(`/v1/transactions/${created.body.id}/post`, {}, { token: admin.token }), 200);
    return created.body.id;
  }

  async function listedIds(): Promise<string[]> {
    const list = await test.api.get('/v1/transactions?limit=100', { token: owner.token });
    expectStatus(list, 200);
    return list.body.data.map((transaction: { id: string }) => transaction.id);
  }

  const onReplica = (sql: string) => withClient(replica.url('app'), (client) => client.query(sql));

  before(async () => {
    clusters = await startPrimaryWithReplica(bin!, 'app');
    replica = clusters.replica;
    test = await startTestApp(
      { DATABASE_REPLICA_URL: replica.url('app'), DATABASE_REPLICA_MAX_LAG: `${MAX_LAG_SECONDS}s` },
      { url: clusters.primary.url('app'), drop: async () => undefined },
    );
    owner = await accountOwner(test.api);
    admin = await loginAdmin(test.api);
  });

  after(async () => {
    await test?.close();
    await clusters?.destroy();
  });

  it('serves lists and as_of balances from the replica while it keeps up; reads by id and current balances from the primary', async () => {
    await waitForReplica('ok');
    const first = await credit(1000);
    // An idle primary is not lag: the replica catches up and stays ok.
    await sleep(600);
    assert.equal((await replicaState()).replica, 'ok');
    assert.ok((await listedIds()).includes(first));

    await onReplica('SELECT pg_wal_replay_pause()');
    const unseen = await credit(250);
    const asOf = new Date().toISOString();
    // Within the lag allowed, the list comes from the paused replica: the new transaction is not in it yet.
    assert.deepEqual(await listedIds(), [first], 'listed from the replica');
    const pastBalances = await test.api.get(`/v1/account/balances?as_of=${asOf}`, { token: owner.token });
    assert.deepEqual(
      pastBalances.body.balances.map((balance: { posted: number }) => balance.posted),
      [1000],
      'as_of from the replica',
    );
    // By id and current balances: the primary, never stale.
    expectStatus(await test.api.get(`/v1/transactions/${unseen}`, { token: owner.token }), 200);
    const current = await test.api.get('/v1/account/balances', { token: owner.token });
    assert.deepEqual(
      current.body.balances.map((balance: { posted: number }) => balance.posted),
      [1250],
      'current balances from the primary',
    );

    // Paused past the limit: lists fall back to the primary, and readiness says so, still 200.
    await waitForReplica('lagging', (MAX_LAG_SECONDS + 5) * 1000);
    const lagging = await replicaState();
    assert.ok(lagging.replica_lag_ms !== null && lagging.replica_lag_ms > MAX_LAG_SECONDS * 1000, JSON.stringify(lagging));
    assert.deepEqual((await listedIds()).sort(), [first, unseen].sort(), 'listed from the primary');

    await onReplica('SELECT pg_wal_replay_resume()');
    await waitForReplica('ok');
    assert.deepEqual((await listedIds()).sort(), [first, unseen].sort(), 'the replica caught up');
  });

  it('falls back to the primary without an error when the replica stops, and uses it again once it is back', async () => {
    await waitForReplica('ok');
    await replica.stop('immediate');
    // Every request answers, from the moment it stops: a read that fails on the replica is read again from the primary.
    const created = await credit(75);
    assert.ok((await listedIds()).includes(created));
    await waitForReplica('unavailable');
    assert.equal((await replicaState()).replica_lag_ms, null);
    const metrics = await test.api.get('/health/ready');
    assert.equal(metrics.status, 200);

    await replica.start();
    await waitForReplica('ok', 30_000);
    assert.ok((await listedIds()).includes(created));
  });
});
