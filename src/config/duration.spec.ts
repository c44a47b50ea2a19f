import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseDurationSeconds } from './duration';

describe('parseDurationSeconds', () => {
  it('reads whole seconds and the s, m, h, d units', () => {
    assert.equal(parseDurationSeconds('900'), 900);
    assert.equal(parseDurationSeconds('10s'), 10);
    assert.equal(parseDurationSeconds('15m'), 900);
    assert.equal(parseDurationSeconds('12h'), 43_200);
    assert.equal(parseDurationSeconds('30d'), 2_592_000);
    assert.equal(parseDurationSeconds(' 0 '), 0);
  });

  it('rejects anything else', () => {
    for (const text of ['', '1.5m', '-5', '5w', 'm', '15 m', '1e3', '5ms']) assert.equal(parseDurationSeconds(text), null, text);
  });
});
