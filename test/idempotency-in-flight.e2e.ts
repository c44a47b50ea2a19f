import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import { EntityManager } from 'typeorm';
import { Database } from '../src/database/database';
import { IdempotencyService, KeyAnsweredMeanwhile } from '../src/idempotency/idempotency.service';
import { KeyClaim } from '../src/idempotency/request-claim';
import { useTestApp } from './support/test-app';

/**
 * The key's in-flight lock and stored answer, as the operation's transaction
 * takes them, on the real database: the database decides, not process memory.
 */
describe("Idempotency-Key inside the operation's transaction", () => {
  const t = useTestApp();

  function keyed(claim: KeyClaim, work: (manager: EntityManager) => Promise<void>) {
    const idempotency = t.app.get(IdempotencyService);
    return t.app.get(Database).transaction(work, {
      afterBegin: (manager) => idempotency.enterWithin(manager, claim),
      beforeCommit: (manager) => idempotency.storeWithin(manager, claim, 201, '{"id":"first"}'),
    });
  }

  it('refuses a request with 409 while another with its key is in its transaction, and then replays (PostgreSQL); queues it and replays (SQLite)', async () => {
    const claim: KeyClaim = { fingerprint: randomBytes(32).toString('hex'), requestHash: 'body' };
    let releaseFirst!: () => void;
    let firstEntered!: () => void;
    const entered = new Promise<void>((resolve) => (firstEntered = resolve));
    const first = keyed(claim, async (manager) => {
      // The work does not wait for the claim's answer (PostgreSQL pipelines them): an answer to a statement sent
      // after it means the claim is answered, and held, before the second request claims.
      await manager.query('SELECT 1');
      firstEntered();
      await new Promise<void>((resolve) => (releaseFirst = resolve));
    });
    await entered;
    let secondWorked = false;
    const second = keyed(claim, async () => {
      secondWorked = true;
    });
    if (t.databaseUrl.startsWith('sqlite:')) {
      // SQLite runs one transaction at a time: the second waits, and finds the first's answer before its work.
      releaseFirst();
      await first;
      await assert.rejects(second, KeyAnsweredMeanwhile);
      assert.equal(secondWorked, false);
    } else {
      // Its work follows the claim on the connection without waiting for it (pipelined), and the refusal is its
      // answer: the unit of work rolls back whatever it did.
      await assert.rejects(second, { code: 'idempotency_request_in_progress' });
      releaseFirst();
      await first;
    }
    // An answered key's refusal is the answer, also when the work fails on what the first request did.
    await assert.rejects(
      keyed(claim, async () => Promise.reject(new Error('the work found the first request done'))),
      KeyAnsweredMeanwhile,
    );
  });

  it('leaves the key free when the transaction rolls back', async () => {
    const claim: KeyClaim = { fingerprint: randomBytes(32).toString('hex'), requestHash: 'body' };
    await assert.rejects(
      keyed(claim, async () => Promise.reject(new Error('the work fails'))),
      /the work fails/,
    );
    let ran = false;
    await keyed(claim, async () => {
      ran = true;
    });
    assert.equal(ran, true, 'the key was free again');
  });
});
