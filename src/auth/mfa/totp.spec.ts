import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Secret, TOTP } from 'otpauth';
import { newTotpSecret, totpStepOf, totpUri } from './totp';

const codeAt = (secret: string, ms: number) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: ms });

describe('TOTP codes', () => {
  it('accepts the code of the current step and one step either side, never two', () => {
    const secret = newTotpSecret();
    const now = 1_800_000_015_000;
    const step = Math.floor(now / 30_000);
    assert.equal(totpStepOf(secret, codeAt(secret, now), now), step);
    assert.equal(totpStepOf(secret, codeAt(secret, now - 30_000), now), step - 1);
    assert.equal(totpStepOf(secret, codeAt(secret, now + 30_000), now), step + 1);
    assert.equal(totpStepOf(secret, codeAt(secret, now - 60_000), now), null);
    assert.equal(totpStepOf(secret, codeAt(secret, now + 60_000), now), null);
    assert.equal(totpStepOf(secret, 'abcdef', now), null);
  });

  it('builds the URI apps scan, with 160-bit secrets', () => {
    const secret = newTotpSecret();
    assert.equal(Secret.fromBase32(secret).bytes.length, 20);
    const uri = new URL(totpUri(secret, 'Payments', 'ada@example.com'));
    assert.equal(uri.protocol, 'otpauth:');
    assert.equal(uri.searchParams.get('secret'), secret);
    assert.equal(uri.searchParams.get('issuer'), 'Payments');
    assert.equal(uri.searchParams.get('digits'), '6');
    assert.equal(uri.searchParams.get('period'), '30');
  });
});
