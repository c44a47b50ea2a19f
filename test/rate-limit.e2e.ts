import assert from 'node:assert/strict';
import { after, before, describe, it, mock } from 'node:test';
import Redis from 'ioredis';
import { ApiResponse } from './support/api-client';
import { expectError, expectStatus, registerAndLogin, signup, STRONG_PASSWORD, uniqueEmail } from './support/factories';
import { startTestApp, TestApp, useTestApp } from './support/test-app';
import { PasswordHasher } from '../src/auth/password-hasher';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

function expectRateLimited(response: ApiResponse): void {
  expectError(response, 429, 'rate_limited');
  const retryAfter = Number(response.headers.get('retry-after'));
  assert.ok(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60 * 15, `Retry-After ${retryAfter}`);
}

describe('login brute-force protection', () => {
  const t = useTestApp({ LOGIN_PER_MINUTE: '4', LOGIN_MAX_FAILURES: '2', LOGIN_FAILURE_WINDOW: '15m' });

  it('locks an email after LOGIN_MAX_FAILURES failures, even for the right password, and leaves other emails alone', async () => {
    const victim = await signup(t.api);
    const bystander = await signup(t.api);
    expectError(await t.api.post('/v1/auth/login', { email: victim.email, password: 'wrong password number one' }), 401, 'invalid_credentials');
    expectError(await t.api.post('/v1/auth/login', { email: victim.email, password: 'wrong password number two' }), 401, 'invalid_credentials');
    expectRateLimited(await t.api.post('/v1/auth/login', { email: victim.email, password: victim.password }));
    expectStatus(await t.api.post('/v1/auth/login', { email: bystander.email, password: bystander.password }), 200);
  });
});

describe('failed-login lockout per email and client address together (contract section 18)', () => {
  const t = useTestApp({ LOGIN_MAX_FAILURES: '2', TRUST_PROXY: '127.0.0.1' });

  it('a stranger failing from elsewhere cannot lock the real user out', async () => {
    const victim = await signup(t.api);
    const from = (address: string) => ({ headers: { 'x-forwarded-for': address } });
    for (let i = 0; i < 2; i += 1) {
      expectError(await t.api.post('/v1/auth/login', { email: victim.email, password: `a wrong guess ${i}` }, from('203.0.113.66')), 401, 'invalid_credentials');
    }
    expectRateLimited(await t.api.post('/v1/auth/login', { email: victim.email, password: victim.password }, from('203.0.113.66')));
    expectStatus(await t.api.post('/v1/auth/login', { email: victim.email, password: victim.password }, from('198.51.100.20')), 200);
  });
});

describe('signup (contract section 18)', () => {
  const t = useTestApp({ SIGNUP_PER_MINUTE: '2', TRUST_PROXY: '127.0.0.1' });

  it('has its own limit per client address, SIGNUP_PER_MINUTE', async () => {
    const from = (address: string) => ({ headers: { 'x-forwarded-for': address } });
    const body = () => ({ email: uniqueEmail('signup'), password: STRONG_PASSWORD, name: 'Signup' });
    expectStatus(await t.api.post('/v1/users', body(), from('203.0.113.70')), 201);
    expectStatus(await t.api.post('/v1/users', body(), from('203.0.113.70')), 201);
    expectRateLimited(await t.api.post('/v1/users', body(), from('203.0.113.70')));
    expectStatus(await t.api.post('/v1/users', body(), from('203.0.113.71')), 201);
  });

  it('answers a taken email before hashing the password', async () => {
    const taken = await signup(t.api, {}, undefined);
    const hashes = mock.method(t.app.get(PasswordHasher), 'hash');
    try {
      const response = await t.api.post('/v1/users', { email: taken.email, password: STRONG_PASSWORD, name: 'Again' }, { headers: { 'x-forwarded-for': '203.0.113.72' } });
      expectError(response, 409, 'email_already_registered');
      assert.equal(hashes.mock.callCount(), 0, 'no hash for a signup that cannot succeed');
    } finally {
      hashes.mock.restore();
    }
  });
});

describe('the password hashing queue is bounded (contract section 18)', () => {
  const t = useTestApp({ PASSWORD_HASH_QUEUE: '1' });

  it('answers 503 service_unavailable with Retry-After when the queue is full, never 500', async () => {
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) => t.api.post('/v1/auth/login', { email: `nobody-${i}@example.com`, password: 'not a password of anyone' })),
    );
    const statuses = responses.map((response) => response.status);
    assert.ok(
      statuses.every((status) => status === 401 || status === 503),
      statuses.join(),
    );
    const refused = responses.filter((response) => response.status === 503);
    assert.ok(refused.length > 0, 'some logins found the queue full');
    for (const response of refused) {
      expectError(response, 503, 'service_unavailable');
      assert.equal(response.headers.get('retry-after'), '1');
    }
  });
});

describe('login attempts per client address', () => {
  const t = useTestApp({ LOGIN_PER_MINUTE: '2' });

  it('limits login attempts per client address to LOGIN_PER_MINUTE, right password or not', async () => {
    const user = await signup(t.api);
    expectError(await t.api.post('/v1/auth/login', { email: user.email, password: 'not the password 1' }), 401, 'invalid_credentials');
    expectStatus(await t.api.post('/v1/auth/login', { email: user.email, password: user.password }), 200);
    expectRateLimited(await t.api.post('/v1/auth/login', { email: user.email, password: user.password }));
  });
});

