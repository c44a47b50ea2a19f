import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import jwt from 'jsonwebtoken';
import { AppConfig } from '../config/app-config';
import { TokenClaims, TokenSigner } from './token-signer';

const config = new AppConfig({ JWT_SECRET: 'unit-test-secret-of-at-least-32-bytes!!' });
const signer = new TokenSigner(config);
const now = Math.floor(Date.now() / 1000);
const refreshClaims: TokenClaims = { sub: 'usr_1', sid: 'ses_1', typ: 'refresh', jti: 'tok_1', iat: now, exp: now + 60 };

describe('TokenSigner', () => {
  it('signs deterministically, so an issued refresh token can be rebuilt from its stored claims', () => {
    assert.equal(signer.sign(refreshClaims), signer.sign({ ...refreshClaims }));
    assert.notEqual(signer.sign(refreshClaims), signer.sign({ ...refreshClaims, jti: 'tok_2' }));
  });

  it('accepts a valid refresh token and keeps its claims', () => {
    assert.deepEqual(signer.verifyRefresh(signer.sign(refreshClaims)), { outcome: 'valid', claims: refreshClaims });
  });

  it('reports an expired refresh token apart from an invalid one', () => {
    const expired = { ...refreshClaims, iat: now - 120, exp: now - 60 };
    assert.deepEqual(signer.verifyRefresh(signer.sign(expired)), { outcome: 'expired', claims: expired });
  });

  it('refuses access tokens, other keys, other algorithms and garbage as refresh tokens', () => {
    const forged = [
      signer.sign({ ...refreshClaims, typ: 'access' }),
      jwt.sign(refreshClaims, 'another-secret-of-at-least-32-bytes!!!', { algorithm: 'HS256' }),
      jwt.sign(refreshClaims, 'unit-test-secret-of-at-least-32-bytes!!', { algorithm: 'HS512' }),
      `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify(refreshClaims)).toString('base64url')}.`,
      'not-a-token',
    ];
    for (const token of forged) assert.deepEqual(signer.verifyRefresh(token), { outcome: 'invalid' });
  });
});
