import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { minorUnitDigits } from '../../common/money/currencies';
import { formatAmount, formatInstant } from './format';

describe('checkout formatting', () => {
  it("respects each currency's minor units: none for JPY, two for EUR, three for BHD", () => {
    assert.deepEqual(['JPY', 'EUR', 'USD', 'BHD', 'KWD'].map(minorUnitDigits), [0, 2, 2, 3, 3]);
    assert.equal(formatAmount(5000, 'JPY'), '¥5,000');
    assert.equal(formatAmount(4999, 'EUR'), '€49.99');
    assert.equal(formatAmount(12345, 'BHD'), 'BHD\u00a012.345');
  });

  it('formats amounts below one major unit and the largest amount exactly', () => {
    assert.equal(formatAmount(1, 'EUR'), '€0.01');
    assert.equal(formatAmount(5, 'BHD'), 'BHD\u00a00.005');
    assert.equal(formatAmount(999_999_999_999, 'EUR'), '€9,999,999,999.99');
    assert.equal(formatAmount(999_999_999_999, 'JPY'), '¥999,999,999,999');
  });

  it('writes instants in UTC', () => {
    assert.equal(formatInstant(new Date('2026-11-28T10:15:30.123Z')), 'November 28, 2026 at 10:15 AM UTC');
  });
});
