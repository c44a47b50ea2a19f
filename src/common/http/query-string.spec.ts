import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseQueryString } from './query-string';

const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

describe('query strings', () => {
  it('parse plain parameters as Fastify does, repeated ones as arrays', () => {
    assert.deepEqual(plain(parseQueryString('limit=20&status=pending&a=1&a=2')), { limit: '20', status: 'pending', a: ['1', '2'] });
  });

  it('gather bracketed parameters into one object per group, decoding names and values', () => {
    const query = parseQueryString('metadata[order_id]=42&metadata%5Bchannel%5D=web%20shop&type=credit');
    assert.deepEqual(plain(query), { type: 'credit', metadata: { order_id: '42', channel: 'web shop' } });
  });

  it('keep __proto__ and constructor as plain keys', () => {
    const query = parseQueryString('metadata[__proto__]=x&metadata[constructor]=y&__proto__=z');
    const metadata = query.metadata as Record<string, unknown>;
    assert.equal(Object.getPrototypeOf(query), null);
    assert.equal(Object.getPrototypeOf(metadata), Object.prototype);
    assert.deepEqual(Object.keys(metadata), ['__proto__', 'constructor']);
    assert.equal(Object.getOwnPropertyDescriptor(metadata, '__proto__')?.value, 'x');
    assert.equal(({} as Record<string, unknown>).x, undefined);
  });

  it('leave a name used both plainly and as a group as written, and nested brackets flat', () => {
    assert.deepEqual(plain(parseQueryString('metadata=1&metadata[a]=2&x[a][b]=3')), { metadata: '1', 'metadata[a]': '2', 'x[a][b]': '3' });
  });
});
