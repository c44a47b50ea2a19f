import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { effectiveStatus, statusesAllowing } from './payment-status';

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
});
