import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CURRENCY_CODES, isCurrencyCode, minorUnitDigits } from './currencies';

describe('currency codes', () => {
  it('accept the currencies in circulation, upper case only', () => {
    for (const code of ['EUR', 'USD', 'GBP', 'JPY', 'CHF', 'XCG', 'ZWG', 'SLE']) assert.ok(isCurrencyCode(code), code);
    for (const code of ['eur', 'Eur', ' EUR', 'EURO', 'XXX', 'XTS', 'XAU', 'HRK', 'BGN', 'ANG', 'ZWL', 'ABC', '', 978, null]) {
      assert.ok(!isCurrencyCode(code), String(code));
    }
  });

  it('are three upper-case letters, each listed once, in order', () => {
    assert.ok(CURRENCY_CODES.every((code) => /^[A-Z]{3}$/.test(code)));
    assert.deepEqual([...CURRENCY_CODES].sort(), [...CURRENCY_CODES]);
    assert.equal(new Set(CURRENCY_CODES).size, CURRENCY_CODES.length);
  });

  it('know their minor-unit digits: none for JPY, two for EUR, three for BHD and KWD, and a digit count for every code', () => {
    assert.deepEqual(['JPY', 'EUR', 'USD', 'BHD', 'KWD'].map(minorUnitDigits), [0, 2, 2, 3, 3]);
    for (const code of CURRENCY_CODES) assert.ok([0, 2, 3].includes(minorUnitDigits(code)), code);
  });
});
