import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { QueryFailedError } from 'typeorm';
import { serializeError } from './serialize-error';

describe('serializeError', () => {
  it('keeps name, message, code and stack, and drops the SQL and parameters of a database error', () => {
    const driverError = Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' });
    const error = new QueryFailedError('INSERT INTO "users" ("password_hash") VALUES ($1)', ['$argon2id$v=19$m=19456,t=2,p=1$secret'], driverError);
    const logged = serializeError(error);
    assert.deepEqual(Object.keys(logged).sort(), ['code', 'message', 'stack', 'type']);
    assert.equal(logged.type, 'QueryFailedError');
    assert.equal(logged.code, '23505');
    assert.ok(!JSON.stringify(logged).includes('argon2id'));
    assert.ok(!JSON.stringify(logged).includes('INSERT INTO'));
  });

  it('describes a thrown non-Error value', () => {
    assert.deepEqual(serializeError('boom' as unknown as Error), { type: 'string', message: 'boom', stack: '' });
  });
});
