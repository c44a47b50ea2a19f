import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readInstant } from './instant';

const iso = (text: string): string | undefined => readInstant(text)?.toISOString();

describe('readInstant', () => {
  it('reads RFC 3339 date-times to the millisecond, truncating longer fractions', () => {
    assert.equal(iso('2026-09-19T00:48:00.763403Z'), '2026-09-19T00:48:00.763Z');
    assert.equal(iso('2026-09-19T00:48:00.7639999999Z'), '2026-09-19T00:48:00.763Z');
    assert.equal(iso('2026-09-19T00:48:00.7Z'), '2026-09-19T00:48:00.700Z');
    assert.equal(iso('2026-09-19T00:48:00Z'), '2026-09-19T00:48:00.000Z');
  });

  it('takes lowercase t and z, offsets, and -00:00', () => {
    assert.equal(iso('2026-09-19t00:48:00z'), '2026-09-19T00:48:00.000Z');
    assert.equal(iso('2026-09-19T02:48:00.5+02:00'), '2026-09-19T00:48:00.500Z');
    assert.equal(iso('2026-09-18T23:18:00-01:30'), '2026-09-19T00:48:00.000Z');
    assert.equal(iso('2026-09-19T00:48:00-00:00'), '2026-09-19T00:48:00.000Z');
  });

  it('takes years 0000 to 9999 as written (no 19xx for two-digit years)', () => {
    assert.equal(iso('0000-01-01T00:00:00Z'), '0000-01-01T00:00:00.000Z');
    assert.equal(iso('0050-06-15T12:00:00Z'), '0050-06-15T12:00:00.000Z');
    assert.equal(iso('9999-12-31T23:59:59.999Z'), '9999-12-31T23:59:59.999Z');
    assert.equal(iso('0001-01-01T00:30:00+01:00'), '0000-12-31T23:30:00.000Z');
  });

  it('takes a date alone (midnight UTC), a time without seconds, and a leap second as the last millisecond of its minute', () => {
    assert.equal(iso('2026-11-21'), '2026-11-21T00:00:00.000Z');
    assert.equal(iso('2026-11-21T10:15Z'), '2026-11-21T10:15:00.000Z');
    assert.equal(iso('2016-12-31T23:59:60Z'), '2016-12-31T23:59:59.999Z');
    assert.equal(iso('2024-02-29T00:00:00Z'), '2024-02-29T00:00:00.000Z');
  });

  it('refuses what is not an instant', () => {
    for (const text of [
      'yesterday',
      '',
      '2026-13-01',
      '2026-02-29',
      '2026-04-31T00:00:00Z',
      '2026-11-21T24:00:00Z',
      '2026-11-21T10:60:00Z',
      '2026-11-21T10:15:61Z',
      '2026-11-21T10:15:30',
      '2026-11-21T10:15:30.Z',
      '2026-11-21 10:15:30Z',
      '2026-11-21T10:15:30+24:00',
      '2026-11-21T10:15:30+0100',
      '+002026-11-21T10:15:30Z',
      '26-11-21',
      '2026-11-21T10:15:30Z ',
    ]) {
      assert.equal(readInstant(text), null, text);
    }
  });
});
