import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { creationTimeOf, isId, lowestIdAt, newId } from './ids';
import { ulid } from './ulid';

describe('ids', () => {
  it('are prefixed ULIDs: 10 time characters and 16 random ones in Crockford base32', () => {
    const id = newId('usr');
    assert.match(id, /^usr_[0-9A-HJKMNP-TV-Z]{26}$/);
    assert.ok(isId('usr', id));
    assert.ok(!isId('acc', id));
  });

  it('encode the creation time in the first 10 characters', () => {
    const before = Date.now();
    const time = [...ulid().slice(0, 10)].reduce((acc, char) => acc * 32 + '0123456789ABCDEFGHJKMNPQRSTVWXYZ'.indexOf(char), 0);
    assert.ok(time >= before && time <= Date.now());
  });

  it('sort in creation order, also within one millisecond, and never repeat', () => {
    const ids = Array.from({ length: 10_000 }, () => ulid());
    assert.deepEqual([...ids].sort(), ids);
    assert.equal(new Set(ids).size, ids.length);
  });

  it('refuse look-alikes: wrong prefix, lower case, forbidden letters, wrong length', () => {
    for (const value of ['usr_', 'usr_01jdq4z8x9t2m3n4p5q6r7s8t9', 'usr_01JDQ4Z8X9T2M3N4P5Q6R7S8TU', 'usr_01JDQ4Z8X9T2M3N4P5Q6R7S8T', 42, null]) {
      assert.ok(!isId('usr', value), String(value));
    }
  });

  it('give back their creation time, and bound a time range as an id range', () => {
    const before = Date.now();
    const id = newId('txn');
    const created = creationTimeOf(id).getTime();
    assert.ok(created >= before && created <= Date.now());
    assert.ok(lowestIdAt('txn', new Date(created)) <= id);
    assert.ok(lowestIdAt('txn', new Date(created + 1)) > id);
    assert.equal(creationTimeOf(lowestIdAt('txn', new Date(created))).getTime(), created);
  });
});
