import assert from 'node:assert/strict';
import { hkdfSync } from 'node:crypto';
import { describe, it } from 'node:test';
import { deriveKeys, KEY_LABELS } from './derived-keys';

describe('deriveKeys', () => {
  const root = Buffer.from('a root secret of at least thirty-two bytes, for tests');

  it('gives every use its own key, none of them the root secret', () => {
    const keys = Object.values(deriveKeys(root)).map((key) => key.export().toString('hex'));
    assert.equal(new Set(keys).size, Object.keys(KEY_LABELS).length);
    assert.ok(!keys.includes(root.toString('hex')));
  });

  it('keeps the webhook sealing and checkout keys as they were derived before, so sealed secrets and open forms survive', () => {
    const keys = deriveKeys(root);
    const before = (label: string) => Buffer.from(hkdfSync('sha256', root, Buffer.alloc(0), label, 32)).toString('hex');
    assert.equal(keys.webhookSecrets.export().toString('hex'), before('webhook endpoint secrets'));
    assert.equal(keys.checkoutAntiForgery.export().toString('hex'), before('checkout anti-forgery'));
  });

  it('is deterministic: the same root gives the same keys in every instance', () => {
    assert.deepEqual(
      Object.values(deriveKeys(root)).map((key) => key.export().toString('hex')),
      Object.values(deriveKeys(Buffer.from(root))).map((key) => key.export().toString('hex')),
    );
  });
});
