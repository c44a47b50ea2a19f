import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DomainError } from '../errors/domain-error';
import { decodeCursor, encodeCursor } from './cursor';

describe('cursors', () => {
  it('round-trip a keyset position as an opaque url-safe string', () => {
    const cursor = encodeCursor({ id: 'usr_01JDQ4Z8X9T2M3N4P5Q6R7S8T9' });
    assert.match(cursor, /^[A-Za-z0-9_-]+$/);
    assert.deepEqual(decodeCursor(cursor), { id: 'usr_01JDQ4Z8X9T2M3N4P5Q6R7S8T9' });
  });

  it('reject anything that is not one of ours with validation_error', () => {
    const forged = [
      '',
      '%%%',
      Buffer.from('not json').toString('base64url'),
      Buffer.from('{"id":42}').toString('base64url'),
      Buffer.from('{"id":"usr_1 OR 1=1"}').toString('base64url'),
      Buffer.from('null').toString('base64url'),
      'A'.repeat(600),
    ];
    for (const cursor of forged) {
      assert.throws(
        () => decodeCursor(cursor),
        (error: unknown) => error instanceof DomainError && error.code === 'validation_error' && error.details?.[0].field === 'cursor',
        cursor,
      );
    }
  });
});
