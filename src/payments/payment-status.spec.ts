import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { attemptMove, CANCELLATION, CAPTURE, effectiveStatus, simulatedMove, statusesAllowing } from './payment-status';
import { isSandboxTestCard, sandboxAttempt } from './providers/sandbox/sandbox-cards';

describe('payment request status', () => {
  const now = new Date('2026-11-21T12:00:00.000Z');
  const past = new Date(now.getTime() - 1);
  const future = new Date(now.getTime() + 1);

  it('reads a pending or authorized request as expired from expires_at on', () => {
    assert.equal(effectiveStatus({ status: 'pending', expiresAt: future }, now), 'pending');
    assert.equal(effectiveStatus({ status: 'pending', expiresAt: now }, now), 'expired');
    assert.equal(effectiveStatus({ status: 'authorized', expiresAt: past }, now), 'expired');
  });

  it('never rewrites a finished request', () => {
    for (const status of ['succeeded', 'failed', 'canceled'] as const) assert.equal(effectiveStatus({ status, expiresAt: past }, now), status);
  });

  it('authorizes only manual-capture requests, and captures only what was authorized or pending', () => {
    assert.deepEqual(statusesAllowing('authorized', 'manual'), ['pending']);
    assert.deepEqual(statusesAllowing('authorized', 'automatic'), []);
    assert.deepEqual(statusesAllowing('succeeded', 'manual'), ['pending', 'authorized']);
    assert.deepEqual(statusesAllowing('succeeded', 'automatic'), ['pending']);
    assert.deepEqual(statusesAllowing('failed', 'manual'), ['pending']);
  });

  it('moves an approved card to succeeded, or to authorized for manual capture, and a refused one to failed with its reason', () => {
    assert.deepEqual(attemptMove({ outcome: 'approved' }, 'automatic'), { to: 'succeeded', from: ['pending'] });
    assert.deepEqual(attemptMove({ outcome: 'approved' }, 'manual'), { to: 'authorized', from: ['pending'] });
    assert.deepEqual(attemptMove({ outcome: 'declined', failureCode: 'insufficient_funds', final: true }, 'manual'), {
      to: 'failed',
      from: ['pending'],
      failureCode: 'insufficient_funds',
    });
    // A decline that is not final moves nothing: the customer may try another card.
    assert.equal(attemptMove({ outcome: 'declined', failureCode: 'card_declined', final: false }, 'automatic'), null);
  });

  it('captures only authorizations, cancels pending and authorized requests, and simulates a failure as a declined card', () => {
    assert.deepEqual(CAPTURE, { to: 'succeeded', from: ['authorized'] });
    assert.deepEqual(CANCELLATION, { to: 'canceled', from: ['pending', 'authorized'] });
    assert.deepEqual(simulatedMove('failed', 'automatic'), { to: 'failed', from: ['pending'], failureCode: 'card_declined' });
    assert.deepEqual(simulatedMove('authorized', 'automatic'), { to: 'authorized', from: [] });
  });
});

describe('sandbox test cards', () => {
  it('approve 4242..., decline 0002 and refuse 9995 for insufficient funds, with spaces or dashes or none', () => {
    for (const number of ['4242 4242 4242 4242', '4242424242424242', '4242-4242-4242-4242']) assert.deepEqual(sandboxAttempt(number), { outcome: 'approved' });
    assert.deepEqual(sandboxAttempt('4000 0000 0000 0002'), { outcome: 'declined', failureCode: 'card_declined', final: false });
    assert.deepEqual(sandboxAttempt('4000000000009995'), { outcome: 'declined', failureCode: 'insufficient_funds', final: false });
    for (const number of ['4242 4242 4242 4242', '4000-0000-0000-0002', '4000000000009995']) assert.ok(isSandboxTestCard(number), number);
    assert.ok(!isSandboxTestCard('4111 1111 1111 1111'));
  });

  it('do not attempt any other number', () => {
    for (const number of ['4111 1111 1111 1111', '4242 4242 4242 424', '42424242424242420', '', 'abcd']) {
      assert.equal(sandboxAttempt(number).outcome, 'card_not_accepted', number);
    }
  });
});
