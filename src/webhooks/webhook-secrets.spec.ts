import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { sealText, unsealText } from '../common/crypto/sealed-text';
import { newEndpointSecret, signature } from './webhook-secrets';

describe('webhook secrets', () => {
  it('are whsec_ and the base64 of 32 random bytes', () => {
    const secret = newEndpointSecret();
    assert.match(secret, /^whsec_/);
    assert.equal(Buffer.from(secret.slice('whsec_'.length), 'base64').length, 32);
    assert.notEqual(newEndpointSecret(), secret);
  });

  it('are stored sealed: the sealed form does not contain the secret, and only the same key opens it', () => {
    const key = randomBytes(32);
    const secret = newEndpointSecret();
    const sealed = sealText(secret, key);
    assert.ok(!sealed.includes(secret.slice(6)));
    assert.equal(unsealText(sealed, key), secret);
    assert.throws(() => unsealText(sealed, randomBytes(32)));
  });

  it('sign as the Standard Webhooks libraries verify', () => {
    const secret = newEndpointSecret();
    const body = JSON.stringify({ id: 'evt_1', type: 'transaction.created' });
    const timestamp = Math.floor(Date.now() / 1000);
    const headers = { 'webhook-id': 'evt_1', 'webhook-timestamp': String(timestamp), 'webhook-signature': signature(secret, 'evt_1', timestamp, body) };
    assert.deepEqual(new Webhook(secret).verify(body, headers), JSON.parse(body));
    assert.equal(signature(secret, 'evt_1', timestamp, body), new Webhook(secret).sign('evt_1', new Date(timestamp * 1000), body));
  });
});
