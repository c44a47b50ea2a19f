import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { accountOwner, expectStatus } from './support/factories';
import { ISO_TIMESTAMP } from './support/shapes';
import { useTestApp } from './support/test-app';
import { deliveriesOnce, WebhookReceiver } from './support/webhook-receiver';

interface Attempt {
  attempted_at: string;
  status_code: number | null;
  duration_ms: number | null;
  error: string | null;
}

describe('delivery history (contract section 18)', () => {
  const t = useTestApp({ WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_WAITS: '1s' });
  const receiver = new WebhookReceiver();
  let url: string;
  before(async () => {
    url = await receiver.start();
  });
  after(() => receiver.stop());

  it('lists every attempt of a delivery (time, status code, duration, error), not only the last, newest first', async () => {
    // The first two attempts fail (500, then 503); the third succeeds.
    receiver.answer = ({ index }) => [500, 503][index] ?? 200;
    const owner = await accountOwner(t.api);
    const endpoint = await t.api.post('/v1/webhook_endpoints', { url, enabled_events: ['transaction.created'] }, { token: owner.token });
    expectStatus(endpoint, 201);
    expectStatus(await t.api.post('/v1/transactions', { type: 'credit', amount: 100, currency: 'EUR' }, { token: owner.token }), 201);
    await receiver.waitFor(() => receiver.accepted().length === 1, 'the third attempt', 20_000);
    const [delivery] = await deliveriesOnce<{ status: string; attempt: number; history: Attempt[] }>(
      t.api,
      owner.token,
      endpoint.body.id,
      ([listed]) => listed?.status === 'succeeded',
    );
    assert.equal(delivery?.status, 'succeeded');
    assert.equal(delivery.attempt, 3);
    assert.deepEqual(
      delivery.history.map((attempt) => attempt.status_code),
      [200, 503, 500],
    );
    assert.equal(delivery.history[0].error, null);
    for (const attempt of delivery.history.slice(1)) assert.match(String(attempt.error), /503|500/);
    for (const attempt of delivery.history) {
      assert.match(attempt.attempted_at, ISO_TIMESTAMP);
      assert.ok(Number.isInteger(attempt.duration_ms) && attempt.duration_ms! >= 0);
    }
    assert.ok(delivery.history[0].attempted_at > delivery.history[2].attempted_at);
  });
});