describe('password guesses under concurrency', () => {
  const t = useTestApp({ LOGIN_MAX_FAILURES: '3' });

  it('lets no more than LOGIN_MAX_FAILURES of many simultaneous wrong passwords be checked', async () => {
    const victim = await signup(t.api);
    const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => t.api.post('/v1/auth/login', { email: victim.email, password: `wrong guess number ${i}` })));
    const checked = responses.filter((response) => response.status === 401);
    const limited = responses.filter((response) => response.status === 429);
    assert.equal(checked.length, 3);
    assert.equal(limited.length, 17);
    for (const response of limited) expectRateLimited(response);
  });

  it('counts wrong current passwords of a password change like failed logins', async () => {
    const user = await registerAndLogin(t.api);
    const change = (current: string) => t.api.patch(`/v1/users/${user.user.id}`, { password: 'a brand new long passphrase 9', current_password: current }, { token: user.token });
    for (let i = 0; i < 3; i += 1) expectError(await change(`not my password ${i}`), 401, 'invalid_credentials');
    expectRateLimited(await change(user.password));
    expectRateLimited(await t.api.post('/v1/auth/login', { email: user.email, password: user.password }));
  });
});

describe('requests that name no user', () => {
  const t = useTestApp({ RATE_LIMIT_PER_MINUTE: '4' });

  it('count against the client address: bad tokens and unknown routes end in 429 too', async () => {
    const attempts = [
      () => t.api.get('/v1/users', { token: 'not-a-token' }),
      () => t.api.get('/v1/no-such-route'),
      () => t.api.get('/v1/users'),
      () => t.api.get('/v1/no-such-route'),
    ];
    const statuses = [];
    for (const attempt of attempts) statuses.push((await attempt()).status);
    assert.deepEqual(statuses, [401, 404, 401, 404]);
    expectRateLimited(await t.api.get('/v1/users', { token: 'another-bad-token' }));
    expectRateLimited(await t.api.get('/v1/no-such-route'));
  });
});

describe('client address behind proxies', () => {
  it('ignores X-Forwarded-For when TRUST_PROXY is unset, so the per-address limit cannot be dodged', async () => {
    const t = await startTestApp({ LOGIN_PER_MINUTE: '2' });
    try {
      for (const forwarded of ['10.0.0.1', '10.0.0.2']) {
        expectError(
          await t.api.post('/v1/auth/login', { email: 'nobody@example.com', password: 'not the password 1' }, { headers: { 'x-forwarded-for': forwarded } }),
          401,
          'invalid_credentials',
        );
      }
      expectRateLimited(await t.api.post('/v1/auth/login', { email: 'nobody@example.com', password: 'x' }, { headers: { 'x-forwarded-for': '10.0.0.3' } }));
    } finally {
      await t.close();
    }
  });

  it('believes X-Forwarded-For from a proxy listed in TRUST_PROXY', async () => {
    const t = await startTestApp({ LOGIN_PER_MINUTE: '1', TRUST_PROXY: '127.0.0.1' });
    try {
      for (const forwarded of ['203.0.113.1', '203.0.113.2']) {
        expectError(
          await t.api.post('/v1/auth/login', { email: 'nobody@example.com', password: 'not the password 1' }, { headers: { 'x-forwarded-for': forwarded } }),
          401,
          'invalid_credentials',
        );
      }
      expectRateLimited(await t.api.post('/v1/auth/login', { email: 'nobody@example.com', password: 'x' }, { headers: { 'x-forwarded-for': '203.0.113.1' } }));
    } finally {
      await t.close();
    }
  });
});

describe('per-caller request limit', () => {
  const t = useTestApp({ RATE_LIMIT_PER_MINUTE: '5' });

  it('answers 429 with Retry-After past RATE_LIMIT_PER_MINUTE for one user, while another user is unaffected', async () => {
    // Signup and login count against the address 127.0.0.1, not against the users.
    const [first, second] = [await registerAndLogin(t.api), await registerAndLogin(t.api)];
    for (let i = 0; i < 5; i += 1) expectStatus(await t.api.get('/v1/users', { token: first.token }), 200);
    expectRateLimited(await t.api.get('/v1/users', { token: first.token }));
    expectStatus(await t.api.get('/v1/users', { token: second.token }), 200);
  });
});

describe('rate limits in Redis (REDIS_URL)', () => {
  // A client address of this run's own, so that other runs sharing the Redis server cannot disturb the count.
  const clientAddress = `198.51.100.${1 + Math.floor(Math.random() * 250)}`;
  const key = `ratelimit:login-ip:${clientAddress}`;
  let redis: Redis;
  let first: TestApp | undefined;
  let second: TestApp | undefined;
  before(async () => {
    redis = new Redis(REDIS_URL);
    await redis.del(key);
    const env = { REDIS_URL, LOGIN_PER_MINUTE: '3', TRUST_PROXY: '127.0.0.1' };
    first = await startTestApp(env);
    second = await startTestApp(env);
  });
  // A before() that failed part-way (no database, no Redis) leaves some of these unset: close what exists, and
  // always the Redis connection, whose open socket would otherwise keep this file's process alive for ever.
  after(async () => {
    try {
      await first?.close();
      await second?.close();
      await redis.del(key);
    } finally {
      redis.disconnect();
    }
  });

  it('shares one per-address budget between two instances', async () => {
    const attempt = (t: TestApp) =>
      t.api.post('/v1/auth/login', { email: 'nobody@example.com', password: 'not the password 1' }, { headers: { 'x-forwarded-for': clientAddress } });
    assert.ok(first && second, 'both instances started');
    expectError(await attempt(first), 401, 'invalid_credentials');
    expectError(await attempt(second), 401, 'invalid_credentials');
    expectError(await attempt(first), 401, 'invalid_credentials');
    expectRateLimited(await attempt(second));
    const ttl = await redis.pttl(key);
    assert.ok(ttl > 0 && ttl <= 60_000, `window ttl ${ttl}`);
  });
});
